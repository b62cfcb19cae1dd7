import { describe, expect, it } from "vitest";
import {
  RENDER_CACHE_MAX_ENTRIES,
  RENDER_CACHE_TTL_MS,
  RenderCache,
  renderCacheKey,
} from "./render-cache.server";

const STATIC_PAGE: { id: string; handle?: unknown }[] = [
  { id: "root" },
  { id: "routes/public/layout", handle: { hydrate: false, sameForEveryone: true } },
  { id: "routes/public/home", handle: { i18n: "home", hydrate: false, sameForEveryone: true } },
];

function get(url: string, cookie?: string, method = "GET") {
  return new Request(url, { method, headers: cookie ? { Cookie: cookie } : {} });
}

describe("which responses may be kept rendered (ADR 0022)", () => {
  it("a static page that every route says is the same for everyone, by path, language and settings", () => {
    const plain = renderCacheKey(get("http://app.test/"), STATIC_PAGE, "en", 200);
    expect(plain).not.toBeNull();
    expect(renderCacheKey(get("http://app.test/"), STATIC_PAGE, "fr", 200)).not.toBe(plain);
    const dark = renderCacheKey(
      get("http://app.test/", "app-settings=%7B%22colorScheme%22%3A%22dark%22%7D"),
      STATIC_PAGE,
      "en",
      200,
    );
    expect(dark).not.toBeNull();
    expect(dark).not.toBe(plain);
    expect(renderCacheKey(get("http://app.test/", "i18next=en"), STATIC_PAGE, "en", 200)).toBe(plain);
    expect(renderCacheKey(get("http://app.test/about-us"), STATIC_PAGE, "en", 200)).not.toBe(plain);
  });

  it("never for a visitor with a session, a flash message or any other cookie", () => {
    for (const cookie of [
      "sb-127-auth-token=base64-x",
      "sb-127-auth-token.0=x; i18next=en",
      "flash=abc",
      "other=1",
    ]) {
      expect(renderCacheKey(get("http://app.test/", cookie), STATIC_PAGE, "en", 200)).toBeNull();
    }
  });

  it("never for a query string, a write, an error status or a page that hydrates or did not opt in", () => {
    expect(renderCacheKey(get("http://app.test/?panel=settings"), STATIC_PAGE, "en", 200)).toBeNull();
    expect(renderCacheKey(get("http://app.test/", undefined, "POST"), STATIC_PAGE, "en", 200)).toBeNull();
    expect(renderCacheKey(get("http://app.test/"), STATIC_PAGE, "en", 404)).toBeNull();
    const [root, layout] = STATIC_PAGE.slice(0, 2);
    const hydrating = [root, layout, { id: "routes/public/contact-us", handle: { i18n: "contact" } }].filter(
      (match) => match !== undefined,
    );
    expect(renderCacheKey(get("http://app.test/contact-us"), hydrating, "en", 200)).toBeNull();
    const notOptedIn = [root, layout, { id: "routes/public/coming-soon", handle: { hydrate: false } }].filter(
      (match) => match !== undefined,
    );
    expect(renderCacheKey(get("http://app.test/coming-soon"), notOptedIn, "en", 200)).toBeNull();
    expect(renderCacheKey(get("http://app.test/"), [{ id: "root" }], "en", 200)).toBeNull();
  });
});

describe("the kept pages", () => {
  it("serve a page with the new response's nonce in place of the one it was rendered with", () => {
    const cache = new RenderCache();
    cache.set(
      "k",
      '<script nonce="abc+/=">x</script><link nonce="abc+/=" rel="icon"/><p>nonce="abc"</p>',
      "abc+/=",
    );
    expect(cache.get("k", "NEW")).toBe(
      '<script nonce="NEW">x</script><link nonce="NEW" rel="icon"/><p>nonce="abc"</p>',
    );
    expect(cache.get("other", "NEW")).toBeUndefined();
  });

  it("expire after the TTL", () => {
    let now = 1_000;
    const cache = new RenderCache(() => now);
    cache.set("k", "<p>page</p>", undefined);
    now += RENDER_CACHE_TTL_MS - 1;
    expect(cache.get("k", "n")).toBe("<p>page</p>");
    now += 1;
    expect(cache.get("k", "n")).toBeUndefined();
  });

  it("keep at most the maximum, dropping the least recently used", () => {
    const cache = new RenderCache();
    for (let i = 0; i < RENDER_CACHE_MAX_ENTRIES; i++) cache.set(`k${i}`, `${i}`, undefined);
    expect(cache.get("k0", undefined)).toBe("0");
    cache.set("new", "new", undefined);
    expect(cache.get("k0", undefined)).toBe("0");
    expect(cache.get("k1", undefined)).toBeUndefined();
    expect(cache.get("new", undefined)).toBe("new");
  });
});
