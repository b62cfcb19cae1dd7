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
type PrimaryColor = keyof typeof PRIMARY_COLORS;

const FONT_FAMILIES = [
  "Public Sans Variable",
  "Inter Variable",
  "DM Sans Variable",
  "Nunito Sans Variable",
] as const;

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

/** The values each setting accepts; the first is not necessarily the default. */
export const SETTING_OPTIONS = {
  colorScheme: ["light", "dark"],
  // "hight" is the spelling the product has always stored (spec §3).
  contrast: ["default", "hight"],
  direction: ["ltr", "rtl"],
  navLayout: ["vertical", "horizontal", "mini"],
  primaryColor: Object.keys(PRIMARY_COLORS) as PrimaryColor[],
  navColor: ["integrate", "apparent"],
  compactLayout: [true, false],
  fontFamily: FONT_FAMILIES,
} as const satisfies Record<keyof typeof DEFAULT_SETTINGS, readonly unknown[]>;

export type Settings = { -readonly [K in keyof typeof SETTING_OPTIONS]: (typeof SETTING_OPTIONS)[K][number] };
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(SETTING_OPTIONS) as SettingKey[];

// A hand-written check rather than a schema library: this module ships to every page.
function isValid<K extends SettingKey>(key: K, value: unknown): value is Settings[K] {
  return (SETTING_OPTIONS[key] as readonly unknown[]).includes(value);
}

/** Each field falls back to its default on its own, so one bad value never loses the rest. */
function normalise(value: Record<string, unknown>): Settings {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    settings[key] = isValid(key, value[key]) ? value[key] : DEFAULT_SETTINGS[key];
  }
  return settings as Settings;
}

/** Options that only make sense inside the dashboard; hidden on public pages. */
export const DASHBOARD_ONLY_SETTINGS: readonly SettingKey[] = ["compactLayout", "navLayout", "navColor"];

/** Reads settings from the cookie's value; anything missing or invalid takes its default. */
export function parseSettings(raw: string | null | undefined): Settings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const value: unknown = JSON.parse(raw);
    return normalise(typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});
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
    // A checkbox sends "true"/"false"; anything else is invalid and changes nothing.
    const value = key === "compactLayout" ? (raw === "true" ? true : raw === "false" ? false : raw) : raw;
    if (isValid(key, value)) next[key] = value;
  }
  return next as Settings;
}
