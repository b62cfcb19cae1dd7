import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/", "/faqs", "/about-us?lng=ar", "/dashboard/cases/1?tab=tasks#notes", "/a//b"])(
    "keeps the local path %j",
    (to) => {
      expect(safeRedirectPath(to)).toBe(to);
    },
  );

  it.each([
    "https://evil.example",
    "http://evil.example/faqs",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "faqs",
    "",
    " /faqs",
    "/\tfaqs",
    "/\n/evil.example",
    "/faqs\r\nSet-Cookie: x=1",
    "/.//evil.test",
    "/..//evil.test",
    "/./..//evil.test",
    "/a/../..//evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/\\evil.test",
    "/a\\..\\..\\evil.test",
    "/\t/evil.test",
    "/\u0000//evil.test",
    "/\u007f/evil.test",
    "https://evil.test",
    "HTTPS://evil.test",
    "\t//evil.test",
  ])("refuses %j", (to) => {
    expect(safeRedirectPath(to)).toBe("/");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("https://evil.example", "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(null, "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/faqs", "/dashboard")).toBe("/faqs");
  });

  it.each([
    ["/%2F%2Fevil.test", "/%2F%2Fevil.test"],
    ["/%5C%5Cevil.test", "/%5C%5Cevil.test"],
    ["/a/./b/../c?x=1#y", "/a/c?x=1#y"],
    ["/faqs?next=//evil.test", "/faqs?next=//evil.test"],
  ])("keeps %j as the path a browser would open, %j", (to, path) => {
    expect(safeRedirectPath(to)).toBe(path);
  });

  it("never yields a URL that leaves the site", () => {
    const attempts = [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https:evil.example",
      "/.//evil.test",
      "/..//evil.test",
      "/%2F%2Fevil.test",
      "/%2e%2e//evil.test",
    ];
    for (const to of attempts) {
      const resolved = new URL(safeRedirectPath(to), "https://mylawyer.app");
      expect(resolved.origin, to).toBe("https://mylawyer.app");
      // A second resolution (as language.ts does to drop ?lng=) stays on the site too.
      expect(new URL(resolved.pathname, "https://mylawyer.app").origin, to).toBe("https://mylawyer.app");
    }
  });
});
