// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sanitizeNotificationHtml } from "./sanitize.client";
import { canonicalHtml, executableVectors, KEPT_FORMATTING, XSS_PAYLOADS } from "./sanitize.test-cases";

describe("sanitizeNotificationHtml in the browser (DOMPurify)", () => {
  it.each(XSS_PAYLOADS)("leaves nothing executable of %s", (payload) => {
    const output = sanitizeNotificationHtml(payload);
    expect(executableVectors(output)).toEqual([]);
    expect(output).not.toMatch(/<script|<iframe/i);
    // Sanitising its own output changes nothing: no markup mutates into something new.
    expect(sanitizeNotificationHtml(output)).toBe(output);
  });

  it.each(KEPT_FORMATTING)("keeps the allowed formatting of $input", ({ input, expected }) => {
    expect(canonicalHtml(sanitizeNotificationHtml(input))).toBe(canonicalHtml(expected));
  });

  it("formats like the server, so a live notification looks like a loaded one", async () => {
    const server = await import("./sanitize.server");
    for (const { input } of KEPT_FORMATTING) {
      expect(canonicalHtml(sanitizeNotificationHtml(input)), input).toBe(
        canonicalHtml(server.sanitizeNotificationHtml(input)),
      );
    }
  });
});
