// Rate limits (GoTrue's [auth.rate_limit] per client IP, plus a local-only limit per IP and address)

import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { LocalConfig } from "../config.ts";
import { header } from "../http.ts";
import { verifyJwt } from "../jwt.ts";
import { createRateLimiter, type RateLimiter, takeAll } from "../ratelimit.ts";
import { AuthError, type Ctx, str } from "./context.ts";

type Limiters = {
  signInSignUps: RateLimiter;
  tokenVerifications: RateLimiter;
  tokenRefresh: RateLimiter;
  perAddress: RateLimiter;
};
type IpBucket = Exclude<keyof Limiters, "perAddress">;

/** One set per server: each startLocalSupabase builds its own config object. */
const limitersByConfig = new WeakMap<LocalConfig, Limiters>();

function limitersOf(config: LocalConfig): Limiters {
  let limiters = limitersByConfig.get(config);
  if (!limiters) {
    const windowMs = config.rateLimitWindowSeconds * 1000;
    limiters = {
      signInSignUps: createRateLimiter({ max: config.rateLimitSignInSignUps, windowMs }),
      tokenVerifications: createRateLimiter({ max: config.rateLimitTokenVerifications, windowMs }),
      tokenRefresh: createRateLimiter({ max: config.rateLimitTokenRefresh, windowMs }),
      perAddress: createRateLimiter({ max: config.rateLimitPerAddress, windowMs }),
    };
    limitersByConfig.set(config, limiters);
  }
  return limiters;
}

/** The request's API key, from the header or the query (as the gateway reads it). */
function apiKeyOf(ctx: Ctx): string | undefined {
  return header(ctx.req, "apikey") ?? ctx.url.searchParams.get("apikey") ?? undefined;
}

/**
 * The client address a server forwards with `Sb-Forwarded-For` (hosted Supabase's "IP address
 * forwarding"): trusted only on a request made with the project's secret key, which only the
 * app's server holds. Its first value must be an IP address. Anything a browser can send
 * (`X-Forwarded-For`, `CF-Connecting-IP`, `Sb-Forwarded-For` with the publishable key) is ignored.
 */
function forwardedAddress(ctx: Ctx): string | undefined {
  if (apiKeyOf(ctx) !== ctx.config.secretKey) return undefined;
  const first = header(ctx.req, "sb-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return isIP(first) ? normalizeIp(first) : undefined;
}

function normalizeIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

/** The connection's peer: the caller's IP when no trusted `Sb-Forwarded-For` names another. */
function peerIp(req: IncomingMessage): string {
  return normalizeIp(req.socket.remoteAddress ?? "unknown");
}

/** GoTrue skips its limiters for the service role (admin calls, server-side code with the secret key). */
async function isServiceRole(ctx: Ctx): Promise<boolean> {
  const token = ctx.bearer;
  if (!token) return false;
  if (token === ctx.config.serviceRoleKey) return true;
  const result = await verifyJwt(token, ctx.config);
  return result.ok && result.claims.role === "service_role";
}

/**
 * Counts this request against the client IP's bucket and, when an e-mail address is given, the
 * bucket of that address from that IP (so nobody elsewhere can lock the owner out); over either
 * limit it throws GoTrue's 429 before any work is done, and the refused request is not counted.
 * Every other attempt counts, successful or not; the returned function gives the address's
 * request back (a password sign-in that turned out right). The service role is not limited unless
 * it sends `Sb-Forwarded-For`: then it counts for that client (or for the peer, when malformed).
 */
export async function enforceRateLimit(
  ctx: Ctx,
  bucket: IpBucket | undefined,
  address?: unknown,
): Promise<() => void> {
  const forwarding = header(ctx.req, "sb-forwarded-for") !== undefined;
  if (!forwarding && (await isServiceRole(ctx))) return () => undefined;
  const limiters = limitersOf(ctx.config);
  const ip = forwardedAddress(ctx) ?? peerIp(ctx.req);
  const hits: [RateLimiter, string][] = [];
  if (bucket) hits.push([limiters[bucket], ip]);
  const email = str(address)?.trim().toLowerCase();
  const addressKey = email ? `${ip} ${email.slice(0, 320)}` : undefined;
  if (addressKey) hits.push([limiters.perAddress, addressKey]);
  const waitMs = takeAll(hits);
  if (waitMs === 0) return () => (addressKey ? limiters.perAddress.give(addressKey) : undefined);
  throw new AuthError(
    429,
    "over_request_rate_limit",
    "Request rate limit reached",
    {},
    { "Retry-After": String(Math.max(1, Math.ceil(waitMs / 1000))) },
  );
}
