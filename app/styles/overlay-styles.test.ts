// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { loadOverlayStyles, OVERLAY_STYLES_HREF, showsOverlayOnServer } from "./overlay-styles";

describe("overlay styles (ADR 0017)", () => {
  it("are render-blocking only where the server renders a panel or a flash toast", () => {
    const url = (search: string) => new URL(`https://mylawyer.test/dashboard${search}`);
    expect(showsOverlayOnServer(url(""), null)).toBe(false);
    expect(showsOverlayOnServer(url("?page=2&sort=title"), null)).toBe(false);
    expect(showsOverlayOnServer(url("?panel=settings"), null)).toBe(true);
    expect(showsOverlayOnServer(url("?q=x&panel=contacts"), null)).toBe(true);
    expect(showsOverlayOnServer(url(""), { kind: "success", message: "common:saved" })).toBe(true);
  });

  it("resolve once the stylesheet has loaded, and when it fails too", async () => {
    for (const event of ["load", "error"]) {
      document.head.innerHTML = "";
      let done = false;
      const loading = loadOverlayStyles(document).then(() => {
        done = true;
      });
      const link = document.head.querySelector("link");
      expect(link?.rel).toBe("stylesheet");
      expect(link?.getAttribute("href")).toBe(OVERLAY_STYLES_HREF);
      await Promise.resolve();
      expect(done).toBe(false);
      link?.dispatchEvent(new Event(event));
      await loading;
      expect(done).toBe(true);
    }
  });
});
