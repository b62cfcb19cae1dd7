import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/support";

const port = Number(process.env.PORT ?? 8787);
const externalServer = process.env.E2E_BASE_URL;
const baseURL = externalServer ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  // A journey of several pages takes 10 s here and three times that on a busy two-core CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "en-US",
    // Tracing every test costs about a third of the run; CI keeps a trace of the retried ones.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  // The production build served by wrangler with its local Supabase, as `npm start` does, but on
  // a throw-away in-memory database and its own port (E2E_BASE_URL uses a running server instead).
  webServer: externalServer
    ? undefined
    : {
        command: "npm run build && npm run preview",
        url: `${baseURL}/`,
        env: {
          PORT: String(port),
          SUPABASE_LOCAL_PORT: process.env.E2E_SUPABASE_PORT ?? "54329",
          SUPABASE_LOCAL_DATA_DIR: "memory://",
          // Every test signs in from 127.0.0.1; the limits themselves are tested against the backend.
          SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "0",
          SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: "0",
          SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: "0",
          SUPABASE_AUTH_RATE_LIMIT_PER_ADDRESS: "0",
          // A signed-out session stops working within this many seconds (security.spec.ts waits it out).
          AUTH_SESSION_CHECK_SECONDS: "2",
        },
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: "ignore",
        stderr: "pipe",
      },
});
