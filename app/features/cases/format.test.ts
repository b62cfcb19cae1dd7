import { describe, expect, it } from "vitest";
import { caseFormatter } from "./format";

describe("caseFormatter", () => {
  it("writes money in the reader's language and the row's currency", async () => {
    const en = await caseFormatter("en");
    const fr = await caseFormatter("fr");
    expect(en.money(1500, "USD")).toBe("$1,500");
    expect(fr.money(1500.5, "EUR")).toMatch(/^1\s500,50\s€$/);
    expect(en.money(null, "USD")).toBeNull();
  });

  it("writes a budget range, one bound, or nothing", async () => {
    const en = await caseFormatter("en");
    expect(en.budget(1000, 5000, "USD")).toBe("$1,000 – $5,000");
    expect(en.budget(1000, null, "USD")).toBe("$1,000");
    expect(en.budget(2000, 2000, "USD")).toBe("$2,000");
    expect(en.budget(null, null, "USD")).toBeNull();
  });

  it("writes dates in spec §9's formats and keeps the ISO value", async () => {
    const en = await caseFormatter("en");
    expect(en.day("2026-12-31")).toEqual({ iso: "2026-12-31", text: "31 Dec 2026" });
    expect(en.dateTime("2026-11-23T15:04:00Z")?.text).toBe("23 Nov 2026 3:04 pm");
    expect((await caseFormatter("fr")).day("2026-12-31")?.text).toBe("31 déc. 2026");
    expect(en.day("not a date")).toBeNull();
    expect(en.day(null)).toBeNull();
  });

  it("writes percentages", async () => {
    expect((await caseFormatter("en")).percent(33.5)).toBe("33.5%");
  });
});
