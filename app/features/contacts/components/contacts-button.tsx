import { ActionIcon, Indicator } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { HTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import classes from "./contacts-popover.module.css";

export interface ContactsButtonProps extends HTMLAttributes<HTMLElement> {
  count: number;
  panel: ReturnType<typeof useUrlToggle>;
  /** Popover.Target and Tooltip pass their refs and props through to the element. */
  ref?: Ref<HTMLElement>;
}

/**
 * The header's contacts button with the count. Without JavaScript it is a `?panel=contacts` link
 * and the server renders the list open; with it, it opens and closes the popover.
 */
export function ContactsButton({ count, panel, ref, ...forwarded }: ContactsButtonProps) {
  const { t } = useTranslation("header");
  const hydrated = useHydrated();
  const label = `${t("contacts.open")} (${t("contacts.count", { count })})`;
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
        label={count}
        size={16}
        offset={2}
        color="red"
        disabled={count === 0}
        classNames={{ indicator: classes.count }}
      >
        <IconUsers size={22} stroke={1.7} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
