import { defineConfig } from "vitest/config";

// Backend contract tests: the real supabase-js and @supabase/ssr against supabase/local, started
// once per run on a free port over a fresh PGlite database (tests/integration/global-setup.ts).
export default defineConfig({
  test: {
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
