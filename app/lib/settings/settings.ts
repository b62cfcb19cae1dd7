import { z } from "zod";

export const SETTINGS_COOKIE = "app-settings";
/** Local-storage keys the settings are mirrored to (spec §9). */
export const SETTINGS_STORAGE_KEY = "app-settings";
export const THEME_MODE_STORAGE_KEY = "theme-mode";

export const PRIMARY_COLORS = {
  default: "#00A76F",
  cyan: "#078DEE",
  purple: "#7635dc",
  blue: "#0C68E9",
  orange: "#fda92d",
  red: "#FF3030",
} as const;
export type PrimaryColor = keyof typeof PRIMARY_COLORS;

export const FONT_FAMILIES = [
  "Public Sans Variable",
  "Inter Variable",
  "DM Sans Variable",
  "Nunito Sans Variable",
] as const;

const PRIMARY_COLOR_NAMES = Object.keys(PRIMARY_COLORS) as [PrimaryColor, ...PrimaryColor[]];

export const DEFAULT_SETTINGS = {
  colorScheme: "light",
  contrast: "default",
  direction: "ltr",
  navLayout: "vertical",
  primaryColor: "default",
  navColor: "integrate",
  compactLayout: true,
  fontFamily: "Public Sans Variable",
} as const satisfies Record<string, unknown>;

/** Each field falls back to its default on its own, so one bad value never loses the rest. */
export const settingsSchema = z.object({
  colorScheme: z.enum(["light", "dark"]).catch(DEFAULT_SETTINGS.colorScheme),
  // "hight" is the spelling the product has always stored (spec §3).
  contrast: z.enum(["default", "hight"]).catch(DEFAULT_SETTINGS.contrast),
  direction: z.enum(["ltr", "rtl"]).catch(DEFAULT_SETTINGS.direction),
  navLayout: z.enum(["vertical", "horizontal", "mini"]).catch(DEFAULT_SETTINGS.navLayout),
  primaryColor: z.enum(PRIMARY_COLOR_NAMES).catch(DEFAULT_SETTINGS.primaryColor),
  navColor: z.enum(["integrate", "apparent"]).catch(DEFAULT_SETTINGS.navColor),
  compactLayout: z.boolean().catch(DEFAULT_SETTINGS.compactLayout),
  fontFamily: z.enum(FONT_FAMILIES).catch(DEFAULT_SETTINGS.fontFamily),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];

/** Options that only make sense inside the dashboard; hidden on public pages. */
export const DASHBOARD_ONLY_SETTINGS: readonly SettingKey[] = ["compactLayout", "navLayout", "navColor"];

/** Reads settings from the cookie's value; anything missing or invalid takes its default. */
export function parseSettings(raw: string | null | undefined): Settings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const value: unknown = JSON.parse(raw);
    return settingsSchema.parse(typeof value === "object" && value !== null ? value : {});
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** Only the values that differ from the defaults are stored, so defaults can change later. */
export function serializeSettings(settings: Settings): string {
  const changed = Object.fromEntries(
    SETTING_KEYS.filter((key) => settings[key] !== DEFAULT_SETTINGS[key]).map((key) => [key, settings[key]]),
  );
  return JSON.stringify(changed);
}

export function settingsDiffer(settings: Settings): boolean {
  return SETTING_KEYS.some((key) => settings[key] !== DEFAULT_SETTINGS[key]);
}

/**
 * Applies submitted form fields on top of the current settings. Only fields present in the form
 * change; when a field is sent several times (a hidden "off" value before a checkbox) the last wins.
 */
export function applySettingsForm(current: Settings, form: FormData | URLSearchParams): Settings {
  const next: Record<string, unknown> = { ...current };
  for (const key of SETTING_KEYS) {
    const raw = form.getAll(key).at(-1);
    if (typeof raw !== "string") continue;
    const value = key === "compactLayout" ? raw === "true" : raw;
    // The schema falls back to the default on bad input; a bad value must change nothing instead.
    if (settingsSchema.shape[key].parse(value) === value) next[key] = value;
  }
  return next as Settings;
}
