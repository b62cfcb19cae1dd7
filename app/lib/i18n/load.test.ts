import i18next, { type i18n as I18n } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadTranslations, localesUrl, missingNamespaces } from "./load";

/** An i18next instance started as entry.client starts it: the page's bundles, no backend. */
async function client(lng: string, bundles: Record<string, Record<string, string>>): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({ lng, fallbackLng: "en", resources: { [lng]: bundles }, initAsync: false });
  return instance;
}

/** A fetch answering `/locales/<lng>/<ns>.json` from `files`, 404 otherwise, counting calls. */
function files(content: Record<string, unknown>) {
  return vi.fn(async (url: string) =>
    url in content
      ? new Response(JSON.stringify(content[url]), { status: 200 })
      : new Response("missing", { status: 404 }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadTranslations", () => {
  it("does nothing when the page's namespaces are all there", async () => {
    const i18n = await client("en", { common: { ok: "OK" } });
    const fetchFile = files({});
    expect(loadTranslations(i18n, "en", ["common"], fetchFile)).toBeNull();
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it("fetches only the missing namespaces, once, then translates with them", async () => {
    const i18n = await client("fr", { common: { ok: "D'accord" } });
    const fetchFile = files({
      [localesUrl("fr", "t1-cases")]: { title: "Dossiers" },
      [localesUrl("fr", "t1-table")]: { empty: "Rien" },
    });
    expect(i18n.t("t1-cases:title")).toBe("title");
    const load = loadTranslations(i18n, "fr", ["common", "t1-cases", "t1-table"], fetchFile);
    // The same promise while the same namespaces are missing: a render can wait on it with `use`.
    expect(loadTranslations(i18n, "fr", ["common", "t1-cases", "t1-table"], fetchFile)).toBe(load);
    await load;
    expect(fetchFile.mock.calls.map(([url]) => url).sort()).toEqual([
      "/locales/fr/t1-cases.json",
      "/locales/fr/t1-table.json",
    ]);
    expect(i18n.t("t1-cases:title")).toBe("Dossiers");
    expect(i18n.t("t1-table:empty")).toBe("Rien");
    expect(loadTranslations(i18n, "fr", ["t1-cases", "t1-table"], fetchFile)).toBeNull();
    expect(fetchFile).toHaveBeenCalledTimes(2);
  });

  it("loads for the language asked, not the one i18next runs in (a language switch)", async () => {
    const i18n = await client("en", { common: { ok: "OK" } });
    const fetchFile = files({ [localesUrl("ar", "common")]: { ok: "حسنا" } });
    await loadTranslations(i18n, "ar", ["common"], fetchFile);
    expect(i18n.getFixedT("ar", "common")("ok")).toBe("حسنا");
    expect(i18n.language).toBe("en");
  });

  it("resolves when a file fails, logs it and does not wait on it again", async () => {
    const i18n = await client("vi", { common: { ok: "OK" } });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchFile = files({});
    await expect(loadTranslations(i18n, "vi", ["t4-gone"], fetchFile)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    expect(missingNamespaces(i18n, "vi", ["t4-gone"])).toEqual([]);
    expect(loadTranslations(i18n, "vi", ["t4-gone"], fetchFile)).toBeNull();
    expect(fetchFile).toHaveBeenCalledTimes(1);
  });

  it("survives a network error as a failed file", async () => {
    const i18n = await client("cn", {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchFile = vi.fn(async () => {
      throw new TypeError("network down");
    });
    await expect(loadTranslations(i18n, "cn", ["t5-offline"], fetchFile)).resolves.toBeUndefined();
    expect(loadTranslations(i18n, "cn", ["t5-offline"], fetchFile)).toBeNull();
  });
});
