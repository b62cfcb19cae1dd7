import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import type { DemoAccount } from "./components/auth-pages";

/** The seeded demo accounts (domain.md), one per access level. */
const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "client@demo.mylawyer.test", accessLevel: "user" },
  { email: "lawyer@demo.mylawyer.test", accessLevel: "lawyer" },
  { email: "firmadmin@demo.mylawyer.test", accessLevel: "lawyer_admin" },
  { email: "admin@demo.mylawyer.test", accessLevel: "admin" },
  { email: "superuser@demo.mylawyer.test", accessLevel: "super_user" },
];
const DEMO_PASSWORD = "Demo-Password-1";

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
    ? { demoAccounts: DEMO_ACCOUNTS, demoPassword: DEMO_PASSWORD }
    : { demoAccounts: [], demoPassword: null };
}
