import { describe, expect, it } from "vitest";
import { createUser, demo, FIRM_HARTWELL, jsonOf, keys, raw, service, signedIn } from "../helpers.ts";

describe("rest: select", () => {
  it("selects columns, renames, casts and embeds through foreign keys", async () => {
    const c = await signedIn(demo.client.email);
    const { data, error, status } = await c
      .from("notifications")
      .select("id,kind:type,created:created_at::text,user:users(first_name,last_name,firm:law_firms(name))")
      .order("created_at", { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(2);
    // The newest is the welcome the demo client's first sign-in created.
    expect(data?.[0]).toEqual({
      id: expect.any(String),
      kind: "account",
      created: expect.any(String),
      user: { first_name: "Clara", last_name: "Mendes", firm: null },
    });
    const firms = await service()
      .from("law_firms")
      .select("name,users(first_name)")
      .eq("id", FIRM_HARTWELL)
      .single();
    expect(firms.data?.name).toBe("Hartwell & Okafor LLP");
    expect(firms.data?.users.map((u: { first_name: string }) => u.first_name).sort()).toEqual(
      expect.arrayContaining(["Fiona", "Leo", "Priya"]),
    );
    const inner = await service()
      .from("users")
      .select("first_name,law_firms!inner(slug)")
      .eq("law_firms.slug", "nguyen-legal")
      .eq("is_public", true);
    expect(inner.data?.map((u) => u.first_name).sort()).toEqual(["Grace", "Minh", "Omar"]);
    const withoutFirm = await service()
      .from("users")
      .select("uuid,law_firms(id)")
      .is("law_firms", null)
      .eq("is_public", true);
    expect(withoutFirm.data?.every((u) => u.law_firms === null)).toBe(true);
    // Daniel, the independent lawyer, and the two clients who share a profile.
    expect(withoutFirm.data?.length).toBe(3);
  });

  it("applies every filter operator, not., or= and order with nulls", async () => {
    const s = service();
    const names = async (query: PromiseLike<{ data: { first_name: string }[] | null; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.first_name).sort();
    };
    const base = () => s.from("users").select("first_name").eq("is_public", true);
    expect(await names(base().eq("first_name", "Leo"))).toEqual(["Leo"]);
    expect(await names(base().neq("access_level", "lawyer"))).toEqual(["Amina", "Fiona", "Lan", "Minh"]);
    expect(await names(base().gt("rating", 4.8))).toEqual(["Fiona", "Karim", "Omar"]);
    expect(await names(base().gte("rating", 4.8))).toEqual(["Fiona", "Karim", "Leo", "Omar", "Wei"]);
    expect(await names(base().lt("years_experience", 7))).toEqual(["Ana", "Daniel"]);
    expect(await names(base().lte("years_experience", 7))).toEqual(["Ana", "Daniel", "Grace"]);
    expect(await names(base().like("last_name", "%art%"))).toEqual(["Leo"]);
    expect(await names(base().ilike("last_name", "%ART%"))).toEqual(["Leo"]);
    expect(await names(base().in("first_name", ["Leo", "Grace", "Nobody"]))).toEqual(["Grace", "Leo"]);
    expect(await names(base().is("law_firm", null))).toEqual(["Amina", "Daniel", "Lan"]);
    expect(await names(base().contains("practice_areas", ["family"]))).toEqual(["Karim", "Leo"]);
    // The two sharing clients have no practice area: an empty list is contained in any.
    expect(await names(base().containedBy("practice_areas", ["tax", "real_estate", "family"]))).toEqual([
      "Amina",
      "Grace",
      "Lan",
    ]);
    expect(await names(base().overlaps("languages", ["ar", "ko"]))).toEqual(["Grace", "Karim", "Omar"]);
    expect(await names(base().not("law_firm", "is", null).eq("access_level", "lawyer_admin"))).toEqual([
      "Fiona",
      "Minh",
    ]);
    expect(
      await names(
        base().not(
          "first_name",
          "in",
          '("Leo","Grace","Omar","Priya","Daniel","Ana","Wei","Karim","Amina","Lan")',
        ),
      ),
    ).toEqual(["Fiona", "Minh"]);
    expect(await names(base().or("first_name.eq.Leo,and(rating.gte.4.9,years_experience.gt.20)"))).toEqual([
      "Karim",
      "Leo",
      "Omar",
    ]);
    expect(await names(base().textSearch("about", "visas", { type: "plain", config: "english" }))).toEqual([
      "Minh",
    ]);
    const ordered = await s
      .from("users")
      .select("first_name,hourly_rate")
      .in("first_name", ["Clara", "Leo", "Daniel"])
      .order("hourly_rate", { ascending: false, nullsFirst: true });
    expect(ordered.data?.map((u) => u.first_name)).toEqual(["Clara", "Leo", "Daniel"]);
    const last = await s
      .from("users")
      .select("first_name")
      .in("first_name", ["Clara", "Leo", "Daniel"])
      .order("hourly_rate", { ascending: true, nullsFirst: false });
    expect(last.data?.map((u) => u.first_name)).toEqual(["Daniel", "Leo", "Clara"]);
  });

  it("pages with range and counts with Content-Range", async () => {
    const s = service();
    const all = await s
      .from("users")
      .select("first_name", { count: "exact" })
      .eq("is_public", true)
      .order("first_name");
    // Ten public lawyers and two clients who share a profile (supabase/seed.sql).
    expect(all.count).toBe(12);
    expect(all.status).toBe(200);
    const page = await s
      .from("users")
      .select("first_name", { count: "exact" })
      .eq("is_public", true)
      .order("first_name")
      .range(2, 3);
    expect(page.status).toBe(206);
    expect(page.count).toBe(12);
    expect(page.data?.map((u) => u.first_name)).toEqual(["Daniel", "Fiona"]);
    const head = await s.from("users").select("*", { count: "exact", head: true }).eq("is_public", true);
    expect(head.count).toBe(12);
    expect(head.data).toBeNull();
    const response = await raw("/rest/v1/users?select=uuid&is_public=eq.true&offset=1&limit=2", {
      headers: { Prefer: "count=exact", apikey: keys.secret },
    });
    expect(response.headers.get("content-range")).toBe("1-2/12");
    const beyond = await raw("/rest/v1/users?select=uuid&is_public=eq.true&offset=50", {
      headers: { Prefer: "count=exact", apikey: keys.secret },
    });
    expect(beyond.status).toBe(416);
    expect((await jsonOf(beyond)).code).toBe("PGRST103");
  });

  it("single() needs exactly one row (406 PGRST116); maybeSingle() allows none", async () => {
    const c = await signedIn(demo.client.email);
    const none = await c
      .from("users")
      .select("*")
      .eq("uuid", "00000000-0000-4000-8000-00000000ffff")
      .single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: "PGRST116",
      details: "The result contains 0 rows",
      hint: null,
      message: "Cannot coerce the result to a single JSON object",
    });
    const many = await c.from("notifications").select("*").single();
    expect(many.error?.details).toMatch(/The result contains \d+ rows/);
    const maybe = await c
      .from("users")
      .select("*")
      .eq("uuid", "00000000-0000-4000-8000-00000000ffff")
      .maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });
});

describe("rest: writes", () => {
  it("inserts single and bulk rows, upserts, updates and deletes", async () => {
    const { id, client: c } = await createUser("user");
    const prefs = c.from("user_notification_preferences");
    const minimal = await prefs.insert({ user_id: id, notification_type: "payment", medium: "email" });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const one = await prefs
      .insert({ user_id: id, notification_type: "payment", medium: "in_app", enabled: false })
      .select("notification_type,medium,enabled")
      .single();
    expect(one.status).toBe(201);
    expect(one.data).toEqual({ notification_type: "payment", medium: "in_app", enabled: false });
    // Like PostgREST: a key missing from one row of a bulk insert is null there (not the default).
    const nullMissing = await prefs.insert([
      { user_id: id, notification_type: "appointment", medium: "sms" },
      { user_id: id, notification_type: "case_update", medium: "sms", enabled: false },
    ]);
    expect(nullMissing.status).toBe(400);
    expect(nullMissing.error?.code).toBe("23502");
    const bulk = await prefs
      .insert([
        { user_id: id, notification_type: "appointment", medium: "sms", enabled: true },
        { user_id: id, notification_type: "case_update", medium: "sms", enabled: false },
      ])
      .select("notification_type,enabled");
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([
      { notification_type: "appointment", enabled: true },
      { notification_type: "case_update", enabled: false },
    ]);
    const duplicate = await prefs.insert({ user_id: id, notification_type: "payment", medium: "email" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe("23505");
    const upsert = await prefs
      .upsert(
        [
          { user_id: id, notification_type: "payment", medium: "email", enabled: false },
          { user_id: id, notification_type: "task_assignment", medium: "email", enabled: true },
        ],
        { onConflict: "user_id,notification_type,medium" },
      )
      .select("notification_type,medium,enabled");
    expect(upsert.error).toBeNull();
    expect(upsert.data).toHaveLength(2);
    const ignored = await prefs.upsert(
      { user_id: id, notification_type: "payment", medium: "email", enabled: true },
      { onConflict: "user_id,notification_type,medium", ignoreDuplicates: true },
    );
    expect(ignored.error).toBeNull();
    const check = await prefs
      .select("enabled")
      .eq("notification_type", "payment")
      .eq("medium", "email")
      .single();
    expect(check.data?.enabled).toBe(false);
    const updated = await prefs.update({ enabled: true }).eq("medium", "sms").select("notification_type");
    expect(updated.status).toBe(200);
    expect(updated.data).toHaveLength(2);
    const silent = await prefs.update({ enabled: false }).eq("medium", "sms");
    expect(silent.status).toBe(204);
    const deleted = await prefs.delete().eq("medium", "sms").select("medium");
    expect(deleted.data).toEqual([{ medium: "sms" }, { medium: "sms" }]);
    const gone = await prefs.delete().eq("medium", "in_app");
    expect(gone.status).toBe(204);
    const rest = await prefs.select("*", { count: "exact", head: true });
    expect(rest.count).toBe(2);
    const unfiltered = await prefs.delete();
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error?.code).toBe("21000");
  });

  it("inserts with columns= and Prefer missing=default", async () => {
    const { id, client: c } = await createUser("user");
    const { error } = await c.from("user_notification_preferences").insert(
      [
        { user_id: id, notification_type: "payment", medium: "sms" },
        { user_id: id, notification_type: "appointment", medium: "sms" },
      ],
      { defaultToNull: false },
    );
    expect(error).toBeNull();
    const rows = await c.from("user_notification_preferences").select("enabled");
    expect(rows.data).toEqual([{ enabled: true }, { enabled: true }]);
    const unknownColumn = await c
      .from("user_notification_preferences")
      // @ts-expect-error: the table has no such column, which is what this asks the server
      .insert({ user_id: id, colour: "red" });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error).toMatchObject({
      code: "PGRST204",
      message: "Could not find the 'colour' column of 'user_notification_preferences' in the schema cache",
    });
  });

  it("calls functions with rpc", async () => {
    const c = await signedIn(demo.firmadmin.email);
    const level = await c.rpc("current_access_level");
    expect(level).toMatchObject({ data: "lawyer_admin", error: null, status: 200 });
    const admin = await c.rpc("is_admin");
    expect(admin.data).toBe(false);
    const asGet = await c.rpc("current_law_firm", undefined, { get: true });
    expect(asGet.data).toBe(FIRM_HARTWELL);
    // @ts-expect-error: the schema has no such function, which is what this asks the server
    const missing = await c.rpc("no_such_function", { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe("PGRST202");
  });
});

describe("rest: errors", () => {
  it("answers unknown tables, columns, relationships and bad filters in PostgREST's shape", async () => {
    const c = await signedIn(demo.client.email);
    // @ts-expect-error: the schema has no such table, which is what this asks the server
    const table = await c.from("no_such_table").select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({
      code: "PGRST205",
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    });
    const columnError = await c.from("users").select("nope");
    expect(columnError.status).toBe(400);
    expect(columnError.error).toEqual({
      code: "42703",
      details: null,
      hint: null,
      message: "column users.nope does not exist",
    });
    // @ts-expect-error: users has no such column, which is what this asks the server
    const filterColumn = await c.from("users").select("uuid").eq("nope", 1);
    expect(filterColumn.error?.code).toBe("42703");
    const relation = await c.from("law_firms").select("name,notifications(id)");
    expect(relation.status).toBe(400);
    expect(relation.error?.code).toBe("PGRST200");
    const badFilter = await raw("/rest/v1/users?first_name=noop.x", {
      headers: { "Accept-Profile": "public" },
    });
    expect(badFilter.status).toBe(400);
    expect(await badFilter.json()).toMatchObject({
      code: "PGRST100",
      message: "failed to parse filter (first_name=noop.x)",
    });
    const badSelect = await raw("/rest/v1/users?select=first_name,(");
    expect(badSelect.status).toBe(400);
    expect((await jsonOf(badSelect)).code).toBe("PGRST100");
    // @ts-expect-error: years_experience is a number, and this sends text to see the server refuse it
    const badType = await c.from("users").select("uuid").eq("years_experience", "many");
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe("22P02");
    const schema = await raw("/rest/v1/users", { headers: { "Accept-Profile": "auth" } });
    expect(schema.status).toBe(406);
    expect(await schema.json()).toMatchObject({ code: "PGRST106", message: "Invalid schema: auth" });
  });
});
