import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The direction of imports (issue 19): routes compose features, features use the shared layers,
 * and the shared layers (`app/components/`, `app/lib/`) use no feature, so a component or a helper
 * can be used by any feature without pulling another one in. Between feature folders imports go
 * one way: no two features import each other, directly or through others. Every import counts,
 * `import type` and tests included: a type import is still a dependency of the folder.
 */

const APP = "app";
const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The modules a source file imports or re-exports (static, side-effect and dynamic imports). */
function importSpecifiers(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\sfrom\s*["']([^"']+)["']/gms,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** The app file an import names, or null for a package (or a module that is not in app/). */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = join(dirname(from), specifier);
  else return null;
  base = normalize(base.replace(/\?.*$/, ""));
  for (const extension of EXTENSIONS) {
    const path = base + extension;
    try {
      if (statSync(path).isFile()) return path;
    } catch {}
  }
  return base;
}

/** The feature folder a path lies in (`app/features/<name>/…`), or null. */
function featureOf(path: string): string | null {
  const [root, features, name] = relative(".", path).split(/[\\/]/);
  return root === APP && features === "features" && name ? name : null;
}

const files = sourceFiles(APP);
const edges = files.flatMap((from) =>
  importSpecifiers(readFileSync(from, "utf8")).flatMap((specifier) => {
    const to = resolve(from, specifier);
    return to ? [{ from, to }] : [];
  }),
);

/** The folder graph of the features: which feature imports which other. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = featureOf(from);
    const b = featureOf(to);
    if (!a || !b || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one node (Tarjan). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.toSorted());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import direction", () => {
  it("reads every kind of import", () => {
    const source = [
      'import { a } from "~/features/x/a";',
      'import type { B } from "../b";',
      'export { c } from "./c";',
      'import "./side-effect.css";',
      'const lazy = import("~/features/y/lazy");',
      "import {\n  d,\n  e,\n} from '~/lib/d';",
    ].join("\n");
    expect(importSpecifiers(source).toSorted()).toEqual(
      ["../b", "./c", "./side-effect.css", "~/features/x/a", "~/features/y/lazy", "~/lib/d"].toSorted(),
    );
  });

  it("finds a circle and only circles", () => {
    const graph = new Map([
      ["cases", new Set(["proposals", "auth"])],
      ["proposals", new Set(["cases"])],
      ["dashboard", new Set(["cases"])],
    ]);
    expect(circles(graph)).toEqual([["cases", "proposals"]]);
  });

  it("keeps app/components/ and app/lib/ free of features", () => {
    const wrong = edges
      .filter(({ from }) => /^app[\\/](components|lib)[\\/]/.test(from) && featureOf(from) === null)
      .filter(({ to }) => featureOf(to) !== null)
      .map(({ from, to }) => `${from} → ${to}`);
    expect(wrong).toEqual([]);
  });

  it("keeps routes on top: nothing outside app/routes/ imports a route module", () => {
    const wrong = edges
      .filter(
        ({ from }) =>
          !/^app[\\/]routes[\\/]/.test(from) && /^app[\\/](components|lib|features)[\\/]/.test(from),
      )
      .filter(({ to }) => /^app[\\/]routes[\\/]/.test(to))
      .map(({ from, to }) => `${from} → ${to}`);
    expect(wrong).toEqual([]);
  });

  it("has no circle between feature folders", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(0);
    const found = circles(graph).map((part) => {
      const through = edges
        .filter(({ from, to }) => {
          const a = featureOf(from);
          const b = featureOf(to);
          return a && b && a !== b && part.includes(a) && part.includes(b);
        })
        .map(({ from, to }) => `${from} → ${to}`);
      return { features: part, through };
    });
    expect(found).toEqual([]);
  });
});
