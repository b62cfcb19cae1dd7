/** Parsers for PostgREST's URL grammar (select, filters, logic trees, order). Nothing here touches SQL. */

export class ParseError extends Error {
  details: string | null;
  hint: string | null;
  constructor(message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.details = details;
    this.hint = hint;
  }
}

/**
 * How deep `and`/`or` groups and embedded resources may nest. PostgREST has no such limit and
 * answers a filter nested thousands deep with PostgreSQL's `stack depth limit exceeded`; here the
 * parser refuses it first, well below what the recursive parser and the SQL builder can take.
 */
export const MAX_NESTING = 64;
/**
 * How many items a `select` may list, embedded ones included. PostgreSQL refuses a target list over
 * 1664 entries (`54011`); refusing in the parser gives the caller the reason before any SQL runs.
 */
export const MAX_SELECT_ITEMS = 1000;

function tooDeep(what: string): ParseError {
  return new ParseError(
    `failed to parse ${what}: nested more than ${MAX_NESTING} levels deep`,
    `The ${what} nests its groups more than ${MAX_NESTING} levels deep.`,
    `Flatten the ${what}: at most ${MAX_NESTING} levels of nesting are accepted.`,
  );
}

export type JsonStep = { arrow: "->" | "->>"; key: string };

/** A column reference: `col`, `col->a->>b`. */
export type Field = { name: string; path: JsonStep[] };

export type Aggregate = "count" | "sum" | "avg" | "min" | "max";

export type SelectItem =
  | { kind: "star" }
  | { kind: "column"; field: Field; alias: string | undefined; cast: string | undefined }
  | {
      kind: "aggregate";
      fn: Aggregate;
      /** The aggregated column (`col.sum()`); undefined for `count()`. */
      field: Field | undefined;
      alias: string | undefined;
      /** A cast of the column before aggregating (`col::int.sum()`). */
      cast: string | undefined;
      /** A cast of the aggregate's result (`col.sum()::text`). */
      outCast: string | undefined;
    }
  | {
      kind: "embed";
      relation: string;
      alias: string | undefined;
      hint: string | undefined;
      joinType: "inner" | "left" | undefined;
      spread: boolean;
      select: SelectItem[];
    };

const IDENT = /^[^\s,.:()!"'>\-[\]]+$/;

class Scanner {
  text: string;
  pos = 0;
  constructor(text: string) {
    this.text = text;
  }
  peek(length = 1): string {
    return this.text.slice(this.pos, this.pos + length);
  }
  eat(token: string): boolean {
    if (this.text.startsWith(token, this.pos)) {
      this.pos += token.length;
      return true;
    }
    return false;
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  fail(what: string): never {
    throw new ParseError(
      `"failed to parse select parameter (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${this.done() ? "end of input" : `"${this.peek()}"`} expecting ${what}`,
    );
  }
  /** An identifier: "double quoted" or a run of name characters. */
  identifier(): string {
    if (this.eat('"')) {
      let name = "";
      while (!this.done()) {
        const c = this.peek();
        if (c === '"') {
          if (this.text[this.pos + 1] === '"') {
            name += '"';
            this.pos += 2;
            continue;
          }
          this.pos += 1;
          if (name === "") this.fail("a name");
          return name;
        }
        name += c;
        this.pos += 1;
      }
      this.fail('closing "');
    }
    const start = this.pos;
    while (!this.done()) {
      const c = this.peek();
      if (/[\s,.:()!"'[\]]/.test(c) || this.text.startsWith("->", this.pos)) break;
      this.pos += 1;
    }
    const name = this.text.slice(start, this.pos);
    if (name === "" || !IDENT.test(name.replaceAll("-", "_"))) this.fail("a name");
    return name;
  }
}

function jsonPath(s: Scanner): JsonStep[] {
  const path: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep["arrow"] | undefined;
    if (s.eat("->>")) arrow = "->>";
    else if (s.eat("->")) arrow = "->";
    if (!arrow) return path;
    const negative = s.eat("-");
    const key = `${negative ? "-" : ""}${s.identifier()}`;
    path.push({ arrow, key });
  }
}

/** A select list; `depth` 0 is the top level, each embedded resource one more. */
function selectList(s: Scanner, depth: number): SelectItem[] {
  if (depth > MAX_NESTING) throw tooDeep("select parameter");
  const items: SelectItem[] = [];
  for (;;) {
    items.push(selectItem(s, depth));
    if (s.eat(",")) continue;
    if (depth > 0) {
      if (!s.eat(")")) s.fail('"," or ")"');
      return items;
    }
    if (!s.done()) s.fail('"," or end of input');
    return items;
  }
}

function selectItem(s: Scanner, depth: number): SelectItem {
  if (s.eat("*")) return { kind: "star" };
  const spread = s.eat("...");
  let alias: string | undefined;
  let name = s.identifier();
  if (s.peek() === ":" && s.peek(2) !== "::") {
    s.eat(":");
    alias = name;
    name = s.identifier();
  }
  const path = jsonPath(s);
  let hint: string | undefined;
  let joinType: "inner" | "left" | undefined;
  while (s.eat("!")) {
    const word = s.identifier();
    if (word === "inner" || word === "left") joinType = word;
    else hint = word;
  }
  if (name === "count" && path.length === 0 && !hint && !joinType && !spread && s.peek(2) === "()") {
    s.eat("()");
    const outCast = s.eat("::") ? s.identifier() : undefined;
    return { kind: "aggregate", fn: "count", field: undefined, alias, cast: undefined, outCast };
  }
  if (s.eat("(")) {
    if (path.length > 0) s.fail('"," or end of input');
    if (s.eat(")")) {
      return { kind: "embed", relation: name, alias, hint, joinType, spread, select: [] };
    }
    const select = selectList(s, depth + 1);
    return { kind: "embed", relation: name, alias, hint, joinType, spread, select };
  }
  if (spread || hint || joinType) s.fail('"("');
  let cast: string | undefined;
  if (s.eat("::")) cast = s.identifier();
  const aggregate = /^\.(sum|avg|max|min|count)\(\)/.exec(s.text.slice(s.pos));
  if (aggregate) {
    s.pos += aggregate[0].length;
    const outCast = s.eat("::") ? s.identifier() : undefined;
    return { kind: "aggregate", fn: aggregate[1] as Aggregate, field: { name, path }, alias, cast, outCast };
  }
  return { kind: "column", field: { name, path }, alias, cast };
}

/** Parses `select=` (empty or absent means `*`). */
export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === "") return [{ kind: "star" }];
  const items = selectList(new Scanner(text.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, "")), 0);
  const count = countItems(items);
  if (count > MAX_SELECT_ITEMS) {
    throw new ParseError(
      `failed to parse select parameter: ${count} columns, more than the ${MAX_SELECT_ITEMS} allowed`,
      `The select parameter lists ${count} items (embedded ones included).`,
      `Select at most ${MAX_SELECT_ITEMS} columns; use * for every column of a table.`,
    );
  }
  return items;
}

function countItems(items: SelectItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.kind === "embed" ? countItems(item.select) : 0), 0);
}

/** Parses a column reference used by filters and order: `col`, `col->a->>b`. */
export function parseField(text: string): Field {
  const s = new Scanner(text);
  const name = s.identifier();
  const path = jsonPath(s);
  if (!s.done()) throw new ParseError(`failed to parse filter (${text})`);
  return { name, path };
}

export const OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "match",
  "imatch",
  "in",
  "is",
  "isdistinct",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
  "fts",
  "plfts",
  "phfts",
  "wfts",
] as const;
export type Operator = (typeof OPERATORS)[number];
const QUANTIFIABLE = new Set(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);

export type Condition = {
  kind: "condition";
  field: Field;
  negated: boolean;
  operator: Operator;
  quantifier: "any" | "all" | undefined;
  language: string | undefined;
  /** The raw value (for `in`, the parsed list; for `is`, the keyword). */
  value: string;
  list: string[] | undefined;
};
export type Logic = { kind: "logic"; op: "and" | "or"; negated: boolean; children: Filter[] };
export type Filter = Condition | Logic;

/** Splits a comma-separated list at depth 0, honouring "double quotes" and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (quoted) {
      current += c;
      if (c === "\\" && i + 1 < text.length) {
        current += text[i + 1];
        i += 1;
      } else if (c === '"') quoted = false;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === "(" || c === "{" || c === "[") depth += 1;
    else if (c === ")" || c === "}" || c === "]") depth -= 1;
    if (depth < 0) break;
    if (c === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += c;
  }
  if (quoted || depth !== 0) throw new ParseError(`failed to parse logic tree (${text})`);
  parts.push(current);
  return parts;
}

/** Parses `in.(a,"b,c",d)` into its items. */
function parseList(text: string, original: string): string[] {
  if (!text.startsWith("(") || !text.endsWith(")"))
    throw new ParseError(`failed to parse filter (${original})`);
  const inner = text.slice(1, -1);
  if (inner === "") return [];
  return splitTopLevel(inner).map((item) => {
    const trimmed = item.trim();
    if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
      return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    return trimmed;
  });
}

/** Parses the `[not.]op[(any|all)|(lang)].value` part of a filter. */
export function parseOperation(field: Field, text: string, original: string): Condition {
  let rest = text;
  let negated = false;
  if (rest.startsWith("not.")) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([a-z_0-9]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match) throw new ParseError(`failed to parse filter (${original})`);
  const operator = match[1] as Operator;
  if (!OPERATORS.includes(operator)) throw new ParseError(`failed to parse filter (${original})`);
  const modifier = match[2];
  const value = match[3] ?? "";
  let quantifier: Condition["quantifier"];
  let language: string | undefined;
  if (modifier) {
    if ((modifier === "any" || modifier === "all") && QUANTIFIABLE.has(operator)) quantifier = modifier;
    else if (["fts", "plfts", "phfts", "wfts"].includes(operator)) language = modifier;
    else throw new ParseError(`failed to parse filter (${original})`);
  }
  let list: string[] | undefined;
  if (operator === "in") list = parseList(value, original);
  if (quantifier) {
    if (!value.startsWith("{") || !value.endsWith("}"))
      throw new ParseError(`failed to parse filter (${original})`);
  }
  if (operator === "is" && !["null", "not_null", "true", "false", "unknown"].includes(value.toLowerCase())) {
    throw new ParseError(`failed to parse filter (${original})`);
  }
  return { kind: "condition", field, negated, operator, quantifier, language, value, list };
}

/** Parses a filter query parameter: key `col` (or `col->a`), value `op.value`. */
export function parseFilter(key: string, value: string): Condition {
  return parseOperation(parseField(key), value, `${key}=${value}`);
}

/** Parses a logic tree such as `(a.eq.1,or(b.gt.2,c.is.null))`. */
export function parseLogic(op: "and" | "or", negated: boolean, text: string): Logic {
  return logicTree(op, negated, text, 1);
}

/** A logic tree; `depth` 1 is the query parameter's own group, each nested group one more. */
function logicTree(op: "and" | "or", negated: boolean, text: string, depth: number): Logic {
  if (depth > MAX_NESTING) throw tooDeep("logic tree");
  const original = `${negated ? "not." : ""}${op}=${text}`;
  if (!text.startsWith("(") || !text.endsWith(")"))
    throw new ParseError(`failed to parse logic tree (${text})`);
  const children = splitTopLevel(text.slice(1, -1)).map((part) =>
    parseLogicItem(part.trim(), original, depth),
  );
  if (children.length === 0) throw new ParseError(`failed to parse logic tree (${text})`);
  return { kind: "logic", op, negated, children };
}

function parseLogicItem(text: string, original: string, depth: number): Filter {
  const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(text);
  if (nested) return logicTree(nested[2] as "and" | "or", Boolean(nested[1]), nested[3] ?? "", depth + 1);
  const s = new Scanner(text);
  let field: Field;
  try {
    const name = s.identifier();
    field = { name, path: jsonPath(s) };
  } catch {
    throw new ParseError(`failed to parse logic tree (${original})`);
  }
  if (!s.eat(".")) throw new ParseError(`failed to parse logic tree (${original})`);
  try {
    return parseOperation(field, text.slice(s.pos), original);
  } catch {
    throw new ParseError(`failed to parse logic tree (${original})`);
  }
}

export type OrderTerm = {
  field: Field;
  direction: "asc" | "desc" | undefined;
  nulls: "first" | "last" | undefined;
};

/** Parses `order=a.desc.nullslast,b`. */
export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((part) => {
    const pieces = part.split(".");
    let nulls: OrderTerm["nulls"];
    let direction: OrderTerm["direction"];
    const last = pieces[pieces.length - 1];
    if (last === "nullsfirst" || last === "nullslast") {
      nulls = last === "nullsfirst" ? "first" : "last";
      pieces.pop();
    }
    const dir = pieces[pieces.length - 1];
    if (dir === "asc" || dir === "desc") {
      direction = dir;
      pieces.pop();
    }
    const fieldText = pieces.join(".");
    if (fieldText === "" || fieldText.includes("(")) throw new ParseError(`failed to parse order (${text})`);
    let field: Field;
    try {
      field = parseField(fieldText);
    } catch {
      throw new ParseError(`failed to parse order (${text})`);
    }
    return { field, direction, nulls };
  });
}

/** Parses a non-negative integer parameter (limit, offset), at most 2^53 - 1. */
export function parseCount(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) {
    throw new ParseError(
      `failed to parse ${name} parameter (${text})`,
      `The ${name} must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`,
    );
  }
  return value;
}

/** Parses `columns="a","b"` or `columns=a,b`. */
export function parseColumns(text: string): string[] {
  return splitTopLevel(text).map((part) => {
    const trimmed = part.trim();
    const name = trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
    if (name === "") throw new ParseError(`failed to parse columns parameter (${text})`);
    return name;
  });
}
