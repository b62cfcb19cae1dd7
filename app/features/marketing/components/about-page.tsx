import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
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
  IconEye,
  IconFileText,
  IconLanguage,
  IconListCheck,
  IconLock,
  IconMessages,
  IconRobot,
  IconRoute,
  IconScale,
  IconUserSearch,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { PLAN_IDS } from "~/features/payment/plans";
import { formatNumber, getLanguageOption, SUPPORTED_LANGUAGES } from "~/lib/i18n/languages";
import classes from "./about-page.module.css";
import { translatedList } from "./translated-list";

const CAPABILITIES = [
  { key: "workflows", soon: true, icon: IconRoute },
  { key: "tasks", soon: true, icon: IconListCheck },
  { key: "notifications", soon: false, icon: IconBell },
  { key: "documents", soon: true, icon: IconFileText },
  { key: "chat", soon: true, icon: IconMessages },
  { key: "assistant", soon: true, icon: IconRobot },
  { key: "languages", soon: false, icon: IconLanguage },
] as const;

const VALUES = [
  { key: "clarity", icon: IconEye },
  { key: "confidentiality", icon: IconLock },
  { key: "access", icon: IconWorld },
  { key: "fairness", icon: IconScale },
] as const;

/** Product facts shown as figures: each one is a count of something the product really has. */
const FACTS = [
  { key: "languages", value: SUPPORTED_LANGUAGES.length },
  { key: "feeTypes", value: 4 },
  { key: "practiceAreas", value: 10 },
  { key: "plans", value: PLAN_IDS.length },
] as const;

/** The about page: what MyLawyer is, why it exists, and how it serves clients and lawyers. */
export function AboutPage() {
  const { t, i18n } = useTranslation("about");
  const lng = getLanguageOption(i18n.language).value;

  return (
    <>
      <PageHeader
        eyebrow={t("header.eyebrow")}
        title={t("header.title")}
        description={t("header.description")}
      />

      <Container size="lg" pb={{ base: 56, md: 96 }}>
        <Grid gap={{ base: "xl", md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Title order={2} mb="md">
              {t("what.title")}
            </Title>
            <Stack gap="md">
              <Text>{t("what.text1")}</Text>
              <Text c="dimmed">{t("what.text2")}</Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SimpleGrid
              cols={{ base: 1, xs: 2 }}
              spacing="sm"
              component="ul"
              className={classes.capabilities}
            >
              {CAPABILITIES.map(({ key, icon: Icon, soon }) => (
                <Group
                  component="li"
                  key={key}
                  gap="sm"
                  wrap="nowrap"
                  className={classes.capability}
                  data-coming-soon={soon || undefined}
                >
                  <ThemeIcon variant="light" size={36} radius="md" color={soon ? "gray" : undefined}>
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm" fw={600}>
                    {t(`what.capabilities.${key}`)}
                    {/* Only advertise what works: planned capabilities say so. */}
                    {soon && (
                      <Badge component="span" variant="light" color="gray" radius="sm" size="xs" ms={6}>
                        {t("what.comingSoon")}
                      </Badge>
                    )}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
      </Container>

      <Box className={classes.band}>
        <Container size="lg" py={{ base: 48, md: 72 }}>
          <Title order={2} ta="center" mb="xl">
            {t("facts.title")}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" component="dl" className={classes.facts}>
            {FACTS.map(({ key, value }) => (
              <Box key={key} className={classes.fact}>
                <Text component="dt" fw={700}>
                  {t(`facts.${key}.label`)}
                </Text>
                <Text component="dd" className={classes.factValue}>
                  {formatNumber(lng, value)}
                </Text>
                <Text component="dd" size="sm" c="dimmed" mt={4} className={classes.factText}>
                  {t(`facts.${key}.text`)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 56, md: 96 }}>
        <Card radius="lg" padding="xl" className={classes.mission}>
          <Text size="xs" fw={700} tt="uppercase" className={classes.missionEyebrow}>
            {t("mission.eyebrow")}
          </Text>
          <Title order={2} mt={6} mb="sm" maw={760}>
            {t("mission.title")}
          </Title>
          <Text maw={760}>{t("mission.text")}</Text>
        </Card>

        <Title order={2} ta="center" mt={{ base: 56, md: 80 }} mb="xl">
          {t("values.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {VALUES.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder radius="lg" padding="lg">
              <ThemeIcon variant="light" size={44} radius="md" mb="md">
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <Title order={3} size="h4" mb={6}>
                {t(`values.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`values.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box className={classes.band}>
        <Container size="lg" py={{ base: 56, md: 96 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <AudienceCard audience="clients" icon={<IconUserSearch size={28} aria-hidden />} />
            <AudienceCard audience="lawyers" icon={<IconBriefcase size={28} aria-hidden />} />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="md" py={{ base: 56, md: 96 }}>
        <Stack align="center" ta="center" gap="md">
          <Title order={2}>{t("cta.title")}</Title>
          <Text c="dimmed" maw={520}>
            {t("cta.text")}
          </Text>
          <Group justify="center">
            <Button component={Link} to="/auth/supabase/sign-up" size="md">
              {t("cta.signUp")}
            </Button>
            <Button component={Link} to="/contact-us" size="md" variant="default">
              {t("cta.contact")}
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}

function AudienceCard({ audience, icon }: { audience: "clients" | "lawyers"; icon: ReactNode }) {
  const { t } = useTranslation("about");
  const points = translatedList(t(`${audience}.points`, { returnObjects: true }));
  return (
    <Card withBorder radius="lg" padding="xl" h="100%">
      <ThemeIcon size={56} radius="md" variant="light" mb="md">
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3" mb="sm">
        {t(`${audience}.title`)}
      </Title>
      <Text c="dimmed" mb="md">
        {t(`${audience}.text`)}
      </Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={20} radius="xl" variant="light">
            <IconCheck size={12} aria-hidden />
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
