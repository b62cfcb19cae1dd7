import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The scripts (`npm run bench`, `bench:backend`) run under plain Node, which knows nothing of the
 * app's `~/` alias that Vite and Vitest resolve: a module they reach that imports `~/…` at run
 * time stops the bench before it measures anything. Loading each bench module in Node proves the
 * chain resolves (the entry scripts themselves run on import, so their own imports are these).
 */
const MODULES = readdirSync("scripts/bench")
  .filter((name) => name.endsWith(".ts"))
  .map((name) => `./scripts/bench/${name}`);

describe("bench scripts", () => {
  it("load under plain Node", () => {
    expect(MODULES.length).toBeGreaterThan(0);
    const result = spawnSync(
      process.execPath,
      ["-e", `Promise.all(${JSON.stringify(MODULES)}.map((m) => import(m))).then(() => process.exit(0))`],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(result.stderr.split("\n").find((line) => line.includes("Error")) ?? "", result.stderr).toBe("");
    expect(result.status).toBe(0);
  }, 60_000);
});
