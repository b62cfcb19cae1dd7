import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { ACCESSIBLE_COLOR_VARIABLES } from "./contrast-colors";
import { contrastRatio } from "./palette";

const AA = 4.5;
const { light, dark } = ACCESSIBLE_COLOR_VARIABLES;
const names = Object.keys(DEFAULT_THEME.colors);
const shade = (name: string, index: number) => DEFAULT_THEME.colors[name]?.[index] as string;
const v = (vars: Record<string, string>, name: string, part: string) =>
  vars[`--mantine-color-${name}-${part}`] as string;

describe("badge, button and text colours reach WCAG AA (issue 18 item 13)", () => {
  it("the ENGAGED badge (light teal), an outline badge and a filled count badge fail without it", () => {
    expect(contrastRatio(shade("teal", 9), shade("teal", 1))).toBeLessThan(AA);
    expect(contrastRatio(shade("blue", 6), "#ffffff")).toBeLessThan(AA);
    expect(contrastRatio("#ffffff", shade("red", 6))).toBeLessThan(AA);
  });

  for (const name of names) {
    it(`${name}: light, outline, text and filled in both schemes`, () => {
      // Light scheme: "light" text on its shade 1 and 2 backgrounds, outline and text on white
      // and gray surfaces, white on filled.
      expect(contrastRatio(v(light, name, "light-color"), shade(name, 1))).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(v(light, name, "light-color"), shade(name, 2))).toBeGreaterThanOrEqual(AA);
      for (const surface of ["#ffffff", "#f8f9fa", "#f1f3f5"]) {
        expect(contrastRatio(v(light, name, "outline"), surface)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(v(light, name, "text"), surface)).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio("#ffffff", v(light, name, "filled"))).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio("#ffffff", v(light, name, "filled-hover"))).toBeGreaterThanOrEqual(AA);
      // Dark scheme: outline and text on the dark surfaces, white on filled.
      for (const surface of ["#242424", "#2e2e2e"]) {
        expect(contrastRatio(v(dark, name, "outline"), surface)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(v(dark, name, "text"), surface)).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio("#ffffff", v(dark, name, "filled"))).toBeGreaterThanOrEqual(AA);
    });
  }
});
