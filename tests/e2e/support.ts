import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../../app/lib/database";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../fixtures/accounts";
import { type AccessLevel, factories } from "../fixtures/factories";

/** Flags for Debian's Chromium on these machines (architecture §4), shared with the bench. */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/bench/chromium";
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../fixtures/accounts";

export interface PublicRoute {
  path: string;
  /** HTTP status of the page itself. */
  status: number;
  /** Pages with the public header (desktop nav, mobile drawer) rather than the compact layout. */
  layout: "main" | "compact";
}

/** Every public page of spec §2 "Public and roots". Later issues add their own lists. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: "/", status: 200, layout: "main" },
  { path: "/about-us", status: 200, layout: "main" },
  { path: "/contact-us", status: 200, layout: "main" },
  { path: "/faqs", status: 200, layout: "main" },
  { path: "/privacy-policy", status: 200, layout: "main" },
  { path: "/pricing", status: 200, layout: "main" },
  { path: "/payment", status: 200, layout: "main" },
  { path: "/coming-soon", status: 200, layout: "compact" },
  { path: "/maintenance", status: 200, layout: "compact" },
  { path: "/error/403", status: 403, layout: "compact" },
  { path: "/error/404", status: 404, layout: "compact" },
  { path: "/error/500", status: 500, layout: "compact" },
  { path: "/404", status: 404, layout: "compact" },
];

/**
 * The public pages that ship JavaScript and hydrate (ADR 0015): none since ADR 0023 made the
 * contact and payment pages static too (their forms post; an inline island sends once, CSS
 * follows the checkout's choice). Every public page is HTML and CSS only.
 */
export const HYDRATED_PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([]);

/** The JavaScript files a page loaded or announced: module scripts, `<script src>` and module preloads. */
export async function scriptFiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"), (script) => script.src),
      ...Array.from(
        document.querySelectorAll<HTMLLinkElement>(
          'link[rel="modulepreload"], link[rel="preload"][as="script"]',
        ),
        (link) => link.href,
      ),
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
        .map((entry) => entry.name),
    ].filter((url, index, all) => all.indexOf(url) === index),
  );
}

export const LANGUAGE_CODES = ["en", "fr", "vi", "cn", "ar"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

const LOCALES = join(import.meta.dirname, "../../locales");
type Messages = { [key: string]: string | Messages };

/** A translation straight from `locales/<lng>/<ns>.json`, e.g. `t("ar", "common", "language.changed")`. */
export function t(lng: LanguageCode, namespace: string, key: string): string {
  let value: string | Messages = JSON.parse(readFileSync(join(LOCALES, lng, `${namespace}.json`), "utf8"));
  for (const part of key.split(".")) {
    if (typeof value !== "object" || !(part in value)) throw new Error(`no ${lng}/${namespace}:${key}`);
    value = value[part] as string | Messages;
  }
  if (typeof value !== "string") throw new Error(`${lng}/${namespace}:${key} is not a string`);
  return value;
}

export const ARABIC = /\p{Script=Arabic}/u;

/** Records console errors and uncaught exceptions of a page, to assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    errors.push(`${message.text()}${url ? ` (${url})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Resolves once React has hydrated the document (its fiber is attached to the DOM), or at once
 * when the page runs no JavaScript (React Router's inline script never set its context).
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) return;
  await page.waitForFunction(() => {
    const node = document.querySelector("h1") ?? document.body;
    return Object.keys(node).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** The value of a cookie in the page's browser context, or undefined. */
export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === name);
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

/**
 * The local Supabase the app under test talks to: the one playwright.config.ts starts, or, with
 * E2E_BASE_URL, the one named by E2E_SUPABASE_URL (the default port of `npm start` otherwise).
 */
export const BACKEND_URL =
  process.env.E2E_SUPABASE_URL ??
  (process.env.E2E_BASE_URL
    ? "http://127.0.0.1:54321"
    : `http://127.0.0.1:${process.env.E2E_SUPABASE_PORT ?? "54329"}`);

/** The Supabase CLI's default service_role key, which the local backend accepts. */
const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/** Reads rows straight from the backend's REST API as the service role (bypasses RLS). */
export async function backendRows<Row>(table: string, query: string): Promise<Row[]> {
  const response = await fetch(`${BACKEND_URL}/rest/v1/${table}?${query}`, {
    headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
  });
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

/** The names of the objects in a folder of a Storage bucket, read as the service role. */
export async function storedObjectNames(bucket: string, folder: string): Promise<string[]> {
  const response = await fetch(`${BACKEND_URL}/storage/v1/object/list/${bucket}`, {
    method: "POST",
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ prefix: folder, limit: 100 }),
  });
  if (!response.ok) throw new Error(`${bucket}/${folder}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { name: string }[]).map((object) => object.name);
}

/** Signs a demo account in (see signInWith) and opens returnTo. */
export async function signInAs(page: Page, account: keyof typeof DEMO_ACCOUNTS, returnTo = "/dashboard") {
  await signInWith(page, DEMO_ACCOUNTS[account].email, returnTo);
}

/**
 * The shared factories (tests/fixtures/factories.ts), writing as the system on the backend under
 * test: every row a test needs is made with them, typed with the app's Database.
 */
export const system = factories(
  createClient<Database>(BACKEND_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  }),
);
export const {
  addMembers,
  createNotification,
  insertCase,
  insertCases,
  insertNotifications,
  insertProposal,
  insertProposals,
  insertTasks,
  proposalsOnCase,
  setCaseContact,
  storedCase,
  storedProposal,
  updateProfile,
} = system;

/** A confirmed account of its own for a test (password DEMO_PASSWORD), with an access level. */
export function createTestUser(label: string, accessLevel: AccessLevel = "user") {
  return system.createAccount({ label: `e2e.${label}`, accessLevel });
}

/**
 * Signs an account in and opens `returnTo` once the dashboard's shell is there. It posts the
 * sign-in form as a browser without JavaScript does, sharing the page's cookies: the sign-in page
 * itself is what auth.spec.ts tests, and loading it before every other test doubled their time.
 */
export async function signInWith(page: Page, email: string, returnTo = "/dashboard") {
  const response = await page.request.post("/auth/supabase/sign-in", {
    form: { email, password: DEMO_PASSWORD, returnTo },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`sign-in of ${email}: ${response.status()}`);
  await page.goto(returnTo);
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
  await page.getByTestId("dashboard-shell").waitFor({ state: "attached" });
  // A click before hydration is lost when React takes over the page: tests act on a live page.
  await waitForHydration(page);
}

/**
 * Navigates the running app on the client to `path`, as a link in it would (React Router's own
 * router, which the framework puts on `window`). Since ADR 0023 no public page hydrates on a first
 * visit: their live behaviour is reached from a hydrated dashboard page this way.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    const router = (
      window as unknown as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter;
    if (!router) throw new Error("the page has not hydrated");
    await router.navigate(to);
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * Clicks `target` twice, the second time while the post the first one sent is on its way (a
 * double click the browser does not merge: two clicks in one moment make one navigation anyway).
 * Without the forms' island (ADR 0023) the browser sends the form again.
 */
export async function clickTwiceWhileSending(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("the element is not on the screen");
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(x, y);
  await page.waitForTimeout(400);
  await page.mouse.click(x, y);
}
