import type { Supabase } from "~/lib/database";
import { isNewAccount } from "./greeting";

/** Whether the person's account is new (`users.created_at`), for the overview's greeting. */
export async function readIsNewAccount(supabase: Supabase, userId: string): Promise<boolean> {
  const { data, error } = await supabase.from("users").select("created_at").eq("uuid", userId).maybeSingle();
  if (error) console.error("Failed to read the account's age", error.message);
  return isNewAccount(data?.created_at ?? null, new Date());
}
