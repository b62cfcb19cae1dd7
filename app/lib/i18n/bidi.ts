/**
 * Bidirectional isolation of formatted values (Unicode UAX #9 isolates). A formatted amount, range,
 * date or number dropped into a sentence or a cell of the other direction is reordered by the
 * bidi algorithm: in a right-to-left page "$1,500 – $3,500" shows as "$3,500 – $1,500", and the
 * punctuation around a date jumps to its other side. Wrapped in an isolate, the value is laid out
 * on its own, in the direction of the language it was written in, and its surroundings treat it
 * as one neutral character. The isolates are invisible and work in plain text (titles, attributes,
 * interpolated sentences), so the formatting helpers return isolated strings and every screen
 * benefits; `plainText` removes them where text leaves the page (CSV).
 */

/** LEFT-TO-RIGHT ISOLATE, RIGHT-TO-LEFT ISOLATE, FIRST STRONG ISOLATE, POP DIRECTIONAL ISOLATE. */
export const LRI = "\u2066";
export const RLI = "\u2067";
export const FSI = "\u2068";
export const PDI = "\u2069";

type TextDirection = "ltr" | "rtl" | "auto";

const OPENER: Record<TextDirection, string> = { ltr: LRI, rtl: RLI, auto: FSI };

/**
 * `text` in an isolate of direction `dir` (the direction of the language that formatted it;
 * "auto" takes the direction of its first strong character). An already isolated text is kept
 * as it is, so helpers can build on each other without nesting.
 */
export function isolate(text: string, dir: TextDirection = "auto"): string {
  if (text === "" || isIsolated(text)) return text;
  return `${OPENER[dir]}${text}${PDI}`;
}

const ISOLATES = /[\u2066-\u2069]/g;

/** Whether the whole text is one isolate (not two side by side: "⁦$1⁩ – ⁦$2⁩"). */
function isIsolated(text: string): boolean {
  if (!/^[\u2066-\u2068]/.test(text) || !text.endsWith(PDI)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === LRI || c === RLI || c === FSI) depth += 1;
    else if (c === PDI) {
      depth -= 1;
      if (depth === 0 && i < text.length - 1) return false;
    }
  }
  return depth === 0;
}

/** The text without its isolates: for CSV cells and anything that leaves the page. */
export function plainText(text: string): string {
  return text.replace(ISOLATES, "");
}
