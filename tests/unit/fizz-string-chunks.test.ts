import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { withStringChunks } from "../../scripts/fizz-string-chunks.ts";

/**
 * The Worker's server renderer with string chunks (scripts/fizz-string-chunks.ts) writes the same
 * bytes as React's own edge build: markup, escaping, text in other scripts, a stream that goes on
 * after a suspended boundary resolves, and pages larger than one 4 KiB write.
 */

const require = createRequire(import.meta.url);
const cjs = (name: string) => join(dirname(require.resolve(`${name}/package.json`)), "cjs");
// The production renderer needs production React (vitest's NODE_ENV picks the development one),
// and the elements must come from that same React.
const PRODUCTION: Record<string, string> = {
  react: join(cjs("react"), "react.production.js"),
  "react-dom": join(cjs("react-dom"), "react-dom.production.js"),
};
const requireProduction = (name: string) => require(PRODUCTION[name] ?? name);
const { createElement: h, Suspense, use } = requireProduction("react") as typeof import("react");
const file = join(cjs("react-dom"), "react-dom-server.edge.production.js");
const original = readFileSync(file, "utf8");

type Fizz = {
  renderToReadableStream: (node: unknown, options?: object) => Promise<ReadableStream<Uint8Array>>;
};

function load(code: string): Fizz {
  const module = { exports: {} as Fizz };
  new Function("exports", "require", "module", code)(module.exports, requireProduction, module);
  return module.exports;
}

const react = load(original);
const strings = load(withStringChunks(original));

async function bytesOf(fizz: Fizz, node: unknown, allReady: boolean) {
  const stream = await fizz.renderToReadableStream(node, { nonce: "n0nce" });
  if (allReady) await (stream as unknown as { allReady: Promise<void> }).allReady;
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    expect(chunk).toBeInstanceOf(Uint8Array);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function Later({ text }: { text: Promise<string> }) {
  return h("p", { title: 'a "quoted" <title>' }, use(text));
}

function page(text: Promise<string>, rows: number) {
  return h(
    "html",
    { lang: "ar", dir: "rtl" },
    h("head", null, h("title", null, "قضية — dossier & <test>")),
    h(
      "body",
      null,
      h("main", { className: "x", style: { paddingInlineStart: 4, color: "red" }, "data-id": "1" }, [
        h("h1", { key: "h" }, "Bonjour, 你好, مرحبا 👩‍⚖️"),
        h("input", { key: "i", defaultValue: "x'y", disabled: true, "aria-label": "<label>" }),
        h(
          "ul",
          { key: "u" },
          Array.from({ length: rows }, (_, i) =>
            h("li", { key: i, "data-row": i }, `row ${i} — é ✓ ${"ب".repeat(i % 7)}`),
          ),
        ),
        h(Suspense, { key: "s", fallback: h("span", null, "…") }, h(Later, { text })),
      ]),
    ),
  );
}

describe("the edge renderer with string chunks", () => {
  it("writes the same bytes as React's, in one write and across many", async () => {
    for (const rows of [0, 3, 400]) {
      const expected = await bytesOf(react, page(Promise.resolve("done ✓"), rows), true);
      const actual = await bytesOf(strings, page(Promise.resolve("done ✓"), rows), true);
      expect(expected.toString("utf8")).toContain("done ✓");
      expect(actual.toString("utf8")).toBe(expected.toString("utf8"));
      expect(actual.equals(expected)).toBe(true);
    }
  });

  it("streams a boundary that resolves after the shell, as React does", async () => {
    const render = async (fizz: Fizz) => {
      let resolve: (value: string) => void = () => {};
      const text = new Promise<string>((done) => {
        resolve = done;
      });
      const bytes = bytesOf(fizz, page(text, 50), false);
      setTimeout(() => resolve("arrived later — وصل"), 20);
      return (await bytes).toString("utf8");
    };
    const expected = await render(react);
    const actual = await render(strings);
    expect(expected).toContain("arrived later");
    expect(expected).not.toContain("$RX");
    expect(actual).toBe(expected);
  });

  it("refuses a React whose stream config it does not know", () => {
    expect(() =>
      withStringChunks(original.replace("function completeWriting(", "function finishWriting(")),
    ).toThrow(/unexpected stream config/);
    expect(() => withStringChunks("module.exports = {}")).toThrow(/not found/);
  });
});
