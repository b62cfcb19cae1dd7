import { z } from "zod";

const envSchema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(20),
});

export type AppEnv = z.infer<typeof envSchema>;

let cached: AppEnv | undefined;

/** The Worker's configuration, validated once; a misconfiguration fails loudly at the first request. */
export function getEnv(bindings: Record<string, unknown>): AppEnv {
  cached ??= envSchema.parse(bindings);
  return cached;
}
