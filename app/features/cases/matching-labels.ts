import type { TFunction } from "i18next";

/**
 * The labels of the matching lists (`~/lib/database-values`) in the reader's language: practice
 * areas and jurisdictions are the cases' (`cases:practiceArea.*`, `cases:jurisdiction.*`, since a
 * case names both), spoken languages the `people` namespace's. A value not in a list (a case's
 * jurisdiction typed freely) is shown as written.
 */
export function matchingLabel(
  t: TFunction,
  list: "practiceArea" | "jurisdiction" | "language",
  value: string,
): string {
  const key = list === "language" ? `people:language.${value}` : `cases:${list}.${value}`;
  return t(key, { defaultValue: value });
}
