import { readCookie } from "../cookies";
import { parseSettings, SETTINGS_COOKIE, type Settings } from "./settings";

/** The settings a request carries in its cookie (defaults when there is none). */
export function getSettings(request: Request): Settings {
  return parseSettings(readCookie(request.headers.get("Cookie"), SETTINGS_COOKIE));
}
