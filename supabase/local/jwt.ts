import { errors, jwtVerify, SignJWT } from "jose";
import type { LocalConfig } from "./config.ts";

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export type VerifyResult =
  | { ok: true; claims: Claims }
  | { ok: false; reason: "malformed" | "signature" | "expired" };

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** Verifies an HS256 JWT signed with the project's secret. */
export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  if (token.split(".").length !== 3) return { ok: false, reason: "malformed" };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature" };
    return { ok: false, reason: error instanceof errors.JWSInvalid ? "malformed" : "signature" };
  }
}

export async function signJwt(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(keyOf(secret));
}

/** What the gateway decided about a request's keys (CLI Kong rules, protocol reference §1.4). */
export type KeyResolution = {
  /** The API key is one of the project's keys (or a JWT signed with the project secret). */
  apikeyValid: boolean;
  /** The bearer token PostgREST or GoTrue sees after the key mapping; undefined when none. */
  bearer: string | undefined;
};

/** Maps `apikey` and `Authorization` the way the Supabase CLI's gateway does. */
export async function resolveKeys(
  config: LocalConfig,
  apikey: string | undefined,
  authorization: string | undefined,
): Promise<KeyResolution> {
  let apikeyValid = false;
  if (apikey) {
    if (apikey === config.publishableKey || apikey === config.secretKey) apikeyValid = true;
    else if (apikey === config.anonKey || apikey === config.serviceRoleKey) apikeyValid = true;
    else {
      const result = await verifyJwt(apikey, config.jwtSecret);
      apikeyValid = result.ok;
    }
  }
  let bearer: string | undefined;
  const match = authorization ? /^bearer\s+(.+)$/i.exec(authorization.trim()) : null;
  if (authorization && !(match?.[1] ?? "").startsWith("sb_")) {
    bearer = match ? match[1] : authorization;
  } else if (apikey === config.secretKey) bearer = config.serviceRoleKey;
  else if (apikey === config.publishableKey) bearer = config.anonKey;
  else if (apikey) bearer = apikey;
  return { apikeyValid, bearer };
}
