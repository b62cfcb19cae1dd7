import { Avatar, Box, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SlimHeader } from "~/components/layout/slim-header";
import { SignOutButton } from "~/features/auth/components/sign-out-button";
import type { SignedInUser } from "~/features/auth/user";

/** The dashboard's landing page: who is signed in, with what access, and the way out. */
export function DashboardHome({ user }: { user: SignedInUser }) {
  const { t } = useTranslation("dashboard");
  const details: [string, string][] = [
    [t("account.email"), user.email ?? "—"],
    [t("account.accessLevel"), t(`auth:demo.levels.${user.accessLevel}`)],
    [t("account.plan"), user.plan ? t(`account.plans.${user.plan}`, { defaultValue: user.plan }) : "—"],
  ];
  return (
    <Box mih="100vh">
      <SlimHeader />
      <Container size="md" component="main" id="main" py={{ base: 32, md: 64 }}>
        <Stack gap="xl">
          <Group justify="space-between" align="flex-start">
            <Group gap="md" wrap="nowrap">
              <Avatar
                src={user.photoURL}
                alt=""
                size={56}
                radius="xl"
                color="initials"
                name={user.displayName}
              />
              <Box>
                <Title order={1} size="h2">
                  {t("welcome", { name: user.firstName ?? user.displayName })}
                </Title>
                <Text c="dimmed">{t("intro")}</Text>
              </Box>
            </Group>
            <SignOutButton />
          </Group>
          <Card withBorder radius="lg" padding="xl">
            <Title order={2} size="h4" mb="md">
              {t("account.title")}
            </Title>
            {user.profileLoaded ? null : (
              <Text c="dimmed" size="sm" mb="md">
                {t("account.profileUnavailable")}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {details.map(([label, value]) => (
                <Box key={label}>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
