import { describe, expect, it } from "vitest";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { timeLabel } from "./notification-time";

const NOW = new Date("2026-03-14T15:30:00Z");

describe("timeLabel", () => {
  it("gives the ISO instant, the date and the time relative to now", () => {
    expect(timeLabel("2026-03-14 15:10:00+00", "en", NOW)).toEqual({
      iso: "2026-03-14T15:10:00.000Z",
      absolute: "14 Mar 2026 3:10 pm",
      relative: "20 minutes ago",
    });
  });

  it("writes the date in UTC whatever offset the database gave", () => {
    expect(timeLabel("2026-03-12T10:05:00-05:00", "en", NOW)).toMatchObject({
      iso: "2026-03-12T15:05:00.000Z",
      absolute: "12 Mar 2026 3:05 pm",
      relative: "2 days ago",
    });
  });

  it("uses the language's dayjs locale once it is loaded", async () => {
    const french = await loadDayjsLocale("fr");
    expect(timeLabel("2026-03-14T12:30:00Z", french, NOW)).toMatchObject({
      absolute: "14 mars 2026 12:30 pm",
      relative: "il y a 3 heures",
    });
    const chinese = await loadDayjsLocale("cn");
    expect(timeLabel("2026-03-13T15:30:00Z", chinese, NOW).relative).toBe("1 天前");
  });
});
