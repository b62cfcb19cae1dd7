import type { DemoAccount } from "./components/auth-pages";

/**
 * The seeded demo accounts (supabase/seed.sql, domain.md), one per access level, and their
 * password: listed on the sign-in page against a local backend (./demo-accounts.server.ts), and
 * signed in as by the tests (tests/fixtures/accounts.ts). Plain data, so the tests can import it.
 */
export const DEMO_ACCOUNTS = {
  client: { email: "client@demo.mylawyer.test", accessLevel: "user" },
  lawyer: { email: "lawyer@demo.mylawyer.test", accessLevel: "lawyer" },
  firmadmin: { email: "firmadmin@demo.mylawyer.test", accessLevel: "lawyer_admin" },
  admin: { email: "admin@demo.mylawyer.test", accessLevel: "admin" },
  superuser: { email: "superuser@demo.mylawyer.test", accessLevel: "super_user" },
} as const satisfies Record<string, DemoAccount>;

export const DEMO_PASSWORD = "Demo-Password-1";
