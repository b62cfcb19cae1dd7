import type { Database } from "./db.ts";

/** Postgres' autovacuum_analyze_threshold and autovacuum_analyze_scale_factor defaults. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * Postgres' autoanalyze, which PGlite does not run: without statistics the planner guesses a
 * table's size and skips its indexes (10,000 cases sorted by deadline read the whole table instead
 * of walking `cases_needed_by_idx`). Like autovacuum, a table is analyzed once the rows written to
 * it since its last analysis pass 50 + 10% of its rows; here shortly after the writes (`delayMs`)
 * rather than on autovacuum's one-minute round, and through the database's queue.
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
  const due = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function analyzeDue(): Promise<void> {
    timer = undefined;
    const tables = [...due];
    due.clear();
    for (const table of tables) {
      if (closed) return;
      try {
        const rows = await db.tx(async (q) => {
          await q.exec(`analyze ${table}`);
          const { rows: found } = await q.query<{ rows: number }>(
            "select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass",
            [table],
          );
          return Number(found[0]?.rows ?? 0);
        });
        analyzedRows.set(table, rows);
      } catch (error) {
        console.error(`[supabase/local] analyze ${table} failed:`, (error as Error).message);
      }
    }
  }

  return {
    noteWrites(table, rows) {
      if (rows <= 0 || closed) return;
      const total = (written.get(table) ?? 0) + rows;
      if (total < ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * (analyzedRows.get(table) ?? 0)) {
        written.set(table, total);
        return;
      }
      written.set(table, 0);
      due.add(table);
      timer ??= setTimeout(() => void analyzeDue(), delayMs);
      timer.unref?.();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      due.clear();
    },
  };
}
