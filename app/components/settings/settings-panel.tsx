import {
  ActionIcon,
  Box,
  Button,
  Drawer,
  Group,
  Indicator,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from "@mantine/core";
import { useFullscreenDocument } from "@mantine/hooks";
import { IconMaximize, IconMinimize, IconRefresh, IconX } from "@tabler/icons-react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { PendingFieldset } from "~/components/form/pending-form";
import { PanelDrawer } from "~/components/panel-drawer";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { useUrlToggle } from "~/lib/hooks/use-url-toggle";
import { getLanguageOption } from "~/lib/i18n/languages";
import {
  DASHBOARD_ONLY_SETTINGS,
  PRIMARY_COLORS,
  SETTING_OPTIONS,
  type SettingKey,
  settingsDiffer,
} from "~/lib/settings/settings";
import classes from "./settings-drawer.module.css";
import { SETTINGS_ACTION, SETTINGS_FETCHER_KEY, useSettings } from "./use-settings";

interface SettingsPanelProps {
  /** Public pages hide the dashboard-only options. */
  scope: "public" | "dashboard";
  /** Options the page hides. */
  hide: readonly SettingKey[];
  opened: boolean;
  onClose: () => void;
  /** The close button's link (`?panel=` removed), followed when JavaScript is off. */
  closeLinkProps: ReturnType<typeof useUrlToggle>["closeLinkProps"];
}

/**
 * The settings drawer itself (spec §2 Settings drawer), loaded the first time it opens. One form:
 * with JavaScript each change applies at once through a fetcher; without it the form posts
 * everything and the server sends you back.
 */
export function SettingsPanel({ scope, hide, opened, onClose, closeLinkProps }: SettingsPanelProps) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const fetcher = useFetcher({ key: SETTINGS_FETCHER_KEY });
  const location = useLocation();
  const hydrated = useHydrated();
  const { toggle: toggleFullscreen, fullscreen } = useFullscreenDocument();
  const arabic = getLanguageOption(i18n.language).dir === "rtl";

  const hidden = new Set<SettingKey>([...hide, ...(scope === "public" ? DASHBOARD_ONLY_SETTINGS : [])]);
  const shows = (key: SettingKey) => !hidden.has(key);
  const returnTo = `${location.pathname}${location.search.replace(/([?&])panel=settings&?/, "$1").replace(/[?&]$/, "")}`;

  const update = (patch: Record<string, string>) =>
    fetcher.submit(patch, { method: "post", action: SETTINGS_ACTION });
  const onToggle = (key: SettingKey, on: string, off: string) => (event: ChangeEvent<HTMLInputElement>) =>
    update({ [key]: event.currentTarget.checked ? on : off });
  const onPick = (key: SettingKey) => (event: ChangeEvent<HTMLInputElement>) =>
    update({ [key]: event.currentTarget.value });

  return (
    <PanelDrawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={360}
      overlayProps={{ backgroundOpacity: 0.1 }}
      title={null}
      padding={0}
    >
      <Group className={classes.header} justify="space-between" wrap="nowrap">
        {/* Drawer.Title names the dialog (aria-labelledby). */}
        <Drawer.Title fw={700} fz="lg">
          {t("settings.title")}
        </Drawer.Title>
        <Group gap={4} wrap="nowrap">
          {hydrated && (
            <Tooltip label={fullscreen ? t("settings.exitFullscreen") : t("settings.fullscreen")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => void toggleFullscreen()}
                aria-label={fullscreen ? t("settings.exitFullscreen") : t("settings.fullscreen")}
              >
                {fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
              </ActionIcon>
            </Tooltip>
          )}
          <fetcher.Form method="post" action={SETTINGS_ACTION}>
            <PendingFieldset pending={fetcher.state !== "idle"}>
              <input type="hidden" name="returnTo" value={returnTo} />
              <Indicator disabled={!settingsDiffer(settings)} size={8} offset={4} color="red">
                <ActionIcon
                  type="submit"
                  name="intent"
                  value="reset"
                  variant="subtle"
                  color="gray"
                  aria-label={t("settings.reset")}
                  title={t("settings.reset")}
                >
                  <IconRefresh size={20} />
                </ActionIcon>
              </Indicator>
            </PendingFieldset>
          </fetcher.Form>
          <ActionIcon
            component="a"
            {...closeLinkProps}
            variant="subtle"
            color="gray"
            aria-label={t("settings.close")}
          >
            <IconX size={20} />
          </ActionIcon>
        </Group>
      </Group>

      <form method="post" action={SETTINGS_ACTION} className={classes.body}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <Stack gap="lg">
          <SimpleGrid cols={2} spacing="sm">
            {shows("colorScheme") && (
              <ToggleCard label={t("settings.darkMode")}>
                <input type="hidden" name="colorScheme" value="light" />
                <Switch
                  name="colorScheme"
                  value="dark"
                  checked={settings.colorScheme === "dark"}
                  onChange={onToggle("colorScheme", "dark", "light")}
                  aria-label={t("settings.darkMode")}
                />
              </ToggleCard>
            )}
            {shows("contrast") && (
              <ToggleCard label={t("settings.contrast")}>
                <input type="hidden" name="contrast" value="default" />
                <Switch
                  name="contrast"
                  value="hight"
                  checked={settings.contrast === "hight"}
                  onChange={onToggle("contrast", "hight", "default")}
                  aria-label={t("settings.contrast")}
                />
              </ToggleCard>
            )}
            {shows("direction") && (
              <ToggleCard label={t("settings.rtl")} hint={arabic ? t("settings.rtlLocked") : undefined}>
                <input type="hidden" name="direction" value="ltr" />
                <Switch
                  name="direction"
                  value="rtl"
                  checked={arabic || settings.direction === "rtl"}
                  disabled={arabic}
                  onChange={onToggle("direction", "rtl", "ltr")}
                  aria-label={t("settings.rtl")}
                />
              </ToggleCard>
            )}
            {shows("compactLayout") && (
              <ToggleCard label={t("settings.compact")} hint={t("settings.compactHint")}>
                <input type="hidden" name="compactLayout" value="false" />
                <Switch
                  name="compactLayout"
                  value="true"
                  checked={settings.compactLayout}
                  onChange={onToggle("compactLayout", "true", "false")}
                  aria-label={t("settings.compact")}
                />
              </ToggleCard>
            )}
          </SimpleGrid>

          {shows("navLayout") && (
            <OptionGroup legend={t("settings.navLayout")}>
              <SimpleGrid cols={3} spacing="xs">
                {SETTING_OPTIONS.navLayout.map((value) => (
                  <Radio
                    key={value}
                    name="navLayout"
                    value={value}
                    checked={settings.navLayout === value}
                    onChange={onPick("navLayout")}
                    label={t(`settings.navLayouts.${value}`)}
                  />
                ))}
              </SimpleGrid>
            </OptionGroup>
          )}

          {shows("navColor") && (
            <OptionGroup legend={t("settings.navColor")}>
              <Group gap="lg">
                {SETTING_OPTIONS.navColor.map((value) => (
                  <Radio
                    key={value}
                    name="navColor"
                    value={value}
                    checked={settings.navColor === value}
                    onChange={onPick("navColor")}
                    label={t(`settings.navColors.${value}`)}
                  />
                ))}
              </Group>
            </OptionGroup>
          )}

          {shows("primaryColor") && (
            <OptionGroup legend={t("settings.presets")}>
              <SimpleGrid cols={3} spacing="xs">
                {SETTING_OPTIONS.primaryColor.map((value) => (
                  <label key={value} className={classes.swatch}>
                    <input
                      type="radio"
                      name="primaryColor"
                      value={value}
                      checked={settings.primaryColor === value}
                      onChange={onPick("primaryColor")}
                      className={classes.swatchInput}
                    />
                    <span className={classes.swatchDot} style={{ background: PRIMARY_COLORS[value] }} />
                    <span className={classes.swatchLabel}>{t(`settings.colors.${value}`)}</span>
                  </label>
                ))}
              </SimpleGrid>
            </OptionGroup>
          )}

          {shows("fontFamily") && (
            <OptionGroup legend={t("settings.font")}>
              <SimpleGrid cols={2} spacing="xs">
                {SETTING_OPTIONS.fontFamily.map((value) => (
                  <label key={value} className={classes.swatch}>
                    <input
                      type="radio"
                      name="fontFamily"
                      value={value}
                      checked={settings.fontFamily === value}
                      onChange={onPick("fontFamily")}
                      className={classes.swatchInput}
                    />
                    <span className={classes.fontSample} style={{ fontFamily: `"${value}"` }}>
                      Aa
                    </span>
                    <span className={classes.swatchLabel}>{value.replace(" Variable", "")}</span>
                  </label>
                ))}
              </SimpleGrid>
            </OptionGroup>
          )}

          {!hydrated && (
            <Button type="submit" fullWidth>
              {t("settings.apply")}
            </Button>
          )}
        </Stack>
      </form>
    </PanelDrawer>
  );
}

function ToggleCard({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <Box className={classes.card}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {children}
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Box>
  );
}

function OptionGroup({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" className={classes.fieldset}>
      <Text component="legend" size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.legend}>
        {legend}
      </Text>
      {children}
    </Box>
  );
}
