import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONTS_LATER_ATTRIBUTE } from "../../styles/fonts-after-first-paint";
import { DEFAULT_SETTINGS, PRIMARY_COLORS, type Settings } from "../settings/settings";
import { createAppTheme, fontStack, SYSTEM_FONTS } from "./theme";

describe("the font stack (issue 20)", () => {
  it("names the Arabic family on Arabic pages only, after the chosen Latin family", () => {
    expect(fontStack("Inter Variable", false)).not.toMatch(/Arabic/);
    expect(fontStack("Inter Variable", true)).toMatch(/^"Inter Variable", "Noto Sans Arabic Variable", /);
  });

  it("ends with the system's fonts, which alone are the body and heading font while a first visit waits for its web font", () => {
    expect(fontStack("Inter Variable", true).endsWith(`, ${SYSTEM_FONTS}`)).toBe(true);
    const css = readFileSync(new URL("../../styles/global.css", import.meta.url), "utf8");
    const rule = new RegExp(`:root\\[${FONTS_LATER_ATTRIBUTE}\\] \\{([^}]*)\\}`).exec(css)?.[1] ?? "";
    expect(rule).toContain(`--mantine-font-family: ${SYSTEM_FONTS};`);
    expect(rule).toContain(`--mantine-font-family-headings: ${SYSTEM_FONTS};`);
  });

  it("is the theme's body and heading font", () => {
    const settings = { ...DEFAULT_SETTINGS, fontFamily: "DM Sans Variable" as const };
    expect(createAppTheme(settings).fontFamily).toBe(fontStack("DM Sans Variable", false));
    expect(createAppTheme(settings, true).headings?.fontFamily).toBe(fontStack("DM Sans Variable", true));
  });
});

describe("the theme of a person's settings (issue 20: made once per set of settings)", () => {
  it("is the same object for the same settings, whatever else the settings say", () => {
    const light = { ...DEFAULT_SETTINGS, colorScheme: "light" as const };
    const dark = { ...DEFAULT_SETTINGS, colorScheme: "dark" as const };
    expect(createAppTheme(dark)).toBe(createAppTheme(light));
    expect(createAppTheme(light, true)).not.toBe(createAppTheme(light, false));
  });

  it("follows the primary colour and the font", () => {
    const base = createAppTheme(DEFAULT_SETTINGS);
    const other = Object.keys(PRIMARY_COLORS).find((color) => color !== DEFAULT_SETTINGS.primaryColor);
    const recoloured = createAppTheme({
      ...DEFAULT_SETTINGS,
      primaryColor: other as Settings["primaryColor"],
    });
    expect(recoloured.colors?.brand).not.toEqual(base.colors?.brand);
    const font = createAppTheme({ ...DEFAULT_SETTINGS, fontFamily: "Inter Variable" });
    expect(font.fontFamily).toBe(fontStack("Inter Variable", false));
  });
});
