import { describe, expect, it } from "vitest";
import { type Bundles, pickBundles, readBundles, serializeBundles, TRANSLATIONS_ELEMENT_ID } from "./inline";

/** A document holding only the translations element, as the browser parsed it. */
function documentWith(text: string | null): Document {
  const element = text === null ? null : { textContent: text };
  return {
    getElementById: (id: string) => (id === TRANSLATIONS_ELEMENT_ID ? element : null),
  } as unknown as Document;
}

describe("serializeBundles", () => {
  const hostile: Bundles = {
    common: {
      title: "</script><script>alert(1)</script>",
      comment: "<!-- <script> -->",
      upper: "</SCRIPT >",
      amp: "Tom & Jerry > Mickey",
      separators: "line\u2028paragraph\u2029end",
      nested: { greeting: "Hello {{name}}, <b>welcome</b>" },
    },
    navbar: { home: "الرئيسية", quote: 'say "hi" \\ bye' },
  };

  it("writes no character that could close the script element or open a comment", () => {
    const text = serializeBundles(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain("</script");
    expect(text).not.toContain("<!--");
  });

  it("reads back exactly what was written", () => {
    const text = serializeBundles(hostile);
    expect(JSON.parse(text)).toEqual(hostile);
    expect(readBundles(documentWith(text))).toEqual(hostile);
  });

  it("is plain JSON for ordinary text", () => {
    expect(serializeBundles({ common: { ok: "OK" } })).toBe('{"common":{"ok":"OK"}}');
  });
});

describe("readBundles", () => {
  it("returns no bundles when the element is missing, empty or unreadable", () => {
    expect(readBundles(documentWith(null))).toEqual({});
    expect(readBundles(documentWith(""))).toEqual({});
    expect(readBundles(documentWith("{not json"))).toEqual({});
    expect(readBundles(documentWith("[1,2]"))).toEqual({});
  });
});

describe("pickBundles", () => {
  it("takes the page's namespaces of one language and skips the ones that do not exist", () => {
    const store: Record<string, Bundles> = {
      en: { common: { a: "A" }, auth: { b: "B" }, home: { c: "C" } },
      ar: { common: { a: "أ" } },
    };
    const get = (lng: string, ns: string) => store[lng]?.[ns];
    expect(pickBundles(get, "en", ["common", "auth", "nowhere"])).toEqual({
      common: { a: "A" },
      auth: { b: "B" },
    });
    expect(pickBundles(get, "ar", ["common", "auth"])).toEqual({ common: { a: "أ" } });
  });
});
