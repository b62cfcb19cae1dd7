import { describe, expect, it } from "vitest";
import {
  applySettingsForm,
  DEFAULT_SETTINGS,
  parseSettings,
  SETTING_KEYS,
  type Settings,
  serializeSettings,
  settingsDiffer,
} from "./settings";

const defaults = (): Settings => ({ ...DEFAULT_SETTINGS });

describe("parseSettings", () => {
  it.each([null, undefined, "", "not json", "{", "null", "42", '"dark"', "[]", "true"])(
    "gives the defaults for %j",
    (raw) => {
      expect(parseSettings(raw)).toEqual(DEFAULT_SETTINGS);
    },
  );

  it("reads every stored value", () => {
    const stored: Settings = {
      colorScheme: "dark",
      contrast: "hight",
      direction: "rtl",
      navLayout: "mini",
      primaryColor: "purple",
      navColor: "apparent",
      compactLayout: false,
      fontFamily: "DM Sans Variable",
    };
    expect(parseSettings(JSON.stringify(stored))).toEqual(stored);
  });

  it("fills missing keys with defaults", () => {
    expect(parseSettings('{"colorScheme":"dark"}')).toEqual({ ...DEFAULT_SETTINGS, colorScheme: "dark" });
  });

  it("replaces only the invalid values, keeping the valid ones", () => {
    expect(
      parseSettings(
        JSON.stringify({
          colorScheme: "dark",
          contrast: "high",
          primaryColor: "pink",
          compactLayout: "false",
          fontFamily: "Comic Sans",
          navLayout: "horizontal",
        }),
      ),
    ).toEqual({ ...DEFAULT_SETTINGS, colorScheme: "dark", navLayout: "horizontal" });
  });

  it("ignores unknown keys", () => {
    const parsed = parseSettings('{"colorScheme":"dark","openDrawer":true,"evil":"<script>"}');
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, colorScheme: "dark" });
    expect(Object.keys(parsed).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it("returns a fresh object each time (callers may mutate it)", () => {
    const first = parseSettings(null);
    first.colorScheme = "dark";
    expect(parseSettings(null).colorScheme).toBe("light");
    expect(DEFAULT_SETTINGS.colorScheme).toBe("light");
  });
});

describe("serializeSettings", () => {
  it("stores nothing for the defaults", () => {
    expect(serializeSettings(defaults())).toBe("{}");
  });

  it("stores only the values that differ from the defaults", () => {
    const settings: Settings = { ...defaults(), colorScheme: "dark", compactLayout: false };
    expect(JSON.parse(serializeSettings(settings))).toEqual({ colorScheme: "dark", compactLayout: false });
  });

  it("round-trips through parseSettings", () => {
    const settings: Settings = {
      ...defaults(),
      contrast: "hight",
      direction: "rtl",
      primaryColor: "orange",
      fontFamily: "Nunito Sans Variable",
    };
    expect(parseSettings(serializeSettings(settings))).toEqual(settings);
    expect(parseSettings(serializeSettings(defaults()))).toEqual(DEFAULT_SETTINGS);
  });
});

describe("settingsDiffer", () => {
  it("is false for the defaults", () => {
    expect(settingsDiffer(defaults())).toBe(false);
  });

  it.each([
    ["colorScheme", "dark"],
    ["contrast", "hight"],
    ["direction", "rtl"],
    ["navLayout", "horizontal"],
    ["primaryColor", "red"],
    ["navColor", "apparent"],
    ["compactLayout", false],
    ["fontFamily", "Inter Variable"],
  ] as const)("is true when %s is %j", (key, value) => {
    expect(settingsDiffer({ ...defaults(), [key]: value })).toBe(true);
  });
});

describe("applySettingsForm", () => {
  it("changes only the submitted fields", () => {
    const next = applySettingsForm(defaults(), new URLSearchParams({ colorScheme: "dark" }));
    expect(next).toEqual({ ...DEFAULT_SETTINGS, colorScheme: "dark" });
  });

  it("does not mutate the current settings", () => {
    const current = defaults();
    applySettingsForm(current, new URLSearchParams({ colorScheme: "dark" }));
    expect(current).toEqual(DEFAULT_SETTINGS);
  });

  it("takes the last value of a repeated field (hidden 'off' before a checked switch)", () => {
    const form = new URLSearchParams([
      ["colorScheme", "light"],
      ["colorScheme", "dark"],
      ["compactLayout", "false"],
    ]);
    expect(applySettingsForm(defaults(), form)).toEqual({
      ...DEFAULT_SETTINGS,
      colorScheme: "dark",
      compactLayout: false,
    });
  });

  it("turns a switch off when only the hidden value is sent", () => {
    const current: Settings = { ...defaults(), colorScheme: "dark", contrast: "hight" };
    const form = new URLSearchParams([
      ["colorScheme", "light"],
      ["contrast", "default"],
    ]);
    expect(applySettingsForm(current, form)).toEqual(DEFAULT_SETTINGS);
  });

  it("reads compactLayout as a boolean", () => {
    expect(applySettingsForm(defaults(), new URLSearchParams({ compactLayout: "false" })).compactLayout).toBe(
      false,
    );
    const off: Settings = { ...defaults(), compactLayout: false };
    expect(applySettingsForm(off, new URLSearchParams({ compactLayout: "true" })).compactLayout).toBe(true);
  });

  it("ignores invalid values instead of resetting the field", () => {
    const current: Settings = { ...defaults(), colorScheme: "dark", primaryColor: "blue" };
    const form = new URLSearchParams({
      colorScheme: "purple",
      primaryColor: "pink",
      fontFamily: "Comic Sans",
      navLayout: "",
    });
    expect(applySettingsForm(current, form)).toEqual(current);
  });

  it("ignores an invalid compactLayout value", () => {
    expect(applySettingsForm(defaults(), new URLSearchParams({ compactLayout: "yes" })).compactLayout).toBe(
      true,
    );
  });

  it("ignores unknown fields such as returnTo and intent", () => {
    const form = new URLSearchParams({ returnTo: "/faqs", intent: "save", openDrawer: "true" });
    const next = applySettingsForm(defaults(), form);
    expect(next).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(next).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it("accepts a FormData as sent by the drawer", () => {
    const form = new FormData();
    form.append("returnTo", "/");
    form.append("colorScheme", "light");
    form.append("colorScheme", "dark");
    form.append("primaryColor", "cyan");
    form.append("fontFamily", "Inter Variable");
    expect(applySettingsForm(defaults(), form)).toEqual({
      ...DEFAULT_SETTINGS,
      colorScheme: "dark",
      primaryColor: "cyan",
      fontFamily: "Inter Variable",
    });
  });

  it("resets to the defaults when every default is submitted", () => {
    const changed: Settings = {
      colorScheme: "dark",
      contrast: "hight",
      direction: "rtl",
      navLayout: "mini",
      primaryColor: "red",
      navColor: "apparent",
      compactLayout: false,
      fontFamily: "Inter Variable",
    };
    const form = new URLSearchParams(
      Object.entries(DEFAULT_SETTINGS).map(([key, value]) => [key, String(value)]),
    );
    const reset = applySettingsForm(changed, form);
    expect(reset).toEqual(DEFAULT_SETTINGS);
    expect(settingsDiffer(reset)).toBe(false);
    expect(serializeSettings(reset)).toBe("{}");
  });
});
