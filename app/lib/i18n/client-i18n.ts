/**
 * The browser's translation runtime (issue 20 item 2, ADR 0021): the part of i18next this app
 * uses, a few hundred bytes instead of i18next's 14 KiB. The server keeps i18next (it renders with
 * it); the browser gets this, and must write every string exactly as i18next
 * writes it, or hydration would not match: `client-i18n.test.ts` renders every key of every
 * namespace in every language through both and compares.
 *
 * What it does, as i18next 26 does it with this app's options (nested JSON resources, `:` and
 * `.` separators, `escapeValue: false`): keys `key.path` and `ns:key.path`; `{{var}}` and
 * `{{- var}}` interpolation (a missing variable stays as written); plurals by `Intl.PluralRules`
 * with the `_zero` … `_other` suffixes and the `_zero` lookup for a count of 0; `defaultValue`
 * (and its plural forms); `returnObjects`; the fallback language; the key itself when nothing is
 * found. No context, nesting (`$t(…)`), formatters, post-processors or backends: the app uses none.
 */

import { pluralLocaleOf } from "./plural";

/** A namespace's translations: nested objects of strings (arrays for lists). */
export type Bundle = { [key: string]: unknown };

type Listener = (...args: unknown[]) => void;

type TOptions = {
  [option: string]: unknown;
  count?: unknown;
  defaultValue?: unknown;
  lng?: string;
  ns?: string | readonly string[];
  returnObjects?: boolean;
  replace?: unknown;
  interpolation?: { escapeValue?: boolean };
};

export type ClientTFunction = ((key: string | readonly string[], options?: TOptions | string) => string) & {
  lng?: string;
  lngs?: unknown;
  ns?: string | readonly string[];
};

type ClientI18nOptions = {
  lng: string;
  fallbackLng: string;
  supportedLngs: readonly string[];
  defaultNS: string;
  /** By language and namespace; a namespace is a `Bundle` (typed loosely, as JSON arrives). */
  resources: Record<string, Record<string, unknown>>;
};

const NS_SEPARATOR = ":";
const KEY_SEPARATOR = ".";
const PLURAL_SEPARATOR = "_";
const NATURAL_LANGUAGE = /( |,|\?|!|;)/;
const NESTING = /\$t\(((?:[^()"']|"[^"]*"|'[^']*'|\((?:[^()"']|"[^"]*"|'[^']*')*\))*?)\)/;
const VARIABLE = /\{\{(-?)(.+?)\}\}/g;
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "/": "&#x2F;",
};

const isString = (value: unknown): value is string => typeof value === "string";
const own = (object: object, key: string) => Object.hasOwn(object, key);

/** i18next's `escape`: the value of a variable in `<Trans>`'s markup. */
const escapeHtml = (value: string): string => value.replace(/[&<>"'/]/g, (c) => ENTITIES[c] ?? c);

/** What i18next treats as an object (a list or a map), not a string to write. */
function isObjectLike(value: unknown): value is object {
  if (value === null || value === undefined || isString(value)) return false;
  if (typeof value === "boolean" || typeof value === "number" || typeof value === "function") return false;
  return !(value instanceof RegExp);
}

/** `path` of `object`, stepping only into objects and own properties. */
function getPath(object: unknown, path: readonly string[]): unknown {
  let current = object;
  for (const step of path) {
    if (!current || isString(current) || typeof current !== "object") return undefined;
    const step2 = step.includes("###") ? step.replace(/###/g, ".") : step;
    if (!own(current, step2)) return undefined;
    current = (current as Record<string, unknown>)[step2];
  }
  return current;
}

/** i18next's `deepFind`: a key that may itself contain the separator (`a.b` stored flat). */
function deepFind(object: unknown, path: string): unknown {
  if (!object || typeof object !== "object") return undefined;
  const record = object as Record<string, unknown>;
  if (record[path]) return own(record, path) ? record[path] : undefined;
  const tokens = path.split(KEY_SEPARATOR);
  let current: unknown = record;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += KEY_SEPARATOR;
      nextPath += tokens[j];
      next = (current as Record<string, unknown>)[nextPath];
      if ((typeof next === "function" || nextPath === "__proto__") && !own(current, nextPath))
        next = undefined;
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

/** Whether `key` reads as a path (`a.b`, `ns:a.b`) rather than a sentence. */
function looksLikeObjectPath(key: string): boolean {
  if (!NATURAL_LANGUAGE.test(key)) return true;
  const at = key.indexOf(KEY_SEPARATOR);
  return at > 0 && !NATURAL_LANGUAGE.test(key.substring(0, at));
}

function makeString(value: unknown): string {
  return value == null ? "" : String(value);
}

const hasDefaultValue = (options: TOptions) =>
  Object.keys(options).some((name) => name.startsWith("defaultValue") && options[name] !== undefined);

/**
 * `{{var}}` of `text` from `data` (i18next's interpolator with `skipOnVariables`: a written value is
 * never read again; a variable neither in `data` nor among `options` stays as written).
 */
export function interpolate(text: string, data: object, options: object, escapeValues: boolean): string {
  return text.replace(VARIABLE, (match, unescaped: string, name: string) => {
    const variable = name.trim();
    let value = getPath(data, variable.split(KEY_SEPARATOR));
    if (value == null) value = deepFind(data, variable);
    if (value === undefined) return own(options, variable) ? "" : match;
    const written = makeString(value);
    return escapeValues && !unescaped ? escapeHtml(written) : written;
  });
}

export class ClientI18n {
  language: string;
  readonly options: Readonly<ClientI18nOptions>;
  readonly isInitialized = true;
  private readonly store: Record<string, Record<string, Bundle>>;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pluralRules = new Map<string, Intl.PluralRules | null>();

  constructor(options: ClientI18nOptions) {
    this.options = options;
    this.store = structuredClone(options.resources) as Record<string, Record<string, Bundle>>;
    this.language = this.supported(options.lng) ? options.lng : options.fallbackLng;
  }

  private supported(lng: string): boolean {
    return this.options.supportedLngs.includes(lng) || lng === "cimode";
  }

  on(event: string, listener: Listener): void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  async changeLanguage(lng: string): Promise<ClientTFunction> {
    this.language = this.supported(lng) ? lng : this.options.fallbackLng;
    this.emit("languageChanged", this.language);
    return this.getFixedT(null, null);
  }

  /** "rtl" for Arabic (the one right-to-left language of the product), else "ltr". */
  dir(lng: string = this.language): "ltr" | "rtl" {
    return lng.split(/[-_]/)[0]?.toLowerCase() === "ar" ? "rtl" : "ltr";
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string): Bundle | undefined {
    const bundle = this.store[lng]?.[ns];
    return bundle && { ...bundle };
  }

  addResourceBundle(lng: string, ns: string, resources: Bundle, deep = false, overwrite = false): void {
    const language = this.store[lng] ?? {};
    this.store[lng] = language;
    const existing = language[ns];
    language[ns] =
      existing && deep ? deepExtend(existing, resources, overwrite) : { ...existing, ...resources };
    this.emit("added", lng, ns);
  }

  getFixedT(lng: string | null, ns: string | readonly string[] | null): ClientTFunction {
    const fixed: ClientTFunction = (key, options) => {
      const o: TOptions = isString(options) ? { defaultValue: options } : { ...options };
      // As i18next's fixed t, which leaves these options on the object (they count as given
      // variables: `{{ns}}` missing from the values reads as "").
      o.lng = o.lng || fixed.lng;
      o.lngs = o.lngs || fixed.lngs;
      o.ns = o.ns || fixed.ns;
      if (o.keyPrefix !== "") o.keyPrefix = o.keyPrefix || undefined;
      return this.t(key, o);
    };
    if (isString(lng)) fixed.lng = lng;
    else fixed.lngs = lng;
    fixed.ns = ns ?? undefined;
    return fixed;
  }

  t = (keys: string | readonly string[], options?: TOptions | string): string =>
    this.translate(keys, isString(options) ? { defaultValue: options } : { ...options }) as string;

  private extract(key: string, options: TOptions): { key: string; namespaces: readonly string[] } {
    let namespaces: string | readonly string[] = options.ns || this.options.defaultNS;
    let path = key;
    if (key.includes(NS_SEPARATOR) && looksLikeObjectPath(key) && !NESTING.test(key)) {
      const parts = key.split(NS_SEPARATOR);
      namespaces = parts.shift() ?? "";
      path = parts.join(KEY_SEPARATOR);
    }
    return { key: path, namespaces: isString(namespaces) ? [namespaces] : namespaces };
  }

  private pluralSuffix(code: string, count: number): string {
    if (!this.pluralRules.has(code)) {
      let rule: Intl.PluralRules | null = null;
      try {
        rule = new Intl.PluralRules(pluralLocaleOf(code).replace(/_/g, "-"), { type: "cardinal" });
      } catch {
        rule = null;
      }
      this.pluralRules.set(code, rule);
    }
    const rule = this.pluralRules.get(code);
    return `${PLURAL_SEPARATOR}${rule ? rule.select(count) : count === 1 ? "one" : "other"}`;
  }

  /** The languages to look in: the language, then the fallback (supported ones only). */
  private hierarchy(lng: string): string[] {
    const codes: string[] = [];
    for (const code of [lng, this.options.fallbackLng]) {
      if (code && this.supported(code) && !codes.includes(code)) codes.push(code);
    }
    return codes;
  }

  private resource(lng: string, ns: string, key: string): unknown {
    const bundle = this.store[lng]?.[ns];
    const found = getPath(bundle, key.split(KEY_SEPARATOR));
    return found != null ? found : deepFind(bundle, key);
  }

  private resolve(keys: readonly string[], options: TOptions) {
    let found: unknown;
    let usedKey = "";
    let exactUsedKey = "";
    const valid = (value: unknown) => value !== undefined && value !== null;
    const plural = options.count !== undefined && !isString(options.count);
    const zero = plural && options.count === 0;
    for (const k of keys) {
      if (valid(found)) break;
      const extracted = this.extract(k, options);
      usedKey = extracted.key;
      for (const ns of extracted.namespaces) {
        if (valid(found)) break;
        for (const code of this.hierarchy(options.lng || this.language)) {
          if (valid(found)) break;
          const candidates = [usedKey];
          if (plural) candidates.push(usedKey + this.pluralSuffix(code, options.count as number));
          if (zero) candidates.push(`${usedKey}${PLURAL_SEPARATOR}zero`);
          for (let candidate = candidates.pop(); candidate; candidate = candidates.pop()) {
            if (!valid(found)) {
              exactUsedKey = candidate;
              found = this.resource(code, ns, candidate);
            }
          }
        }
      }
    }
    return { found, usedKey, exactUsedKey };
  }

  private translate(input: string | readonly string[], options: TOptions): unknown {
    if (input == null) return "";
    const keys = (Array.isArray(input) ? input : [input]).map(String);
    const { key, namespaces } = this.extract(keys[keys.length - 1] ?? "", options);
    const lng = options.lng || this.language;
    const { found, usedKey, exactUsedKey } = this.resolve(keys, options);
    let res = found;
    const plural = options.count !== undefined && !isString(options.count);
    const withDefault = hasDefaultValue(options);
    const suffix = plural ? this.pluralSuffix(lng, options.count as number) : "";
    const zero = plural && options.count === 0;
    const defaultValue =
      (zero && options[`defaultValue${PLURAL_SEPARATOR}zero`]) ||
      options[`defaultValue${suffix}`] ||
      options.defaultValue;
    const forObject = !res && withDefault ? defaultValue : res;
    if (forObject && isObjectLike(forObject)) {
      if (!options.returnObjects)
        return `key '${key} (${this.language})' returned an object instead of string.`;
      const list = Array.isArray(forObject);
      const copy: Record<string, unknown> | unknown[] = list ? [] : {};
      const base = list ? exactUsedKey || key : usedKey || key;
      for (const m of Object.keys(forObject)) {
        const deepKey = `${base}${KEY_SEPARATOR}${m}`;
        const item = (forObject as Record<string, unknown>)[m];
        const deepOptions: TOptions = { ...options, joinArrays: false, ns: namespaces };
        if (withDefault && !res) {
          deepOptions.defaultValue = isObjectLike(defaultValue)
            ? (defaultValue as Record<string, unknown>)[m]
            : undefined;
        }
        const value = this.translate(deepKey, deepOptions);
        (copy as Record<string, unknown>)[m] = value === deepKey ? item : value;
      }
      return copy;
    }
    if ((res === undefined || res === null) && withDefault) res = defaultValue;
    if (res === undefined || res === null) res = key;
    if (!isString(res)) return res;
    const data = options.replace && !isString(options.replace) ? (options.replace as object) : options;
    return interpolate(res, data, options, options.interpolation?.escapeValue === true);
  }
}

function deepExtend(target: Bundle, source: Bundle, overwrite: boolean): Bundle {
  for (const prop of Object.keys(source)) {
    if (prop === "__proto__" || prop === "constructor") continue;
    const here = target[prop];
    const there = source[prop];
    if (!own(target, prop)) target[prop] = there;
    else if (isString(here) || isString(there)) {
      if (overwrite) target[prop] = there;
    } else if (here && there && typeof here === "object" && typeof there === "object") {
      deepExtend(here as Bundle, there as Bundle, overwrite);
    }
  }
  return target;
}
