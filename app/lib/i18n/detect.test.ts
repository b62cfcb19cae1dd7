import { describe, expect, it } from "vitest";
import { detectLanguage, type LanguageSources, matchLanguage, parseAcceptLanguage } from "./detect";

describe("matchLanguage", () => {
  it.each([
    ["en", "en"],
    ["fr", "fr"],
    ["vi", "vi"],
    ["cn", "cn"],
    ["ar", "ar"],
    ["FR", "fr"],
    [" ar ", "ar"],
    ["fr-CA", "fr"],
    ["en_GB", "en"],
    ["ar-SA", "ar"],
    ["vi-VN", "vi"],
    ["zh", "cn"],
    ["zh-CN", "cn"],
    ["zh-Hans", "cn"],
    ["ZH-tw", "cn"],
  ])("maps %j to %j", (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it.each([null, undefined, "", "   ", "de", "de-DE", "es", "english", "*", "e"])(
    "returns null for %j",
    (tag) => {
      expect(matchLanguage(tag)).toBeNull();
    },
  );
});

describe("parseAcceptLanguage", () => {
  it("orders tags by quality, highest first", () => {
    expect(parseAcceptLanguage("fr;q=0.5, ar;q=0.9, vi")).toEqual(["vi", "ar", "fr"]);
  });

  it("keeps header order for equal qualities", () => {
    expect(parseAcceptLanguage("de, fr, en;q=1")).toEqual(["de", "fr", "en"]);
  });

  it("parses a real browser header", () => {
    expect(parseAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      "fr-CH",
      "fr",
      "en",
      "de",
    ]);
  });

  it("drops the wildcard, empty entries, q=0 and unreadable qualities", () => {
    expect(parseAcceptLanguage("*, , ar;q=0, fr;q=abc, vi;q=0.1")).toEqual(["vi"]);
  });

  it("tolerates whitespace around tags and parameters", () => {
    expect(parseAcceptLanguage("  en-US ;  q=0.4 ,ar ; q=0.6")).toEqual(["ar", "en-US"]);
  });

  it("returns nothing for an empty header", () => {
    expect(parseAcceptLanguage("")).toEqual([]);
  });
});

describe("detectLanguage", () => {
  /** One different supported language per source, in the spec's order. */
  const all: Required<LanguageSources> = {
    query: "fr",
    cookie: "vi",
    localStorage: "cn",
    sessionStorage: "ar",
    browser: "en-GB",
    htmlTag: "fr",
  };
  const order = ["query", "cookie", "localStorage", "sessionStorage", "browser", "htmlTag"] as const;

  it("falls back to English when nothing is known", () => {
    expect(detectLanguage({})).toBe("en");
  });

  it("takes the query first", () => {
    expect(detectLanguage(all)).toBe("fr");
  });

  it("follows the order query, cookie, localStorage, sessionStorage, browser, html tag", () => {
    const expected = ["fr", "vi", "cn", "ar", "en", "fr"];
    order.forEach((_, index) => {
      const sources: LanguageSources = {};
      for (const key of order.slice(index)) Object.assign(sources, { [key]: all[key] });
      expect(detectLanguage(sources), `starting at ${order[index]}`).toBe(expected[index]);
    });
  });

  it.each(order)("uses %s on its own", (key) => {
    expect(detectLanguage({ [key]: "ar" })).toBe("ar");
  });

  it("lets the cookie beat the browser language", () => {
    expect(detectLanguage({ cookie: "fr", browser: "ar-SA,ar;q=0.9" })).toBe("fr");
  });

  it("lets the browser language beat the html tag", () => {
    expect(detectLanguage({ browser: "vi-VN", htmlTag: "ar" })).toBe("vi");
  });

  it("skips an unsupported value and moves on to the next source", () => {
    expect(detectLanguage({ query: "de", cookie: "xx", localStorage: "", sessionStorage: "cn" })).toBe("cn");
    expect(detectLanguage({ query: "de", htmlTag: "ar" })).toBe("ar");
    expect(detectLanguage({ query: "klingon" })).toBe("en");
  });

  it("normalises regional and Chinese tags in every source", () => {
    expect(detectLanguage({ query: "fr-CA" })).toBe("fr");
    expect(detectLanguage({ cookie: "zh-Hans" })).toBe("cn");
    expect(detectLanguage({ htmlTag: "ar-SA" })).toBe("ar");
  });

  it("reads an Accept-Language header by quality", () => {
    expect(detectLanguage({ browser: "de-DE, fr;q=0.4, ar;q=0.8" })).toBe("ar");
    expect(detectLanguage({ browser: "de-DE, es;q=0.8" })).toBe("en");
  });

  it("reads navigator.languages in order, skipping unsupported ones", () => {
    expect(detectLanguage({ browser: ["de-DE", "zh-CN", "fr"] })).toBe("cn");
    expect(detectLanguage({ browser: [] })).toBe("en");
  });

  it("treats null sources as absent", () => {
    expect(
      detectLanguage({
        query: null,
        cookie: null,
        localStorage: null,
        sessionStorage: null,
        browser: null,
        htmlTag: "vi",
      }),
    ).toBe("vi");
  });
});
