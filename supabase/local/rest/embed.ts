// The read tree: a select list resolved against the schema cache, embedded resources found through
// foreign keys, and the query string's filters, order and paging applied to each node.

import {
  type Filter,
  type OrderTerm,
  parseCount,
  parseFilter,
  parseLogic,
  parseOrder,
  type SelectItem,
} from "./parse.ts";
import { RestError } from "./responses.ts";
import type { Column, SchemaCache, SqlFunction } from "./schema.ts";

/** The relation (table, view or function result) a node reads from. */
export type Source = {
  /** Name in messages and for relationship lookups. */
  name: string;
  /** The exposed schema it lives in. */
  schema: string;
  columns: Map<string, Column>;
  /** The exposed relation whose foreign keys apply (undefined: no embedding). */
  fkTable: string | undefined;
  /** Computed fields: functions of one argument of the relation's row type, used as columns. */
  computed: Map<string, SqlFunction>;
};

type Relationship = {
  cardinality: "one" | "many";
  child: string;
  parentColumns: string[];
  childColumns: string[];
  constraint: string;
  /** A computed relationship: a function of the parent's row returning rows of `child`. */
  fn: SqlFunction | undefined;
};

export type EmbedNode = {
  outputName: string;
  relationship: Relationship;
  joinType: "inner" | "left" | undefined;
  /** `...rel(cols)`: the child's columns become the parent's (arrays of them for a to-many). */
  spread: boolean;
  node: ReadNode;
};

export type ReadNode = {
  source: Source;
  items: SelectItem[];
  embeds: Map<SelectItem, EmbedNode>;
  filters: Filter[];
  /** Anti/semi joins from `embed=is.null` / `embed=not.is.null`. */
  embedNullFilters: { embed: EmbedNode; isNull: boolean }[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /** Whether the select list holds aggregates (the other columns then group). */
  aggregated: boolean;
};

/** The functions of one row of `relation` (`f(t)`), as computed fields or computed relationships. */
function rowFunctions(cache: SchemaCache, relation: string): SqlFunction[] {
  return cache.rowFunctions.get(relation) ?? [];
}

export function computedFields(cache: SchemaCache, relation: string): Map<string, SqlFunction> {
  const fields = new Map<string, SqlFunction>();
  for (const fn of rowFunctions(cache, relation)) if (!fn.returnsRelation) fields.set(fn.name, fn);
  return fields;
}

export function sourceOfRelation(cache: SchemaCache, name: string): Source {
  const relation = cache.relations.get(name);
  if (!relation) throw new Error(`unknown relation ${name}`);
  return {
    name,
    schema: cache.schema,
    columns: relation.columns,
    fkTable: name,
    computed: computedFields(cache, name),
  };
}

export function column(source: Source, name: string): Column {
  const found = source.columns.get(name);
  if (found) return found;
  const fn = source.computed.get(name);
  if (fn) return { name, type: fn.returnType, nullable: true, hasDefault: false, generated: true };
  throw new RestError(400, "42703", `column ${source.name}.${name} does not exist`);
}

function findRelationships(cache: SchemaCache, parent: string, target: string, hint: string | undefined) {
  const found: Relationship[] = [];
  for (const fn of rowFunctions(cache, parent)) {
    if (fn.name !== target || !fn.returnsRelation) continue;
    found.push({
      cardinality: fn.returnsSet && fn.rows !== 1 ? "many" : "one",
      child: fn.returnsRelation,
      parentColumns: [],
      childColumns: [],
      constraint: fn.name,
      fn,
    });
  }
  if (found.length > 0) return found;
  const targetIsRelation = cache.relations.has(target);
  const isUnique = (table: string, columns: string[]) =>
    (cache.relations.get(table)?.uniqueKeys ?? []).some(
      (key) => key.length === columns.length && key.every((c) => columns.includes(c)),
    );
  for (const fk of cache.foreignKeys) {
    const matchesHint = (extra: string[]) =>
      hint === undefined || hint === fk.name || fk.fromColumns.includes(hint) || extra.includes(hint);
    if (targetIsRelation) {
      if (fk.fromTable === parent && fk.toTable === target && matchesHint(fk.toColumns)) {
        found.push({
          cardinality: "one",
          child: target,
          parentColumns: fk.fromColumns,
          childColumns: fk.toColumns,
          constraint: fk.name,
          fn: undefined,
        });
      }
      if (fk.toTable === parent && fk.fromTable === target && matchesHint(fk.toColumns)) {
        found.push({
          cardinality: isUnique(target, fk.fromColumns) ? "one" : "many",
          child: target,
          parentColumns: fk.toColumns,
          childColumns: fk.fromColumns,
          constraint: fk.name,
          fn: undefined,
        });
      }
    } else if (
      fk.fromTable === parent &&
      (fk.name === target || (fk.fromColumns.length === 1 && fk.fromColumns[0] === target))
    ) {
      found.push({
        cardinality: "one",
        child: fk.toTable,
        parentColumns: fk.fromColumns,
        childColumns: fk.toColumns,
        constraint: fk.name,
        fn: undefined,
      });
    } else if (fk.toTable === parent && fk.name === target) {
      found.push({
        cardinality: isUnique(fk.fromTable, fk.fromColumns) ? "one" : "many",
        child: fk.fromTable,
        parentColumns: fk.toColumns,
        childColumns: fk.fromColumns,
        constraint: fk.name,
        fn: undefined,
      });
    }
  }
  return found;
}

export function resolveNode(cache: SchemaCache, source: Source, items: SelectItem[]): ReadNode {
  const node: ReadNode = {
    source,
    items,
    embeds: new Map(),
    filters: [],
    embedNullFilters: [],
    order: [],
    limit: undefined,
    offset: undefined,
    aggregated: false,
  };
  for (const [index, item] of items.entries()) {
    if (
      item.kind === "column" &&
      item.field.name === "count" &&
      item.field.path.length === 0 &&
      !item.cast &&
      !source.columns.has("count") &&
      !source.computed.has("count")
    ) {
      // `rel(count)`: the bare word is the count aggregate, as in PostgREST.
      items[index] = {
        kind: "aggregate",
        fn: "count",
        field: undefined,
        alias: item.alias,
        cast: undefined,
        outCast: undefined,
      };
    }
  }
  for (const item of items) {
    if (item.kind === "column") column(source, item.field.name);
    if (item.kind === "aggregate") {
      if (!cache.settings.aggregatesEnabled) {
        throw new RestError(400, "PGRST123", "Use of aggregate functions is not allowed");
      }
      if (item.field) column(source, item.field.name);
      node.aggregated = true;
    }
    if (item.kind !== "embed") continue;
    const parent = source.fkTable;
    const candidates = parent ? findRelationships(cache, parent, item.relation, item.hint) : [];
    if (candidates.length === 0) {
      throw new RestError(
        400,
        "PGRST200",
        `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${source.name}' and '${item.relation}'${
          item.hint ? ` using the hint '${item.hint}'` : ""
        } in the schema '${cache.schema}', but no matches were found.`,
        null,
      );
    }
    if (candidates.length > 1) {
      const options = candidates.map((c) => `'${item.relation}!${c.constraint}'`).join(", ");
      throw new RestError(
        300,
        "PGRST201",
        `Could not embed because more than one relationship was found for '${source.name}' and '${item.relation}'`,
        candidates.map((c) => ({
          cardinality: c.cardinality === "one" ? "many-to-one" : "one-to-many",
          embedding: `${source.name} with ${c.child}`,
          relationship: `${c.constraint} using ${source.name}(${c.parentColumns.join(", ")}) and ${c.child}(${c.childColumns.join(", ")})`,
        })),
        `Try changing '${item.relation}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
      );
    }
    const relationship = candidates[0] as Relationship;
    const child = resolveNode(cache, sourceOfRelation(cache, relationship.child), item.select);
    node.embeds.set(item, {
      outputName: item.alias ?? item.relation,
      relationship,
      joinType: item.joinType,
      spread: item.spread,
      node: child,
    });
  }
  return node;
}

function findEmbed(node: ReadNode, name: string): EmbedNode | undefined {
  for (const embed of node.embeds.values()) if (embed.outputName === name) return embed;
  for (const [item, embed] of node.embeds) if (item.kind === "embed" && item.relation === name) return embed;
  return undefined;
}

const RESERVED = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
  "or",
  "and",
  "not.or",
  "not.and",
]);

/** Applies the query string's filters, order and paging to the node tree. */
export function applyQuery(root: ReadNode, query: URLSearchParams, skip: Set<string>): void {
  for (const [key, value] of query) {
    if (skip.has(key) || key === "select" || key === "columns" || key === "on_conflict") continue;
    let node = root;
    const segments = key.split(".");
    let name = key;
    if (!RESERVED.has(key) && segments.length > 1) {
      let i = 0;
      while (i < segments.length - 1) {
        const embed = findEmbed(node, segments[i] ?? "");
        if (!embed) break;
        node = embed.node;
        i += 1;
      }
      name = segments.slice(i).join(".");
      if (i === 0) name = key;
    }
    if (name === "order") node.order = parseOrder(value);
    else if (name === "limit") node.limit = parseCount("limit", value);
    else if (name === "offset") node.offset = parseCount("offset", value);
    else if (name === "or" || name === "and") node.filters.push(parseLogic(name, false, value));
    else if (name === "not.or" || name === "not.and")
      node.filters.push(parseLogic(name === "not.or" ? "or" : "and", true, value));
    else {
      const embed = findEmbed(node, name);
      if (embed && /^(not\.)?is\.null$/i.test(value)) {
        node.embedNullFilters.push({ embed, isNull: !value.startsWith("not.") });
        continue;
      }
      const condition = parseFilter(name, value);
      node.filters.push(condition);
    }
  }
}
