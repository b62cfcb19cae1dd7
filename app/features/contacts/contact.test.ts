import { describe, expect, it } from "vitest";
import { AWAY_WITHIN_MS, ONLINE_WITHIN_MS, onlineCount, presenceOf } from "./contact";

const now = new Date("2026-11-23T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("presenceOf", () => {
  it("is offline without any activity or with an unreadable date", () => {
    expect(presenceOf(null, now)).toBe("offline");
    expect(presenceOf("", now)).toBe("offline");
    expect(presenceOf("not a date", now)).toBe("offline");
  });

  it("is online within 15 minutes, the limit included", () => {
    expect(presenceOf(ago(0), now)).toBe("online");
    expect(presenceOf(ago(5 * 60_000), now)).toBe("online");
    expect(presenceOf(ago(ONLINE_WITHIN_MS), now)).toBe("online");
  });

  it("is away (spelt alway) after 15 minutes and up to 2 hours", () => {
    expect(presenceOf(ago(ONLINE_WITHIN_MS + 1), now)).toBe("alway");
    expect(presenceOf(ago(60 * 60_000), now)).toBe("alway");
    expect(presenceOf(ago(AWAY_WITHIN_MS), now)).toBe("alway");
  });

  it("is offline after 2 hours", () => {
    expect(presenceOf(ago(AWAY_WITHIN_MS + 1), now)).toBe("offline");
    expect(presenceOf(ago(3 * 24 * 60 * 60_000), now)).toBe("offline");
  });

  it("treats a time slightly ahead (clock skew) as online", () => {
    expect(presenceOf(new Date(now.getTime() + 30_000).toISOString(), now)).toBe("online");
  });

  it("reads Postgres timestamps with an offset", () => {
    expect(presenceOf("2026-11-23T13:50:00+02:00", now)).toBe("online");
  });
});

describe("onlineCount", () => {
  it("counts only the contacts online now, not all of them", () => {
    expect(onlineCount([])).toBe(0);
    expect(onlineCount([{ status: "offline" }, { status: "alway" }, { status: "busy" }])).toBe(0);
    expect(onlineCount([{ status: "online" }, { status: "offline" }, { status: "online" }])).toBe(2);
  });
});
