import type { MantineColorsTuple } from "@mantine/core";

function toRgb(hex: string): [number, number, number] {
  const clean = hex.replace("#", "");
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join("") : clean;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function mix(from: [number, number, number], to: [number, number, number], amount: number) {
  return from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as [number, number, number];
}

/** Ten shades around a brand colour, the base at index 6 as Mantine's primary shade expects. */
export function paletteFrom(hex: string): MantineColorsTuple {
  const base = toRgb(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const tints = [0.92, 0.8, 0.64, 0.48, 0.32, 0.16].map((a) => toHex(mix(base, white, a)));
  const shades = [0.14, 0.28, 0.42].map((a) => toHex(mix(base, black, a)));
  return [...tints, toHex(base), ...shades] as unknown as MantineColorsTuple;
}
