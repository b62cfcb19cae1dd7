import { Alert, Button, Group } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconRocket, IconSquareCheck, IconX } from "@tabler/icons-react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { ConfirmStep } from "~/components/confirm-step";
import type { FormReply } from "~/components/form/conform";
import { PendingForm, usePostPending } from "~/components/form/pending-form";
import { statusActionNeedsConfirmation } from "../case-actions";
import type { CaseStatus } from "../cases";

/** The query parameter that opens a status confirmation without JavaScript. */
const CONFIRM_STATUS_PARAM = "confirmStatus";

const STATUS_FORM_ID = "case-status";

const ACTION_LOOK: Partial<Record<CaseStatus, { color: string; variant: string; icon: ReactNode }>> = {
  open: { color: "blue", variant: "filled", icon: <IconRocket size={16} aria-hidden /> },
  engaged: { color: "teal", variant: "light", icon: <IconPlayerPlay size={16} aria-hidden /> },
  on_hold: { color: "yellow", variant: "light", icon: <IconPlayerPause size={16} aria-hidden /> },
  closed: { color: "gray", variant: "light", icon: <IconSquareCheck size={16} aria-hidden /> },
  cancelled: { color: "red", variant: "light", icon: <IconX size={16} aria-hidden /> },
};

/**
 * The status moves this person may make (computed on the server), one submit button each in one
 * form (`intent=status`, `status=<next>`). Cancel and close ask first: their confirm button
 * submits the same form through its `form` attribute, from the dialog or the inline step. The
 * form has no field to validate in the browser, so it is a plain `PendingForm` (no Conform, no
 * zod on the case page, ADR 0019): the action validates it and answers a refused one with its
 * reply, shown above the buttons.
 */
export function CaseStatusActions({
  actions,
  lastResult,
}: {
  actions: readonly CaseStatus[];
  lastResult?: FormReply;
}) {
  const { t } = useTranslation("case-detail");
  const navigation = useNavigation();
  const pendingStatus = navigation.state !== "idle" ? navigation.formData?.get("status") : null;
  // The buttons sit outside the form (its `form` attribute): they wait for a post like its own would.
  const busy = usePostPending();
  if (actions.length === 0) return null;

  const submitButton = (status: CaseStatus, label: string) => {
    const look = ACTION_LOOK[status];
    return (
      <Button
        type="submit"
        form={STATUS_FORM_ID}
        name="status"
        value={status}
        color={look?.color}
        variant={look?.variant}
        leftSection={look?.icon}
        loading={pendingStatus === status}
        disabled={busy}
      >
        {label}
      </Button>
    );
  };

  return (
    <Group gap="xs" data-testid="case-actions" role="group" aria-label={t("actions.label")}>
      <PendingForm method="post" id={STATUS_FORM_ID} hidden>
        <input type="hidden" name="intent" value="status" />
      </PendingForm>
      {lastResult?.status === "error" ? (
        <Alert color="red" variant="light" role="alert" w="100%" py="xs">
          {t("statusErrors.invalid")}
        </Alert>
      ) : null}
      {actions.map((status) =>
        statusActionNeedsConfirmation(status) ? (
          <ConfirmStep
            key={status}
            param={CONFIRM_STATUS_PARAM}
            value={status}
            trigger={t(`actions.${status}`)}
            triggerProps={{
              color: ACTION_LOOK[status]?.color,
              variant: ACTION_LOOK[status]?.variant,
              leftSection: ACTION_LOOK[status]?.icon,
            }}
            title={t(`actions.confirm.${status}.title`)}
            text={t(`actions.confirm.${status}.text`)}
            cancelLabel={t("confirm.back")}
            confirm={submitButton(status, t(`actions.confirm.${status}.submit`))}
          />
        ) : (
          <Fragment key={status}>{submitButton(status, t(`actions.${status}`))}</Fragment>
        ),
      )}
    </Group>
  );
}
