import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { HoverTooltip } from "~/components/tooltip/hover-tooltip";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import type { BellNotifications } from "../notification-time";
import { addToCounts } from "../notifications";
import { useArrivals } from "./live-notifications";
import itemClasses from "./notification-item.module.css";
import tabClasses from "./notification-tabs.module.css";
import classes from "./notifications-bell.module.css";

/** `?panel=notifications` opens the drawer, on the server too. */
const PANEL = "notifications";
const NotificationsDrawer = firstUseComponent(() => import("./notifications-drawer"), "NotificationsDrawer", {
  panel: PANEL,
});

/**
 * The header's bell (spec §2, §4): the unread count, new notifications arriving live, and a drawer
 * with the newest ones, whose code loads the first time it is wanted. The bell is a
 * `?panel=notifications` link, so it works without JavaScript too.
 */
export function NotificationsBell({ summary }: { summary: BellNotifications }) {
  const { t } = useTranslation("notifications");
  const drawer = useUrlToggle(PANEL);
  const { used, intentProps } = useFirstUse(drawer.opened);
  const trigger = useRef<HTMLAnchorElement>(null);
  const arrived = useArrivals(summary.fetchedAt);
  const counts = addToCounts(
    { all: summary.total, unread: summary.unread, archived: summary.archived },
    arrived,
  );
  const label = counts.unread > 0 ? t("bell.labelUnread", { count: counts.unread }) : t("bell.label");

  return (
    <>
      <ActionIcon
        ref={trigger}
        component="a"
        {...drawer.openLinkProps}
        {...intentProps}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        rel="nofollow"
        data-testid="notifications-bell"
      >
        <Indicator
          disabled={counts.unread === 0}
          label={counts.unread > 99 ? "99+" : counts.unread}
          size={18}
          color="red"
          offset={2}
        >
          <IconBell size={22} aria-hidden />
        </Indicator>
      </ActionIcon>
      <HoverTooltip target={trigger} label={t("title")} />

      {used && (
        <Suspense fallback={null}>
          <NotificationsDrawer
            // The drawer's styles come with the page's code, not the drawer's: the server renders
            // it open for ?panel=notifications, and a page links only the styles it loads at once.
            classes={classes}
            // So are its tabs' and rows' (without JavaScript they were unstyled links run together).
            styles={{ tabs: tabClasses, item: itemClasses }}
            summary={summary}
            arrived={arrived}
            counts={counts}
            opened={drawer.opened}
            onClose={drawer.close}
            closeLinkProps={drawer.closeLinkProps}
          />
        </Suspense>
      )}
    </>
  );
}
