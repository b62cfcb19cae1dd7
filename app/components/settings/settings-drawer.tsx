import { ActionIcon, Indicator } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { HoverTooltip } from "~/components/tooltip/hover-tooltip";
import { firstUseComponent, useFirstUse } from "~/lib/first-use";
import { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { type SettingKey, settingsDiffer } from "~/lib/settings/settings";
import classes from "./settings-drawer.module.css";
import { useSettings } from "./use-settings";

/** `?panel=settings` opens the drawer, on the server too. */
const PANEL = "settings";
const SettingsPanel = firstUseComponent(() => import("./settings-panel"), "SettingsPanel", { panel: PANEL });

interface SettingsDrawerProps {
  /** Public pages hide the dashboard-only options. */
  scope: "public" | "dashboard";
  /** Options a page hides (spec §2: individual options can be hidden per page). */
  hide?: readonly SettingKey[];
}

/**
 * The settings button and its drawer (spec §2 Settings drawer). The button is a `?panel=settings`
 * link, so without JavaScript the server renders the drawer open; the drawer's code loads the
 * first time it is wanted.
 */
export function SettingsDrawer({ scope, hide = [] }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const drawer = useUrlToggle(PANEL);
  const { used, intentProps } = useFirstUse(drawer.opened);
  const trigger = useRef<HTMLAnchorElement>(null);

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
        aria-label={t("settings.open")}
        rel="nofollow"
      >
        <Indicator disabled={!settingsDiffer(settings)} size={8} offset={2} color="red">
          <IconSettings size={22} className={classes.spin} aria-hidden />
        </Indicator>
      </ActionIcon>
      <HoverTooltip target={trigger} label={t("settings.title")} />

      {used && (
        <Suspense fallback={null}>
          <SettingsPanel
            scope={scope}
            hide={hide}
            opened={drawer.opened}
            onClose={drawer.close}
            closeLinkProps={drawer.closeLinkProps}
          />
        </Suspense>
      )}
    </>
  );
}
