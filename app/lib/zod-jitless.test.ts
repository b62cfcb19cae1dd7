import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./zod-jitless";

const APP = new URL("..", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module's imports of zod's values (an `import type` only names types and runs nothing). */
function zodValueImports(source: string): string[] {
  return [...source.matchAll(/^\s*import\s+(?!type\b)[^;]*?\bfrom\s*["']zod(?:\/[^"']*)?["']/gm)].map(
    ([statement]) => statement.trim(),
  );
}

describe("zod's jitless setup", () => {
  it("is on for whoever imports z from it", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("is where every module of the app gets zod from: a schema can never exist before it ran", () => {
    const offenders = sourceFiles(APP)
      .filter((file) => !file.endsWith("lib/zod-jitless.ts"))
      .filter((file) => zodValueImports(readFileSync(file, "utf8")).length > 0)
      .map((file) => relative(APP, file));
    expect(offenders, 'import { z } from "~/lib/zod-jitless" instead of "zod"').toEqual([]);
  });

  it("tells a value import from a type import", () => {
    expect(zodValueImports('import { z } from "zod";')).toHaveLength(1);
    expect(zodValueImports('import * as z from "zod/v4";')).toHaveLength(1);
    expect(zodValueImports('import type { z } from "zod";')).toEqual([]);
    expect(zodValueImports('import { z } from "~/lib/zod-jitless";')).toEqual([]);
  });
});
