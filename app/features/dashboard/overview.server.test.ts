import { describe, expect, it } from "vitest";
import { toSignedInUser } from "~/features/auth/user";
import type { NotificationItem } from "~/features/notifications/notifications";
import { loadOverview } from "./overview.server";

const item = (index: number): NotificationItem => ({
  id: `n${index}`,
  title: `Notification ${index}`,
  type: "case_update",
  category: null,
  isUnread: index < 2,
  createdAt: new Date(Date.now() - index * 60_000).toISOString(),
  avatarUrl: null,
  event: null,
  params: {},
  link: null,
});

const person = (createdAt: string | null) =>
  toSignedInUser(
    { id: "u1", email: "ana@example.com", user_metadata: {} },
    {
      first_name: "Ana",
      last_name: null,
      access_level: "user",
      law_firm: null,
      plan: null,
      law_firms: null,
      created_at: createdAt,
    },
  );

describe("loadOverview", () => {
  it("lists the first six of the shell's notifications with the shell's counts, and the person's pages", async () => {
    const shell = Promise.resolve({
      notifications: {
        items: Array.from({ length: 20 }, (_, index) => item(index)),
        unread: 2,
        total: 31,
        archived: 4,
      },
    });
    const overview = await loadOverview(shell, person("2020-01-01T00:00:00+00:00"), "en");
    expect(overview.notifications.items.map((entry) => entry.id)).toEqual([
      "n0",
      "n1",
      "n2",
      "n3",
      "n4",
      "n5",
    ]);
    expect(overview.notifications).toMatchObject({ unread: 2, total: 31, archived: 4 });
    expect(overview.newAccount).toBe(false);
    expect(overview.quickLinks.length).toBeGreaterThan(0);
  });

  it("greets an account made today as new", async () => {
    const shell = Promise.resolve({ notifications: { items: [], unread: 0, total: 0, archived: 0 } });
    const overview = await loadOverview(shell, person(new Date().toISOString()), "en");
    expect(overview.newAccount).toBe(true);
  });
});
