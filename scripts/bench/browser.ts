import type { Browser, Request } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

/**
 * A first visit in a real browser: every request a page makes, the document included, from a
 * fresh profile (nothing cached) until the load event and then until the network is idle (so what
 * the page fetches after hydrating counts too). The same count as the CI check of home's budget
 * (tests/e2e/budgets.spec.ts).
 */
/** How long no request may be in flight before a page counts as idle, and how long to wait for it. */
const QUIET_MS = 500;
const IDLE_TIMEOUT_MS = 20_000;

export class RequestCounter {
  #browser: Promise<Browser> | undefined;

  async count(
    url: string,
    cookieHeader?: string,
  ): Promise<{ requests: number; urls: string[]; idle: boolean }> {
    // Loaded on first use: the bench modules stay quick to load (tests/unit/scripts-load.test.ts).
    this.#browser ??= import("playwright-core").then(({ chromium }) =>
      chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    );
    const context = await (await this.#browser).newContext();
    const { origin } = new URL(url);
    try {
      if (cookieHeader) {
        await context.addCookies(
          cookieHeader.split("; ").map((pair) => {
            const separator = pair.indexOf("=");
            // Scoped to the whole site, as the app's Set-Cookie does (Path=/): a cookie given the
            // page's URL would be scoped to its directory and missing from /api requests.
            return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: origin };
          }),
        );
      }
      const page = await context.newPage();
      const urls: string[] = [];
      const inFlight = new Set<Request>();
      let lastChange = Date.now();
      page.on("request", (request) => {
        urls.push(request.url());
        inFlight.add(request);
        lastChange = Date.now();
      });
      const settled = (request: Request) => {
        inFlight.delete(request);
        lastChange = Date.now();
      };
      page.on("requestfinished", settled);
      page.on("requestfailed", settled);
      await page.goto(url, { waitUntil: "load" });
      // Idle: no HTTP request in flight for QUIET_MS. Not Chromium's "networkidle", which an open
      // websocket (the dashboard's Realtime) keeps from ever coming. A page that never goes idle
      // (polling, a busy machine) is counted as far as it got.
      const deadline = Date.now() + IDLE_TIMEOUT_MS;
      while (!(inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS) && Date.now() < deadline) {
        await page.waitForTimeout(50);
      }
      const idle = inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS;
      return { requests: urls.length, urls, idle };
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    if (this.#browser) await (await this.#browser).close();
  }
}
