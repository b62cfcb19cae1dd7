import type { Database } from "./db.ts";

/** Postgres' autovacuum_analyze_threshold and autovacuum_analyze_scale_factor defaults. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * Postgres' autoanalyze, which PGlite does not run: without statistics the planner guesses a
 * table's size and skips its indexes (10,000 cases sorted by deadline read the whole table instead
 * of walking `cases_needed_by_idx`). Like autovacuum, statistics are renewed once the rows written
 * to a table since its last analysis pass 50 + 10% of its rows; here shortly after the writes
 * (`delayMs`) rather than on autovacuum's one-minute round, through the database's queue, and for
 * every table (what triggers wrote alongside too).
 */
export type AutoAnalyze = {
  /** Counts `rows` inserted, updated or deleted in `table` (a quoted, qualified name). */
  noteWrites(table: string, rows: number): void;
  /** Stops the pending analysis, if any. */
  close(): void;
};

export function createAutoAnalyze(db: Database, delayMs = 200): AutoAnalyze {
  const written = new Map<string, number>();
  /** Rows of each table at its last analysis (its estimate; 0 before the first one). */
  const analyzedRows = new Map<string, number>();
  /** Set while an analysis is due: some table's writes passed its threshold. */
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function analyzeDue(): Promise<void> {
    timer = undefined;
    if (closed) return;
    // Every table written so far is analyzed below, so every count starts again.
    const tables = [...written.keys()];
    written.clear();
    try {
      // The whole database: triggers write other tables alongside (a case's activity, its
      // members), and a planner with statistics for some tables and guesses for the others
      // joins them worse than with none.
      const rows = await db.tx(async (q) => {
        await q.exec("analyze");
        const { rows: found } = await q.query<{ name: string; rows: number }>(
          `select t.name, greatest(c.reltuples, 0)::float8 as rows
           from unnest($1::text[]) as t(name) join pg_class c on c.oid = t.name::regclass`,
          [tables],
        );
        return found;
      });
      for (const row of rows) analyzedRows.set(row.name, Number(row.rows));
    } catch (error) {
      console.error("[supabase/local] analyze failed:", (error as Error).message);
    }
  }

  return {
    noteWrites(table, rows) {
      if (rows <= 0 || closed) return;
      const total = (written.get(table) ?? 0) + rows;
      written.set(table, total);
      if (total < ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * (analyzedRows.get(table) ?? 0)) return;
      timer ??= setTimeout(() => void analyzeDue(), delayMs);
      timer.unref?.();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
