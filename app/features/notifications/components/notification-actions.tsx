import { ActionIcon, Button, Group, Paper, Text } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconChecks, IconEye, IconTrash } from "@tabler/icons-react";
import { type MouseEvent, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation } from "react-router";
import { HoverTooltip } from "~/components/tooltip/hover-tooltip";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** The confirmation's dialog (Mantine's Modal) loads the first time it is wanted (ADR 0019). */
const ConfirmDialog = firstUseComponent(() => import("~/components/confirm-dialog"), "ConfirmDialog");

/** The route whose action carries out every notification form (mark read, all read, delete). */
export const NOTIFICATIONS_PAGE = "/dashboard/notification/NotificationsPage";
/** The query parameter that opens the delete confirmation without JavaScript. */
const CONFIRM_DELETE_PARAM = "delete";

/** Where a form sends the person back to: this page, without a pending confirmation. */
function useReturnTo(): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete(CONFIRM_DELETE_PARAM);
  const query = search.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

/** What the notifications action answers a script when it failed: the error catalogue's message key. */
type NotificationActionData = { error?: string } | undefined;

/**
 * A form field sent once the page runs JavaScript: the action then answers a failure with its
 * message, shown in place, instead of a redirect with a flash message (what a plain form gets).
 */
export const IN_PLACE_FIELD = "inPlace";

function InPlace() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={IN_PLACE_FIELD} value="1" /> : null;
}

/** The error of a failed notification form, shown in place (spec §8); nothing while it is fine. */
function ActionError({ data }: { data: unknown }) {
  const { t } = useTranslation("notifications");
  const error = (data as NotificationActionData)?.error;
  if (!error) return null;
  return (
    <Text role="alert" size="xs" c="red" mt={4}>
      {t(error)}
    </Text>
  );
}

/**
 * The View button (spec §4): marks one notification read and goes to what it is about (its link;
 * the current page when it has none). A form, so it works without JavaScript; a failure is shown
 * under it and the page stays.
 */
export function MarkReadButton({
  id,
  link,
  compact = false,
}: {
  id: string;
  link?: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation("notifications");
  const fetcher = useFetcher({ key: `notification-read-${id}` });
  const returnTo = useReturnTo();
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_PAGE}>
      <input type="hidden" name="intent" value="markRead" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={link ?? returnTo} />
      <input type="hidden" name="from" value={returnTo} />
      <InPlace />
      <Button
        type="submit"
        size={compact ? "compact-xs" : "xs"}
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        loading={fetcher.state !== "idle"}
      >
        {t("actions.view")}
      </Button>
      <ActionError data={fetcher.data} />
    </fetcher.Form>
  );
}

/** Submits the View form of a notification, for a click on the notification itself. */
export function useMarkRead(id: string, link?: string | null) {
  const fetcher = useFetcher({ key: `notification-read-${id}` });
  const returnTo = useReturnTo();
  return () =>
    fetcher.submit(
      { intent: "markRead", id, returnTo: link ?? returnTo, from: returnTo, [IN_PLACE_FIELD]: "1" },
      { method: "post", action: NOTIFICATIONS_PAGE },
    );
}

/** "Mark all as read" for the person's unread notifications. */
export function MarkAllReadButton({
  disabled,
  iconOnly = false,
}: {
  disabled?: boolean;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation("notifications");
  const fetcher = useFetcher({ key: "notifications-read-all" });
  const returnTo = useReturnTo();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_PAGE}>
      <input type="hidden" name="intent" value="markAllRead" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <InPlace />
      {iconOnly ? (
        <>
          <ActionIcon
            ref={button}
            type="submit"
            variant="subtle"
            color="teal"
            size="lg"
            disabled={disabled}
            loading={fetcher.state !== "idle"}
            aria-label={t("actions.markAllRead")}
          >
            <IconChecks size={20} />
          </ActionIcon>
          <HoverTooltip target={button} label={t("actions.markAllRead")} />
        </>
      ) : (
        <Button
          type="submit"
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={disabled}
          loading={fetcher.state !== "idle"}
        >
          {t("actions.markAllRead")}
        </Button>
      )}
      <ActionError data={fetcher.data} />
    </fetcher.Form>
  );
}

/**
 * Delete with the confirmation of spec §5. With JavaScript the button opens the dialog in place;
 * without it the button is a link (`?delete=<id>`) and the server renders the dialog open.
 */
export function DeleteNotificationButton({ id }: { id: string }) {
  const { t } = useTranslation("notifications");
  const location = useLocation();
  const mounted = useMounted();
  const fetcher = useFetcher({ key: `notification-delete-${id}` });
  const returnTo = useReturnTo();
  const search = new URLSearchParams(location.search);
  const requested = search.get(CONFIRM_DELETE_PARAM) === id;
  const [open, setOpen] = useState(requested);
  search.set(CONFIRM_DELETE_PARAM, id);
  const confirmHref = `${location.pathname}?${search}`;
  const opened = open && fetcher.state === "idle";
  const { used, intentProps } = useFirstUse(opened);
  const confirmForm = (
    <fetcher.Form method="post" action={NOTIFICATIONS_PAGE}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" color="red" loading={fetcher.state !== "idle"}>
        {t("delete.confirm")}
      </Button>
      <InPlace />
      <ActionError data={fetcher.data} />
    </fetcher.Form>
  );

  return (
    <>
      <Button
        component="a"
        href={confirmHref}
        rel="nofollow"
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          setOpen(true);
        }}
        {...intentProps}
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
      >
        {t("actions.delete")}
      </Button>
      {mounted
        ? used && (
            <Suspense fallback={null}>
              <ConfirmDialog
                opened={opened}
                onClose={() => setOpen(false)}
                title={t("delete.title")}
                text={t("delete.text")}
                confirm={confirmForm}
                cancelLabel={t("delete.cancel")}
              />
            </Suspense>
          )
        : // Without JavaScript the confirmation is a step of its own, shown in place.
          requested && (
            <Paper
              role="alertdialog"
              aria-labelledby={`delete-${id}`}
              withBorder
              shadow="md"
              p="md"
              mt="xs"
              w="100%"
            >
              <Text fw={700} id={`delete-${id}`}>
                {t("delete.title")}
              </Text>
              <Text size="sm" mt={4}>
                {t("delete.text")}
              </Text>
              <Group justify="flex-end" mt="md">
                <Button component={Link} to={returnTo} variant="default">
                  {t("delete.cancel")}
                </Button>
                {confirmForm}
              </Group>
            </Paper>
          )}
    </>
  );
}
