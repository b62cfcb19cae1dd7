import { plainText } from "~/lib/i18n/bidi";

/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, rows by CRLF, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled), and a UTF-8 byte-order mark so
 * Excel reads accents, Vietnamese, Chinese and Arabic correctly.
 */

export const CSV_BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some strip first) is prefixed with an apostrophe, so exported text stays text
 * (OWASP "CSV injection").
 */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One field, quoted when it must be. `null` and `undefined` are empty. The bidi isolates the
 * formatters wrap values in (`~/lib/i18n/bidi`) are for the page, not the spreadsheet: removed.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : neutralised(plainText(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: the header row, then the rows, with the byte-order mark in front. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
