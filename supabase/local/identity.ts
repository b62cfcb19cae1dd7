import type { Queryable } from "./db.ts";
import type { Claims } from "./jwt.ts";

/** Who a request runs as: the Postgres role named by the JWT and the JWT's claims. */
export type Identity = { role: string; claims: Claims };

export const ANON_IDENTITY: Identity = { role: "anon", claims: { role: "anon" } };

/**
 * Makes the rest of the current transaction run as `identity`, with the settings Supabase's
 * services give Postgres (`role`, `request.jwt.claims`, …), so row level security and
 * `auth.uid()` behave as on a hosted project. Must be called inside a transaction.
 */
export async function actAs(
  q: Queryable,
  identity: Identity,
  request: { method?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<void> {
  await q.query(
    `select set_config('search_path', 'public, extensions', true), set_config('role', $1, true),
       set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
       set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
    [
      identity.role,
      JSON.stringify(identity.claims),
      request.method ?? "",
      request.path ?? "",
      JSON.stringify(request.headers ?? {}),
    ],
  );
}
