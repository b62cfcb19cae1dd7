import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../settings/settings";
import { createAppTheme, fontStack } from "./theme";

describe("the font stack (issue 20)", () => {
  it("names the Arabic family on Arabic pages only, after the chosen Latin family", () => {
    expect(fontStack("Inter Variable", false)).not.toMatch(/Arabic/);
    expect(fontStack("Inter Variable", true)).toMatch(/^"Inter Variable", "Noto Sans Arabic Variable", /);
  });

  it("is the theme's body and heading font", () => {
    const settings = { ...DEFAULT_SETTINGS, fontFamily: "DM Sans Variable" as const };
    expect(createAppTheme(settings).fontFamily).toBe(fontStack("DM Sans Variable", false));
    expect(createAppTheme(settings, true).headings?.fontFamily).toBe(fontStack("DM Sans Variable", true));
  });
});
