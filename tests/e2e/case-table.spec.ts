import { expect, type Page, test } from "@playwright/test";
import { backendRows, DEMO_ACCOUNTS, signInAs, t } from "./support";

/**
 * The cases table (issue 8 point 3 and 5): sorting, filtering, paging, columns, density and the
 * CSV export are all in the address, so they work with JavaScript off and the same way with it;
 * and GET /api/case_management returns only what the caller may see.
 */

const TABLE = "/dashboard/case/table";
const label = (namespace: string, key: string) => t("en", namespace, key);

type BackendCase = { id: string; reference: string; status: string; client_id: string };

const table = (page: Page) => page.getByTestId("case-table");
const references = (page: Page) =>
  table(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-reference") ?? ""));
const headers = (page: Page) => table(page).locator("thead th").allInnerTexts();

/** Parses RFC 4180 CSV (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += c;
  }
  return rows;
}

/** Ticks some checkboxes of one folded filter group of the form. */
async function tick(page: Page, group: string, names: string[], checked = true) {
  const form = page.getByTestId("case-table-filters");
  await form.locator("summary", { hasText: group }).click();
  for (const name of names) await form.getByRole("checkbox", { name, exact: true }).setChecked(checked);
}

/** Waits until the page shows the address it is at (with JavaScript, rows can follow the URL). */
async function settled(page: Page, address: RegExp) {
  await expect(page).toHaveURL(address);
  await expect(page.getByTestId("case-table-page")).toHaveAttribute(
    "data-address",
    new URL(page.url()).search,
  );
}

/** Submits the controls' form and waits for the table of the new address. */
async function apply(page: Page, address: RegExp) {
  await page
    .getByTestId("case-table-filters")
    .getByRole("button", { name: label("table", "filter.apply") })
    .click();
  await settled(page, address);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`cases table, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sorts, filters, pages, changes columns and density, and exports what it shows", async ({
      page,
    }) => {
      // About ten page loads and an export in one journey.
      test.setTimeout(90_000);
      await signInAs(page, "lawyer", TABLE);

      // Sort by reference: the header link sorts ascending, then descending.
      const referenceHeader = table(page)
        .locator("thead")
        .getByRole("link", { name: label("cases", "field.reference") });
      await referenceHeader.click();
      await settled(page, /sort=reference&dir=asc/);
      await expect(table(page).locator('th[aria-sort="ascending"]')).toHaveAttribute(
        "data-column",
        "reference",
      );
      const ascending = await references(page);
      expect(ascending.length).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort());
      await table(page)
        .locator("thead")
        .getByRole("link", { name: label("cases", "field.reference") })
        .click();
      await settled(page, /sort=reference&dir=desc/);
      await expect(table(page).locator('th[aria-sort="descending"]')).toHaveCount(1);
      expect(await references(page)).toEqual([...ascending].sort().reverse());

      // Ten rows a page: page 2 holds the rest, in the same order.
      expect(ascending.length).toBeGreaterThan(10);
      const descending = [...ascending].reverse();
      await page
        .getByTestId("case-table-filters")
        .getByLabel(label("table", "pagination.rowsPerPage"))
        .selectOption("10");
      await apply(page, /size=10/);
      expect(await references(page)).toEqual(descending.slice(0, 10));
      await page.getByRole("link", { name: label("table", "pagination.nextPage") }).click();
      await settled(page, /page=2/);
      await expect(page.getByTestId("case-table-range")).toHaveText(
        `11–${Math.min(20, descending.length)} of ${descending.length}`,
      );
      expect(await references(page)).toEqual(descending.slice(10, 20));

      // Filter by status: the open and engaged cases this lawyer may see (every open one), sort
      // and page size kept, back to the first page.
      await tick(page, label("cases", "field.status"), [
        label("cases", "status.open"),
        label("cases", "status.engaged"),
      ]);
      await apply(page, /status=open&status=engaged/);
      await expect(page).toHaveURL(/sort=reference&dir=desc/);
      await expect(page).not.toHaveURL(/page=2/);
      await expect(
        table(page).locator('tbody [data-status]:not([data-status="open"]):not([data-status="engaged"])'),
      ).toHaveCount(0);
      const open = await backendRows<BackendCase>("cases", "select=reference&status=eq.open");
      const shown = await references(page);
      expect(shown).toEqual([...shown].sort().reverse());
      const range = (await page.getByTestId("case-table-range").textContent()) ?? "";
      const total = Number(/of (\d+)$/.exec(range)?.[1]);
      expect(total).toBeGreaterThanOrEqual(open.length);
      expect(total).toBeLessThanOrEqual(descending.length);
      expect(shown).toHaveLength(Math.min(10, total));

      // Hide budget and client, make it compact: the page goes back to the first.
      await tick(
        page,
        label("table", "columns.showHide"),
        [label("cases", "field.budget"), label("cases", "field.client")],
        false,
      );
      await page
        .getByTestId("case-table-filters")
        .getByLabel(label("table", "density.title"))
        .selectOption("compact");
      await apply(page, /density=compact/);
      await expect(page).not.toHaveURL(/page=2/);
      await expect(table(page)).toHaveAttribute("data-density", "compact");
      const visible = await headers(page);
      expect(visible).not.toContain(label("cases", "field.budget"));
      expect(visible).not.toContain(label("cases", "field.client"));
      expect(visible[0]).toBe(label("cases", "field.reference"));

      // The CSV: the same columns, and every filtered row (all pages) in the table's order.
      const href = await page.getByTestId("case-table-export").getAttribute("href");
      expect(href).toContain("status=open");
      const response = await page.request.get(href ?? "");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers()["content-disposition"]).toMatch(
        /^attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const body = await response.text();
      expect(body.startsWith("\uFEFF")).toBe(true);
      const [csvHeader, ...csvRows] = parseCsv(body.slice(1));
      expect(csvHeader).toEqual(visible);
      expect(csvRows).toHaveLength(total);
      expect(csvRows.slice(0, shown.length).map((row) => row[0])).toEqual(shown);
      for (const row of open) expect(csvRows.map((cells) => cells[0])).toContain(row.reference);
      const firstRow = table(page).locator("tbody tr").first();
      const cells = await firstRow
        .locator("th, td")
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
      // The page isolates formatted values for right to left (invisible marks); the CSV does not.
      expect(csvRows[0]?.map((cell) => cell || "—")).toEqual(
        cells.map((cell) => cell.replace(/[\u2066-\u2069]/g, "").trim()),
      );

      // Search, in any letter case: a reference typed in lower case finds that case alone.
      const wanted = shown[0] ?? "";
      await page.getByTestId("case-table-filters").getByRole("searchbox").fill(wanted.toLowerCase());
      await apply(page, new RegExp(`q=${wanted.toLowerCase()}`));
      expect(await references(page)).toEqual([wanted]);
      await expect(page.getByTestId("case-table-range")).toHaveText("1–1 of 1");
    });
  });
}

/** How the table sits in the page at a viewport width: what overflows, what scrolls, what shows. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const sheet = document.querySelector('[data-testid="case-table-scroll"]')?.parentElement;
    const scroll = document.querySelector<HTMLElement>('[data-testid="case-table-scroll"]');
    const tableElement = document.querySelector<HTMLElement>('[data-testid="case-table"]');
    if (!sheet || !scroll || !tableElement) throw new Error("no table");
    const shown = [...tableElement.querySelectorAll<HTMLElement>("thead th")].filter(
      (th) => th.getBoundingClientRect().width > 0,
    );
    const sheetBox = sheet.getBoundingClientRect();
    const style = getComputedStyle(scroll);
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      tableOverflow: tableElement.getBoundingClientRect().width - sheetBox.width,
      lastColumnEnd: Math.max(...shown.map((th) => th.getBoundingClientRect().right)),
      viewportWidth: window.innerWidth,
      sheetEnd: sheetBox.right,
      scrollBox: ["auto", "scroll"].includes(style.overflowY) || ["auto", "scroll"].includes(style.overflowX),
      columns: shown.map((th) => th.dataset.column),
      firstRowTop: tableElement.querySelector("tbody tr")?.getBoundingClientRect().top ?? Number.NaN,
    };
  });
}

test.describe("the cases table fits the page (issue 18 item 10)", () => {
  for (const width of [1440, 1280, 390]) {
    test(`at ${width} px: no inner scroll box, every shown column on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await signInAs(page, "lawyer", TABLE);
      const box = await layout(page);
      expect(box.scrollBox, "the table scrolls in a box of its own").toBe(false);
      expect(box.pageOverflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
      expect(box.tableOverflow, "the table is wider than its sheet").toBeLessThanOrEqual(0.5);
      expect(box.lastColumnEnd).toBeLessThanOrEqual(Math.min(box.viewportWidth, box.sheetEnd) + 0.5);
      expect(box.columns.slice(0, 3)).toEqual(["reference", "title", "status"]);
      if (width === 1440) expect(box.columns.length).toBeGreaterThanOrEqual(8);
      if (width === 390) {
        // The filters fold away: the first rows are on the first screen, and open on demand.
        const more = page.getByTestId("case-table-more-filters");
        await expect(more).not.toHaveAttribute("open");
        await expect(
          page.getByTestId("case-table-filters").getByLabel(label("table", "density.title")),
        ).toBeHidden();
        expect(box.firstRowTop).toBeLessThan(844);
        await more.locator("summary").first().click();
        await expect(
          page.getByTestId("case-table-filters").getByLabel(label("table", "density.title")),
        ).toBeVisible();
      }
    });
  }

  test("opening one filter group leaves its neighbours their height", async ({ page }) => {
    await signInAs(page, "lawyer", TABLE);
    const form = page.getByTestId("case-table-filters");
    const neighbour = form.locator("details details", {
      has: page.locator("summary", { hasText: label("cases", "field.priority") }),
    });
    const before = (await neighbour.boundingBox())?.height ?? 0;
    await form.locator("summary", { hasText: label("cases", "field.practiceArea") }).click();
    await expect(form.getByRole("checkbox", { name: label("cases", "practiceArea.family") })).toBeVisible();
    expect((await neighbour.boundingBox())?.height ?? 0).toBeCloseTo(before, 0);
  });
});

/**
 * Where two parts of an element's text are drawn, left to right: the x of the first character of
 * each (a Range over the text nodes, as the browser laid them out).
 */
async function textPositions(page: Page, selector: string, parts: string[]): Promise<number[]> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const xs: number[] = [];
      for (const part of wanted) {
        walker.currentNode = element;
        let x = Number.NaN;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const index = node.textContent?.indexOf(part) ?? -1;
          if (index < 0) continue;
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          x = range.getBoundingClientRect().left;
          break;
        }
        xs.push(x);
      }
      return xs;
    }, parts);
}

test.describe("formatted values keep their order right to left (issue 18 item 11)", () => {
  type Budget = { reference: string; budget_min: number; budget_max: number };
  for (const [name, lng, settings] of [
    ["English in the right-to-left layout", "en", '{"direction":"rtl"}'],
    ["Arabic", "ar", "{}"],
  ] as const) {
    test(name, async ({ page, context, baseURL }) => {
      await context.addCookies([
        { name: "app-settings", value: encodeURIComponent(settings), url: baseURL ?? "" },
        { name: "i18next", value: lng, url: baseURL ?? "" },
      ]);
      const [row] = await backendRows<Budget>(
        "cases",
        `select=reference,budget_min,budget_max&reference=eq.CASE-2026-0003`,
      );
      expect(row && row.budget_min < row.budget_max).toBe(true);
      // Reference and budget alone: the range has the room to stay on one line.
      await signInAs(page, "client", `${TABLE}?q=${row?.reference}&cols=reference&cols=budget`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const cell = `tr[data-reference="${row?.reference}"] td[data-column="budget"]`;
      const digits = (n: number) => n.toLocaleString("en-US");
      const [low, high] = await textPositions(page, cell, [
        digits(row?.budget_min ?? 0),
        digits(row?.budget_max ?? 0),
      ]);
      expect(Number.isNaN(low) || Number.isNaN(high)).toBe(false);
      if (lng === "en") {
        // "$2,000 – $6,000" reads left to right, lowest first, whatever the page's direction.
        expect(low).toBeLessThan(high ?? 0);
      } else {
        // Arabic reads right to left: the lower bound comes first, on the right.
        expect(low).toBeGreaterThan(high ?? 0);
      }
    });
  }
});

test.describe("GET /api/case_management", () => {
  test("401 without a session", async ({ request }) => {
    const response = await request.get("/api/case_management");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ error: "User not authenticated" });
  });

  test("a client gets their own cases only, paginated, and the endpoint is read-only", async ({ page }) => {
    await signInAs(page, "client");
    const client = DEMO_ACCOUNTS.client;
    const own = await backendRows<BackendCase>("cases", `select=id&client_id=eq.${client.id}`);
    expect(own.length).toBeGreaterThan(0);

    const response = await page.request.get("/api/case_management?size=10&sort=reference&dir=asc");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      cases: BackendCase[];
      page: number;
      size: number;
      total: number;
    };
    expect(body).toMatchObject({ page: 1, size: 10, total: own.length });
    expect(body.cases).toHaveLength(Math.min(10, own.length));
    expect(body.cases.every((row) => row.client_id === client.id)).toBe(true);
    const refs = body.cases.map((row) => row.reference);
    expect(refs).toEqual([...refs].sort());

    // A page past the end: no cases, and the real total.
    const past = await page.request.get("/api/case_management?size=100&page=5");
    expect(await past.json()).toMatchObject({ cases: [], page: 5, size: 100, total: own.length });

    // Parameters it does not understand are dropped, never an error.
    const odd = await page.request.get("/api/case_management?page=-1&size=7&sort=password&status=bogus");
    expect(odd.status()).toBe(200);
    expect(await odd.json()).toMatchObject({ page: 1, size: 25, total: own.length });

    const draftsResponse = await page.request.get("/api/case_management?status=draft&size=100");
    const drafts = (await draftsResponse.json()) as { cases: BackendCase[] };
    expect(drafts.cases.every((row) => row.status === "draft" && row.client_id === client.id)).toBe(true);

    const post = await page.request.post("/api/case_management", { form: { status: "open" } });
    expect(post.status()).toBe(405);
  });
});
