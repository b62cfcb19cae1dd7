import { Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLockOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { SignOutButton } from "~/features/auth/components/sign-out-button";

/** A signed-in person whose access level could not be read (spec §4): no menu, no pages. */
export function NoAccessLevel() {
  const { t } = useTranslation("navbar");
  return (
    <Center py={80}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" color="orange" variant="light">
          <IconLockOff size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t("shell.states.noAccessLevel")}
        </Title>
        <Text c="dimmed">{t("shell.states.noAccessLevelHint")}</Text>
        <SignOutButton />
      </Stack>
    </Center>
  );
}
