import { Alert, type CSSVariablesResolver, createTheme, type MantineThemeOverride } from "@mantine/core";
import { PRIMARY_COLORS, type Settings } from "../settings/settings";
import { ACCESSIBLE_COLOR_VARIABLES } from "./contrast-colors";
import { paletteFrom } from "./palette";

/**
 * The system's fonts, last in every stack; alone while a first visit waits for its web font
 * (`:root[data-fonts-later]` in app/styles/global.css repeats it, held by theme.test.ts).
 */
export const SYSTEM_FONTS = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';

/**
 * The font stack: the chosen Latin family, then on Arabic pages Noto Sans Arabic, then the system's
 * fonts. Only Arabic pages name the Arabic family, so a page in another language that shows Arabic
 * text (a person's name, a case title) uses the system's Arabic font instead of downloading one
 * (issue 20); Chinese uses the system's fonts (see app/styles/fonts.css).
 */
export function fontStack(fontFamily: Settings["fontFamily"], arabic: boolean): string {
  const script = arabic ? ['"Noto Sans Arabic Variable"'] : [];
  return [`"${fontFamily}"`, ...script, SYSTEM_FONTS].join(", ");
}

/** The themes made so far, by what they depend on: a few dozen at most (presets × fonts × 2). */
const themes = new Map<string, MantineThemeOverride>();

/**
 * The Mantine theme for a person's settings: primary preset, font, radius 8 (spec §9); `arabic`
 * for a page in Arabic, whose font stack names the Arabic family. The same settings give the same
 * object: the server renders every page with a theme, and deriving the palette's accessible
 * shades (contrast ratios for each of ten shades) took a few milliseconds of every request.
 */
export function createAppTheme(settings: Settings, arabic = false): MantineThemeOverride {
  const key = `${settings.primaryColor}|${settings.fontFamily}|${arabic}`;
  let theme = themes.get(key);
  if (!theme) {
    theme = themeFor(settings, arabic);
    themes.set(key, theme);
  }
  return theme;
}

function themeFor(settings: Settings, arabic: boolean): MantineThemeOverride {
  const fontFamily = fontStack(settings.fontFamily, arabic);
  return createTheme({
    // Only the chosen preset's palette: every colour in the theme becomes CSS in the first HTML.
    colors: { brand: paletteFrom(PRIMARY_COLORS[settings.primaryColor]) },
    primaryColor: "brand",
    // Shade 6 is the AA-contrast variant of the brand colour (see paletteFrom) in both schemes.
    primaryShade: { light: 6, dark: 6 },
    fontFamily,
    headings: { fontFamily, fontWeight: "700" },
    defaultRadius: 8,
    cursorType: "pointer",
    breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "100em" },
    components: {
      // Mantine colours the title of a light alert with the alert's colour, which misses AA on its
      // tinted background for most colours (yellow, orange, teal…): the icon and background carry
      // the colour, the words stay in the text colour.
      Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
    },
  });
}

export const DIMMED_LIGHT = "#5a6570";
export const DIMMED_DARK = "#b0b0b0";

/** High contrast ("hight") darkens secondary text and strengthens borders in both schemes. */
const HIGH_CONTRAST: ReturnType<CSSVariablesResolver> = {
  variables: {},
  light: {
    ...ACCESSIBLE_COLOR_VARIABLES.light,
    "--mantine-color-dimmed": "var(--mantine-color-gray-8)",
    "--mantine-color-text": "#000000",
    "--mantine-color-default-border": "var(--mantine-color-gray-6)",
  },
  dark: {
    ...ACCESSIBLE_COLOR_VARIABLES.dark,
    "--mantine-color-dimmed": "var(--mantine-color-dark-0)",
    "--mantine-color-text": "#ffffff",
    "--mantine-color-default-border": "var(--mantine-color-dark-2)",
  },
};
/**
 * Mantine's default secondary text (gray-6 on white, dark-2 on dark-7) falls short of WCAG AA;
 * these reach 4.5:1 on every surface the app uses (white, gray-0/1, dark-6/7). So do the colours
 * of badges, buttons and coloured text (see contrast-colors.ts).
 */
const NORMAL_CONTRAST: ReturnType<CSSVariablesResolver> = {
  variables: {},
  light: { ...ACCESSIBLE_COLOR_VARIABLES.light, "--mantine-color-dimmed": DIMMED_LIGHT },
  dark: { ...ACCESSIBLE_COLOR_VARIABLES.dark, "--mantine-color-dimmed": DIMMED_DARK },
};

export function contrastResolver(contrast: Settings["contrast"]): CSSVariablesResolver {
  return () => (contrast === "hight" ? HIGH_CONTRAST : NORMAL_CONTRAST);
}
