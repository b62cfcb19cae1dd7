import { describe, expect, it } from "vitest";
import { client, jsonOf, jwt, keys, service, url } from "../helpers.ts";

// The CLI's gateway: a request carrying neither `apikey` nor `Authorization` runs as anon on REST
// and Storage; a wrong key or a bad JWT is refused as before.
describe("gateway: requests without any key", () => {
  it("REST runs as anon: public rows readable, RLS-protected ones refused", async () => {
    const firms = await fetch(`${url}/rest/v1/law_firms?select=id`);
    expect(firms.status).toBe(200);
    expect(((await firms.json()) as unknown[]).length).toBeGreaterThanOrEqual(2);
    // contact_messages: anon may insert but not read (same answer as with the publishable key).
    const bare = await fetch(`${url}/rest/v1/contact_messages?select=id`);
    const withKey = await client().from("contact_messages").select("id");
    expect(bare.status).toBe(withKey.status);
  });

  it("Storage runs as anon: buckets list as anon sees them", async () => {
    const bare = await fetch(`${url}/storage/v1/bucket`);
    const withKey = await client().storage.listBuckets();
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as unknown[]).length).toBe(withKey.data?.length ?? -1);
  });

  it("an anonymous REST write is anon's, never more", async () => {
    const bare = await fetch(`${url}/rest/v1/law_firms`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "No key firm" }),
    });
    expect(bare.status).toBe(401);
    const { data } = await service().from("law_firms").select("id").eq("name", "No key firm");
    expect(data).toEqual([]);
  });

  it("Auth still needs a key; an Authorization alone, a wrong key or a bad JWT are refused as before", async () => {
    const auth = await fetch(`${url}/auth/v1/settings`);
    expect(auth.status).toBe(401);
    expect(await jsonOf(auth)).toMatchObject({ message: "No API key found in request" });
    const bearerOnly = await fetch(`${url}/rest/v1/law_firms`, {
      headers: { Authorization: `Bearer ${keys.anon}` },
    });
    expect(bearerOnly.status).toBe(401);
    const wrongKey = await fetch(`${url}/storage/v1/bucket`, { headers: { apikey: "sb_publishable_wrong" } });
    expect(wrongKey.status).toBe(401);
    expect(await jsonOf(wrongKey)).toMatchObject({ message: "Invalid API key" });
    const forged = await jwt({ role: "service_role" }, "another-secret-that-is-at-least-32-characters");
    const badJwt = await fetch(`${url}/rest/v1/law_firms`, { headers: { apikey: forged } });
    expect(badJwt.status).toBe(401);
  });
});
