import { readFileSync } from "node:fs";
import { errors, importJWK, type JWK, type JWTHeaderParameters, jwtVerify, SignJWT } from "jose";
import type { LocalConfig } from "./config.ts";

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export type VerifyResult =
  | { ok: true; claims: Claims }
  | { ok: false; reason: "malformed" | "signature" | "expired" };

/** An asymmetric signing key of `signing_keys.json` (the CLI's `supabase gen signing-key` output). */
export type SigningKey = JWK & { kid: string; alg: "ES256" | "RS256" };

/** What tokens are signed and verified with: the legacy HS256 secret and the asymmetric keys. */
export type JwtKeys = Pick<LocalConfig, "jwtSecret" | "signingKeys">;

const ASYMMETRIC_ALGORITHMS = new Set(["ES256", "RS256"]);

/**
 * Reads `signing_keys.json` (a JSON array of private JWKs); none when the file is absent. Throws
 * on a file that is there but not a list of ES256/RS256 keys with a `kid`, so a typo is not
 * silently turned into HS256-only signing.
 */
export function readSigningKeys(path: string | undefined): SigningKey[] {
  if (!path) return [];
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  const keys: unknown = JSON.parse(text);
  if (!Array.isArray(keys)) throw new Error(`${path} must be a JSON array of signing keys`);
  for (const key of keys as Partial<SigningKey>[]) {
    if (typeof key?.kid !== "string" || !ASYMMETRIC_ALGORITHMS.has(String(key.alg)) || !key.d) {
      throw new Error(`${path}: every key needs a kid, alg ES256 or RS256 and its private part`);
    }
  }
  return keys as SigningKey[];
}

/** The public half of a signing key, as `/.well-known/jwks.json` lists it. */
export function publicJwk(key: SigningKey): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...rest } = key;
  return { ...rest, key_ops: ["verify"] };
}

const encoder = new TextEncoder();
const secretCache = new Map<string, Uint8Array>();
function secretKey(secret: string): Uint8Array {
  let key = secretCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    secretCache.set(secret, key);
  }
  return key;
}

type AsymmetricKey = Awaited<ReturnType<typeof importJWK>>;
const keyCache = new WeakMap<
  SigningKey,
  { private: Promise<AsymmetricKey>; public: Promise<AsymmetricKey> }
>();
function cryptoKeys(key: SigningKey) {
  let keys = keyCache.get(key);
  if (!keys) {
    // WebCrypto refuses a private EC key that also claims "verify" (as `gen signing-key` writes).
    keys = {
      private: importJWK({ ...key, key_ops: ["sign"] }, key.alg),
      public: importJWK(publicJwk(key), key.alg),
    };
    keyCache.set(key, keys);
  }
  return keys;
}

/**
 * Verifies a JWT the way GoTrue and PostgREST do: HS256 with the project's secret (the API keys,
 * Storage's signed URLs, sessions signed before keys were configured) or ES256/RS256 with the
 * signing key its `kid` names.
 */
export async function verifyJwt(token: string, keys: JwtKeys): Promise<VerifyResult> {
  if (token.split(".").length !== 3) return { ok: false, reason: "malformed" };
  const verified = verifiedTokens(keys);
  const known = verified.get(token);
  if (known && (known.exp === undefined || known.exp > Date.now() / 1000)) return { ok: true, claims: known };
  const result = await verifySignature(token, keys);
  if (result.ok) {
    if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, result.claims);
  }
  return result;
}

/**
 * Tokens already verified, per set of keys (one per server), like PostgREST's JWT cache: a page
 * sends the same token in several requests, and an ES256 check costs more than the query it
 * guards. A cached token is still refused once it expires.
 */
const VERIFIED_TOKENS_LIMIT = 1000;
const verifiedByKeys = new WeakMap<JwtKeys, Map<string, Claims>>();
function verifiedTokens(keys: JwtKeys): Map<string, Claims> {
  let verified = verifiedByKeys.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedByKeys.set(keys, verified);
  }
  return verified;
}

async function verifySignature(token: string, keys: JwtKeys): Promise<VerifyResult> {
  const keyFor = async (header: JWTHeaderParameters) => {
    if (header.alg === "HS256") return secretKey(keys.jwtSecret);
    const key = keys.signingKeys.find(
      (candidate) => candidate.kid === header.kid && candidate.alg === header.alg,
    );
    if (!key) throw new errors.JWSSignatureVerificationFailed("no signing key with this kid");
    return cryptoKeys(key).public;
  };
  try {
    const { payload } = await jwtVerify(token, keyFor, { algorithms: ["HS256", ...ASYMMETRIC_ALGORITHMS] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature" };
    return { ok: false, reason: error instanceof errors.JWSInvalid ? "malformed" : "signature" };
  }
}

/** Signs with the project's HS256 secret (Storage's signed URLs, like the real service). */
export async function signJwt(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secretKey(secret));
}

/**
 * Signs a session's access token as GoTrue does: with the first signing key (its `alg` and `kid`
 * in the header, so clients can verify it from the JWKS without asking Auth), or with the HS256
 * secret when no keys are configured.
 */
export async function signAccessToken(payload: Record<string, unknown>, keys: JwtKeys): Promise<string> {
  const [key] = keys.signingKeys;
  if (!key) return signJwt(payload, keys.jwtSecret);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .sign(await cryptoKeys(key).private);
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
      const result = await verifyJwt(apikey, config);
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
