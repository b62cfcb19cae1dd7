import type { LocalConfig } from "../config.ts";
import type { Identity } from "../identity.ts";
import { verifyJwt } from "../jwt.ts";

/** A verified Realtime token: who the channel acts as and when the token runs out. */
export type TokenResult =
  | { ok: true; token: string; identity: Identity; exp: number }
  | { ok: false; code: string; message: string };

/** The token a join uses when it carries none: the `apikey` query parameter, mapped like the CLI's Kong. */
export function tokenFromApiKey(config: LocalConfig, apikey: string | undefined): string | undefined {
  if (!apikey) return undefined;
  if (apikey === config.secretKey) return config.serviceRoleKey;
  if (apikey === config.publishableKey) return config.anonKey;
  return apikey;
}

function expOf(token: string): number | undefined {
  try {
    const part = token.split(".")[1] ?? "";
    const claims = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as { exp?: unknown };
    return typeof claims.exp === "number" ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/** Verifies a token the way Realtime's `confirm_token` does, with its error codes and messages. */
export async function checkToken(config: LocalConfig, token: unknown): Promise<TokenResult> {
  if (typeof token !== "string" || token === "")
    return { ok: false, code: "MalformedJWT", message: "The token provided is not a valid JWT" };
  const result = await verifyJwt(token, config);
  if (!result.ok) {
    if (result.reason === "expired") {
      const exp = expOf(token) ?? 0;
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, code: "InvalidJWTToken", message: `Token has expired ${ago} seconds ago` };
    }
    if (result.reason === "malformed")
      return { ok: false, code: "MalformedJWT", message: "The token provided is not a valid JWT" };
    return { ok: false, code: "JwtSignatureError", message: "Failed to validate JWT signature" };
  }
  const { claims } = result;
  if (typeof claims.role !== "string" || !claims.role || !Number.isInteger(claims.exp))
    return { ok: false, code: "InvalidJWTToken", message: "Fields `role` and `exp` are required in JWT" };
  return { ok: true, token, identity: { role: claims.role, claims }, exp: claims.exp as number };
}
