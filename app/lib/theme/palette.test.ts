import { describe, expect, it } from "vitest";
import { PRIMARY_COLORS } from "../settings/settings";
import { contrastRatio, paletteFrom } from "./palette";
import { DIMMED_DARK, DIMMED_LIGHT } from "./theme";

const AA = 4.5;

describe("contrastRatio", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe("paletteFrom", () => {
  for (const [name, hex] of Object.entries(PRIMARY_COLORS)) {
    it(`gives the ${name} preset (${hex}) AA shades for text and filled buttons`, () => {
      const palette = paletteFrom(hex);
      expect(palette).toHaveLength(10);
      for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
      // Filled buttons (white text) and links on white use shade 6 in both schemes.
      expect(contrastRatio(palette[6], "#ffffff")).toBeGreaterThanOrEqual(AA);
      // Links and light variants in the dark scheme use shade 4, on dark-7 and dark-6.
      expect(contrastRatio(palette[4], "#242424")).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(palette[4], "#2e2e2e")).toBeGreaterThanOrEqual(AA);
    });
  }

  it("stays ordered from light to dark", () => {
    const lightness = (hex: string) => contrastRatio(hex, "#000000");
    for (const hex of Object.values(PRIMARY_COLORS)) {
      const values = paletteFrom(hex).map(lightness);
      for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1] ?? 21);
    }
  });
});

describe("secondary text", () => {
  it("reaches AA on the light surfaces", () => {
    for (const surface of ["#ffffff", "#f8f9fa", "#f1f3f5"]) {
      expect(contrastRatio(DIMMED_LIGHT, surface)).toBeGreaterThanOrEqual(AA);
    }
  });
  it("reaches AA on the dark surfaces", () => {
    for (const surface of ["#242424", "#2e2e2e", "#3b3b3b"]) {
      expect(contrastRatio(DIMMED_DARK, surface)).toBeGreaterThanOrEqual(AA);
    }
  });
});
