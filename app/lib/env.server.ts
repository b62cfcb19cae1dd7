import { z } from "./zod-jitless";

const envSchema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(20),
  /**
   * How long a session Auth confirmed is trusted without asking again (seconds; 0 asks on every
   * request): the longest a signed-out or revoked session keeps working (ADR 0009).
   */
  AUTH_SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Lifetime of the session cookies (seconds), renewed whenever the session is refreshed: a
   * person idle for longer signs in again. Set Auth's session inactivity timeout to the same.
   */
  AUTH_SESSION_COOKIE_MAX_AGE: z.coerce
    .number()
    .int()
    .min(60 * 60)
    .max(400 * 24 * 60 * 60)
    .default(7 * 24 * 60 * 60),
  /**
   * "true" only where Cloudflare's edge sets `CF-Connecting-IP` (a deployed Worker): the one
   * address header a client cannot forge there. Under `wrangler dev` a client sets it freely.
   */
  TRUST_CF_CONNECTING_IP: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /**
   * The project's secret key (`sb_secret_…`), a Worker secret: with it, Auth requests carry the
   * browser's address in `Sb-Forwarded-For`, which Auth honours only from a holder of the key
   * (Supabase's "IP address forwarding"). Without it, Auth rate-limits by the Worker's address.
   */
  SUPABASE_SECRET_KEY: z.string().min(20).optional(),
});

type AppEnv = z.infer<typeof envSchema>;

let cached: AppEnv | undefined;

/** The Worker's configuration, validated once; a misconfiguration fails loudly at the first request. */
export function getEnv(bindings: Record<string, unknown>): AppEnv {
  cached ??= envSchema.parse(bindings);
  return cached;
}
