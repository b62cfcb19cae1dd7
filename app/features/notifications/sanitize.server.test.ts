import { describe, expect, it } from "vitest";
import { sanitizeNotificationHtml } from "./sanitize.server";
import { canonicalHtml, executableVectors, KEPT_FORMATTING, XSS_PAYLOADS } from "./sanitize.test-cases";

describe("sanitizeNotificationHtml on the server (sanitize-html)", () => {
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

  it("checks at least 25 payloads, each of which the check flags before sanitising", () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
    for (const payload of XSS_PAYLOADS) expect(executableVectors(payload), payload).not.toEqual([]);
  });
});
