import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getInstance, getLocale, i18nextMiddleware } from "./i18n.server";

/** Runs the middleware for one request; resolves with the language and instance it set. */
async function run(url: string, headers: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  const request = new Request(url, { headers });
  const response = await i18nextMiddleware(
    { request, context, params: {}, url: new URL(url), pattern: "/" } as unknown as Parameters<
      typeof i18nextMiddleware
    >[0],
    async () => new Response("page"),
  );
  return { response, language: getLocale(context), i18n: getInstance(context) };
}

describe("the i18n middleware (spec §9 detection; ADR 0022: one instance per language)", () => {
  it("detects the language from ?lng, then the cookie, then Accept-Language", async () => {
    expect((await run("http://app.test/?lng=fr", { Cookie: "i18next=vi" })).language).toBe("fr");
    expect((await run("http://app.test/", { Cookie: "i18next=vi", "Accept-Language": "ar" })).language).toBe(
      "vi",
    );
    expect((await run("http://app.test/", { "Accept-Language": "zh-CN,zh;q=0.9" })).language).toBe("cn");
    expect((await run("http://app.test/", { "Accept-Language": "de" })).language).toBe("en");
  });

  it("gives every request in a language the same initialised instance, in that language", async () => {
    const first = await run("http://app.test/?lng=ar");
    const second = await run("http://app.test/pricing", { Cookie: "i18next=ar" });
    expect(second.i18n).toBe(first.i18n);
    expect(first.i18n.language).toBe("ar");
    expect(first.i18n.dir()).toBe("rtl");
    expect(first.i18n.t("search.button", { ns: "header" })).toBe("بحث");
    const english = await run("http://app.test/?lng=en");
    expect(english.i18n).not.toBe(first.i18n);
    expect(english.i18n.language).toBe("en");
  });

  it("passes the page's response through", async () => {
    const { response } = await run("http://app.test/");
    expect(response instanceof Response && (await response.text())).toBe("page");
  });

  it("chooses Chinese plural forms by Chinese rules: a count of 1 reads the Chinese, not English", async () => {
    const { i18n } = await run("http://app.test/?lng=cn");
    for (const count of [0, 1, 2, 5]) {
      expect(i18n.t("navbar:shell.contactsOnline", { count })).toBe(`${count} 人在线`);
    }
  });
});
