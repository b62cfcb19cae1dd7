import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The one error vocabulary (docs/decisions/0012-one-error-vocabulary.md): the app tells a refusal
 * by its code (`details` "<domain>:<reason>", app/lib/errors.ts), never by the English text of an
 * error. Reword a SQL message and the person's message must not change, so no source file reads
 * an error's message to decide anything.
 */
const APP = new URL("../../app/", import.meta.url);
const files = globSync("**/*.{ts,tsx}", { cwd: APP }).filter((file) => !/\.test\.tsx?$/.test(file));

const MATCHES_MESSAGE_TEXT = [
  // error.message.includes("own case"), .match(/…/), .startsWith(…), .toLowerCase().includes(…)
  /\.message\s*(\?\.|\.)\s*(includes|match|matchAll|startsWith|endsWith|search|indexOf|toLowerCase|toUpperCase)\s*\(/,
  // /own case/.test(error.message)
  /\.test\(\s*[\w.?]*(error|err|failure|reason|cause)\w*\??\.message\b/i,
  // A constraint's or a trigger's wording compared with what came back.
  /violates (check|foreign key|unique|not-null|row-level)|_check["'`]/,
];

describe("no source file matches the text of an error", () => {
  it("found the app's sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files)("%s", (file) => {
    const text = readFileSync(new URL(file, APP), "utf8");
    for (const pattern of MATCHES_MESSAGE_TEXT) expect(text, String(pattern)).not.toMatch(pattern);
  });

  it("the patterns catch what they are for", () => {
    const caught = (line: string) => MATCHES_MESSAGE_TEXT.some((pattern) => pattern.test(line));
    expect(caught('if (error.message.includes("own case")) return')).toBe(true);
    expect(caught("const m = error.message.toLowerCase();")).toBe(true);
    expect(caught("if (/not open/i.test(error.message)) return")).toBe(true);
    expect(caught("error.message?.match(/scope/)")).toBe(true);
    expect(caught('message.includes("cases_published_description_check")')).toBe(true);
    expect(caught("const code = errorCodeOf(error);")).toBe(false);
  });
});
