import { expect, test } from "@playwright/test";

/**
 * Files in public/ are answered by Cloudflare's static assets before the Worker runs (issue 19):
 * a browser's automatic /favicon.ico request costs no server render. The Worker puts a
 * Content-Security-Policy on every answer, so an answer without one did not go through it.
 */
test("/favicon.ico is a static icon, not an answer of the app", async ({ request }) => {
  const response = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
  expect(response.headers()["content-security-policy"]).toBeUndefined();
  // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
  const body = await response.body();
  expect(body.readUInt16LE(0)).toBe(0);
  expect(body.readUInt16LE(2)).toBe(1);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);

  // The Worker still answers what is not a file, with its headers.
  const missing = await request.get("/no-such-file.ico", { maxRedirects: 0 });
  expect(missing.headers()["content-security-policy"]).toBeTruthy();
});

test("pages name both icons: the ICO for clients without SVG icons, the SVG, in the page, for the rest", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto("/");
  await expect(page.locator('link[rel="icon"][sizes="32x32"]')).toHaveAttribute("href", "/favicon.ico");
  // Inline, so it costs no request while the first paint waits (issue 20).
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    "href",
    /^data:image\/svg\+xml,.*viewBox/,
  );
  await page.waitForLoadState("networkidle");
  expect(requests.filter((path) => path.startsWith("/favicon"))).toEqual([]);
});
