/**
 * postgres_changes filters (`user_id=eq.<id>`, several joined by commas mean AND, `not.` negates),
 * with Realtime's operators `eq neq lt lte gt gte in like ilike is match imatch isdistinct`
 * (RT `subscriptions.ex`). Values are compared by the column's type, as Realtime's
 * `check_equality_op` does after casting; a null or missing column never matches.
 */

export type Filter = { column: string; op: string; value: string; negate: boolean };

const OPERATORS = new Set([
  "eq",
  "neq",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "like",
  "ilike",
  "is",
  "match",
  "imatch",
  "isdistinct",
]);

/** Splits at commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (quoted) {
      if (char === "\\" && i + 1 < text.length) {
        current += char + (text[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (char === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}

/** Parses a filter string; the error text is Realtime's. */
export function parseFilters(filter: string): { ok: true; filters: Filter[] } | { ok: false; error: string } {
  const trimmed = filter.trim();
  if (trimmed === "") return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const eq = segment.indexOf("=");
    const column = eq > 0 ? segment.slice(0, eq) : "";
    let rest = eq > 0 ? segment.slice(eq + 1) : "";
    let negate = false;
    if (rest.startsWith("not.")) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf(".");
    const op = dot > 0 ? rest.slice(0, dot) : "";
    const value = dot > 0 ? rest.slice(dot + 1) : "";
    if (!column || !OPERATORS.has(op)) {
      const pieces = eq > 0 ? segment.slice(eq + 1).split(".") : [segment];
      return {
        ok: false,
        error: `Error parsing \`filter\` params: [${pieces.map((p) => JSON.stringify(p)).join(", ")}]`,
      };
    }
    filters.push({ column, op, value, negate });
  }
  return { ok: true, filters };
}

const NUMERIC = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid", "money"]);
const TEMPORAL = new Set(["timestamptz", "timestamp", "date"]);

/** A record value (to_jsonb form) and a filter value brought to one comparable form. */
function comparable(type: string, value: unknown): number | string | boolean | null {
  if (value === null || value === undefined) return null;
  if (type === "bool") {
    if (typeof value === "boolean") return value;
    const text = String(value).toLowerCase();
    if (["t", "true", "yes", "on", "1"].includes(text)) return true;
    if (["f", "false", "no", "off", "0"].includes(text)) return false;
    return String(value);
  }
  if (NUMERIC.has(type)) {
    const n = typeof value === "number" ? value : Number(value);
    return Number.isNaN(n) ? String(value) : n;
  }
  if (TEMPORAL.has(type)) {
    const text = String(value);
    // Postgres text form ("2026-01-01 10:00:00+00") and JSON form ("2026-01-01T10:00:00+00:00").
    const normal = text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00");
    const time = Date.parse(type === "timestamp" ? normal.replace(/Z$/, "") : normal);
    return Number.isNaN(time) ? text : time;
  }
  if (type === "uuid") return String(value).toLowerCase();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function likeToRegExp(pattern: string, flags: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? "";
    if (char === "\\" && i + 1 < pattern.length) {
      source += (pattern[i + 1] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i++;
    } else if (char === "%") source += ".*";
    else if (char === "_") source += ".";
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, `s${flags}`);
}

function inList(value: string): string[] {
  const inner = value.trim().replace(/^[({]/, "").replace(/[)}]$/, "");
  return splitTopLevel(inner).map((item) => {
    const t = item.trim();
    return t.startsWith('"') && t.endsWith('"') && t.length >= 2 ? t.slice(1, -1).replace(/\\(.)/g, "$1") : t;
  });
}

function test(filter: Filter, type: string, raw: unknown): boolean | null {
  const { op, value } = filter;
  if (op === "is") {
    const v = value.toLowerCase();
    if (v === "null") return raw === null || raw === undefined;
    if (raw === null || raw === undefined) return v === "unknown";
    if (v === "true") return comparable("bool", raw) === true;
    if (v === "false") return comparable("bool", raw) === false;
    return false;
  }
  if (op === "isdistinct") {
    if (raw === null || raw === undefined) return value.toLowerCase() !== "null";
    return comparable(type, raw) !== comparable(type, value);
  }
  if (raw === null || raw === undefined) return null;
  const left = comparable(type, raw);
  switch (op) {
    case "eq":
      return left === comparable(type, value);
    case "neq":
      return left !== comparable(type, value);
    case "in":
      return inList(value).some((item) => comparable(type, item) === left);
    case "lt":
    case "lte":
    case "gt":
    case "gte": {
      const right = comparable(type, value);
      if (left === null || right === null || typeof left !== typeof right) return null;
      if (op === "lt") return left < right;
      if (op === "lte") return left <= right;
      if (op === "gt") return left > right;
      return left >= right;
    }
    case "like":
      return likeToRegExp(value, "").test(String(left));
    case "ilike":
      return likeToRegExp(value, "i").test(String(left));
    case "match":
    case "imatch":
      try {
        return new RegExp(value, op === "imatch" ? "i" : "").test(String(left));
      } catch {
        return false;
      }
    default:
      return false;
  }
}

/** Whether a row passes every filter (a null result counts as no match, as on Realtime). */
export function matchesFilters(
  filters: Filter[],
  record: Record<string, unknown>,
  types: Map<string, string>,
): boolean {
  for (const filter of filters) {
    if (!Object.hasOwn(record, filter.column)) return false;
    const result = test(filter, types.get(filter.column) ?? "text", record[filter.column]);
    if (result === null) return false;
    if (result === filter.negate) return false;
  }
  return true;
}
