import i18next, { type i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Trans as I18nextTrans } from "react-i18next";
import { describe, expect, it } from "vitest";
import { type Bundle, ClientI18n } from "./client-i18n";
import { Trans } from "./client-react";
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./languages";
import { withAppPluralRules } from "./plural";
import { resources } from "./resources";

/**
 * The browser's runtime against i18next, started as the browser started it before (the page's
 * language only, entry.client's options): every key of every namespace in every language, with
 * the counts below, every variable the key's forms use, without values, and through `<Trans>`.
 */
const COUNTS = [0, 1, 2, 5, 11, 21, 101];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{-?\s*([^}]+?)\s*\}\}/g;

function reference(lng: string): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    defaultNS: DEFAULT_NAMESPACE,
    ns: Object.keys(resources[lng] ?? {}),
    resources: { [lng]: structuredClone(resources[lng] ?? {}) },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return withAppPluralRules(instance);
}

function runtime(lng: string): ClientI18n {
  return new ClientI18n({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [lng]: (resources[lng] ?? {}) as Record<string, Bundle> },
  });
}

type Entry = { key: string; variables: Set<string>; plural: boolean; object: boolean };

/** Every key a component may ask for (plural forms as their base key, objects for returnObjects). */
function keysOf(bundle: unknown, prefix = "", into = new Map<string, Entry>()): Map<string, Entry> {
  if (bundle && typeof bundle === "object") {
    if (prefix) into.set(prefix, { key: prefix, variables: new Set(), plural: false, object: true });
    for (const [name, value] of Object.entries(bundle))
      keysOf(value, prefix ? `${prefix}.${name}` : name, into);
    return into;
  }
  const plural = PLURAL.test(prefix);
  const key = prefix.replace(PLURAL, "");
  const entry = into.get(key) ?? { key, variables: new Set(), plural: false, object: false };
  entry.plural ||= plural;
  for (const [, name = ""] of String(bundle).matchAll(VARIABLE)) entry.variables.add(name);
  into.set(key, entry);
  if (plural) into.set(prefix, { key: prefix, variables: entry.variables, plural: false, object: false });
  return into;
}

/** Values that show any difference in escaping: markup, entities, quotes, a slash. */
const sample = (name: string) => `${name} <b>&amp; "Ç'a"/x</b>`;

function optionSets(entry: Entry): Record<string, unknown>[] {
  const values = Object.fromEntries([...entry.variables].map((name) => [name, sample(name)]));
  const sets: Record<string, unknown>[] = [
    {},
    values,
    { defaultValue: "Default {{count}}" },
    // Variables given as undefined read as "", others stay as written.
    Object.fromEntries([...entry.variables].map((name) => [name, undefined])),
  ];
  if (entry.plural || entry.variables.has("count")) {
    for (const count of COUNTS) sets.push({ ...values, count });
  }
  if (entry.object) sets.push({ returnObjects: true, ...values });
  return sets;
}

const components = {
  resend: <a href="/auth/supabase/verify">x</a>,
  code: <code style={{ whiteSpace: "nowrap" }} />,
  time: <time dateTime="2026-12-31" />,
};

describe.each(SUPPORTED_LANGUAGES)("the client translation runtime in %s", (lng) => {
  const expected = reference(lng);
  const actual = runtime(lng);
  const namespaces = Object.keys(resources[lng] ?? {});

  it.each(namespaces)("writes every key of %s as i18next writes it", (ns) => {
    const tExpected = expected.getFixedT(lng, ns);
    const tActual = actual.getFixedT(lng, ns);
    const other = namespaces.find((name) => name !== ns) ?? DEFAULT_NAMESPACE;
    const tOther = expected.getFixedT(lng, other);
    const tOtherActual = actual.getFixedT(lng, other);
    let compared = 0;
    for (const entry of keysOf(resources[lng]?.[ns]).values()) {
      for (const options of optionSets(entry)) {
        const label = `${ns}:${entry.key} ${JSON.stringify(options)}`;
        expect(tActual(entry.key, options), label).toEqual(tExpected(entry.key, options));
        // From another namespace's t, with the namespace in the key, and from i18n.t.
        expect(tOtherActual(`${ns}:${entry.key}`, options), label).toEqual(
          tOther(`${ns}:${entry.key}`, options),
        );
        expect(actual.t(`${ns}:${entry.key}`, options), label).toEqual(
          expected.t(`${ns}:${entry.key}`, options),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it.each(namespaces)("renders every key of %s through <Trans> as react-i18next does", (ns) => {
    const tExpected = expected.getFixedT(lng, ns);
    const tActual = actual.getFixedT(lng, ns);
    for (const entry of keysOf(resources[lng]?.[ns]).values()) {
      if (entry.object) continue;
      const values = Object.fromEntries([...entry.variables].map((name) => [name, sample(name)]));
      const html = (element: ReactElement) => renderToString(<p>{element}</p>);
      expect(
        html(<Trans t={tActual} i18nKey={entry.key} values={values} components={components} />),
        `${ns}:${entry.key}`,
      ).toBe(
        html(
          <I18nextTrans
            t={tExpected}
            i18n={expected}
            i18nKey={entry.key}
            values={values}
            components={components}
          />,
        ),
      );
    }
  });

  it("answers a missing key, a missing namespace and an unknown language as i18next", () => {
    for (const key of ["nope", "common:nope.deeper", "absent-ns:title", "a sentence: with colon", ""]) {
      expect(actual.t(key), key).toBe(expected.t(key));
      expect(actual.t(key, { defaultValue: "D {{x}}", x: 1 }), key).toBe(
        expected.t(key, { defaultValue: "D {{x}}", x: 1 }),
      );
    }
    expect(actual.getFixedT("de", "common")("meta.title")).toBe(
      expected.getFixedT("de", "common")("meta.title"),
    );
  });
});

/** Markup the locales may come to hold: kept elements, void tags, nesting, entities, spaces. */
const MARKUP = {
  spaces: "<strong>a</strong> <em>b</em>  <code>{{v}}</code>   <resend></resend>",
  voids: "x <br/> y <resend/> z<br>",
  nested: "<resend>one <strong>two</strong> three</resend> <i>four</i>",
  entities: "&amp; &lt;b&gt; &quot;q&quot; &#x2F; &nbsp;{{v}}&hellip;",
  empty: "<strong> </strong><p></p>",
  missing: "{{v}} {{w}} {{count}} <time>{{context}}</time>",
  stray: "a < b > c <unknown>d</unknown> <b>e</b>",
};

describe("<Trans> on markup", () => {
  it.each(Object.keys(MARKUP))("renders %s as react-i18next does", (key) => {
    const expected = reference("en");
    expected.addResourceBundle("en", "markup", MARKUP);
    const actual = runtime("en");
    actual.addResourceBundle("en", "markup", MARKUP);
    for (const values of [undefined, { v: sample("v") }]) {
      const html = (element: ReactElement) => renderToString(<p>{element}</p>);
      expect(
        html(
          <Trans
            t={actual.getFixedT("en", "markup")}
            i18nKey={key}
            values={values}
            components={components}
          />,
        ),
      ).toBe(
        html(
          <I18nextTrans
            t={expected.getFixedT("en", "markup")}
            i18n={expected}
            i18nKey={key}
            values={values}
            components={components}
          />,
        ),
      );
    }
  });
});

describe("plurals the locales may come to hold", () => {
  it.each(SUPPORTED_LANGUAGES)("reads _zero for 0 in %s, and plural default values", (lng) => {
    const bundle = {
      n_zero: "none",
      n_one: "one",
      n_other: "{{count}} many",
      m: "{{count}} plain",
      list: ["a {{v}}", "b"],
    };
    const expected = reference(lng);
    expected.addResourceBundle(lng, "plural", bundle);
    const actual = runtime(lng);
    actual.addResourceBundle(lng, "plural", structuredClone(bundle));
    const defaults = {
      defaultValue: "d",
      defaultValue_zero: "d0",
      defaultValue_one: "d1",
      defaultValue_other: "dn",
    };
    for (const count of COUNTS) {
      for (const key of ["plural:n", "plural:m", "plural:absent"]) {
        expect(actual.t(key, { count }), `${key} ${count}`).toBe(expected.t(key, { count }));
        expect(actual.t(key, { count, ...defaults })).toBe(expected.t(key, { count, ...defaults }));
      }
    }
    expect(actual.t("plural:list", { returnObjects: true, v: 1 })).toEqual(
      expected.t("plural:list", { returnObjects: true, v: 1 }),
    );
    expect(actual.t("plural:list")).toBe(expected.t("plural:list"));
  });
});

describe("the locales' markup", () => {
  it("is only what the runtime's <Trans> reads: <name>, </name>, <name/>, no numbers, no attributes", () => {
    const tags = JSON.stringify(resources).match(/<[a-zA-Z0-9\-!/](?:"[^"]*"|'[^']*'|[^'">])*>/g) ?? [];
    expect(tags.filter((tag) => !/^<\/?[a-zA-Z][a-zA-Z-]*\/?>$/.test(tag))).toEqual([]);
  });
});

describe("ClientI18n", () => {
  it("changes language, tells its listeners, and adds bundles as load.ts does", async () => {
    const i18n = runtime("fr");
    const heard: unknown[] = [];
    const listener = (lng: unknown) => heard.push(lng);
    i18n.on("languageChanged", listener);
    expect(i18n.hasResourceBundle("ar", "common")).toBe(false);
    i18n.addResourceBundle("ar", "common", structuredClone(resources.ar?.common ?? {}) as Bundle, true, true);
    expect(i18n.hasResourceBundle("ar", "common")).toBe(true);
    await i18n.changeLanguage("ar");
    i18n.off("languageChanged", listener);
    await i18n.changeLanguage("fr");
    expect(heard).toEqual(["ar"]);
    expect(i18n.language).toBe("fr");
    expect(i18n.dir("ar")).toBe("rtl");
    expect(i18n.dir()).toBe("ltr");
    expect(i18n.getFixedT("ar", "common")("meta.title")).toBe(reference("ar").t("common:meta.title"));
  });
});
