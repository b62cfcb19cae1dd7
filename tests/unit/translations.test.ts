import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n/languages";

/**
 * Translation completeness (architecture §3 rule 7): every language has every namespace of
 * English with exactly the same keys, nothing empty, the same placeholders, and is really
 * translated rather than English copied.
 */

const LOCALES = join(import.meta.dirname, "../../locales");
const OTHERS = SUPPORTED_LANGUAGES.filter((lng) => lng !== "en");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Intl locale used for each language's plural rules (i18next uses the same). */
const PLURAL_LOCALE: Record<string, string> = { en: "en", fr: "fr", vi: "vi", cn: "zh", ar: "ar" };

type Leaf = string | number | boolean | null;

function readJson(lng: string, file: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES, lng, file), "utf8"));
}

/** Every leaf by its dotted path; array elements get their index, so arrays compare by shape. */
function flatten(value: unknown, prefix = "", out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(`${prefix}[]`, null);
    value.forEach((item, index) => {
      flatten(item, `${prefix}[${index}]`, out);
    });
  } else if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(`${prefix}{}`, null);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value as Leaf);
  }
  return out;
}

/** `{{name}}`, `{{name, format}}` and `$t(key)` nestings, sorted so order doesn't matter. */
function placeholders(text: string): string[] {
  const found = [
    ...[...text.matchAll(/\{\{\s*([^}\s,]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/\$t\(([^)]+)\)/g)].map((m) => `$t(${m[1]})`),
  ];
  return found.sort();
}

/**
 * The key paths a language must have, given English's: a plural key (`x_one`, `x_other`) stands
 * for every plural form the language has (Arabic has six, Chinese one).
 */
function expectedKeys(english: Map<string, Leaf>, lng: string): Set<string> {
  const categories = new Intl.PluralRules(PLURAL_LOCALE[lng]).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = key.replace(PLURAL_SUFFIX, "");
    if (base !== key && english.has(`${base}_other`)) {
      for (const category of categories) keys.add(`${base}_${category}`);
    } else {
      keys.add(key);
    }
  }
  return keys;
}

const englishFor = (key: string, english: Map<string, Leaf>) =>
  english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, "_other"));

const namespaces = readdirSync(join(LOCALES, "en"))
  .filter((file) => file.endsWith(".json"))
  .sort();

describe("locales", () => {
  it("has a folder for each supported language and no other", () => {
    const folders = readdirSync(LOCALES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it("has the common and navbar namespaces in English", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common.json", "navbar.json"]));
  });

  it.each(OTHERS)("%s has no namespace English lacks", (lng) => {
    const files = readdirSync(join(LOCALES, lng)).sort();
    expect(files.filter((file) => !namespaces.includes(file))).toEqual([]);
  });
});

describe.each(namespaces)("namespace %s", (file) => {
  const english = flatten(readJson("en", file));

  it("English has keys and no empty value", () => {
    expect(english.size).toBeGreaterThan(0);
    const empty = [...english].filter(([, value]) => typeof value !== "string" || value.trim() === "");
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  describe.each(OTHERS)("%s", (lng) => {
    const load = () => flatten(readJson(lng, file));

    it("exists and is valid JSON", () => {
      expect(() => readJson(lng, file)).not.toThrow();
    });

    it("has no missing key", () => {
      const own = load();
      const missing = [...expectedKeys(english, lng)].filter((key) => !own.has(key));
      expect(missing, `keys missing in locales/${lng}/${file}`).toEqual([]);
    });

    it("has no key English lacks", () => {
      const wanted = expectedKeys(english, lng);
      const extra = [...load().keys()].filter((key) => !wanted.has(key));
      expect(extra, `extra keys in locales/${lng}/${file}`).toEqual([]);
    });

    it("has no empty or non-text value", () => {
      const bad = [...load()].filter(([, value]) => typeof value !== "string" || value.trim() === "");
      expect(
        bad.map(([key]) => key),
        `empty values in locales/${lng}/${file}`,
      ).toEqual([]);
    });

    it("keeps the interpolation placeholders of each key", () => {
      const differences: string[] = [];
      for (const [key, value] of load()) {
        const source = englishFor(key, english);
        if (typeof source !== "string" || typeof value !== "string") continue;
        const want = placeholders(source).join(" ");
        const got = placeholders(value).join(" ");
        if (want !== got) differences.push(`${key}: expected [${want}] got [${got}]`);
      }
      expect(differences, `placeholders in locales/${lng}/${file}`).toEqual([]);
    });

    it("is translated, not English copied", () => {
      const own = load();
      // Short labels and names ("FAQs", "MyLawyer", "Email") may be the same in several languages.
      const comparable = [...own].filter(([key, value]) => {
        const source = englishFor(key, english);
        return typeof value === "string" && typeof source === "string" && /\p{L}{3}.*\s\p{L}/u.test(source);
      });
      const copied = comparable.filter(([key, value]) => value === englishFor(key, english));
      expect(
        copied.length,
        `${copied.length} of ${comparable.length} phrases in locales/${lng}/${file} are English: ${copied
          .slice(0, 5)
          .map(([key]) => key)
          .join(", ")}`,
      ).toBeLessThanOrEqual(Math.floor(comparable.length * 0.1));
    });
  });
});

describe("scripts", () => {
  const SCRIPT: Record<string, RegExp> = { ar: /\p{Script=Arabic}/u, cn: /\p{Script=Han}/u };

  it.each(Object.keys(SCRIPT))("%s is written in its own script", (lng) => {
    const pattern = SCRIPT[lng] as RegExp;
    const values = namespaces.flatMap((file) =>
      [...flatten(readJson(lng, file)).values()].filter(
        (value): value is string => typeof value === "string" && /\p{L}{4}/u.test(value),
      ),
    );
    const native = values.filter((value) => pattern.test(value));
    expect(native.length / Math.max(values.length, 1)).toBeGreaterThanOrEqual(0.8);
  });
});
