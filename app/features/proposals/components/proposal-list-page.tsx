import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconFileOff, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { LinkPagination } from "~/components/link-pagination";
import { PageTitle } from "~/components/page-title";
import { PROPOSAL_SEARCH_MAX, type ProposalListParams, proposalListSearch } from "../list-params";
import { FEE_TYPES, PROPOSAL_STATUSES, proposalPaths } from "../proposals";
import type { ProposalListItem } from "../views";
import { ProposalCard } from "./proposal-card";

type ProposalListPageProps = {
  params: ProposalListParams;
  items: ProposalListItem[];
  total: number;
  pageCount: number;
  /** A lawyer's way to the marketplace; clients have none. */
  findCasesHref: string | null;
};

/**
 * The proposal list: filters in a GET form and page links, so the whole state is in the URL and
 * it all works without JavaScript. RLS decides whose proposals these are.
 */
export function ProposalListPage({ params, items, total, pageCount, findCasesHref }: ProposalListPageProps) {
  const { t } = useTranslation(["proposals", "cases"]);
  const pageHref = (page: number) => `${proposalPaths.list}${proposalListSearch({ ...params, page })}`;
  const filtered = params.status !== null || params.feeType !== null || params.q !== "";
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <PageTitle title={t("list.title")} description={t("list.description")} />
        {findCasesHref ? (
          <Button component={Link} to={findCasesHref} variant="light">
            {t("overview.findCases")}
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Form method="get" action={proposalPaths.list} role="search" aria-label={t("list.filters")}>
          <Group align="flex-end" gap="sm">
            <TextInput
              name="q"
              type="search"
              defaultValue={params.q}
              maxLength={PROPOSAL_SEARCH_MAX}
              label={t("list.search")}
              placeholder={t("list.searchPlaceholder")}
              leftSection={<IconSearch size={16} aria-hidden />}
              style={{ flex: "1 1 14rem" }}
            />
            <NativeSelect
              name="status"
              defaultValue={params.status ?? ""}
              label={t("list.status")}
              data={[
                { value: "", label: t("list.anyStatus") },
                ...PROPOSAL_STATUSES.map((status) => ({
                  value: status,
                  label: t(`cases:proposalStatus.${status}`),
                })),
              ]}
              style={{ flex: "1 1 9rem" }}
            />
            <NativeSelect
              name="fee"
              defaultValue={params.feeType ?? ""}
              label={t("list.feeType")}
              data={[
                { value: "", label: t("list.anyFeeType") },
                ...FEE_TYPES.map((type) => ({ value: type, label: t(`cases:feeType.${type}`) })),
              ]}
              style={{ flex: "1 1 9rem" }}
            />
            <Group gap="xs">
              <Button type="submit">{t("list.apply")}</Button>
              {filtered ? (
                <Button component={Link} to={proposalPaths.list} variant="subtle">
                  {t("list.clear")}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Form>
      </Paper>

      <Text size="sm" c="dimmed" role="status" data-testid="proposal-total">
        {t("list.total", { count: total })}
      </Text>

      {items.length === 0 ? (
        <Paper withBorder radius="md">
          <Stack align="center" gap="xs" py={56}>
            <IconFileOff size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed">
              {total > 0 ? t("list.pastEnd") : filtered ? t("list.noMatch") : t("list.empty")}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="proposal-list">
          {items.map((item) => (
            <ProposalCard key={item.id} item={item} />
          ))}
        </Stack>
      )}

      <Group justify="center">
        <LinkPagination page={params.page} pageCount={pageCount} href={pageHref} />
      </Group>
    </Stack>
  );
}
