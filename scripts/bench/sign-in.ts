/** The cookies a browser keeps for one site: what the app's Set-Cookie headers set, minus what they expire. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Applies a response's Set-Cookie headers: new values replace old ones, expired cookies go. */
  update(response: Response): void {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const separator = pair.indexOf("=");
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      if (attributes.some(isExpiry)) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(separator + 1).trim());
    }
  }

  get names(): string[] {
    return [...this.#cookies.keys()];
  }

  /** The Cookie request header for the stored cookies. */
  get header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Whether a Set-Cookie attribute expires the cookie now (`Max-Age=0`, or an `Expires` in the past). */
function isExpiry(attribute: string): boolean {
  const separator = attribute.indexOf("=");
  if (separator < 0) return false;
  const key = attribute.slice(0, separator).trim().toLowerCase();
  const value = attribute.slice(separator + 1).trim();
  if (key === "max-age") return Number(value) <= 0;
  if (key === "expires") return Date.parse(value) <= Date.now();
  return false;
}

export interface Account {
  email: string;
  password: string;
}

/** The sign-in form (app/routes/auth/sign-in.tsx) and where it sends a signed-in person. */
const SIGN_IN_PATH = "/auth/supabase/sign-in";
const SIGNED_IN_PATH = "/dashboard";
/** The session cookie @supabase/ssr writes, `sb-<ref>-auth-token` (maybe chunked: `.0`, `.1`, …). */
const SESSION_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

/**
 * Signs `account` in the way a browser without JavaScript does: posts the sign-in form from the
 * app's own origin (the app refuses cross-site writes) and keeps the session cookies the answer
 * sets. Throws unless the app answers with the redirect to the dashboard and a session cookie.
 */
export async function signInWithForm(origin: string, account: Account): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await fetch(`${origin}${SIGN_IN_PATH}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  jar.update(response);
  const location = response.headers.get("Location");
  const destination = location ? new URL(location, origin).pathname : null;
  if (response.status < 300 || response.status >= 400 || destination !== SIGNED_IN_PATH) {
    throw new Error(
      `signing ${account.email} in failed: POST ${SIGN_IN_PATH} answered ${response.status}` +
        `${location ? ` → ${location}` : ""} instead of a redirect to ${SIGNED_IN_PATH}` +
        (response.status === 429 ? " (Auth's rate limit)" : ""),
    );
  }
  if (!jar.names.some((name) => SESSION_COOKIE.test(name))) {
    throw new Error(
      `signing ${account.email} in set no session cookie (got: ${jar.names.join(", ") || "none"})`,
    );
  }
  return jar;
}
