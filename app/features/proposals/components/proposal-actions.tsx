import { Button, type ButtonProps, Group, Modal, Paper, Text } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconCheck, IconEdit, IconSend, IconTrash, IconX } from "@tabler/icons-react";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { ProposalPermissions } from "../proposal-rules";
import { proposalPaths } from "../proposals";
import type { ProposalActionIntent } from "../schemas";

/** The query parameter that opens a confirmation without JavaScript (`?confirm=accept`). */
const CONFIRM_PARAM = "confirm";

/** Every intent but submit is confirmed first. */
type ConfirmedIntent = Exclude<ProposalActionIntent, "submit">;

/** This page's address without a pending confirmation: where a form sends the person back. */
function useReturnTo(): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete(CONFIRM_PARAM);
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/** The form that carries out one intent on the proposal page's action. */
function IntentForm({
  proposalId,
  intent,
  children,
  ...button
}: { proposalId: string; intent: ProposalActionIntent; children: ReactNode } & ButtonProps) {
  const returnTo = useReturnTo();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formAction === proposalPaths.view(proposalId) &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={proposalPaths.view(proposalId)}>
      <input type="hidden" name="intent" value={intent} />
      {/* A deleted proposal has no page to return to: the action goes to the list. */}
      {intent === "delete" ? null : <input type="hidden" name="returnTo" value={returnTo} />}
      <Button type="submit" loading={busy} data-intent={intent} {...button}>
        {children}
      </Button>
    </Form>
  );
}

const CONFIRM_STYLE: Record<ConfirmedIntent, { color: string; icon: ReactNode }> = {
  accept: { color: "teal", icon: <IconCheck size={16} aria-hidden /> },
  decline: { color: "red", icon: <IconX size={16} aria-hidden /> },
  withdraw: { color: "orange", icon: <IconX size={16} aria-hidden /> },
  delete: { color: "red", icon: <IconTrash size={16} aria-hidden /> },
};

/**
 * An action asked for twice (accept, decline, withdraw, delete). With JavaScript the button opens
 * a dialog; without it the button is a link to `?confirm=<intent>` and the page renders the same
 * question in place, with the real form.
 */
function ConfirmedAction({ proposalId, intent }: { proposalId: string; intent: ConfirmedIntent }) {
  const { t } = useTranslation("proposals");
  const location = useLocation();
  const mounted = useMounted();
  const returnTo = useReturnTo();
  const search = new URLSearchParams(location.search);
  const requested = search.get(CONFIRM_PARAM) === intent;
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const submitted = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  // The dialog stays open (its button spinning) while the action runs, then closes on the outcome.
  useEffect(() => {
    if (!submitted) setOpen(false);
  }, [submitted]);
  search.set(CONFIRM_PARAM, intent);
  const { color, icon } = CONFIRM_STYLE[intent];
  const question = (
    <>
      <Text size="sm">{t(`confirm.${intent}.text`)}</Text>
      <Group justify="flex-end" mt="md" gap="sm">
        {mounted ? (
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("confirm.cancel")}
          </Button>
        ) : (
          <Button component={Link} to={returnTo} variant="default">
            {t("confirm.cancel")}
          </Button>
        )}
        <IntentForm proposalId={proposalId} intent={intent} color={color} leftSection={icon}>
          {t(`confirm.${intent}.confirm`)}
        </IntentForm>
      </Group>
    </>
  );
  return (
    <>
      <Button
        component="a"
        href={`${location.pathname}?${search}`}
        rel="nofollow"
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          setOpen(true);
        }}
        variant={intent === "accept" ? "filled" : "light"}
        color={color}
        leftSection={icon}
        data-testid={`proposal-${intent}`}
      >
        {t(`actions.${intent}`)}
      </Button>
      {mounted ? (
        <Modal opened={open} onClose={() => setOpen(false)} title={t(`confirm.${intent}.title`)} centered>
          {question}
        </Modal>
      ) : requested ? (
        <Paper
          role="alertdialog"
          aria-labelledby={`confirm-${intent}`}
          withBorder
          shadow="md"
          p="md"
          w="100%"
        >
          <Text fw={700} id={`confirm-${intent}`} mb={4}>
            {t(`confirm.${intent}.title`)}
          </Text>
          {question}
        </Paper>
      ) : null}
    </>
  );
}

/** The buttons of a proposal: only what this person may do in its state. */
export function ProposalActions({ proposalId, can }: { proposalId: string; can: ProposalPermissions }) {
  const { t } = useTranslation("proposals");
  const any = Object.values(can).some(Boolean);
  if (!any) return null;
  return (
    <Group gap="sm" data-testid="proposal-actions">
      {can.accept ? <ConfirmedAction proposalId={proposalId} intent="accept" /> : null}
      {can.decline ? <ConfirmedAction proposalId={proposalId} intent="decline" /> : null}
      {can.submit ? (
        <IntentForm proposalId={proposalId} intent="submit" leftSection={<IconSend size={16} aria-hidden />}>
          {t("actions.submit")}
        </IntentForm>
      ) : null}
      {can.edit ? (
        <Button
          component={Link}
          to={proposalPaths.edit(proposalId)}
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden />}
        >
          {t("actions.edit")}
        </Button>
      ) : null}
      {can.withdraw ? <ConfirmedAction proposalId={proposalId} intent="withdraw" /> : null}
      {can.delete ? <ConfirmedAction proposalId={proposalId} intent="delete" /> : null}
    </Group>
  );
}
