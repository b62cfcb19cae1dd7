import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBell,
  IconBriefcase,
  IconCheck,
  IconFileText,
  IconGavel,
  IconLanguage,
  IconListCheck,
  IconMessages,
  IconRobot,
  IconRoute,
  IconUserSearch,
  IconWifi,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./home-page.module.css";

/**
 * The features shown on the home page: what works today first, then what is planned, marked
 * "Coming soon" (only advertise what works). Flip `soon` off when a feature's pages ship.
 */
const FEATURES = [
  { key: "cases", icon: IconBriefcase, soon: false },
  { key: "proposals", icon: IconGavel, soon: false },
  { key: "notifications", icon: IconBell, soon: false },
  { key: "workflows", icon: IconRoute, soon: true },
  { key: "tasks", icon: IconListCheck, soon: true },
  { key: "documents", icon: IconFileText, soon: true },
  { key: "chat", icon: IconMessages, soon: true },
  { key: "assistant", icon: IconRobot, soon: true },
] as const;

const STEPS = ["describe", "propose", "choose", "run"] as const;

/** The home page: what MyLawyer does for clients and for lawyers. */
export function HomePage() {
  const { t } = useTranslation("home");
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 64, md: 112 }}>
          <Stack align="center" gap="lg" ta="center">
            <Badge variant="light" size="lg" radius="sm">
              {t("hero.badge")}
            </Badge>
            <Title order={1} className={classes.headline}>
              {t("hero.title")}
              <Text component="span" inherit className={classes.highlight} display="block">
                {t("hero.subtitle")}
              </Text>
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              {t("hero.description")}
            </Text>
            <Group justify="center" gap="md">
              <Button component={Link} to="/auth/supabase/sign-up" size="lg">
                {t("hero.primaryCta")}
              </Button>
              <Button component={Link} to="/pricing" size="lg" variant="default">
                {t("hero.secondaryCta")}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 56, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <AudienceCard audience="clients" icon={<IconUserSearch size={28} />} />
          <AudienceCard audience="lawyers" icon={<IconBriefcase size={28} />} />
        </SimpleGrid>
      </Container>

      <Box className={classes.band}>
        <Container size="lg" py={{ base: 56, md: 96 }}>
          <Stack gap="xs" ta="center" mb={48}>
            <Title order={2}>{t("steps.title")}</Title>
            <Text c="dimmed">{t("steps.subtitle")}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" component="ol" className={classes.steps}>
            {STEPS.map((step, index) => (
              <Box component="li" key={step} className={classes.step}>
                <Text className={classes.stepNumber} aria-hidden>
                  {index + 1}
                </Text>
                <Title order={3} size="h4" mb={6}>
                  {t(`steps.${step}.title`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`steps.${step}.text`)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 56, md: 96 }}>
        <Stack gap="xs" ta="center" mb={48}>
          <Title order={2}>{t("features.title")}</Title>
          <Text c="dimmed">{t("features.subtitle")}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {FEATURES.map(({ key, icon: Icon, soon }) => (
            <Card key={key} withBorder padding="lg" radius="md" data-coming-soon={soon || undefined}>
              <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
                <ThemeIcon variant="light" size={48} radius="md" color={soon ? "gray" : undefined}>
                  <Icon size={26} aria-hidden />
                </ThemeIcon>
                {soon && (
                  <Badge variant="light" color="gray" radius="sm">
                    {t("features.comingSoon")}
                  </Badge>
                )}
              </Group>
              <Title order={3} size="h4" mb={6}>
                {t(`features.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`features.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box className={classes.band}>
        <Container size="lg" py={{ base: 56, md: 80 }}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
            <PromiseItem icon={<IconLanguage size={24} />} k="languages" />
            <PromiseItem icon={<IconWifi size={24} />} k="slow" />
            <PromiseItem icon={<IconGavel size={24} />} k="security" />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="md" py={{ base: 56, md: 96 }}>
        <Card padding="xl" radius="lg" className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} c="white">
              {t("cta.title")}
            </Title>
            <Text c="white" opacity={0.9} maw={520}>
              {t("cta.text")}
            </Text>
            <Button component={Link} to="/auth/supabase/sign-up" size="lg" variant="white">
              {t("cta.button")}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}

function AudienceCard({ audience, icon }: { audience: "clients" | "lawyers"; icon: React.ReactNode }) {
  const { t } = useTranslation("home");
  const points = t(`${audience}.points`, { returnObjects: true }) as string[];
  return (
    <Card withBorder padding="xl" radius="lg" h="100%">
      <ThemeIcon size={56} radius="md" mb="md" variant="light">
        {icon}
      </ThemeIcon>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t(`${audience}.eyebrow`)}
      </Text>
      <Title order={2} size="h3" mt={4} mb="sm">
        {t(`${audience}.title`)}
      </Title>
      <Text c="dimmed" mb="md">
        {t(`${audience}.text`)}
      </Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal">
            <IconCheck size={12} />
          </ThemeIcon>
        }
      >
        {points.map((point) => (
          <List.Item key={point}>{point}</List.Item>
        ))}
      </List>
    </Card>
  );
}

function PromiseItem({ icon, k }: { icon: React.ReactNode; k: string }) {
  const { t } = useTranslation("home");
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={44} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <Box>
        <Title order={3} size="h5" mb={4}>
          {t(`promises.${k}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`promises.${k}.text`)}
        </Text>
      </Box>
    </Group>
  );
}
