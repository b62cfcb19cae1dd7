import type { SignedInUser } from "~/features/auth/user";
import type { Supabase } from "~/lib/database";
import { type Workspace, workspaceOf } from "./workspaces";

/**
 * The signed-in person's workspace: their firm's name (read through RLS: every signed-in person
 * reads firms) when they belong to one, else their personal space. A failed read is logged and
 * shows the personal space rather than failing the page.
 */
export async function readWorkspace(supabase: Supabase, user: SignedInUser): Promise<Workspace> {
  if (!user.lawFirm) return workspaceOf(user, null);
  const { data, error } = await supabase
    .from("law_firms")
    .select("name")
    .eq("id", user.lawFirm)
    .maybeSingle();
  if (error) console.error("Failed to read the workspace's firm", error.message);
  return workspaceOf(user, data?.name ?? null);
}
