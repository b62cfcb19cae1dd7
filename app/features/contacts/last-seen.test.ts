import { describe, expect, it } from "vitest";
import type { Contact } from "./contact";
import { withLastSeen } from "./last-seen";

const NOW = new Date("2026-11-23T12:00:00Z");
const contact = (lastActivity: string | null): Contact => ({
  id: "a",
  name: "Ada Lovelace",
  status: "online",
  avatarUrl: null,
  lastActivity,
});

describe("withLastSeen", () => {
  it("writes the last activity relative to now, in English by default", async () => {
    const [seen] = await withLastSeen([contact("2026-11-23T11:55:00+00:00")], "en", NOW);
    expect(seen).toEqual({ ...contact("2026-11-23T11:55:00+00:00"), lastSeen: "5 minutes ago" });
  });

  it("uses the language's date locale", async () => {
    const [french] = await withLastSeen([contact("2026-11-23T09:00:00Z")], "fr", NOW);
    expect(french?.lastSeen).toBe("il y a 3 heures");
    const [chinese] = await withLastSeen([contact("2026-11-22T12:00:00Z")], "cn", NOW);
    expect(chinese?.lastSeen).toBe("1 天前");
  });

  it("leaves a person who never signed in without a time", async () => {
    const [never] = await withLastSeen([contact(null)], "en", NOW);
    expect(never?.lastSeen).toBeNull();
  });
});
