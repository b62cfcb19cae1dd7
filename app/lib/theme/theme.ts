import { type CSSVariablesResolver, createTheme, type MantineThemeOverride } from "@mantine/core";
import { PRIMARY_COLORS, type Settings } from "../settings/settings";
import { paletteFrom } from "./palette";

/** The Mantine theme for a person's settings: primary preset, font, radius 8 (spec §9). */
export function createAppTheme(settings: Settings): MantineThemeOverride {
  const fontFamily = `"${settings.fontFamily}", "Noto Sans Arabic Variable", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif`;
  return createTheme({
    // Only the chosen preset's palette: every colour in the theme becomes CSS in the first HTML.
    colors: { brand: paletteFrom(PRIMARY_COLORS[settings.primaryColor]) },
    primaryColor: "brand",
    primaryShade: { light: 6, dark: 5 },
    fontFamily,
    headings: { fontFamily, fontWeight: "700" },
    defaultRadius: 8,
    cursorType: "pointer",
    breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "100em" },
  });
}

/** High contrast ("hight") darkens secondary text and strengthens borders in both schemes. */
const HIGH_CONTRAST: ReturnType<CSSVariablesResolver> = {
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-8)",
    "--mantine-color-text": "#000000",
    "--mantine-color-default-border": "var(--mantine-color-gray-6)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-0)",
    "--mantine-color-text": "#ffffff",
    "--mantine-color-default-border": "var(--mantine-color-dark-2)",
  },
};
const NORMAL_CONTRAST: ReturnType<CSSVariablesResolver> = { variables: {}, light: {}, dark: {} };

export function contrastResolver(contrast: Settings["contrast"]): CSSVariablesResolver {
  return () => (contrast === "hight" ? HIGH_CONTRAST : NORMAL_CONTRAST);
}
