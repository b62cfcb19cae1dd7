// @vitest-environment jsdom
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import arTable from "../../locales/ar/table.json";
import enTable from "../../locales/en/table.json";
import { PaginationFooter, pageItems } from "./link-pagination";
import { renderOnServer } from "./render-on-server.testing";

async function render(
  lng: "en" | "ar",
  props: { page: number; total: number; shown: number; testId?: string },
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    ns: ["table"],
    resources: { en: { table: enTable }, ar: { table: arTable } },
    initAsync: false,
  });
  return renderOnServer(
    <PaginationFooter
      query={{ page: props.page, size: 25 }}
      pageCount={Math.ceil(props.total / 25)}
      total={props.total}
      shown={props.shown}
      href={(page) => `/rows?page=${page}`}
      rangeTestId="rows-range"
      testId={props.testId}
    />,
    i18n,
  );
}

describe("PaginationFooter (the case table's, the directory's and the task table's footer)", () => {
  it("says which rows the page shows and links every page", async () => {
    const doc = await render("en", { page: 2, total: 60, shown: 25, testId: "rows-footer" });
    const range = doc.querySelector('[data-testid="rows-range"]');
    expect(range?.textContent).toBe("26–50 of 60");
    expect(range?.getAttribute("dir")).toBe("ltr");
    expect(doc.querySelector('[data-testid="rows-footer"]')?.contains(range ?? null)).toBe(true);
    const links = [...doc.querySelectorAll("nav a")].map((link) => link.getAttribute("href"));
    expect(links).toEqual([
      "/rows?page=1",
      "/rows?page=1",
      "/rows?page=1",
      "/rows?page=2",
      "/rows?page=3",
      "/rows?page=3",
      "/rows?page=3",
    ]);
    expect(doc.querySelector('nav a[aria-current="page"]')?.textContent).toBe("2");
  });

  it("counts the last, short page to its last row, in the page's language and direction", async () => {
    const doc = await render("ar", { page: 3, total: 60, shown: 10 });
    const range = doc.querySelector('[data-testid="rows-range"]');
    expect(range?.getAttribute("dir")).toBe("rtl");
    expect(range?.textContent).toBe(
      arTable.pagination.displayedRows
        .replace("{{from}}", "51")
        .replace("{{to}}", "60")
        .replace("{{count}}", "60"),
    );
  });

  it("shows the range without links when one page holds every row", async () => {
    const doc = await render("en", { page: 1, total: 3, shown: 3 });
    expect(doc.querySelector('[data-testid="rows-range"]')?.textContent).toBe("1–3 of 3");
    expect(doc.querySelector("nav")).toBeNull();
  });
});

describe("pageItems (Mantine Pagination's pages: one sibling, one boundary)", () => {
  it("lists every page up to seven", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("folds the end near the start, the start near the end, and both in the middle", () => {
    expect(pageItems(1, 400)).toEqual([1, 2, 3, 4, 5, "dots", 400]);
    expect(pageItems(4, 400)).toEqual([1, 2, 3, 4, 5, "dots", 400]);
    expect(pageItems(5, 400)).toEqual([1, "dots", 4, 5, 6, "dots", 400]);
    expect(pageItems(150, 400)).toEqual([1, "dots", 149, 150, 151, "dots", 400]);
    expect(pageItems(397, 400)).toEqual([1, "dots", 396, 397, 398, 399, 400]);
    expect(pageItems(400, 400)).toEqual([1, "dots", 396, 397, 398, 399, 400]);
  });
});
