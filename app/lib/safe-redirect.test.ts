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

  it("never yields a URL that leaves the site", () => {
    const attempts = ["//evil.example", "/\\evil.example", "/\t/evil.example", "https:evil.example"];
    for (const to of attempts) {
      const resolved = new URL(safeRedirectPath(to), "https://mylawyer.app");
      expect(resolved.origin, to).toBe("https://mylawyer.app");
    }
  });
});
