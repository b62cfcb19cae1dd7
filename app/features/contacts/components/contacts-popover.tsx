import "dayjs/locale/fr";
import "dayjs/locale/vi";
import "dayjs/locale/zh-cn";
import "dayjs/locale/ar-sa";
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
import { useMounted } from "@mantine/hooks";
import { IconUserSearch, IconUsers, IconX } from "@tabler/icons-react";
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { getLanguageOption } from "~/lib/i18n/languages";
import type { Contact, ContactStatus } from "../contact";
import classes from "./contacts-popover.module.css";

// The four date locales are bundled (a few hundred bytes each) so the server renders the same
// "5 minutes ago" as the browser when the list is opened without JavaScript.
dayjs.extend(relativeTime);

const PRESENCE_COLORS: Record<ContactStatus, string> = {
  online: "green",
  alway: "yellow",
  busy: "red",
  offline: "gray",
};

function ContactRow({ contact, dateLocale }: { contact: Contact; dateLocale: string }) {
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
          {contact.lastActivity ? (
            <time dateTime={contact.lastActivity} suppressHydrationWarning>
              {dayjs(contact.lastActivity).locale(dateLocale).fromNow()}
            </time>
          ) : (
            t("contacts.never")
          )}
        </Text>
      </div>
    </li>
  );
}

export interface ContactsPopoverProps {
  /** The people to list, most recently active first (from `listContacts`). */
  contacts: Contact[];
}

/**
 * The header's contacts (spec §2: contacts popover, 320×320): a button with the count and a
 * popover listing each person with their presence and last activity. Without JavaScript the
 * button is a `?panel=contacts` link and the server renders the list open.
 */
export function ContactsPopover({ contacts }: ContactsPopoverProps) {
  const { t, i18n } = useTranslation("header");
  const mounted = useMounted();
  const { dir } = useDirection();
  const panel = useUrlToggle("contacts");
  const titleId = useId();
  const dateLocale = getLanguageOption(i18n.language).dateLocale;
  const label = `${t("contacts.open")} (${t("contacts.count", { count: contacts.length })})`;

  return (
    <div className={classes.anchor}>
      <Popover
        opened={panel.opened}
        onChange={(opened) => (opened ? panel.open() : panel.close())}
        position="bottom-end"
        width={320}
        shadow="md"
        radius="md"
        trapFocus
        returnFocus
        withinPortal={mounted}
      >
        <Popover.Target>
          <Tooltip label={t("contacts.title")} disabled={!mounted || panel.opened}>
            <ActionIcon
              {...(mounted
                ? { component: "button" as const, onClick: panel.opened ? panel.close : panel.open }
                : { component: "a" as const, href: panel.openLinkProps.href, rel: "nofollow" })}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
            >
              <Indicator
                label={contacts.length}
                size={16}
                offset={2}
                color="red"
                disabled={contacts.length === 0}
                classNames={{ indicator: classes.count }}
              >
                <IconUsers size={22} stroke={1.7} aria-hidden />
              </Indicator>
            </ActionIcon>
          </Tooltip>
        </Popover.Target>

        {/* Before hydration nothing positions the popover: it opens under its button, at the far edge. */}
        <Popover.Dropdown
          p={0}
          className={classes.dropdown}
          style={
            mounted
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
                  <ContactRow key={contact.id} contact={contact} dateLocale={dateLocale} />
                ))}
              </ul>
            </ScrollArea>
          )}
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
