import { describe, expect, it } from "vitest";
import { publicNavActive } from "./public-nav";

describe("publicNavActive", () => {
  it("lights up only Pricing on /pricing, not the Products group", () => {
    const { branch, entry } = publicNavActive("/pricing");
    expect(branch?.title).toBe("pricing");
    expect(entry?.title).toBe("pricing");
  });

  it("lights up the Products group and its Payment link on /payment", () => {
    const { branch, entry } = publicNavActive("/payment");
    expect(branch?.title).toBe("products");
    expect(entry?.title).toBe("payment");
  });

  it("lights up one place for a path listed twice (FAQs under Company, and Docs)", () => {
    const { branch, entry } = publicNavActive("/faqs");
    expect(branch?.title).toBe("company");
    expect(entry?.title).toBe("faqs");
  });

  it("lights up Home only on the home page", () => {
    expect(publicNavActive("/").branch?.title).toBe("home");
    expect(publicNavActive("/about-us").branch?.title).toBe("company");
  });
});
