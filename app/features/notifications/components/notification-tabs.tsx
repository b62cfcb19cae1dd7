import { Badge } from "@mantine/core";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NOTIFICATION_TABS, type NotificationTab, type TabCounts } from "../notifications";
import tabClasses from "./notification-tabs.module.css";

const TAB_COLORS: Record<NotificationTab, string> = { all: "gray", unread: "blue", archived: "green" };

/**
 * The tabs All (0), Unread (1) and Archived (2) with their count badges (spec §4). Each tab is a
 * link, so it works without JavaScript; `onSelect` switches in place instead when given.
 */
export function NotificationTabs({
  active,
  counts,
  hrefFor,
  onSelect,
  testIdPrefix,
  classes = tabClasses,
}: {
  active: NotificationTab;
  counts: TabCounts;
  hrefFor: (tab: NotificationTab) => string;
  onSelect?: (tab: NotificationTab) => void;
  testIdPrefix: string;
  /** This file's styles, handed over by a page that renders the tabs in code it loads later (the bell's drawer). */
  classes?: CSSModuleClasses;
}) {
  const { t } = useTranslation("notifications");
  return (
    <nav aria-label={t("page.tabs")} className={classes.tabs}>
      {NOTIFICATION_TABS.map((tab) => {
        const current = tab === active;
        return (
          <Link
            key={tab}
            to={hrefFor(tab)}
            rel="nofollow"
            preventScrollReset
            className={classes.tab}
            data-active={current || undefined}
            aria-current={current ? "page" : undefined}
            onClick={
              onSelect
                ? (event: MouseEvent) => {
                    event.preventDefault();
                    onSelect(tab);
                  }
                : undefined
            }
          >
            {t(`tabs.${tab}`)}
            <Badge
              size="sm"
              radius="sm"
              variant={current ? "filled" : "light"}
              color={TAB_COLORS[tab]}
              data-testid={`${testIdPrefix}-${tab}`}
            >
              {counts[tab]}
            </Badge>
          </Link>
        );
      })}
    </nav>
  );
}
