import type { MantineColorsTuple } from "@mantine/core";

type Rgb = [number, number, number];

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];
/** Mantine's dark-6, the lightest surface (cards, inputs) text sits on in the dark scheme. */
const DARK_SURFACE = "#2e2e2e";
/** WCAG AA for normal text, with a margin for the 10 % tint behind "light" buttons and badges. */
const TEXT_CONTRAST = 5;

function toRgb(hex: string): Rgb {
  const clean = hex.replace("#", "");
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join("") : clean;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as Rgb;
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first colour from `hex` towards `target`, in 2 % steps, that reaches `ratio` against `against`. */
export function shiftUntil(hex: string, target: Rgb, against: string, ratio: number): string {
  const base = toRgb(hex);
  for (let amount = 0; amount <= 1; amount += 0.02) {
    const candidate = toHex(mix(base, target, amount));
    if (contrastRatio(candidate, against) >= ratio) return candidate;
  }
  return toHex(target);
}

/**
 * Ten shades of a brand colour for Mantine. Index 6, the primary shade in both schemes (filled
 * buttons with white text, links and active items on white), is the brand colour darkened just
 * enough for AA contrast with white; index 4, which Mantine uses for links and "light" variants
 * in the dark scheme, is lightened just enough for AA contrast on dark surfaces. The other shades
 * are tints and shades around them, so the palette stays in order from light to dark.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const base = toRgb(hex);
  const onWhite = shiftUntil(hex, BLACK, "#ffffff", TEXT_CONTRAST);
  const onDark = shiftUntil(toHex(mix(base, WHITE, 0.32)), WHITE, DARK_SURFACE, TEXT_CONTRAST);
  const tints = [0.92, 0.8, 0.64, 0.48].map((a) => toHex(mix(toRgb(onDark), WHITE, a)));
  const between = toHex(mix(toRgb(onDark), toRgb(onWhite), 0.5));
  const shades = [0.14, 0.28, 0.42].map((a) => toHex(mix(toRgb(onWhite), BLACK, a)));
  return [...tints, onDark, between, onWhite, ...shades] as unknown as MantineColorsTuple;
}
