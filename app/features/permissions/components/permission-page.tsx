import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PendingForm } from "~/components/form/pending-form";
import { LinkPagination } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import { ACCESS_LEVELS, type AccessLevel } from "~/lib/access";
import type { DateText } from "~/lib/i18n/format";
import type { AccessMatrixRow } from "../access-matrix";
import {
  HISTORY_PAGE_SIZE,
  NO_FIRM,
  PEOPLE_PAGE_SIZE,
  type PermissionQuery,
  pageCountOf,
  permissionSearch,
} from "../permission-query";
import type { AccessChangeRow, Firm, PermissionPerson } from "../queries.server";
import classes from "./permission-page.module.css";

const PATH = "/dashboard/permission";

type PermissionPageProps = {
  me: { id: string; accessLevel: AccessLevel };
  query: PermissionQuery;
  people: { rows: PermissionPerson[]; total: number };
  history: { rows: (AccessChangeRow & { when: DateText | null })[]; total: number };
  firms: Firm[];
  changing: PermissionPerson | null;
  managedLevels: AccessLevel[];
  matrix: AccessMatrixRow[];
};

function nameOf(person: { name: string; email: string | null }): string {
  return person.name || person.email || "—";
}

/**
 * /dashboard/permission (issue 21, item 6; ADR 0025): every person with their level and firm,
 * searched and paged in the address; a change is chosen with a GET form and confirmed on the page
 * (`?change=`), then posted, so all of it works without JavaScript; what each level may do, from
 * `~/lib/access`; and the record of changes, newest first.
 */
export function PermissionPage(props: PermissionPageProps) {
  const { t } = useTranslation("permissions");
  return (
    <Stack gap="lg" className={classes.page} data-testid="permission-page">
      <PageTitle title={t("title")} description={t("description")} />
      {props.changing && props.query.change ? (
        <ConfirmChange {...props} person={props.changing} change={props.query.change} />
      ) : null}
      <People {...props} />
      <Matrix matrix={props.matrix} />
      <History {...props} />
    </Stack>
  );
}

function ConfirmChange({
  query,
  person,
  change,
  firms,
}: PermissionPageProps & { person: PermissionPerson; change: NonNullable<PermissionQuery["change"]> }) {
  const { t } = useTranslation("permissions");
  const firmName = (id: string) =>
    id === NO_FIRM ? t("noFirm") : (firms.find((firm) => firm.id === id)?.name ?? t("unknownFirm"));
  const levelName = (level: string) =>
    (ACCESS_LEVELS as readonly string[]).includes(level) ? t(`levels.${level}`) : level;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="permission-confirm-title"
      withBorder
      shadow="md"
      p="md"
      maw={560}
      data-testid="permission-confirm"
    >
      <Text fw={700} id="permission-confirm-title">
        {t("confirm.title", { name: nameOf(person) })}
      </Text>
      <Text size="sm" mt={4}>
        {t("confirm.level", { from: t(`levels.${person.accessLevel}`), to: levelName(change.level) })}
      </Text>
      <Text size="sm">
        {t("confirm.firm", { from: person.firmName ?? t("noFirm"), to: firmName(change.firm) })}
      </Text>
      <PendingForm method="post" action={`${PATH}${permissionSearch(query)}`}>
        <input type="hidden" name="userId" value={person.id} />
        <input type="hidden" name="accessLevel" value={change.level} />
        <input type="hidden" name="lawFirm" value={change.firm} />
        <Group justify="flex-end" mt="md" gap="xs">
          <Button component={Link} to={`${PATH}${permissionSearch(query)}`} variant="default">
            {t("confirm.cancel")}
          </Button>
          <Button type="submit" data-testid="permission-confirm-submit">
            {t("confirm.submit")}
          </Button>
        </Group>
      </PendingForm>
    </Paper>
  );
}

function People({ me, query, people, firms, managedLevels }: PermissionPageProps) {
  const { t } = useTranslation("permissions");
  const pageCount = pageCountOf(people.total, PEOPLE_PAGE_SIZE);
  return (
    <Paper withBorder radius="md" p="md" className={classes.sheet}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("people.title")}
        </Title>
        <Form method="get" action={PATH} role="search">
          <Group gap="xs" align="flex-end">
            <TextInput
              name="q"
              type="search"
              defaultValue={query.q}
              label={t("people.search")}
              placeholder={t("people.searchPlaceholder")}
              maxLength={100}
              style={{ flex: "1 1 16rem" }}
            />
            <Button type="submit" variant="default">
              {t("people.searchSubmit")}
            </Button>
          </Group>
        </Form>
        {people.rows.length === 0 ? (
          <Text c="dimmed" data-testid="permission-people-empty">
            {t("people.empty")}
          </Text>
        ) : (
          <div className={classes.scroll}>
            <table className={classes.table} data-testid="permission-people" aria-label={t("people.title")}>
              <thead>
                <tr>
                  <th scope="col">{t("people.name")}</th>
                  <th scope="col">{t("people.email")}</th>
                  <th scope="col">{t("people.level")}</th>
                  <th scope="col">{t("people.firm")}</th>
                  <th scope="col">{t("people.change")}</th>
                </tr>
              </thead>
              <tbody>
                {people.rows.map((person) => (
                  <tr key={person.id} data-email={person.email ?? undefined}>
                    <td>
                      <bdi>{nameOf(person)}</bdi>
                    </td>
                    <td>
                      <bdi>{person.email}</bdi>
                    </td>
                    <td data-testid="permission-level">{t(`levels.${person.accessLevel}`)}</td>
                    <td>
                      <bdi>{person.firmName ?? t("noFirm")}</bdi>
                    </td>
                    <td>
                      {person.id === me.id ? (
                        <Text size="xs" c="dimmed">
                          {t("people.self")}
                        </Text>
                      ) : managedLevels.includes(person.accessLevel) ? (
                        <ChangeForm query={query} person={person} firms={firms} levels={managedLevels} />
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t("people.superUserOnly")}
                        </Text>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="permission-people-total">
            {t("people.total", { count: people.total })}
          </Text>
          <LinkPagination
            page={query.page}
            pageCount={pageCount}
            href={(page) => `${PATH}${permissionSearch(query, { page })}`}
            size="sm"
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** Picks a level and a firm; its GET opens the confirmation (nothing is written yet). */
function ChangeForm({
  query,
  person,
  firms,
  levels,
}: {
  query: PermissionQuery;
  person: PermissionPerson;
  firms: Firm[];
  levels: AccessLevel[];
}) {
  const { t } = useTranslation("permissions");
  const who = nameOf(person);
  return (
    <Form method="get" action={PATH} className={classes.changeForm} data-testid="permission-change-form">
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.page > 1 ? <input type="hidden" name="page" value={query.page} /> : null}
      <input type="hidden" name="change" value={person.id} />
      <NativeSelect
        name="level"
        size="xs"
        aria-label={t("people.levelOf", { name: who })}
        defaultValue={person.accessLevel}
        data={levels.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
      />
      <NativeSelect
        name="firm"
        size="xs"
        aria-label={t("people.firmOf", { name: who })}
        defaultValue={person.lawFirm ?? NO_FIRM}
        data={[
          { value: NO_FIRM, label: t("noFirm") },
          ...firms.map((firm) => ({ value: firm.id, label: firm.name })),
        ]}
      />
      <Button type="submit" size="xs" variant="light">
        {t("people.changeSubmit")}
      </Button>
    </Form>
  );
}

function Matrix({ matrix }: { matrix: AccessMatrixRow[] }) {
  const { t } = useTranslation("permissions");
  return (
    <Paper withBorder radius="md" p="md" className={classes.sheet}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("matrix.title")}
        </Title>
        <div className={classes.scroll}>
          <table className={`${classes.table} ${classes.matrix}`} data-testid="permission-matrix">
            <thead>
              <tr>
                <th scope="col">{t("matrix.ability")}</th>
                {ACCESS_LEVELS.map((level) => (
                  <th scope="col" key={level}>
                    {t(`levels.${level}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.map((row) => (
                <tr key={row.ability} data-ability={row.ability}>
                  <th scope="row">{t(`abilities.${row.ability}`)}</th>
                  {ACCESS_LEVELS.map((level) => (
                    <td key={level} data-level={level} data-allowed={row.allowed[level]}>
                      {row.allowed[level] ? (
                        <span className={classes.yes}>
                          ✓<span className="visually-hidden"> {t("matrix.yes")}</span>
                        </span>
                      ) : (
                        <span className={classes.no}>
                          –<span className="visually-hidden"> {t("matrix.no")}</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Stack>
    </Paper>
  );
}

function History({ query, history }: PermissionPageProps) {
  const { t } = useTranslation("permissions");
  const pageCount = pageCountOf(history.total, HISTORY_PAGE_SIZE);
  return (
    <Paper withBorder radius="md" p="md" className={classes.sheet}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("history.title")}
        </Title>
        {history.rows.length === 0 ? (
          <Text c="dimmed">{t("history.empty")}</Text>
        ) : (
          <div className={classes.scroll}>
            <table className={classes.table} data-testid="permission-history" aria-label={t("history.title")}>
              <thead>
                <tr>
                  <th scope="col">{t("history.when")}</th>
                  <th scope="col">{t("history.who")}</th>
                  <th scope="col">{t("history.whom")}</th>
                  <th scope="col">{t("history.level")}</th>
                  <th scope="col">{t("history.firm")}</th>
                </tr>
              </thead>
              <tbody>
                {history.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.when ? <time dateTime={row.when.iso}>{row.when.text}</time> : null}</td>
                    <td>
                      <bdi>{row.changedByName ?? t("history.system")}</bdi>
                    </td>
                    <td>
                      <bdi>{row.userName}</bdi>
                    </td>
                    <td>
                      {row.fromLevel === row.toLevel
                        ? t(`levels.${row.toLevel}`)
                        : t("history.fromTo", {
                            from: t(`levels.${row.fromLevel}`),
                            to: t(`levels.${row.toLevel}`),
                          })}
                    </td>
                    <td>
                      {row.fromFirm === row.toFirm ? (
                        <bdi>{row.toFirm ?? t("noFirm")}</bdi>
                      ) : (
                        t("history.fromTo", {
                          from: row.fromFirm ?? t("noFirm"),
                          to: row.toFirm ?? t("noFirm"),
                        })
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LinkPagination
          page={query.history}
          pageCount={pageCount}
          href={(page) => `${PATH}${permissionSearch(query, { history: page })}`}
          size="sm"
          label={t("history.pagination")}
        />
      </Stack>
    </Paper>
  );
}
