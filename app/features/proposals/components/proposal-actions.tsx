import { Button, type ButtonProps, Group } from "@mantine/core";
import { IconCheck, IconEdit, IconSend, IconTrash, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigation } from "react-router";
import { ConfirmStep } from "~/components/confirm-step";
import { PendingForm } from "~/components/form/pending-form";
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
    <PendingForm method="post" action={proposalPaths.view(proposalId)}>
      <input type="hidden" name="intent" value={intent} />
      {/* A deleted proposal has no page to return to: the action goes to the list. */}
      {intent === "delete" ? null : <input type="hidden" name="returnTo" value={returnTo} />}
      <Button type="submit" loading={busy} data-intent={intent} {...button}>
        {children}
      </Button>
    </PendingForm>
  );
}

const CONFIRM_STYLE: Record<ConfirmedIntent, { color: string; icon: ReactNode }> = {
  accept: { color: "teal", icon: <IconCheck size={16} aria-hidden /> },
  decline: { color: "red", icon: <IconX size={16} aria-hidden /> },
  withdraw: { color: "orange", icon: <IconX size={16} aria-hidden /> },
  delete: { color: "red", icon: <IconTrash size={16} aria-hidden /> },
};

/** An action asked for twice (accept, decline, withdraw, delete): see ConfirmStep. */
function ConfirmedAction({ proposalId, intent }: { proposalId: string; intent: ConfirmedIntent }) {
  const { t } = useTranslation("proposals");
  const { color, icon } = CONFIRM_STYLE[intent];
  return (
    <ConfirmStep
      param={CONFIRM_PARAM}
      value={intent}
      trigger={t(`actions.${intent}`)}
      triggerProps={{ variant: intent === "accept" ? "filled" : "light", color, leftSection: icon }}
      testId={`proposal-${intent}`}
      title={t(`confirm.${intent}.title`)}
      text={t(`confirm.${intent}.text`)}
      cancelLabel={t("confirm.cancel")}
      confirm={
        <IntentForm proposalId={proposalId} intent={intent} color={color} leftSection={icon}>
          {t(`confirm.${intent}.confirm`)}
        </IntentForm>
      }
    />
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
