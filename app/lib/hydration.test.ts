import { describe, expect, it } from "vitest";
import { pageHydrates } from "./hydration";

const root = { id: "root", handle: undefined };
const layout = { id: "routes/public/layout", handle: { hydrate: false } };

describe("pageHydrates", () => {
  it("is false only when every route below the root opted out", () => {
    expect(
      pageHydrates([root, layout, { id: "routes/public/home", handle: { i18n: "home", hydrate: false } }]),
    ).toBe(false);
  });

  it("is true when the page under a static layout does not opt out (it needs client code)", () => {
    expect(
      pageHydrates([root, layout, { id: "routes/public/contact-us", handle: { i18n: "contact" } }]),
    ).toBe(true);
    expect(pageHydrates([root, layout, { id: "routes/public/payment", handle: undefined }])).toBe(true);
  });

  it("is true when a layout hydrates, whatever its page says", () => {
    const dashboard = { id: "routes/dashboard/layout", handle: { i18n: ["dashboard"] } };
    expect(pageHydrates([root, dashboard, { id: "x", handle: { hydrate: false } }])).toBe(true);
  });

  it("is true for the root alone (its error boundary before any route matched) and ignores the root's handle", () => {
    expect(pageHydrates([root])).toBe(true);
    expect(pageHydrates([{ id: "root", handle: { hydrate: false } }, layout])).toBe(false);
  });
});
