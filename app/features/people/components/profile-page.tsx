import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconEdit, IconMapPin, IconStarFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { matchingLabel } from "~/features/cases/matching-labels";
import { formatCurrency, formatNumber, isLanguage } from "~/lib/i18n/languages";
import { isLawyerLevel, type PersonProfile, peoplePaths, personName, responseTime } from "../people";
import { PersonAvatar } from "./person-avatar";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {children}
      </Text>
    </div>
  );
}

function Chips({ values }: { values: string[] }) {
  const { t } = useTranslation("people");
  if (values.length === 0) return <>{t("notSet")}</>;
  return (
    <Group gap={6} component="span">
      {values.map((value) => (
        <Badge key={value} variant="light" radius="sm" tt="none" component="span">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}

/**
 * `/dashboard/lawyer_user/{id}`: a person's profile as the reader may see it — a lawyer's photo,
 * firm, matching data, bar number (to those who read the whole row), experience, rate, rating,
 * about and record on the platform; of a client, what they chose to share.
 */
export function ProfilePage({ profile, canEdit }: { profile: PersonProfile; canEdit: boolean }) {
  const { t, i18n } = useTranslation(["people", "cases"]);
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const name = personName(profile) || t("people:unnamed");
  const lawyer = isLawyerLevel(profile.access_level);
  const place = [profile.city, profile.country].filter(Boolean).join(", ");
  const record = profile.record;
  const response =
    record?.median_response_seconds != null ? responseTime(record.median_response_seconds) : null;
  return (
    <Stack gap="lg" maw={1100} data-testid="profile-page">
      <Card withBorder radius="md" padding="lg">
        <Group gap="lg" align="flex-start" wrap="wrap">
          <PersonAvatar person={profile} size={96} data-testid="profile-photo" />
          <Stack gap={6} style={{ flex: "1 1 16rem", minWidth: 0 }}>
            <Title order={1} size="h3" data-testid="profile-name">
              {name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{t(`people:level.${profile.access_level}`)}</Badge>
              {profile.firm_name ? (
                <Text size="sm" fw={500} data-testid="profile-firm">
                  {profile.firm_name}
                </Text>
              ) : null}
              {!profile.is_public ? (
                <Badge variant="outline" color="gray">
                  {t("people:private")}
                </Badge>
              ) : null}
            </Group>
            {place ? (
              <Group gap={4} c="dimmed">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{place}</Text>
              </Group>
            ) : null}
            {lawyer && profile.rating != null ? (
              <Group gap={4}>
                <IconStarFilled size={16} aria-hidden color="var(--mantine-color-yellow-6)" />
                <Text size="sm" fw={600} data-testid="profile-rating">
                  {t("people:ratingValue", { rating: formatNumber(language, profile.rating) })}
                </Text>
              </Group>
            ) : null}
          </Stack>
          {canEdit ? (
            <Button
              component={Link}
              to={peoplePaths.edit(profile.uuid)}
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              data-testid="profile-edit"
            >
              {t("people:edit.action")}
            </Button>
          ) : null}
        </Group>
      </Card>

      {lawyer && record ? (
        <section aria-labelledby="profile-record">
          <Title order={2} size="h4" mb="sm" id="profile-record">
            {t("people:record.title")}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Stat
              testId="record-engaged"
              label={t("people:record.engaged")}
              value={formatNumber(language, record.cases_engaged)}
            />
            <Stat
              testId="record-closed"
              label={t("people:record.closed")}
              value={formatNumber(language, record.cases_closed)}
            />
            <Stat
              testId="record-proposals"
              label={t("people:record.proposals")}
              value={formatNumber(language, record.proposals_sent)}
            />
            <Stat
              testId="record-response"
              label={t("people:record.response")}
              value={
                response
                  ? t(`people:record.${response.unit}`, { count: response.value })
                  : t("people:record.noResponse")
              }
            />
          </SimpleGrid>
        </section>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t("people:sections.about")}
          </Title>
          <Text size="sm" style={{ whiteSpace: "pre-line" }} data-testid="profile-about">
            {profile.about?.trim() ? profile.about : t("people:noAbout")}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t("people:sections.details")}
          </Title>
          <Stack component="dl" gap="sm" m={0}>
            {lawyer ? (
              <>
                <Fact label={t("people:field.practiceAreas")}>
                  <Chips
                    values={(profile.practice_areas ?? []).map((v) => matchingLabel(t, "practiceArea", v))}
                  />
                </Fact>
                <Fact label={t("people:field.jurisdictions")}>
                  <Chips
                    values={(profile.jurisdictions ?? []).map((v) => matchingLabel(t, "jurisdiction", v))}
                  />
                </Fact>
              </>
            ) : null}
            <Fact label={t("people:field.languages")}>
              <Chips values={(profile.languages ?? []).map((v) => matchingLabel(t, "language", v))} />
            </Fact>
            {lawyer ? (
              <>
                {profile.visibility === "full" ? (
                  <Fact label={t("people:field.barNumber")}>
                    <span dir="ltr">{profile.bar_number || t("people:notSet")}</span>
                  </Fact>
                ) : null}
                <Fact label={t("people:field.years")}>
                  {profile.years_experience != null
                    ? t("people:yearsValue", { count: profile.years_experience })
                    : t("people:notSet")}
                </Fact>
                <Fact label={t("people:field.hourlyRate")}>
                  <span data-testid="profile-rate">
                    {profile.hourly_rate != null
                      ? t("people:rateValue", { rate: formatCurrency(language, profile.hourly_rate, "USD") })
                      : t("people:notSet")}
                  </span>
                </Fact>
              </>
            ) : null}
            {profile.visibility === "full" && profile.email ? (
              <Fact label={t("people:field.email")}>
                <Anchor href={`mailto:${profile.email}`} dir="ltr">
                  {profile.email}
                </Anchor>
              </Fact>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
