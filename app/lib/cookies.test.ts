import { describe, expect, it } from "vitest";
import { preferenceCookie, readCookie } from "./cookies";

describe("readCookie", () => {
  const header = "theme=x; i18next=ar; app-settings=%7B%22colorScheme%22%3A%22dark%22%7D; empty=";

  it("reads one cookie by exact name", () => {
    expect(readCookie(header, "i18next")).toBe("ar");
    expect(readCookie(header, "app-settings")).toBe('{"colorScheme":"dark"}');
    expect(readCookie(header, "empty")).toBe("");
  });

  it("does not match a name that only shares a prefix or suffix", () => {
    expect(readCookie("xi18next=fr; i18nextLng=vi", "i18next")).toBeNull();
  });

  it("returns null when the cookie is absent or there is no header", () => {
    expect(readCookie(header, "missing")).toBeNull();
    expect(readCookie(null, "i18next")).toBeNull();
    expect(readCookie(undefined, "i18next")).toBeNull();
    expect(readCookie("", "i18next")).toBeNull();
  });

  it("keeps '=' inside a value", () => {
    expect(readCookie("token=a=b==", "token")).toBe("a=b==");
  });

  it("returns null for a value that cannot be decoded", () => {
    expect(readCookie("i18next=%E0%A4%A", "i18next")).toBeNull();
  });
});

describe("preferenceCookie", () => {
  it("is a year-long, site-wide, Lax cookie with an encoded value", () => {
    expect(preferenceCookie("app-settings", '{"colorScheme":"dark"}')).toBe(
      "app-settings=%7B%22colorScheme%22%3A%22dark%22%7D; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("round-trips through readCookie", () => {
    const value = '{"fontFamily":"DM Sans Variable"}';
    const [pair = ""] = preferenceCookie("app-settings", value).split(";");
    expect(readCookie(pair, "app-settings")).toBe(value);
  });
});
