import type { TFunction } from "i18next";

/**
 * The labels of the matching lists (item 7 of issue 21) in the reader's language: practice areas
 * are the cases' own labels (`cases:practiceArea.*`), jurisdictions and languages the `people`
 * namespace's. A value not in a list (an old case's free text) is shown as written.
 */
export function matchingLabel(
  t: TFunction,
  list: "practiceArea" | "jurisdiction" | "language",
  value: string,
): string {
  const key = list === "practiceArea" ? `cases:practiceArea.${value}` : `people:${list}.${value}`;
  return t(key, { defaultValue: value });
}
