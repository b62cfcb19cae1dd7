import { Pagination, type PaginationProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

type LinkPaginationProps = {
  /** The page shown (1-based); a page past the end marks the last one. */
  page: number;
  pageCount: number;
  /** The address of a page, kept within 1…pageCount by the caller's query. */
  href: (page: number) => string;
  size?: PaginationProps["size"];
  /** The name of the navigation landmark; "Pagination" by default. */
  label?: string;
};

/**
 * Page links for a list whose page is in the address: plain links, so paging works without
 * JavaScript and any page can be shared. Labels come from the `table` namespace (spec §9).
 */
export function LinkPagination({ page, pageCount, href, size, label }: LinkPaginationProps) {
  const { t } = useTranslation("table");
  if (pageCount <= 1) return null;
  const to = (target: number) => href(Math.min(pageCount, Math.max(1, target)));
  const controls = {
    first: { page: 1, label: "pagination.firstPage" },
    last: { page: pageCount, label: "pagination.lastPage" },
    previous: { page: page - 1, label: "pagination.previousPage" },
    next: { page: page + 1, label: "pagination.nextPage" },
  } as const;
  return (
    <nav aria-label={label ?? t("pagination.label")}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        withEdges
        size={size}
        getItemProps={(item) => ({
          component: Link,
          to: to(item),
          "aria-label": t("pagination.goToPage", { page: item }),
        })}
        getControlProps={(control) => ({
          component: Link,
          to: to(controls[control].page),
          "aria-label": t(controls[control].label),
        })}
      />
    </nav>
  );
}
