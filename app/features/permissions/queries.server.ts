import type { AccessLevel } from "~/lib/access";
import { accessLevelOf } from "~/lib/access";
import type { Supabase } from "~/lib/database";
import { HISTORY_PAGE_SIZE, PEOPLE_PAGE_SIZE, type PermissionQuery } from "./permission-query";

export type PermissionPerson = {
  id: string;
  name: string;
  email: string | null;
  accessLevel: AccessLevel;
  lawFirm: string | null;
  firmName: string | null;
};

export type AccessChangeRow = {
  id: number;
  changedAt: string;
  userId: string;
  userName: string;
  changedByName: string | null;
  fromLevel: AccessLevel;
  toLevel: AccessLevel;
  fromFirm: string | null;
  toFirm: string | null;
};

export type Firm = { id: string; name: string };

/** One page of people (public.permission_people: admins only), and how many match. */
export async function permissionPeople(
  supabase: Supabase,
  query: PermissionQuery,
): Promise<{ rows: PermissionPerson[]; total: number }> {
  const { data, error } = await supabase.rpc("permission_people", {
    p_search: query.q,
    p_page: query.page,
    p_size: PEOPLE_PAGE_SIZE,
  });
  if (error) throw new Error(`permission_people: ${error.message}`);
  const rows = data ?? [];
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      name: [row.first_name, row.last_name].filter(Boolean).join(" ").trim(),
      email: row.email,
      accessLevel: accessLevelOf(row.access_level),
      lawFirm: row.law_firm,
      firmName: row.firm_name,
    })),
  };
}

/** One page of the record of changes, newest first (public.permission_history). */
export async function permissionHistory(
  supabase: Supabase,
  page: number,
): Promise<{ rows: AccessChangeRow[]; total: number }> {
  const { data, error } = await supabase.rpc("permission_history", {
    p_page: page,
    p_size: HISTORY_PAGE_SIZE,
  });
  if (error) throw new Error(`permission_history: ${error.message}`);
  const rows = data ?? [];
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: Number(row.id),
      changedAt: row.changed_at,
      userId: row.user_id,
      userName: row.user_name,
      changedByName: row.changed_by_name,
      fromLevel: accessLevelOf(row.from_level),
      toLevel: accessLevelOf(row.to_level),
      fromFirm: row.from_firm_name,
      toFirm: row.to_firm_name,
    })),
  };
}

/** Every law firm, by name (the firm select). */
export async function lawFirms(supabase: Supabase): Promise<Firm[]> {
  const { data, error } = await supabase.from("law_firms").select("id, name").order("name").limit(500);
  if (error) throw new Error(`law_firms: ${error.message}`);
  return data ?? [];
}

/** The person a change is being confirmed for (null when there is none this admin may read). */
export async function personOf(supabase: Supabase, id: string): Promise<PermissionPerson | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data, error } = await supabase
    .from("users")
    .select("uuid, first_name, last_name, email, access_level, law_firm, law_firms(name)")
    .eq("uuid", id)
    .maybeSingle();
  if (error) throw new Error(`users: ${error.message}`);
  if (!data) return null;
  return {
    id: data.uuid,
    name: [data.first_name, data.last_name].filter(Boolean).join(" ").trim(),
    email: data.email,
    accessLevel: accessLevelOf(data.access_level),
    lawFirm: data.law_firm,
    firmName: data.law_firms?.name ?? null,
  };
}
