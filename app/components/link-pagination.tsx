import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { getLanguageOption } from "~/lib/i18n/languages";
import classes from "./link-pagination.module.css";

type LinkPaginationProps = {
  /** The page shown (1-based); a page past the end marks the last one. */
  page: number;
  pageCount: number;
  /** The address of a page, kept within 1…pageCount by the caller's query. */
  href: (page: number) => string;
  /** The controls' size, as Mantine's Pagination sizes them. */
  size?: "sm" | "md";
  /** The name of the navigation landmark; "Pagination" by default. */
  label?: string;
};

/**
 * The pages to show, as Mantine's Pagination shows them (one sibling on each side of the page
 * shown, the first and the last page, "dots" for the gaps): all of them up to 7.
 */
export function pageItems(page: number, pageCount: number): (number | "dots")[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pageCount <= 7) return range(1, pageCount);
  const left = Math.max(page - 1, 1);
  const right = Math.min(page + 1, pageCount - 1);
  const leftDots = left > 3;
  const rightDots = right < pageCount - 2;
  if (!leftDots && rightDots) return [...range(1, 5), "dots", pageCount];
  if (leftDots && !rightDots) return [1, "dots", ...range(pageCount - 4, pageCount)];
  return [1, "dots", ...range(left, right), "dots", pageCount];
}

/** Mantine's Pagination icons (16 px, the chevrons turned in a right-to-left page). */
const ICON_PATHS = {
  first:
    "M6.85355 3.85355C7.04882 3.65829 7.04882 3.34171 6.85355 3.14645C6.65829 2.95118 6.34171 2.95118 6.14645 3.14645L2.14645 7.14645C1.95118 7.34171 1.95118 7.65829 2.14645 7.85355L6.14645 11.8536C6.34171 12.0488 6.65829 12.0488 6.85355 11.8536C7.04882 11.6583 7.04882 11.3417 6.85355 11.1464L3.20711 7.5L6.85355 3.85355ZM12.8536 3.85355C13.0488 3.65829 13.0488 3.34171 12.8536 3.14645C12.6583 2.95118 12.3417 2.95118 12.1464 3.14645L8.14645 7.14645C7.95118 7.34171 7.95118 7.65829 8.14645 7.85355L12.1464 11.8536C12.3417 12.0488 12.6583 12.0488 12.8536 11.8536C13.0488 11.6583 13.0488 11.3417 12.8536 11.1464L9.20711 7.5L12.8536 3.85355Z",
  previous: "M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z",
  next: "M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z",
  last: "M2.14645 11.1464C1.95118 11.3417 1.95118 11.6583 2.14645 11.8536C2.34171 12.0488 2.65829 12.0488 2.85355 11.8536L6.85355 7.85355C7.04882 7.65829 7.04882 7.34171 6.85355 7.14645L2.85355 3.14645C2.65829 2.95118 2.34171 2.95118 2.14645 3.14645C1.95118 3.34171 1.95118 3.65829 2.14645 3.85355L5.79289 7.5L2.14645 11.1464ZM8.14645 11.1464C7.95118 11.3417 7.95118 11.6583 8.14645 11.8536C8.34171 12.0488 8.65829 12.0488 8.85355 11.8536L12.8536 7.85355C13.0488 7.65829 13.0488 7.34171 12.8536 7.14645L8.85355 3.14645C8.65829 2.95118 8.34171 2.95118 8.14645 3.14645C7.95118 3.34171 7.95118 3.65829 8.14645 3.85355L11.7929 7.5L8.14645 11.1464Z",
} as const;

function Chevron({ control }: { control: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 16 16" className={classes.icon} aria-hidden>
      <path d={ICON_PATHS[control]} fill="currentColor" />
    </svg>
  );
}

/**
 * Page links for a list whose page is in the address: plain links, so paging works without
 * JavaScript and any page can be shared. Labels come from the `table` namespace (spec §9). Drawn
 * as Mantine's Pagination with edges, in plain elements (link-pagination.module.css): Mantine's
 * Pagination is 3 KiB of gzipped JavaScript for what links and CSS do (ADR 0019). A control that
 * leads nowhere (previous on the first page) is drawn dimmed and is not a link: there is nothing to
 * focus or announce.
 */
export function LinkPagination({ page, pageCount, href, size = "md", label }: LinkPaginationProps) {
  const { t } = useTranslation("table");
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(page, 1), pageCount);
  const control = (target: number, content: ReactNode, name: string, key: string) =>
    target === current || target < 1 || target > pageCount ? (
      <span key={key} className={classes.control} data-disabled aria-hidden="true">
        {content}
      </span>
    ) : (
      <Link key={key} to={href(target)} className={classes.control} aria-label={name}>
        {content}
      </Link>
    );
  return (
    <nav aria-label={label ?? t("pagination.label")} className={classes.root} data-size={size}>
      {control(1, <Chevron control="first" />, t("pagination.firstPage"), "first")}
      {control(current - 1, <Chevron control="previous" />, t("pagination.previousPage"), "previous")}
      {pageItems(current, pageCount).map((item, index) =>
        item === "dots" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two gaps are told apart by their place
          <span key={`dots-${index}`} className={classes.dots} aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={item}
            to={href(item)}
            className={classes.control}
            aria-label={t("pagination.goToPage", { page: item })}
            aria-current={item === current ? "page" : undefined}
            data-active={item === current || undefined}
          >
            {item}
          </Link>
        ),
      )}
      {control(current + 1, <Chevron control="next" />, t("pagination.nextPage"), "next")}
      {control(pageCount, <Chevron control="last" />, t("pagination.lastPage"), "last")}
    </nav>
  );
}

type PaginationFooterProps = {
  /** The page shown (1-based) and how many rows a page holds, as the list's query has them. */
  query: { page: number; size: number };
  pageCount: number;
  /** All the rows the filters match, and how many of them this page shows. */
  total: number;
  shown: number;
  href: (page: number) => string;
  /** The test id of the "rows x–y of n" sentence (and of the footer itself, where a test needs it). */
  rangeTestId: string;
  testId?: string;
};

/**
 * The footer of a paged table or list: "26–50 of 120" and the page links (plain links, so paging
 * works without JavaScript). Hidden when printing: a printout is the rows alone.
 */
export function PaginationFooter({
  query: { page, size },
  pageCount,
  total,
  shown,
  href,
  rangeTestId,
  testId,
}: PaginationFooterProps) {
  const { t, i18n } = useTranslation("table");
  const from = shown === 0 ? 0 : (page - 1) * size + 1;
  return (
    <Group justify="space-between" gap="sm" className={classes.footer} data-testid={testId}>
      {/* The sentence keeps its language's direction, so "1–25 of 40" stays in order in any layout. */}
      <Text size="sm" c="dimmed" data-testid={rangeTestId} dir={getLanguageOption(i18n.language).dir}>
        {t("pagination.displayedRows", { from, to: from === 0 ? 0 : from + shown - 1, count: total })}
      </Text>
      <LinkPagination page={page} pageCount={pageCount} href={href} size="sm" />
    </Group>
  );
}
