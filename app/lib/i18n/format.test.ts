import { describe, expect, it } from "vitest";
import { LRI, PDI, plainText, RLI } from "~/lib/i18n/bidi";
import { getFormatter } from "./format";

const ltr = (text: string) => `${LRI}${text}${PDI}`;

describe("getFormatter", () => {
  it("writes money in the reader's language and the row's currency", async () => {
    const en = await getFormatter("en");
    const fr = await getFormatter("fr");
    expect(en.money(1500, "USD")).toBe(ltr("$1,500"));
    expect(plainText(fr.money(1500.5, "EUR") ?? "")).toMatch(/^1\s500,50\s€$/);
    expect(en.money(null, "USD")).toBeNull();
  });

  it("writes a budget range, one bound, or nothing", async () => {
    const en = await getFormatter("en");
    expect(en.budget(1000, 5000, "USD")).toBe(ltr("$1,000 – $5,000"));
    expect(en.budget(1000, null, "USD")).toBe(ltr("$1,000"));
    expect(en.budget(2000, 2000, "USD")).toBe(ltr("$2,000"));
    expect(en.budget(null, null, "USD")).toBeNull();
  });

  it("writes dates in spec §9's formats and keeps the ISO value", async () => {
    const en = await getFormatter("en");
    expect(en.day("2026-12-31")).toEqual({ iso: "2026-12-31", text: ltr("31 Dec 2026") });
    expect(en.dateTime("2026-11-23T15:04:00Z")?.text).toBe(ltr("23 Nov 2026 3:04 pm"));
    expect((await getFormatter("fr")).day("2026-12-31")?.text).toBe(ltr("31 déc. 2026"));
    expect(en.day("not a date")).toBeNull();
    expect(en.day(null)).toBeNull();
  });

  it("writes percentages", async () => {
    expect((await getFormatter("en")).percent(33.5)).toBe(ltr("33.5%"));
    expect((await getFormatter("en")).number(12.5)).toBe(ltr("12.5"));
  });

  it("isolates each value in its language's direction, the whole range as one (issue 18 item 11)", async () => {
    // In a right-to-left page an unisolated "$1,500 – $3,500" is laid out as "$3,500 – $1,500".
    const en = await getFormatter("en");
    expect(en.budget(1500, 3500, "USD")).toBe(ltr("$1,500 – $3,500"));
    const ar = await getFormatter("ar");
    const range = ar.budget(1500, 3500, "USD") ?? "";
    expect(range.startsWith(RLI) && range.endsWith(PDI)).toBe(true);
    // One isolate only: the bounds are not isolated apart, so the range reads in Arabic order.
    expect(range.slice(1, -1)).not.toMatch(/[\u2066-\u2069]/);
    expect(ar.day("2026-12-31")?.text.startsWith(RLI)).toBe(true);
  });
});
