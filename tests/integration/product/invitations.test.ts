import { FunctionsHttpError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import {
  client,
  createFirm,
  createUser,
  demo,
  FIRM_HARTWELL,
  FIRM_NGUYEN,
  mailbox,
  service,
  signedIn,
  uniqueEmail,
} from "../helpers.ts";

// supabase/functions/invite-lawyer: a firm admin (or an admin) adds a lawyer to a firm by e-mail.
// The caller's level decides; the service role stays inside the function.

type Answer = { status: number; body: Record<string, unknown> };

async function invite(caller: Supabase, body: Record<string, unknown>): Promise<Answer> {
  const { data, error } = await caller.functions.invoke("invite-lawyer", {
    body: { redirect_to: "http://localhost:8787/auth/confirm", ...body },
  });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, body: data as Record<string, unknown> };
}

async function profileOf(id: string) {
  const { data } = await service().from("users").select("access_level, law_firm").eq("uuid", id).single();
  return data;
}

describe("invite-lawyer", () => {
  it("refuses clients, lawyers and callers without a session", async () => {
    for (const email of [demo.client.email, demo.lawyer.email]) {
      const answer = await invite(await signedIn(email), { email: uniqueEmail("refused") });
      expect(answer).toEqual({ status: 403, body: { code: "invitation:not_allowed" } });
    }
    const anonymous = await invite(client(), { email: uniqueEmail("refused") });
    expect(anonymous.status).toBe(401);
  });

  it("a firm admin invites into their own firm only; the e-mail's link verifies as an invite", async () => {
    const firmAdmin = await signedIn(demo.firmadmin.email);
    const other = await invite(firmAdmin, { email: uniqueEmail("elsewhere"), firm_id: FIRM_NGUYEN });
    expect(other).toEqual({ status: 403, body: { code: "invitation:not_allowed" } });

    const email = uniqueEmail("invited-lawyer");
    const answer = await invite(firmAdmin, { email, first_name: "Ines", last_name: "Vidal" });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("invited");
    const id = String(answer.body.user_id);
    expect(await profileOf(id)).toEqual({ access_level: "lawyer", law_firm: FIRM_HARTWELL });

    const [mail] = await mailbox(email);
    expect(mail?.subject).toBe("You have been invited to MyLawyer");
    expect(mail?.text).toContain("Hartwell");
    const link = new URL(mail?.links[0] ?? "");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:8787/auth/confirm");
    expect(link.searchParams.get("type")).toBe("invite");
    const invitee = client();
    const verified = await invitee.auth.verifyOtp({
      token_hash: link.searchParams.get("token_hash") ?? "",
      type: "invite",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(id);
    expect(verified.data.user?.user_metadata).toMatchObject({ first_name: "Ines", last_name: "Vidal" });

    // Again: the same person, nothing duplicated.
    const again = await invite(firmAdmin, { email });
    expect(again.body).toEqual({ status: "already_member", user_id: id });
  });

  it("a pending invitation is sent again, and the same profile stays", async () => {
    const firmAdmin = await signedIn(demo.firmadmin.email);
    const email = uniqueEmail("pending");
    const first = await invite(firmAdmin, { email });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await invite(firmAdmin, { email });
    expect(second.body).toEqual({ status: "invited", user_id: first.body.user_id });
    expect(await mailbox(email)).toHaveLength(2);
  });

  it("an existing client is added to the firm and notified; a lawyer of another firm or an admin is refused", async () => {
    const firmAdmin = await signedIn(demo.firmadmin.email);
    const someone = await createUser("user");
    const added = await invite(firmAdmin, { email: someone.email });
    expect(added.body).toEqual({ status: "added", user_id: someone.id });
    expect(await profileOf(someone.id)).toEqual({ access_level: "lawyer", law_firm: FIRM_HARTWELL });
    const { data: notes } = await service()
      .from("notifications")
      .select("event, params")
      .eq("user_id", someone.id)
      .eq("event", "law_firm_joined");
    expect(notes?.[0]?.params).toMatchObject({ firm: expect.stringContaining("Hartwell") });

    const firm = await createFirm();
    const elsewhere = await createUser("lawyer", { law_firm: firm });
    expect(await invite(firmAdmin, { email: elsewhere.email })).toEqual({
      status: 409,
      body: { code: "invitation:other_firm" },
    });
    expect(await invite(firmAdmin, { email: demo.admin.email })).toEqual({
      status: 409,
      body: { code: "invitation:admin_account" },
    });
  });

  it("an admin invites into the firm they name", async () => {
    const admin = await signedIn(demo.admin.email);
    expect((await invite(admin, { email: uniqueEmail("nofirm") })).body).toEqual({
      code: "invitation:no_firm",
    });
    const answer = await invite(admin, { email: uniqueEmail("by-admin"), firm_id: FIRM_NGUYEN });
    expect(answer.body.status).toBe("invited");
    expect(await profileOf(String(answer.body.user_id))).toEqual({
      access_level: "lawyer",
      law_firm: FIRM_NGUYEN,
    });
  });
});
