import {
  ActionIcon,
  Avatar,
  Indicator,
  Popover,
  ScrollArea,
  Text,
  Tooltip,
  useDirection,
} from "@mantine/core";
import { IconUserSearch, IconX } from "@tabler/icons-react";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useOpenedAfterLoad } from "~/lib/first-use";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { type ContactStatus, onlineCount } from "../contact";
import type { SeenContact } from "../last-seen";
import { ContactsButton } from "./contacts-button";
import classes from "./contacts-popover.module.css";

const PRESENCE_COLORS: Record<ContactStatus, string> = {
  online: "green",
  alway: "yellow",
  busy: "red",
  offline: "gray",
};

function ContactRow({ contact }: { contact: SeenContact }) {
  const { t } = useTranslation("header");
  return (
    <li className={classes.row}>
      <Indicator
        color={PRESENCE_COLORS[contact.status]}
        size={10}
        offset={5}
        position="bottom-end"
        withBorder
        className={classes.presence}
      >
        <Avatar src={contact.avatarUrl} alt="" radius="xl" size={40} color="initials" name={contact.name} />
      </Indicator>
      <div className={classes.body}>
        <Text size="sm" fw={600} truncate>
          {contact.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <span className={classes.status} data-status={contact.status}>
            {t(`contacts.status.${contact.status}`)}
          </span>
          {" · "}
          {contact.lastActivity && contact.lastSeen ? (
            <time dateTime={contact.lastActivity}>{contact.lastSeen}</time>
          ) : (
            t("contacts.never")
          )}
        </Text>
      </div>
    </li>
  );
}

interface ContactsPanelProps {
  /** The people to list, most recently active first. */
  contacts: SeenContact[];
  panel: ReturnType<typeof useUrlToggle>;
}

/**
 * The contacts button with its popover (spec §2: contacts popover, 320×320), loaded the first time
 * the list opens: each person with their presence and last activity.
 */
export function ContactsPanel({ contacts, panel }: ContactsPanelProps) {
  const { t } = useTranslation("header");
  const hydrated = useHydrated();
  const { dir } = useDirection();
  const trigger = useRef<HTMLElement>(null);
  const opened = useOpenedAfterLoad(panel.opened, trigger);
  const titleId = useId();

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? panel.open() : panel.close())}
      position="bottom-end"
      width={320}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      withinPortal={hydrated}
    >
      <Popover.Target>
        <Tooltip label={t("contacts.title")} disabled={!hydrated || opened}>
          <ContactsButton
            ref={trigger}
            count={contacts.length}
            online={onlineCount(contacts)}
            panel={panel}
          />
        </Tooltip>
      </Popover.Target>

      {/* Before hydration nothing positions the popover: it opens under its button, at the far edge. */}
      <Popover.Dropdown
        p={0}
        className={classes.dropdown}
        style={
          hydrated
            ? undefined
            : { top: "calc(100% + 8px)", ...(dir === "rtl" ? { left: 0 } : { left: "auto", right: 0 }) }
        }
      >
        <div className={classes.header}>
          <Text fw={700} id={titleId}>
            {t("contacts.title")}{" "}
            <Text span c="dimmed" fw={500} size="sm">
              ({contacts.length})
            </Text>
          </Text>
          <ActionIcon
            component="a"
            {...panel.closeLinkProps}
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t("contacts.close")}
          >
            <IconX size={16} />
          </ActionIcon>
        </div>
        {contacts.length === 0 ? (
          <div className={classes.empty}>
            <IconUserSearch size={40} stroke={1.3} aria-hidden />
            <Text fw={600} size="sm">
              {t("contacts.emptyTitle")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("contacts.emptyText")}
            </Text>
          </div>
        ) : (
          <ScrollArea
            className={classes.list}
            type="auto"
            offsetScrollbars="y"
            // Keyboard users scroll the list too (the popover has nothing else to focus in it).
            viewportProps={{ tabIndex: 0, "aria-labelledby": titleId, role: "region" }}
          >
            <ul aria-labelledby={titleId} className={classes.rows}>
              {contacts.map((contact) => (
                <ContactRow key={contact.id} contact={contact} />
              ))}
            </ul>
          </ScrollArea>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
