/**
 * Access tokens whose session Auth confirmed recently, per isolate: a signed-in request asks Auth
 * (`GET /auth/v1/user`) about its session at most once per `ttlMs`, so a signed-out or revoked
 * session stops working within that time (docs/decisions/0009-sessions-checked-with-auth.md).
 * Keyed by a hash of the token, never the token itself; the oldest entries go first when full.
 */
export class RecentSessionChecks {
  readonly #checkedAt = new Map<string, number>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether Auth confirmed the session of `key` less than `ttlMs` ago. */
  isFresh(key: string, ttlMs: number): boolean {
    const at = this.#checkedAt.get(key);
    if (at === undefined) return false;
    if (this.now() - at < ttlMs) return true;
    this.#checkedAt.delete(key);
    return false;
  }

  /** Records that Auth has just confirmed the session of `key`. */
  remember(key: string): void {
    this.#checkedAt.delete(key);
    this.#checkedAt.set(key, this.now());
    for (const oldest of this.#checkedAt.keys()) {
      if (this.#checkedAt.size <= this.maxEntries) break;
      this.#checkedAt.delete(oldest);
    }
  }

  /** Forgets `key` (its session was just signed out here). */
  forget(key: string): void {
    this.#checkedAt.delete(key);
  }

  get size(): number {
    return this.#checkedAt.size;
  }
}

/** The cache key of an access token: its SHA-256, base64url. */
export async function accessTokenKey(accessToken: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
