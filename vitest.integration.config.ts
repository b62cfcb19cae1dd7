import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Integration tests: the real supabase-js and @supabase/ssr against supabase/local, started once per
// run on a free port over a fresh PGlite database (tests/integration/global-setup.ts).
// tests/integration/backend/ holds the local backend's contract with Supabase, and
// tests/integration/product/ the product schema's rules (supabase/migrations).
export default defineConfig({
  // The app's server modules some tests call import each other with the `~` alias, as in the app.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
