/**
 * React's server renderer for the Worker writes text chunks, not bytes (issue 20, ADR 0032).
 *
 * The edge build of `react-dom/server` encodes every piece of markup it produces on its own: each
 * attribute name, each escaped value, each text node goes through `TextEncoder.encode` into a
 * fresh `Uint8Array`, which is then copied into a 4 KiB view. In workerd every one of those calls
 * crosses into C++; a dashboard page makes about ten thousand of them, and they were half of its
 * render time. React's Node and Bun builds keep chunks as strings; this gives the edge build the
 * same shape: chunks are strings, `writeChunk` appends them, and the text is encoded once per
 * 4 KiB when it is handed to the stream (`completeWriting` at the end of every flush, as before).
 * A flush runs synchronously from its start to its `completeWriting`, so the module-level buffer
 * is never shared by two requests, as React's own view was not.
 *
 * The transform replaces exactly the stream-config functions it knows and fails the build when the
 * installed React no longer has them, rather than silently serving the slow path (the same rule as
 * the `<Scripts/>` transform in scripts/scripts-after-first-paint.ts).
 * `tests/unit/fizz-string-chunks.test.ts` renders with the patched and the original module and
 * compares the bytes.
 */
import type { Plugin } from "vite";

const FIZZ_EDGE = /react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;

/** The stream config as React 19 writes it: from `writeChunk` to `byteLengthOfChunk`. */
const CONFIG_START = "function writeChunk(destination, chunk) {";
const CONFIG_END = "function closeWithError(";
const CONFIG_FUNCTIONS = [
  "writeChunk",
  "writeChunkAndReturn",
  "completeWriting",
  "stringToChunk",
  "stringToPrecomputedChunk",
  "byteLengthOfChunk",
];

const STRING_CONFIG = `var textEncoder = new TextEncoder(),
  pendingText = "";
function writeChunk(destination, chunk) {
  pendingText += chunk;
  4096 < pendingText.length &&
    (destination.enqueue(textEncoder.encode(pendingText)), (pendingText = ""));
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return !0;
}
function completeWriting(destination) {
  0 < pendingText.length &&
    (destination.enqueue(textEncoder.encode(pendingText)), (pendingText = ""));
}
function stringToChunk(content) {
  return content;
}
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  return chunk.length;
}
`;

/** The segment size React sums to decide whether a boundary is inlined: now a string's length. */
const SEGMENT_SIZE = "segmentByteSize += segment[i].byteLength;";

const VIEW_RESET = /currentView = new Uint8Array\(4096\);\s*writtenBytes = 0;/g;

/** `code` (the edge build's module) with string chunks; throws when it is not the shape above. */
export function withStringChunks(code: string): string {
  const start = code.indexOf(CONFIG_START);
  const end = code.indexOf(CONFIG_END, start);
  if (start < 0 || end < 0) throw new Error("react-dom-server.edge: stream config not found");
  const config = code.slice(start, end);
  const functions = [...config.matchAll(/\bfunction ([\w$]+)\(/g)].map((match) => match[1]);
  if (
    functions.join() !== CONFIG_FUNCTIONS.join() ||
    !config.includes("var textEncoder = new TextEncoder()")
  ) {
    throw new Error(`react-dom-server.edge: unexpected stream config (${functions.join(", ")})`);
  }
  const patched = code.slice(0, start) + STRING_CONFIG + code.slice(end);
  if (patched.split(SEGMENT_SIZE).length !== 2) {
    throw new Error("react-dom-server.edge: segment size sum not found");
  }
  // React resets its byte view at the start of every flush; there is no view any more.
  const resets = patched.match(VIEW_RESET)?.length ?? 0;
  if (resets !== 2) throw new Error(`react-dom-server.edge: expected 2 view resets, found ${resets}`);
  const result = patched
    .replace(SEGMENT_SIZE, "segmentByteSize += segment[i].length;")
    .replace(VIEW_RESET, "");
  // Any other place that still treats a chunk as bytes would now be wrong.
  if (/\bchunk\.(byteLength|subarray|buffer)\b/.test(result)) {
    throw new Error("react-dom-server.edge: a chunk is still read as bytes");
  }
  return result;
}

export function fizzStringChunks(): Plugin {
  return {
    name: "mylawyer:fizz-string-chunks",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!FIZZ_EDGE.test(id)) return null;
      return { code: withStringChunks(code), map: null };
    },
  };
}
