import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Nothing ships that nothing uses (issue 19): every runtime dependency is imported by the code,
 * and every name a module under app/ exports is used by another file. A name only its own module
 * uses is not exported; a name nobody uses is deleted.
 */

const SOURCE_DIRS = ["app", "workers", "scripts", "supabase", "tests"];
const SOURCE_FILE = /\.(ts|tsx|css|cjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

const rootFiles = readdirSync(".").filter((name) => SOURCE_FILE.test(name));
const files = new Map(
  [...SOURCE_DIRS.flatMap(sourceFiles), ...rootFiles].map((path) => [path, readFileSync(path, "utf8")]),
);

/** Exports React Router reads from route modules, root.tsx and the entry files. */
const FRAMEWORK_EXPORTS = new Set([
  "action",
  "clientAction",
  "clientLoader",
  "default",
  "ErrorBoundary",
  "handle",
  "headers",
  "HydrateFallback",
  "Layout",
  "links",
  "loader",
  "meta",
  "middleware",
  "shouldRevalidate",
  "streamTimeout",
]);

function exportedNames(source: string): string[] {
  const names = [
    ...source.matchAll(
      /^export (?:declare )?(?:async )?(?:const|let|function\*?|class|type|interface|enum) ([A-Za-z_$][\w$]*)/gm,
    ),
  ].map((match) => match[1] ?? "");
  for (const list of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of (list[1] ?? "").split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name.replace(/^type\s+/, ""));
    }
  }
  return names;
}

describe("dead weight", () => {
  it("imports every runtime dependency somewhere", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    const everything = [...files.values()].join("\n");
    const unused = Object.keys(pkg.dependencies).filter(
      (name) => !new RegExp(`["'\`]${name.replace(/[/.]/g, "\\$&")}["'/]`).test(everything),
    );
    expect(unused).toEqual([]);
  });

  it("exports from app/ only what another file uses", () => {
    const unused: string[] = [];
    for (const [path, source] of files) {
      if (!path.startsWith("app/") && !path.startsWith("app\\")) continue;
      // Generated files (the database types) export the generator's whole vocabulary.
      if (source.startsWith("// Generated")) continue;
      for (const name of exportedNames(source)) {
        if (FRAMEWORK_EXPORTS.has(name)) continue;
        const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`);
        const used = [...files].some(([other, text]) => other !== path && word.test(text));
        if (!used) unused.push(`${path}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
