import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { HoverTooltip } from "~/components/tooltip/hover-tooltip";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { onlineCount } from "../contact";
import type { SeenContact } from "../last-seen";
import { ContactsButton } from "./contacts-button";
import classes from "./contacts-popover.module.css";

/** `?panel=contacts` opens the popover, on the server too. */
const PANEL = "contacts";
const ContactsPanel = firstUseComponent(() => import("./contacts-panel"), "ContactsPanel", { panel: PANEL });

interface ContactsPopoverProps {
  /** The people to list, most recently active first (from `readDashboardShell` and `withLastSeen`). */
  contacts: SeenContact[];
}

/**
 * The header's contacts (spec §2: contacts popover): the button alone until the list is first
 * opened, then the button with its popover, whose code loads then. Without JavaScript the button
 * is a `?panel=contacts` link and the server renders the list open.
 */
export function ContactsPopover({ contacts }: ContactsPopoverProps) {
  const { t } = useTranslation("header");
  const panel = useUrlToggle(PANEL);
  const { used } = useFirstUse(panel.opened);
  const button = useRef<HTMLElement>(null);
  const online = onlineCount(contacts);

  return (
    <div className={classes.anchor}>
      {used ? (
        <Suspense fallback={<ContactsButton count={contacts.length} online={online} panel={panel} />}>
          <ContactsPanel contacts={contacts} panel={panel} />
        </Suspense>
      ) : (
        <>
          <ContactsButton ref={button} count={contacts.length} online={online} panel={panel} />
          <HoverTooltip target={button} label={t("contacts.title")} />
        </>
      )}
    </div>
  );
}
