import { DEFAULT_THEME } from "@mantine/core";
import { BLACK, shiftUntil, WHITE } from "./palette";

/**
 * Mantine's colours as badges, buttons and text draw them miss WCAG AA: a "light" teal badge
 * (ENGAGED) is teal-9 on teal-1 at 4.3:1, an "outline" blue badge is blue-6 on white at 3.6:1,
 * white on a "filled" red or teal count badge is 3.3:1 and 2.6:1, and yellow is under 2:1. These
 * are the variables Mantine builds those variants from, each shifted just enough to reach AA with
 * a margin, for every colour of the default palette (the brand colour has its own AA palette, see
 * `paletteFrom`). Fixing them here fixes every badge, button and coloured text of the app.
 */

/** AA for normal text (4.5:1) with a small margin for anti-aliasing and rounding. */
const RATIO = 4.6;
/** The darkest light-scheme surface coloured text sits on (gray-1, table stripes and hovers). */
const LIGHT_SURFACE = "#f1f3f5";
/** The lightest dark-scheme surface (dark-6: cards and inputs). */
const DARK_SURFACE = "#2e2e2e";

type Variables = Record<string, string>;

function colorVariables(name: string, shades: readonly string[]): { light: Variables; dark: Variables } {
  const shade = (index: number) => shades[index] as string;
  // Light scheme. "light": shade 9 on shade 1 (2 when hovered). "outline" and coloured text:
  // shade 6 on white or gray surfaces. "filled": white on shade 6.
  const lightColor = shiftUntil(shade(9), BLACK, shade(2), RATIO);
  const onSurface = shiftUntil(shade(6), BLACK, LIGHT_SURFACE, RATIO);
  const filled = shiftUntil(shade(6), BLACK, "#ffffff", RATIO);
  const filledHover = shiftUntil(filled, BLACK, "#ffffff", RATIO + 1);
  // Dark scheme. "light" (shade 0 on a darkened shade 9) passes; "outline" (shade 2) and
  // coloured text (shade 4) are lifted where needed; "filled" is white on shade 6 as in light.
  const darkOutline = shiftUntil(shade(2), WHITE, DARK_SURFACE, RATIO);
  const darkText = shiftUntil(shade(4), WHITE, DARK_SURFACE, RATIO);
  return {
    light: {
      [`--mantine-color-${name}-light-color`]: lightColor,
      [`--mantine-color-${name}-outline`]: onSurface,
      [`--mantine-color-${name}-text`]: onSurface,
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: filledHover,
    },
    dark: {
      [`--mantine-color-${name}-outline`]: darkOutline,
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: filledHover,
    },
  };
}

function build(): { light: Variables; dark: Variables } {
  const light: Variables = {};
  const dark: Variables = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const vars = colorVariables(name, shades);
    Object.assign(light, vars.light);
    Object.assign(dark, vars.dark);
  }
  return { light, dark };
}

/** The AA variables of every default colour, per scheme (computed once). */
export const ACCESSIBLE_COLOR_VARIABLES = build();
