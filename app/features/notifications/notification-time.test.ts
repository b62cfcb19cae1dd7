import { describe, expect, it } from "vitest";
import { FSI, PDI } from "~/lib/i18n/bidi";
import { loadDayjsLocale } from "~/lib/i18n/dayjs";
import { timeLabel } from "./notification-time";

const NOW = new Date("2026-03-14T15:30:00Z");
/** A text isolated in the direction of its first strong character. */
const isolated = (text: string) => `${FSI}${text}${PDI}`;

describe("timeLabel", () => {
  it("isolates its texts, so an English date keeps its order in a right-to-left page", () => {
    const { absolute, relative } = timeLabel("2026-03-14 15:10:00+00", "en", NOW);
    expect(absolute.startsWith(FSI) && absolute.endsWith(PDI)).toBe(true);
    expect(relative.startsWith(FSI) && relative.endsWith(PDI)).toBe(true);
  });

  it("gives the ISO instant, the date and the time relative to now", () => {
    expect(timeLabel("2026-03-14 15:10:00+00", "en", NOW)).toEqual({
      iso: "2026-03-14T15:10:00.000Z",
      absolute: isolated("14 Mar 2026 3:10 pm"),
      relative: isolated("20 minutes ago"),
    });
  });

  it("writes the date in UTC whatever offset the database gave", () => {
    expect(timeLabel("2026-03-12T10:05:00-05:00", "en", NOW)).toMatchObject({
      iso: "2026-03-12T15:05:00.000Z",
      absolute: isolated("12 Mar 2026 3:05 pm"),
      relative: isolated("2 days ago"),
    });
  });

  it("uses the language's dayjs locale once it is loaded", async () => {
    const french = await loadDayjsLocale("fr");
    expect(timeLabel("2026-03-14T12:30:00Z", french, NOW)).toMatchObject({
      absolute: isolated("14 mars 2026 12:30 pm"),
      relative: isolated("il y a 3 heures"),
    });
    const chinese = await loadDayjsLocale("cn");
    expect(timeLabel("2026-03-13T15:30:00Z", chinese, NOW).relative).toBe(isolated("1 天前"));
  });
});
