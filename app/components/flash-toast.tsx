import { CloseButton, Notification } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Flash } from "~/lib/flash.server";
import classes from "./flash-toast.module.css";

const TOAST_DURATION_MS = 4000;

/**
 * The outcome an action left for this page (spec §8 toasts, e.g. "Unable to logout!"). Rendered by
 * the server, so it shows without JavaScript too, on a page that ships none (ADR 0015) as well: it
 * is an open `<dialog>` whose close button submits a `method="dialog"` form, which the browser
 * closes by itself, and CSS fades it away after 4 s. With JavaScript it closes after 4 s too.
 */
export function FlashToast({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(flash !== null);
  useEffect(() => {
    setOpen(flash !== null);
    if (!flash) return;
    const timer = setTimeout(() => setOpen(false), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  if (!flash || !open) return null;
  const error = flash.kind === "error";
  return (
    <dialog open className={classes.toast}>
      <Notification
        role={error ? "alert" : "status"}
        color={error ? "red" : "teal"}
        icon={error ? <IconX size={18} /> : <IconCheck size={18} />}
        withCloseButton={false}
        className={classes.notification}
      >
        {flash.message}
      </Notification>
      <form method="dialog" className={classes.close}>
        <CloseButton type="submit" aria-label={t("settings.close")} onClick={() => setOpen(false)} />
      </form>
    </dialog>
  );
}
