/**
 * Debian's Chromium and the flags it runs with on these machines (architecture §4): headless,
 * offline, no sandbox. Shared by the end-to-end tests (tests/e2e/support.ts) and the bench's
 * browser measurements (request counts, Lighthouse); CHROME_PATH points at another Chromium.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost",
];
