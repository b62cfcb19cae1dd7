import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import TRIM from "./mantine-trim.json";

/**
 * app/styles/mantine.css and mantine-overlays.css import Mantine's styles per component instead of
 * the whole `@mantine/core/styles.css` (issue 20). These tests fail when a component the app imports from a
 * Mantine package — or a component that one uses inside — has no stylesheet listed, and when the
 * list is out of Mantine's order (a component's styles must follow those of the ones it builds on).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const appDir = join(root, "app");
const mantineDir = join(root, "node_modules/@mantine");
const coreStyles = join(mantineDir, "core/styles");
const GLOBAL_STYLES = ["baseline", "default-css-variables", "global"];
const PACKAGES_WITH_STYLES = ["notifications", "spotlight"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Named value imports (not `import type`) from a module, by the name the module exports them as. */
function namedImports(source: string, from: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*["']${from}["']`, "g");
  for (const [, typeOnly, list = ""] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    for (const item of list.split(",")) {
      const name = item.trim();
      if (name && !name.startsWith("type ")) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

/** Where each export of a package's `esm/index.mjs` is defined. */
function exportsOf(pkg: string): Map<string, string> {
  const esm = join(mantineDir, pkg, "esm");
  const index = readFileSync(join(esm, "index.mjs"), "utf8");
  const map = new Map<string, string>();
  for (const [, list = "", path = ""] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of list.split(","))
      map.set(name.trim().split(/\s+as\s+/)[1] ?? name.trim(), join(esm, path));
  }
  return map;
}

const exportsByPackage = new Map(["core", ...PACKAGES_WITH_STYLES].map((pkg) => [pkg, exportsOf(pkg)]));

/**
 * The stylesheets a Mantine export needs: every `*.module.mjs` (Mantine's compiled CSS module)
 * reachable through its imports, inside its package and into `@mantine/core`.
 */
function stylesNeeded(pkg: string, names: string[], seen = new Set<string>()): Set<string> {
  const needed = new Set<string>();
  const queue = names.map((name) => {
    const file = exportsByPackage.get(pkg)?.get(name);
    if (!file) throw new Error(`@mantine/${pkg} has no export ${name}`);
    return file;
  });
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const filePkg = relative(mantineDir, file).split("/")[0] ?? "";
    const module = /([^/]+)\.module\.mjs$/.exec(file);
    if (module)
      needed.add(
        filePkg === "core" ? `@mantine/core/styles/${module[1]}.css` : `@mantine/${filePkg}/styles.css`,
      );
    const source = readFileSync(file, "utf8");
    for (const [, path = ""] of source.matchAll(/(?:import|export)\s[^"]*?from\s*"(\.[^"]+)"/g)) {
      queue.push(join(dirname(file), path));
    }
    for (const name of namedImports(source, "@mantine/core")) {
      const target = exportsByPackage.get("core")?.get(name);
      if (target) queue.push(target);
    }
  }
  return needed;
}

/** The stylesheets of the Mantine components the app uses; `reached` collects their files. */
function appStylesNeeded(reached = new Set<string>()): Set<string> {
  const needed = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    const source = readFileSync(file, "utf8");
    for (const pkg of ["core", ...PACKAGES_WITH_STYLES]) {
      const sheets = stylesNeeded(pkg, namedImports(source, `@mantine/${pkg}`), reached);
      for (const sheet of sheets) needed.add(sheet);
    }
  }
  return needed;
}

/**
 * The classes of Mantine's stylesheets that only components the app never renders give: a class
 * of a compiled CSS module (`{ dropdown: "m_88b62a41" }`) that a file the app's imports never
 * reach names (`getStyles("dropdown")`, `classes.dropdown`), and no reached file does. A class no
 * file names (a variant's, an animation's) stays.
 */
function unusedClasses(): string[] {
  const reached = new Set<string>();
  appStylesNeeded(reached);
  const files = ["core", ...PACKAGES_WITH_STYLES].flatMap((pkg) =>
    readdirSync(join(mantineDir, pkg, "esm"), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".mjs"))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const importers = new Map<string, string[]>();
  for (const file of files) {
    for (const [, path = ""] of readFileSync(file, "utf8").matchAll(/from\s*"(\.[^"]+\.module\.mjs)"/g)) {
      const module = join(dirname(file), path);
      importers.set(module, [...(importers.get(module) ?? []), file]);
    }
  }
  const unused: string[] = [];
  for (const [module, files] of importers) {
    if (!reached.has(module)) continue;
    const sources = files.map((file) => ({ reached: reached.has(file), source: readFileSync(file, "utf8") }));
    for (const [, key = "", name = ""] of readFileSync(module, "utf8").matchAll(
      /"([\w-]+)":\s*"(m_[0-9a-f]+)"/g,
    )) {
      const names = new RegExp(`["'\`]${key}["'\`]|\\.${key}\\b`);
      const naming = sources.filter(({ source }) => names.test(source));
      if (naming.length > 0 && naming.every((file) => !file.reached)) unused.push(name);
    }
  }
  return unused.sort();
}

/**
 * The render-blocking file, and the one of what shows only over the page, which loads after the
 * first paint (app/styles/overlay-styles.ts).
 */
const FILES = ["styles/mantine.css", "styles/mantine-overlays.css"];

/** The `@import`s of a file, in order, as written. */
function importsOf(file: string): string[] {
  const css = readFileSync(join(appDir, file), "utf8");
  return [...css.matchAll(/@import\s+["']([^"']+)["']/g)].map((match) => match[1] ?? "");
}

/** The `@import`s of a file (by default both), in order, each named by its unlayered file. */
function listed(files: string[] = FILES): string[] {
  return files.flatMap(importsOf).map((sheet) => sheet.replace(".layer.css", ".css"));
}

/** Mantine's own order: the order of the per-component files inside the whole `styles.css`. */
function mantineOrder(): string[] {
  const whole = readFileSync(join(mantineDir, "core/styles.css"), "utf8");
  return readdirSync(coreStyles)
    .filter((name) => name.endsWith(".css") && !name.endsWith(".layer.css"))
    .map((name) => ({
      name,
      at: whole.indexOf(readFileSync(join(coreStyles, name), "utf8").trim().slice(0, 400)),
    }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => `@mantine/core/styles/${name}`);
}

describe("Mantine's styles, per component (app/styles/mantine.css, mantine-overlays.css)", () => {
  it("finds the stylesheets of a component and of the components inside it", () => {
    const select = stylesNeeded("core", ["Select"]);
    for (const name of ["Combobox", "Popover", "Input", "ScrollArea", "CloseButton"]) {
      expect(select).toContain(`@mantine/core/styles/${name}.css`);
    }
    expect(stylesNeeded("core", ["Button"])).toEqual(
      new Set(["Button", "UnstyledButton", "Loader"].map((name) => `@mantine/core/styles/${name}.css`)),
    );
    expect(stylesNeeded("spotlight", ["Spotlight"])).toContain("@mantine/core/styles/Modal.css");
    expect(stylesNeeded("spotlight", ["Spotlight"])).toContain("@mantine/spotlight/styles.css");
  });

  it("lists the stylesheet of every Mantine component the app uses", () => {
    const missing = [...appStylesNeeded()].filter((sheet) => !listed().includes(sheet));
    expect(missing).toEqual([]);
  });

  it("lists no stylesheet that nothing uses", () => {
    const needed = appStylesNeeded();
    const unused = listed().filter(
      (sheet) => !needed.has(sheet) && !GLOBAL_STYLES.some((name) => sheet.endsWith(`/${name}.css`)),
    );
    expect(unused).toEqual([]);
  });

  it("keeps Mantine's order: the global styles first, core before the other packages", () => {
    expect(listed().slice(0, 3)).toEqual(GLOBAL_STYLES.map((name) => `@mantine/core/styles/${name}.css`));
    const order = mantineOrder();
    for (const file of FILES) {
      const sheets = listed([file]);
      const core = sheets.filter((sheet) => sheet.startsWith("@mantine/core/"));
      expect(core).toEqual(order.filter((sheet) => core.includes(sheet)));
      expect(sheets.slice(core.length).every((sheet) => !sheet.startsWith("@mantine/core/"))).toBe(true);
    }
    // The overlays' file comes after the other: no package's styles before core's.
    expect(listed(FILES.slice(0, 1)).every((sheet) => sheet.startsWith("@mantine/core/"))).toBe(true);
  });

  it("lists each file once, in one of the two", () => {
    expect(new Set(listed()).size).toBe(listed().length);
  });

  it("puts every file in the mantine layer, under the app's own styles", () => {
    for (const file of FILES) {
      const imports = importsOf(file);
      expect(imports.length).toBeGreaterThan(3);
      expect(imports.filter((sheet) => !sheet.endsWith(".layer.css"))).toEqual([]);
    }
  });

  it("trims exactly the classes only components the app never renders give (mantine-trim.json)", () => {
    expect(TRIM.unusedClasses).toEqual(unusedClasses());
    // A NativeSelect shows the Combobox's chevron and never its dropdown.
    expect(TRIM.unusedClasses).toContain("m_88b62a41");
    expect(TRIM.unusedClasses).not.toContain("m_2943220b");
  });

  it("is the only place that imports Mantine's styles", () => {
    const importers = sourceFiles(appDir).filter((file) =>
      /import\s+["']@mantine\/[^"']+\.css["']/.test(readFileSync(file, "utf8")),
    );
    expect(importers.map((file) => relative(appDir, file))).toEqual([]);
  });
});
