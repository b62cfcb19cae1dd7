import { describe, expect, it } from "vitest";
import { FSI, isolate, LRI, PDI, plainText, RLI } from "./bidi";

describe("isolate", () => {
  it("wraps a value in the isolate of its direction", () => {
    expect(isolate("$1,500 – $3,500", "ltr")).toBe(`${LRI}$1,500 – $3,500${PDI}`);
    expect(isolate("1,500 US$", "rtl")).toBe(`${RLI}1,500 US$${PDI}`);
    expect(isolate("31 Dec 2026")).toBe(`${FSI}31 Dec 2026${PDI}`);
  });

  it("does not nest an isolated value again, and leaves the empty string alone", () => {
    const once = isolate("$1,500", "ltr");
    expect(isolate(once, "rtl")).toBe(once);
    expect(isolate("")).toBe("");
  });

  it("plainText removes the isolates", () => {
    expect(plainText(isolate("$1,500 – $3,500", "ltr"))).toBe("$1,500 – $3,500");
  });
});

describe("isolate of two isolated values side by side", () => {
  it("wraps them as a whole", () => {
    const pair = `${isolate("$1", "ltr")} – ${isolate("$2", "ltr")}`;
    expect(isolate(pair, "ltr")).toBe(`${LRI}${pair}${PDI}`);
  });
});
