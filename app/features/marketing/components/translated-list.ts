/**
 * A list of strings read from the translations with `returnObjects`. While a page's namespace is
 * still loading in the browser, i18next answers with the key instead: that reads as an empty list.
 */
export function translatedList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
