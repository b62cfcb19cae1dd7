import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Full-page loading state while the session is being checked (spec §2 route guards). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t("status.loading")}</Text>
      </Stack>
    </Center>
  );
}
