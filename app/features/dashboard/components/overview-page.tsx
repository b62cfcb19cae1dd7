import {
  Alert,
  Avatar,
  Badge,
  Box,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  type Icon,
  IconAlertTriangle,
  IconBellOff,
  IconBellRinging,
  IconChevronRight,
  IconInbox,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SignedInUser } from "~/features/auth/user";
import { NotificationItem } from "~/features/notifications/components/notification-item";
import type { TimedNotification } from "~/features/notifications/notification-time";
import { formatNumber, getLanguageOption } from "~/lib/i18n/languages";
import type { Overview } from "../overview.server";
import type { QuickLink } from "../quick-links";
import classes from "./overview-page.module.css";
import { DEFAULT_NAV_ICON, NAV_ICONS } from "./shell/nav-icons";

function Greeting({ user, newAccount }: { user: SignedInUser; newAccount: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
      <Group justify="space-between" align="center" gap="lg">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={user.photoURL} alt="" size={56} radius="xl" color="initials" name={user.displayName} />
          <Box miw={0}>
            <Title order={1} size="h3" className={classes.text}>
              {t(newAccount ? "overview.welcomeFirst" : "overview.welcome", {
                name: user.firstName ?? user.displayName,
              })}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t(newAccount ? "overview.introFirst" : "overview.intro")}
            </Text>
          </Box>
        </Group>
        {user.profileLoaded ? (
          <Group gap="lg" component="dl" m={0}>
            <Group gap={8} wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed">
                {t("overview.accessLevel")}
              </Text>
              <Badge component="dd" m={0} variant="light" size="lg" tt="none">
                {t(`auth:demo.levels.${user.accessLevel}`)}
              </Badge>
            </Group>
            {user.plan ? (
              <Group gap={8} wrap="nowrap">
                <Text component="dt" size="sm" c="dimmed">
                  {t("overview.plan")}
                </Text>
                <Badge component="dd" m={0} variant="outline" size="lg" tt="none">
                  {t(`overview.plans.${user.plan}`, { defaultValue: user.plan })}
                </Badge>
              </Group>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {user.profileLoaded ? null : (
        <Alert mt="lg" variant="light" color="yellow" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {t("overview.profileUnavailable")}
        </Alert>
      )}
    </Paper>
  );
}

function StatCard({
  label,
  value,
  icon: StatIcon,
  color,
}: {
  label: string;
  value: string;
  icon: Icon;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Box>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={32} fw={700} lh={1.25}>
            {value}
          </Text>
        </Box>
        <ThemeIcon variant="light" color={color} size={52} radius="md">
          <StatIcon size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function RecentNotifications({ items }: { items: TimedNotification[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper component="section" aria-labelledby="recent-notifications" withBorder radius="md" p="lg" h="100%">
      <Title order={2} size="h5" id="recent-notifications" mb="xs">
        {t("notifications.title")}
      </Title>
      {items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconBellOff size={24} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed" size="sm">
            {t("notifications.empty")}
          </Text>
        </Stack>
      ) : (
        <ul className={classes.list} data-testid="overview-notifications">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Paper>
  );
}

function QuickLinks({ links }: { links: QuickLink[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper component="section" aria-labelledby="quick-links" withBorder radius="md" p="lg" h="100%">
      <Title order={2} size="h5" id="quick-links" mb="md">
        {t("quickLinks.title")}
      </Title>
      {links.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("quickLinks.empty")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="sm">
          {links.map((link) => {
            const PageIcon = (link.icon && NAV_ICONS[link.icon]) || DEFAULT_NAV_ICON;
            return (
              <Card
                key={link.path}
                component={Link}
                to={link.path}
                withBorder
                radius="md"
                padding="sm"
                className={classes.quickLink}
              >
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size={40} radius="md">
                    <PageIcon size={22} aria-hidden />
                  </ThemeIcon>
                  <Box miw={0}>
                    <Text fw={600} size="sm" className={classes.text}>
                      {t(link.title, { ns: "navbar" })}
                    </Text>
                    {link.group ? (
                      <Text size="xs" c="dimmed">
                        {t(link.group, { ns: "navbar" })}
                      </Text>
                    ) : null}
                  </Box>
                  <IconChevronRight size={18} className={classes.chevron} aria-hidden />
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** The dashboard's overview: who is signed in, their notifications at a glance, and their pages. */
export function OverviewPage({
  user,
  notifications,
  quickLinks,
  newAccount,
}: { user: SignedInUser } & Overview) {
  const { t, i18n } = useTranslation("dashboard");
  const language = getLanguageOption(i18n.language).value;
  return (
    <Stack gap="lg">
      <Greeting user={user} newAccount={newAccount} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <StatCard
          label={t("stats.unread")}
          value={formatNumber(language, notifications.unread)}
          icon={IconBellRinging}
          color="red"
        />
        <StatCard
          label={t("stats.total")}
          value={formatNumber(language, notifications.total)}
          icon={IconInbox}
          color="blue"
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecentNotifications items={notifications.items} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <QuickLinks links={quickLinks} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
