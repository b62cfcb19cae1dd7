import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import type { DemoAccount } from "./components/auth-pages";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";

/**
 * The demo accounts to list on the sign-in page: only against a local backend (development, tests,
 * `npm start`), where the seed created them; never against a hosted project.
 */
export function demoAccountsFor(context: Readonly<RouterContextProvider>): {
  demoAccounts: DemoAccount[];
  demoPassword: string | null;
} {
  const env = getEnv(context.get(cloudflareContext).env as unknown as Record<string, unknown>);
  const host = new URL(env.SUPABASE_URL).hostname;
  const local = host === "127.0.0.1" || host === "localhost";
  return local
    ? { demoAccounts: Object.values(DEMO_ACCOUNTS), demoPassword: DEMO_PASSWORD }
    : { demoAccounts: [], demoPassword: null };
}
