/** One query parameter as received; a key given twice is listed twice. */
export type QueryParameter = { key: string; value: string };

/** The fields of the params page's "add a parameter" form (a GET form, so it works without JavaScript). */
export const NEW_PARAMETER_FIELDS = { key: "newParamKey", value: "newParamValue" } as const;

/** The query parameters of a URL in the order they came, repeated keys kept. */
export function listQueryParameters(search: URLSearchParams): QueryParameter[] {
  return [...search].map(([key, value]) => ({ key, value }));
}

/**
 * When the query carries the "add a parameter" form's fields, the query to go to instead: the
 * other parameters as they were, then the new one (skipped when its key is blank). Otherwise null.
 */
export function withNewParameter(search: URLSearchParams): URLSearchParams | null {
  const { key: keyField, value: valueField } = NEW_PARAMETER_FIELDS;
  if (!search.has(keyField) && !search.has(valueField)) return null;
  const key = search.get(keyField)?.trim() ?? "";
  const value = search.get(valueField) ?? "";
  const next = new URLSearchParams([...search].filter(([name]) => name !== keyField && name !== valueField));
  if (key !== "") next.append(key, value);
  return next;
}
