import { mkdirSync, writeFileSync } from "node:fs";

/**
 * Draws the seed's profile photos (supabase/seed.sql): a small SVG portrait per person — a face, hair
 * and shoulders in colours picked from the name — written to public/people/<first>-<last>.svg.
 * Run with `node scripts/people-avatars.ts` after adding a person to the seed; the files are
 * committed (no download, a few hundred bytes each).
 */
const PEOPLE = [
  "Leo Hartwell",
  "Fiona Okafor",
  "Minh Nguyen",
  "Grace Kim",
  "Omar Haddad",
  "Priya Shah",
  "Daniel Brooks",
  "Ana Ruiz",
  "Wei Chen",
  "Sarah Cohen",
  "Karim Mansour",
  "Amina Bello",
  "Lan Tran",
];

const BACKGROUNDS = ["#dbeafe", "#dcfce7", "#fef3c7", "#fce7f3", "#ede9fe", "#e0f2fe", "#ffedd5"];
const SKINS = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac", "#d4a373"];
const HAIR = ["#2b1b0e", "#4a3222", "#111827", "#7c4a1e", "#a16207", "#1f2937"];
const CLOTHES = ["#1e3a8a", "#334155", "#7f1d1d", "#14532d", "#4c1d95", "#0f766e"];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

function pick<T>(list: readonly T[], seed: number, shift: number): T {
  return list[(seed >>> shift) % list.length] as T;
}

function portrait(name: string): string {
  const seed = hash(name);
  const longHair = seed % 3 === 0;
  const hair = pick(HAIR, seed, 3);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${name}">`,
    `<rect width="96" height="96" fill="${pick(BACKGROUNDS, seed, 0)}"/>`,
    longHair ? `<rect x="26" y="30" width="44" height="40" rx="18" fill="${hair}"/>` : "",
    `<path d="M14 96c2-20 16-28 34-28s32 8 34 28z" fill="${pick(CLOTHES, seed, 5)}"/>`,
    `<rect x="42" y="56" width="12" height="14" rx="5" fill="${pick(SKINS, seed, 7)}"/>`,
    `<circle cx="48" cy="42" r="17" fill="${pick(SKINS, seed, 7)}"/>`,
    `<path d="M31 40c0-12 8-18 17-18s17 6 17 18c-4-6-10-9-17-9s-13 3-17 9z" fill="${hair}"/>`,
    `<circle cx="42" cy="44" r="1.8" fill="#1f2937"/><circle cx="54" cy="44" r="1.8" fill="#1f2937"/>`,
    `<path d="M43 51q5 4 10 0" stroke="#7f1d1d" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
    "</svg>",
    "",
  ].join("");
}

const folder = new URL("../public/people/", import.meta.url);
mkdirSync(folder, { recursive: true });
for (const name of PEOPLE) {
  const file = `${name.toLowerCase().replace(/\s+/g, "-")}.svg`;
  writeFileSync(new URL(file, folder), portrait(name));
}
console.log(`[people-avatars] ${PEOPLE.length} portraits in public/people/`);
