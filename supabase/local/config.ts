import { basename, dirname, join } from "node:path";
import { readSigningKeys, type SigningKey } from "./jwt.ts";

/** Settings of the local Supabase stand-in; every default matches the Supabase CLI. */
export const JWT_SECRET_DEFAULT = "super-secret-jwt-token-with-at-least-32-characters-long";
export const PUBLISHABLE_KEY_DEFAULT = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
export const SECRET_KEY_DEFAULT = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
export const ANON_JWT_DEFAULT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const SERVICE_ROLE_JWT_DEFAULT =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

export type LocalConfig = {
  host: string;
  port: number;
  /** The URL clients use; the JWT issuer is `${publicUrl}/auth/v1`. */
  publicUrl: string;
  /** PGlite data directory, or "memory://" for a throw-away in-memory database. */
  dataDir: string;
  /** When set, a real PostgreSQL server is used instead of PGlite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /**
   * Asymmetric keys access tokens are signed with (the first) and verified against, listed in the
   * JWKS: `[auth] signing_keys_path` of config.toml, `supabase/signing_keys.json`. None: HS256 only.
   */
  signingKeys: SigningKey[];
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** Where e-mail links send the user when no allowed redirect_to is given. */
  siteUrl: string;
  /** Extra redirect URLs allowed besides the site URL's origin, localhost and 127.0.0.1. */
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  enableConfirmations: boolean;
  /** `[auth] enable_anonymous_sign_ins`: POST /signup without e-mail or phone signs in anonymously. */
  enableAnonymousSignIns: boolean;
  /** `[auth] enable_manual_linking`: /user/identities/authorize and unlinking identities. */
  enableManualLinking: boolean;
  /** `[auth.sms] enable_confirmations`: a phone sign-up must verify its code first (off: autoconfirm). */
  smsEnableConfirmations: boolean;
  /** `[auth.email] secure_password_change`: a password change in a session older than 24 h needs a reauthentication nonce. */
  securePasswordChange: boolean;
  /** Minimum seconds between two e-mails of the same kind to one user (GoTrue max_frequency). */
  emailMaxFrequencySeconds: number;
  otpExpirySeconds: number;
  /** Seconds a rotated refresh token may still be used (it answers the current one); later use revokes the session's tokens. */
  refreshTokenReuseIntervalSeconds: number;
  /** GoTrue [auth.rate_limit], per client IP and window: sign-up, password/PKCE sign-in, OTP, recovery; 0 = unlimited. */
  rateLimitSignInSignUps: number;
  /** Per client IP and window: POST and GET /verify; 0 = unlimited. */
  rateLimitTokenVerifications: number;
  /** Per client IP and window: refresh-token grants; 0 = unlimited. */
  rateLimitTokenRefresh: number;
  /** Local-only: sign-in (failed ones), sign-up, OTP, recovery and resend requests per client IP and e-mail address and window; 0 = unlimited. */
  rateLimitPerAddress: number;
  /** The rate-limit window; GoTrue counts per 5 minutes. */
  rateLimitWindowSeconds: number;
  minimumPasswordLength: number;
  maxBodyBytes: number;
  migrationsDir: string;
  seedFile: string | undefined;
  /** Where Storage keeps object bytes; "memory://" keeps them in memory (with a memory database). */
  storageDir: string;
  /** Edge Functions: one folder per function, each with its handler module. */
  functionsDir: string;
  /** The Edge Functions' environment file (never committed; see `.env.example` beside it). */
  functionsEnvFile: string;
  /** Print one line per request. */
  logRequests: boolean;
};

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

/** Storage's default folder: `.data/storage` beside `.data/pglite`, `<dir>-storage` beside another. */
export function storageDirBeside(dataDir: string): string {
  if (dataDir.startsWith("memory://")) return "memory://";
  const dir = dirname(dataDir);
  const name = basename(dataDir);
  return join(dir, name === "pglite" ? "storage" : `${name}-storage`);
}

/** Builds the configuration from the environment, with the CLI defaults for everything unset. */
export function configFromEnv(overrides: Partial<LocalConfig> = {}): LocalConfig {
  const env = process.env;
  const host = overrides.host ?? env.SUPABASE_LOCAL_HOST ?? "127.0.0.1";
  const port = overrides.port ?? intFromEnv("SUPABASE_LOCAL_PORT", 54321);
  const root = new URL("../", import.meta.url).pathname;
  const config: LocalConfig = {
    host,
    port,
    publicUrl: env.SUPABASE_LOCAL_PUBLIC_URL ?? `http://${host}:${port}`,
    dataDir: env.SUPABASE_LOCAL_DATA_DIR ?? `${root}../.data/pglite`,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.SUPABASE_JWT_SECRET ?? JWT_SECRET_DEFAULT,
    signingKeys: readSigningKeys(env.SUPABASE_AUTH_SIGNING_KEYS_PATH ?? `${root}signing_keys.json`),
    anonKey: env.SUPABASE_ANON_KEY_LEGACY ?? ANON_JWT_DEFAULT,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? SERVICE_ROLE_JWT_DEFAULT,
    publishableKey: env.SUPABASE_PUBLISHABLE_KEY ?? PUBLISHABLE_KEY_DEFAULT,
    secretKey: env.SUPABASE_SECRET_KEY ?? SECRET_KEY_DEFAULT,
    siteUrl: env.SUPABASE_AUTH_SITE_URL ?? "http://localhost:8787",
    additionalRedirectUrls: (env.SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS ?? "")
      .split(",")
      .map((url) => url.trim())
      .filter(Boolean),
    jwtExpirySeconds: intFromEnv("SUPABASE_AUTH_JWT_EXPIRY", 3600),
    enableConfirmations: env.SUPABASE_AUTH_ENABLE_CONFIRMATIONS !== "false",
    enableAnonymousSignIns: env.SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS === "true",
    enableManualLinking: env.SUPABASE_AUTH_ENABLE_MANUAL_LINKING === "true",
    smsEnableConfirmations: env.SUPABASE_AUTH_SMS_ENABLE_CONFIRMATIONS === "true",
    securePasswordChange: env.SUPABASE_AUTH_SECURE_PASSWORD_CHANGE === "true",
    emailMaxFrequencySeconds: intFromEnv("SUPABASE_AUTH_EMAIL_MAX_FREQUENCY", 1),
    otpExpirySeconds: intFromEnv("SUPABASE_AUTH_OTP_EXPIRY", 3600),
    refreshTokenReuseIntervalSeconds: intFromEnv("SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL", 10),
    rateLimitSignInSignUps: intFromEnv("SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS", 30),
    rateLimitTokenVerifications: intFromEnv("SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS", 30),
    rateLimitTokenRefresh: intFromEnv("SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH", 150),
    rateLimitPerAddress: intFromEnv("SUPABASE_AUTH_RATE_LIMIT_PER_ADDRESS", 10),
    rateLimitWindowSeconds: intFromEnv("SUPABASE_AUTH_RATE_LIMIT_WINDOW", 300),
    minimumPasswordLength: intFromEnv("SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH", 6),
    maxBodyBytes: intFromEnv("SUPABASE_LOCAL_MAX_BODY_BYTES", 1024 * 1024),
    migrationsDir: `${root}migrations`,
    seedFile: `${root}seed.sql`,
    storageDir: env.SUPABASE_LOCAL_STORAGE_DIR ?? "",
    functionsDir: `${root}functions`,
    functionsEnvFile: env.SUPABASE_FUNCTIONS_ENV_FILE ?? `${root}functions/.env`,
    logRequests: env.SUPABASE_LOCAL_LOG === "1",
    ...overrides,
  };
  if (!config.storageDir) config.storageDir = storageDirBeside(config.dataDir);
  if (overrides.port !== undefined && overrides.publicUrl === undefined && !env.SUPABASE_LOCAL_PUBLIC_URL) {
    config.publicUrl = `http://${config.host}:${config.port}`;
  }
  return config;
}
