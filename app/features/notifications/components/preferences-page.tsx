import { Alert, Button, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import dataTable from "~/components/data-table.module.css";
import { PageTitle } from "~/components/page-title";
import { NOTIFICATION_MEDIA, NOTIFICATION_TYPES } from "../notifications";
import { defaultPreferenceGrid, type PreferenceGrid, preferenceField } from "../preferences";

/**
 * Notification preferences (spec §3, §7): a grid of type × medium toggles, saved all at once by
 * one form, with or without JavaScript.
 */
export function PreferencesPage({ grid }: { grid: PreferenceGrid | null }) {
  const { t } = useTranslation("notifications");
  const navigation = useNavigation();
  const shown = grid ?? defaultPreferenceGrid();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Stack gap="lg">
      <PageTitle title={t("preferences.title")} description={t("preferences.description")} />
      {grid === null && (
        <Alert color="orange" variant="light">
          {t("preferences.loadFailed")}
        </Alert>
      )}
      <Paper withBorder radius="md" component={Form} method="post">
        <div className={dataTable.scroll}>
          <table
            className={dataTable.table}
            data-spacing="md"
            style={
              { minWidth: 480, "--table-horizontal-spacing": "var(--mantine-spacing-lg)" } as CSSProperties
            }
          >
            <thead>
              <tr>
                <th>{t("preferences.type")}</th>
                {NOTIFICATION_MEDIA.map((medium) => (
                  <th key={medium} style={{ textAlign: "center" }}>
                    {t(`media.${medium}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    <Text fw={600} size="sm">
                      {t(`types.${type}`)}
                    </Text>
                    <Text c="dimmed" size="xs">
                      {t(`typeHints.${type}`)}
                    </Text>
                  </th>
                  {NOTIFICATION_MEDIA.map((medium) => (
                    <td key={medium}>
                      <Group justify="center">
                        <Switch
                          name={preferenceField(type, medium)}
                          defaultChecked={shown[type][medium]}
                          aria-label={t("preferences.toggle", {
                            type: t(`types.${type}`),
                            medium: t(`media.${medium}`),
                          })}
                        />
                      </Group>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Group justify="flex-end" p="md">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={saving}>
            {t("preferences.save")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
