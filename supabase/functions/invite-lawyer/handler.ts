import { json, preflight } from "../_shared/cors.ts";
import type { CreateHandler, FunctionEnv } from "../_shared/types.ts";

/**
 * `invite-lawyer`: a firm admin (or an admin) adds a lawyer to a firm by e-mail (spec §2
 * `lawyer_user/new`, issue 21 item 4). The caller's level and firm come from their own JWT and
 * profile; only then does the function use the service role, which never leaves it:
 * - a new address gets Auth's invitation (`POST /auth/v1/invite`, template
 *   supabase/templates/invite.html) and a profile in the firm as a lawyer;
 * - an existing client, or a lawyer without a firm, is added to the firm and notified;
 * - someone already in the firm is left alone (`already_member`: the call is idempotent);
 * - a lawyer of another firm, or an admin, is refused (`invitation:other_firm`, `invitation:admin_account`).
 *
 * POST `{ email, first_name?, last_name?, firm_id?, redirect_to }` → 200
 * `{ status: "invited" | "added" | "already_member", user_id }`, or 4xx `{ code }` with a code of
 * the app's error vocabulary (app/lib/errors.ts).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Profile = {
  uuid: string;
  first_name: string;
  last_name: string;
  access_level: string;
  law_firm: string | null;
};

const refuse = (status: number, code: string) => json({ code }, { status });

const createHandler: CreateHandler = (env) => async (request) => {
  const early = preflight(request);
  if (early) return early;
  if (request.method !== "POST") return refuse(405, "common:invalid_request");
  const url = env.SUPABASE_URL ?? "";
  const anonKey = env.SUPABASE_ANON_KEY ?? "";
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? "";
  const authorization = request.headers.get("authorization") ?? "";
  let body: Record<string, unknown>;
  try {
    body = (await request.json()) as Record<string, unknown>;
  } catch {
    return refuse(400, "common:invalid_request");
  }
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const firstName = typeof body.first_name === "string" ? body.first_name.trim().slice(0, 100) : "";
  const lastName = typeof body.last_name === "string" ? body.last_name.trim().slice(0, 100) : "";
  const redirectTo = typeof body.redirect_to === "string" ? body.redirect_to : undefined;
  if (!EMAIL.test(email) || email.length > 254) return refuse(400, "common:invalid_request");

  // Who asks: Auth answers for the token (and its session), the profile as the caller reads it.
  const asCaller = { apikey: anonKey, Authorization: authorization };
  const me = await fetch(`${url}/auth/v1/user`, { headers: asCaller });
  if (!me.ok) return refuse(401, "common:not_allowed");
  const callerId = ((await me.json()) as { id?: string }).id ?? "";
  const caller = await one<Profile>(
    fetch(`${url}/rest/v1/users?uuid=eq.${callerId}&select=uuid,first_name,last_name,access_level,law_firm`, {
      headers: asCaller,
    }),
  );
  if (!caller) return refuse(403, "invitation:not_allowed");
  let firmId: string;
  if (caller.access_level === "lawyer_admin") {
    if (!caller.law_firm) return refuse(403, "invitation:not_allowed");
    if (body.firm_id !== undefined && body.firm_id !== caller.law_firm)
      return refuse(403, "invitation:not_allowed");
    firmId = caller.law_firm;
  } else if (caller.access_level === "admin" || caller.access_level === "super_user") {
    const requested = typeof body.firm_id === "string" ? body.firm_id : (caller.law_firm ?? "");
    if (!UUID.test(requested)) return refuse(400, "invitation:no_firm");
    firmId = requested;
  } else {
    return refuse(403, "invitation:not_allowed");
  }

  const system = serviceHeaders(serviceKey);
  const firm = await one<{ id: string; name: string }>(
    fetch(`${url}/rest/v1/law_firms?id=eq.${firmId}&select=id,name`, { headers: system }),
  );
  if (!firm) return refuse(400, "invitation:no_firm");
  const existing = await one<Profile>(
    fetch(
      `${url}/rest/v1/users?email=eq.${encodeURIComponent(email)}&select=uuid,first_name,last_name,access_level,law_firm`,
      { headers: system },
    ),
  );

  if (existing) {
    if (existing.access_level === "admin" || existing.access_level === "super_user") {
      return refuse(409, "invitation:admin_account");
    }
    if (existing.law_firm && existing.law_firm !== firm.id) return refuse(409, "invitation:other_firm");
    // An account that never accepted its invitation gets the e-mail again; others are added.
    const account = await fetch(`${url}/auth/v1/admin/users/${existing.uuid}`, { headers: system });
    const pending =
      account.ok && !((await account.json()) as { email_confirmed_at?: string }).email_confirmed_at;
    const member = existing.law_firm === firm.id && existing.access_level !== "user";
    if (member && !pending) return json({ status: "already_member", user_id: existing.uuid });
    if (pending) {
      const invited = await invite(env, system, email, firm.name, caller, firstName, lastName, redirectTo);
      if (!invited.ok) return refuse(500, "invitation:failed");
    }
    if (!member) {
      const level = existing.access_level === "lawyer_admin" ? "lawyer_admin" : "lawyer";
      if (!(await joinFirm(url, system, existing.uuid, firm.id, level)))
        return refuse(500, "invitation:failed");
    }
    if (!pending) {
      // The firm's existing event (locales/<lng>/notifications.json events.law_firm_joined), in the
      // reader's language; a change made by the system notifies nobody by itself.
      await fetch(`${url}/rest/v1/rpc/create_notification_event`, {
        method: "POST",
        headers: { ...system, "Content-Type": "application/json" },
        body: JSON.stringify({
          p_user_id: existing.uuid,
          p_type: "account",
          p_event: "law_firm_joined",
          p_params: { firm: firm.name },
          p_link: `/dashboard/lawyer_user/${existing.uuid}`,
        }),
      });
    }
    return json({ status: pending ? "invited" : "added", user_id: existing.uuid });
  }

  const invited = await invite(env, system, email, firm.name, caller, firstName, lastName, redirectTo);
  if (!invited.ok) return refuse(invited.status === 422 ? 409 : 500, "invitation:failed");
  const joined = await joinFirm(url, system, invited.id, firm.id, "lawyer");
  if (!joined) return refuse(500, "invitation:failed");
  return json({ status: "invited", user_id: invited.id });
};

function serviceHeaders(serviceKey: string): Record<string, string> {
  return { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };
}

async function one<T>(response: Promise<Response>): Promise<T | undefined> {
  const answer = await response;
  if (!answer.ok) return undefined;
  const rows = (await answer.json()) as T[];
  return rows[0];
}

function personName(profile: Profile): string {
  return `${profile.first_name} ${profile.last_name}`.trim() || "Your firm's admin";
}

async function invite(
  env: FunctionEnv,
  system: Record<string, string>,
  email: string,
  firmName: string,
  caller: Profile,
  firstName: string,
  lastName: string,
  redirectTo: string | undefined,
): Promise<{ ok: true; id: string } | { ok: false; status: number }> {
  const response = await fetch(`${env.SUPABASE_URL}/auth/v1/invite`, {
    method: "POST",
    headers: { ...system, "Content-Type": "application/json" },
    body: JSON.stringify({
      email,
      data: {
        first_name: firstName,
        last_name: lastName,
        invited_by: personName(caller),
        firm_name: firmName,
      },
      redirect_to: redirectTo,
    }),
  });
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, id: ((await response.json()) as { id: string }).id };
}

/** Puts the person in the firm at the given level, as the system (a trusted writer of levels and firms). */
async function joinFirm(
  url: string,
  system: Record<string, string>,
  userId: string,
  firmId: string,
  level: string,
): Promise<boolean> {
  const response = await fetch(`${url}/rest/v1/users?uuid=eq.${userId}`, {
    method: "PATCH",
    headers: { ...system, "Content-Type": "application/json", Prefer: "return=minimal" },
    body: JSON.stringify({ law_firm: firmId, access_level: level }),
  });
  return response.ok;
}

export default createHandler;
