import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type MantineThemeOverride,
  mergeMantineTheme,
} from "@mantine/core";
import type { Settings } from "../settings/settings";
import { contrastResolver } from "./theme";

/** Mantine's variables for its own default theme: what a page need not repeat. */
const DEFAULTS = defaultCssVariablesResolver(DEFAULT_THEME);

const PARTS = ["variables", "light", "dark"] as const;
type Part = (typeof PARTS)[number];

/** The stylesheets made so far, by theme (one per set of settings, createAppTheme) and contrast. */
const made = new WeakMap<MantineThemeOverride, Map<Settings["contrast"], string>>();

/**
 * The theme's CSS variables, as MantineProvider's own `<style data-mantine-styles>` writes them
 * (`deduplicateCssVariables`: only what differs from Mantine's defaults), made once per theme and
 * contrast instead of on every render: with every colour of the palette it was 2–3 ms of every
 * request's server time (issue 20). `theme-css-variables.test.tsx` holds it to Mantine's output.
 */
export function themeCssVariables(theme: MantineThemeOverride, contrast: Settings["contrast"]): string {
  let byContrast = made.get(theme);
  if (!byContrast) {
    byContrast = new Map();
    made.set(theme, byContrast);
  }
  let css = byContrast.get(contrast);
  if (css === undefined) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const base = defaultCssVariablesResolver(merged);
    const own = contrastResolver(contrast)(merged);
    // Mantine's getMergedVariables and removeDefaultVariables: the resolver's over the defaults,
    // then only what differs from Mantine's own theme.
    const variables: Record<Part, Record<string, string>> = { variables: {}, light: {}, dark: {} };
    for (const part of PARTS) {
      const defaults: Record<string, string> = DEFAULTS[part];
      for (const [name, value] of Object.entries<string>({ ...base[part], ...own[part] })) {
        if (defaults[name] !== value) variables[part][name] = value;
      }
    }
    css = convertCssVariables(variables as ConvertCSSVariablesInput);
    byContrast.set(contrast, css);
  }
  return css;
}

/** The `<style>` MantineProvider would write (it is given `withCssVariables={false}`). */
export function ThemeCssVariables({
  theme,
  contrast,
}: {
  theme: MantineThemeOverride;
  contrast: Settings["contrast"];
}) {
  return (
    <style
      data-mantine-styles
      // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS variables made from the app's own theme, no user input.
      dangerouslySetInnerHTML={{ __html: themeCssVariables(theme, contrast) }}
    />
  );
}
