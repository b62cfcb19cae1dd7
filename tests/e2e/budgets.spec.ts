import { expect, test } from "@playwright/test";
import { AssetSizer, byteBudgetFailures, formatKiB } from "../../scripts/bench/assets";
import {
  BUDGETED_PAGES,
  ciBudgetOf,
  type DemoAccountName,
  HOME_REQUESTS_BUDGET,
  pathOf,
} from "../../scripts/bench/budgets";
import { type CookieJar, signInWithForm } from "../../scripts/bench/sign-in";
import { MODULE_AFTER_PAINT_TYPE, PRELOAD_AFTER_PAINT_REL } from "../../scripts/scripts-after-first-paint";
import { backendRows, DEMO_ACCOUNTS, DEMO_PASSWORD, signInWith } from "./support";

/**
 * The byte budgets of issue 20 (scripts/bench/budgets.ts), checked on the production build: for
 * every budgeted page, the JavaScript and CSS a first visit downloads, read from the page's HTML
 * and gzip-sized the way `npm run bench` does (scripts/bench/assets.ts), and the number of
 * render-blocking stylesheets. Bytes, not time, so the check gives the same answer on any machine;
 * a page over budget fails with its files, largest first. Server time, Lighthouse and LCP are
 * noisy and stay in `npm run bench`.
 */

/** One session per account and worker, signed in by the form as a browser without JavaScript does. */
const sessions = new Map<DemoAccountName, Promise<CookieJar>>();
function sessionOf(origin: string, account: DemoAccountName): Promise<CookieJar> {
  let session = sessions.get(account);
  if (!session) {
    session = signInWithForm(origin, { email: DEMO_ACCOUNTS[account].email, password: DEMO_PASSWORD });
    sessions.set(account, session);
  }
  return session;
}

/** A case the admin sees (every case), for the case page. */
let caseId: Promise<string> | undefined;
function aCaseId(): Promise<string> {
  caseId ??= backendRows<{ id: string }>("cases", "select=id&order=created_at.asc&limit=1").then(([row]) => {
    if (!row) throw new Error("the backend has no case for the case page");
    return row.id;
  });
  return caseId;
}

test.describe("first-visit bytes within budget", () => {
  for (const page of BUDGETED_PAGES.filter((page) => !page.serverTimeOnly)) {
    test(`${page.path}${page.account ? ` (${page.account})` : ""}`, async ({ baseURL }) => {
      const origin = new URL(baseURL ?? "").origin;
      const session = page.account ? await sessionOf(origin, page.account) : undefined;
      const fetchWithSession = (url: string) =>
        fetch(url, { headers: session ? { Cookie: session.header } : {}, redirect: "manual" });
      const path = page.path.includes("{caseId}") ? pathOf(page, { caseId: await aCaseId() }) : page.path;

      const response = await fetchWithSession(`${origin}${path}`);
      expect(response.status, `${path} as ${page.account ?? "a visitor"}`).toBe(page.status ?? 200);
      const html = await response.text();
      const visit = await new AssetSizer(fetchWithSession).firstVisit(
        html,
        response.url || `${origin}${path}`,
      );
      test.info().annotations.push({
        type: "first visit",
        description:
          `JS ${formatKiB(visit.jsGzipBytes)} in ${visit.js.length} files` +
          `${page.budget.jsGzipBytes === undefined ? "" : ` (goal ${formatKiB(page.budget.jsGzipBytes)})`}, ` +
          `CSS ${formatKiB(visit.cssGzipBytes)} in ${visit.cssFiles} render-blocking files`,
      });
      expect(byteBudgetFailures(visit, ciBudgetOf(page)).join("\n"), `${path} over its byte budget`).toBe("");
    });
  }
});

test(`a first visit to home makes at most ${HOME_REQUESTS_BUDGET} requests`, async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.resourceType()} ${request.url()}`));
  await page.goto("/", { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  expect(requests.length, `home requested:\n${requests.join("\n")}`).toBeLessThanOrEqual(
    HOME_REQUESTS_BUDGET,
  );
});

test("a hydrating page starts its scripts after its first paint, then hydrates", async ({
  baseURL,
  page,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const session = await sessionOf(origin, "client");
  const html = await (await fetch(`${origin}/dashboard`, { headers: { Cookie: session.header } })).text();
  // Its HTML names its modules only in their inert form: the browser fetches none while it parses.
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(links.filter((tag) => tag.includes('rel="modulepreload"'))).toEqual([]);
  expect(scripts.filter((tag) => tag.includes('type="module"'))).toEqual([]);
  expect(links.filter((tag) => tag.includes(`rel="${PRELOAD_AFTER_PAINT_REL}"`)).length).toBeGreaterThan(3);
  expect(scripts.filter((tag) => tag.includes(`type="${MODULE_AFTER_PAINT_TYPE}"`))).toHaveLength(1);

  // In a browser, every script is requested after the first paint, and the page hydrates.
  await signInWith(page, DEMO_ACCOUNTS.client.email);
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timings.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(timings.firstPaint);
  await expect(page.locator('link[rel="modulepreload"]')).not.toHaveCount(0);
});
