/**
 * Idempotent creates: every form that creates a row carries a key the server made when it rendered
 * the form (works without JavaScript), and the row keeps it. The database refuses one key twice
 * from one person (supabase/migrations/20261126040000_idempotent_creates.sql), so a form posted
 * twice (a double click, a reposted page) creates one row, and the second post is answered with it.
 * A post without a valid key is refused with the code `common:stale_form` (lib/errors.ts).
 */

/** The form field, also the column of the created row. */
export const IDEMPOTENCY_FIELD = "idempotency_key";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fresh key, for the loader that renders a create form. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The key a post carries, or null when it has none (or not a UUID). `posted` is the submission's
 * `payload` (every field as posted: `parseForm`).
 */
export function idempotencyKeyOf(posted: Record<string, unknown>): string | null {
  const value = posted[IDEMPOTENCY_FIELD];
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null;
}

/** The hidden input that carries the key; put it inside the create form. */
export function IdempotencyKeyInput({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} />;
}
