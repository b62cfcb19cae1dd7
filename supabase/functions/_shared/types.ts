/**
 * The contract every function follows: its `handler.ts` default-exports a factory that takes the
 * function's environment and returns a standard fetch handler. `index.ts` serves it under
 * Supabase's Deno edge runtime; supabase/local imports `handler.ts` directly.
 */
export type FunctionEnv = Readonly<Record<string, string | undefined>>;
export type FetchHandler = (request: Request) => Promise<Response>;
export type CreateHandler = (env: FunctionEnv) => FetchHandler;
