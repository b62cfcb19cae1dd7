import type { Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

/**
 * A first visit in a real browser: every request a page makes, the document included, from a
 * fresh profile (nothing cached) until the load event and then until the network is idle (so what
 * the page fetches after hydrating counts too). The same count as the CI check of home's budget
 * (tests/e2e/budgets.spec.ts).
 */
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
    try {
      if (cookieHeader) {
        await context.addCookies(
          cookieHeader.split("; ").map((pair) => {
            const separator = pair.indexOf("=");
            return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url };
          }),
        );
      }
      const page = await context.newPage();
      const urls: string[] = [];
      page.on("request", (request) => urls.push(request.url()));
      await page.goto(url, { waitUntil: "load" });
      // A page that never goes idle (polling, a busy machine) is counted as far as it got.
      const idle = await page.waitForLoadState("networkidle", { timeout: 20_000 }).then(
        () => true,
        () => false,
      );
      return { requests: urls.length, urls, idle };
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    if (this.#browser) await (await this.#browser).close();
  }
}
