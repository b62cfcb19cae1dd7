import { Alert, Button, Group, Paper, Stack, Switch, Table, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
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
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="md" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("preferences.type")}</Table.Th>
                {NOTIFICATION_MEDIA.map((medium) => (
                  <Table.Th key={medium} ta="center">
                    {t(`media.${medium}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_TYPES.map((type) => (
                <Table.Tr key={type}>
                  <Table.Th scope="row">
                    <Text fw={600} size="sm">
                      {t(`types.${type}`)}
                    </Text>
                    <Text c="dimmed" size="xs">
                      {t(`typeHints.${type}`)}
                    </Text>
                  </Table.Th>
                  {NOTIFICATION_MEDIA.map((medium) => (
                    <Table.Td key={medium}>
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
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" p="md">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} loading={saving}>
            {t("preferences.save")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
