import type { Supabase } from "~/lib/database";

/** The person's own row: what the general tab edits. */
export async function readOwnAccount(supabase: Supabase, userId: string) {
  const { data, error } = await supabase
    .from("users")
    .select("uuid, first_name, last_name, is_public")
    .eq("uuid", userId)
    .maybeSingle();
  if (error) throw new Error(`users: ${error.message}`);
  return {
    id: userId,
    first_name: data?.first_name ?? "",
    last_name: data?.last_name ?? "",
    is_public: data?.is_public ?? false,
  };
}
