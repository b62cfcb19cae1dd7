import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTING_OPTIONS, type Settings } from "~/lib/settings/settings";
import { createAppTheme } from "~/lib/theme/theme";
import { themeCssVariables } from "~/lib/theme/theme-css-variables";
import TRIM from "./mantine-trim.json";
// @ts-expect-error a CommonJS PostCSS plugin without types
import trimMantine from "./postcss-trim-mantine.cjs";

/**
 * postcss-trim-mantine.cjs. Mantine's `default-css-variables.css` declares every theme variable,
 * and the MantineProvider of the root writes those the app's theme changes into the page's HTML (a
 * `<style>` that wins over the stylesheet). A variable the provider writes for every person,
 * whatever their settings, is dead weight in the stylesheet: the plugin drops those listed in
 * mantine-trim.json from Mantine's file. These tests keep the list exact: every variable in it is
 * written by the provider for every setting, and no other variable is. (mantine-styles.test.ts
 * keeps its list of unused classes exact.)
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SCHEMES = ["root", "light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

/** The variables of each `:root` block of a stylesheet, by colour scheme. */
function variablesOf(css: string): Record<Scheme, Set<string>> {
  const found: Record<Scheme, Set<string>> = { root: new Set(), light: new Set(), dark: new Set() };
  postcss.parse(css).walkRules((rule) => {
    const scheme: Scheme = /dark/.test(rule.selector)
      ? "dark"
      : /light/.test(rule.selector)
        ? "light"
        : "root";
    rule.walkDecls(/^--/, (decl) => {
      found[scheme].add(decl.prop);
    });
  });
  return found;
}

/** The variables the root writes into the HTML for these settings (ThemeCssVariables). */
function writtenByProvider(settings: Settings, arabic: boolean): Record<Scheme, Set<string>> {
  return variablesOf(themeCssVariables(createAppTheme(settings, arabic), settings.contrast));
}

/** What the provider writes whatever the settings: every option of the ones its output depends on. */
function writtenForEveryone(): Record<Scheme, string[]> {
  const combinations: [Settings, boolean][] = [];
  for (const primaryColor of SETTING_OPTIONS.primaryColor)
    for (const contrast of SETTING_OPTIONS.contrast)
      for (const fontFamily of SETTING_OPTIONS.fontFamily)
        for (const colorScheme of SETTING_OPTIONS.colorScheme)
          for (const arabic of [false, true])
            combinations.push([
              { ...DEFAULT_SETTINGS, primaryColor, contrast, fontFamily, colorScheme },
              arabic,
            ]);
  const all = combinations.map(([settings, arabic]) => writtenByProvider(settings, arabic));
  const result = {} as Record<Scheme, string[]>;
  for (const scheme of SCHEMES) {
    result[scheme] = [...(all[0]?.[scheme] ?? [])]
      .filter((name) => all.every((set) => set[scheme].has(name)))
      .sort();
  }
  return result;
}

describe("trimming Mantine's stylesheets (postcss-trim-mantine.cjs)", () => {
  it("lists exactly the variables the provider writes for every person", () => {
    const mantine = variablesOf(
      readFileSync(join(root, "node_modules/@mantine/core/styles/default-css-variables.css"), "utf8"),
    );
    const expected = writtenForEveryone();
    for (const scheme of SCHEMES)
      expected[scheme] = expected[scheme].filter((name) => mantine[scheme].has(name));
    expect(TRIM.variables).toEqual(expected);
  });

  it("drops the listed variables from Mantine's file and nothing else", async () => {
    const from = join(root, "node_modules/@mantine/core/styles/default-css-variables.layer.css");
    const css = readFileSync(from, "utf8");
    const before = variablesOf(css);
    const after = variablesOf((await postcss([trimMantine()]).process(css, { from })).css);
    for (const scheme of SCHEMES) {
      const dropped = [...before[scheme]].filter((name) => !after[scheme].has(name)).sort();
      expect(dropped).toEqual(TRIM.variables[scheme]);
    }
    expect(after.root).toContain("--mantine-color-gray-6");
  });

  it("leaves the variables of every other stylesheet alone", async () => {
    const css = ":root{--mantine-cursor-type:default}";
    const result = await postcss([trimMantine()]).process(css, { from: join(root, "app/styles/global.css") });
    expect(result.css).toBe(css);
  });

  it("drops Mantine's rules that need a class no rendered component gives", async () => {
    const [unused] = TRIM.unusedClasses;
    expect(unused).toBeDefined();
    const css = `.m_1{color:red}.${unused}{color:red}.m_1 .${unused},.${unused}:hover{color:red}.m_1,.${unused}{color:blue}@media (width>1px){.${unused}{color:red}}`;
    const from = join(root, "node_modules/@mantine/core/styles/Combobox.layer.css");
    expect((await postcss([trimMantine()]).process(css, { from })).css).toBe(
      `.m_1{color:red}.m_1,.${unused}{color:blue}@media (width>1px){}`,
    );
    // The app's own classes are its own business.
    const app = join(root, "app/styles/global.css");
    expect((await postcss([trimMantine()]).process(`.${unused}{color:red}`, { from: app })).css).toBe(
      `.${unused}{color:red}`,
    );
  });

  it("writes Mantine's scaled sizes as plain rem, the theme's scale being 1", async () => {
    const css =
      ".a{padding:calc(0.5rem * var(--mantine-scale)) calc(-1.25rem * var(--mantine-scale));width:var(--w)}";
    const result = await postcss([trimMantine()]).process(css, { from: join(root, "app/styles/global.css") });
    expect(result.css).toBe(".a{padding:0.5rem -1.25rem;width:var(--w)}");
    expect(createAppTheme(DEFAULT_SETTINGS).scale ?? 1).toBe(1);
  });
});
