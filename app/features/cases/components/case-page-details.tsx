import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { matchingLabel } from "~/features/cases/matching-labels";
import type { DateText } from "~/lib/i18n/format";
import { profilePath } from "~/lib/navigation/people-paths";
import type { CaseDetail, CasePerson } from "../queries.server";
import classes from "./case-page.module.css";

/** "You", the person's name, or the given stand-in when the database keeps the name from this viewer. */
export function personLabel(
  t: TFunction<"case-detail">,
  person: CasePerson | null,
  unknownKey: string,
): string {
  if (person?.isYou) return t("people.you");
  return person?.name ?? t(unknownKey);
}

/**
 * The person's label, linked to their profile when the reader may name them (the profile page
 * itself decides what it shows, RLS behind it).
 */
export function PersonLink({
  t,
  person,
  unknownKey,
}: {
  t: TFunction<"case-detail">;
  person: CasePerson | null;
  unknownKey: string;
}) {
  const label = personLabel(t, person, unknownKey);
  if (!person?.id || person.isYou || !person.name) return <>{label}</>;
  return (
    <Anchor component={Link} to={profilePath(person.id)} fz="inherit" fw="inherit" data-testid="person-link">
      {label}
    </Anchor>
  );
}

function DateValue({ value }: { value: DateText | null }) {
  const { t } = useTranslation("cases");
  return value ? <time dateTime={value.iso}>{value.text}</time> : t("notSet");
}

/** A label and its value, as a row of a description list. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

export function SideCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Practice area, jurisdiction, budget, court and the case's dates. */
export function CaseFacts({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  const orNotSet = (value: string | null) => value || tc("notSet");
  return (
    <SideCard title={t("sections.details")} testId="case-details">
      <dl className={classes.facts}>
        <Fact label={tc("field.practiceArea")}>{tc(`practiceArea.${detail.practiceArea}`)}</Fact>
        <Fact label={tc("field.jurisdiction")}>
          <bdi>{matchingLabel(tc, "jurisdiction", detail.jurisdiction)}</bdi>
        </Fact>
        <Fact label={tc("field.budget")}>{orNotSet(detail.budget)}</Fact>
        <Fact label={tc("field.court")}>{orNotSet(detail.courtName)}</Fact>
        <Fact label={tc("field.courtCaseNumber")}>{orNotSet(detail.courtCaseNumber)}</Fact>
        <Fact label={tc("field.created")}>
          <DateValue value={detail.created} />
        </Fact>
        <Fact label={tc("field.opened")}>
          <DateValue value={detail.opened} />
        </Fact>
        <Fact label={tc("field.neededBy")}>
          <DateValue value={detail.neededBy} />
        </Fact>
        <Fact label={tc("field.closed")}>
          <DateValue value={detail.closed} />
        </Fact>
      </dl>
    </SideCard>
  );
}

/** The client, the lead lawyer and the other side. */
export function CaseParties({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  return (
    <SideCard title={t("sections.parties")} testId="case-parties">
      <dl className={classes.facts}>
        <Fact label={tc("field.client")}>
          {detail.client ? (
            <PersonLink t={t} person={detail.client} unknownKey="people.client" />
          ) : (
            t("people.clientHidden")
          )}
        </Fact>
        <Fact label={tc("field.leadLawyer")}>
          {detail.leadLawyer ? (
            <PersonLink t={t} person={detail.leadLawyer} unknownKey="people.lawyer" />
          ) : (
            t("people.noLeadYet")
          )}
        </Fact>
        <Fact label={tc("field.opposingParty")}>
          <bdi>{detail.opposingParty || tc("notSet")}</bdi>
        </Fact>
      </dl>
    </SideCard>
  );
}

/** How to reach the client: shown only to those the database lets read it. */
export function CaseContactCard({ contact }: { contact: NonNullable<CaseDetail["contact"]> }) {
  const { t } = useTranslation("case-detail");
  return (
    <SideCard title={t("sections.contact")} testId="case-contact">
      <Stack gap={6}>
        {contact.name ? <Text fw={500}>{contact.name}</Text> : null}
        {contact.email ? (
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden />
            <Anchor href={`mailto:${contact.email}`} size="sm" className={classes.breakAnywhere}>
              {contact.email}
            </Anchor>
          </Group>
        ) : null}
        {contact.phone ? (
          <Group gap={6} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <Anchor href={`tel:${contact.phone}`} size="sm" dir="ltr">
              {contact.phone}
            </Anchor>
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {t(`contact.prefers.${contact.preferredContact}`)}
        </Text>
      </Stack>
    </SideCard>
  );
}

/** Who works on or follows the case, with their role. */
export function CaseMembers({ members }: { members: CaseDetail["members"] }) {
  const { t } = useTranslation("case-detail");
  const { t: tc } = useTranslation("cases");
  return (
    <SideCard title={t("sections.members")} testId="case-members">
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("members.none")}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.plainList}>
          {members.map(({ userId, person, role }) => (
            <Group key={userId} component="li" justify="space-between" gap="xs">
              <Text size="sm">
                <PersonLink
                  t={t}
                  person={person}
                  unknownKey={role === "client" ? "people.client" : "people.lawyer"}
                />
              </Text>
              <Badge
                variant="light"
                size="sm"
                color={role === "lead" ? "teal" : role === "client" ? "blue" : "gray"}
              >
                {tc(`memberRole.${role}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </SideCard>
  );
}
