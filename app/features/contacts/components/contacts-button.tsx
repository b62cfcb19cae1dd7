import { ActionIcon, Indicator } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { HTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";

interface ContactsButtonProps extends HTMLAttributes<HTMLElement> {
  /** How many contacts there are, and how many of them are online now. */
  count: number;
  online: number;
  panel: ReturnType<typeof useUrlToggle>;
  /** Popover.Target and Tooltip pass their refs and props through to the element. */
  ref?: Ref<HTMLElement>;
}

/**
 * The header's contacts button. A small green presence dot says someone is online (a count in a
 * red badge would read as unread alerts); the label says how many. Without JavaScript it is a `?panel=contacts` link
 * and the server renders the list open; with it, it opens and closes the popover.
 */
export function ContactsButton({ count, online, panel, ref, ...forwarded }: ContactsButtonProps) {
  const { t } = useTranslation("header");
  const { t: tn } = useTranslation("navbar");
  const hydrated = useHydrated();
  const label = `${t("contacts.open")} (${t("contacts.count", { count })}, ${tn("shell.contactsOnline", { count: online })})`;
  return (
    <ActionIcon
      aria-haspopup="dialog"
      aria-expanded={panel.opened}
      {...forwarded}
      {...(hydrated
        ? {
            component: "button" as const,
            ref: ref as Ref<HTMLButtonElement>,
            onClick: panel.opened ? panel.close : panel.open,
          }
        : {
            component: "a" as const,
            ref: ref as Ref<HTMLAnchorElement>,
            href: panel.openLinkProps.href,
            rel: "nofollow",
          })}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
    >
      <Indicator
        size={9}
        offset={3}
        color="teal"
        withBorder
        disabled={online === 0}
        data-testid="contacts-online"
      >
        <IconUsers size={22} stroke={1.7} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
