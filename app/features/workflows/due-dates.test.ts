import { afterEach, describe, expect, it } from "vitest";
import { dueDate, dueDates, isIsoDate, rescheduledDueDates } from "./due-dates";

describe("dueDate", () => {
  it("counts calendar days by default, weekends included, before or after the trigger", () => {
    // 2026-11-27 is a Friday.
    expect(dueDate("2026-11-27", 0)).toBe("2026-11-27");
    expect(dueDate("2026-11-27", 1)).toBe("2026-11-28"); // a Saturday: not skipped
    expect(dueDate("2026-11-27", 2)).toBe("2026-11-29"); // a Sunday
    expect(dueDate("2026-11-27", -7)).toBe("2026-11-20");
    expect(dueDate("2026-11-27", 35)).toBe("2027-01-01"); // across a year
    expect(dueDate("2028-02-27", 2)).toBe("2028-02-29"); // a leap day
    expect(dueDate("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("counts business days when the template skips weekends", () => {
    expect(dueDate("2026-11-27", 1, true)).toBe("2026-11-30"); // Friday + 1 → Monday
    expect(dueDate("2026-11-27", 5, true)).toBe("2026-12-04"); // a working week
    expect(dueDate("2026-11-30", -1, true)).toBe("2026-11-27"); // Monday − 1 → Friday
    expect(dueDate("2026-11-25", -10, true)).toBe("2026-11-11"); // two working weeks back
    expect(dueDate("2026-11-25", 0, true)).toBe("2026-11-25"); // a Wednesday stays
    expect(dueDate("2026-11-28", 0, true)).toBe("2026-11-30"); // a Saturday trigger → Monday
    expect(dueDate("2026-11-28", 1, true)).toBe("2026-11-30"); // Saturday + 1 business day → Monday
    expect(dueDate("2026-11-29", -1, true)).toBe("2026-11-27"); // Sunday − 1 → Friday
  });

  it("refuses what is not a calendar date or a whole number of days", () => {
    expect(() => dueDate("2026-02-30", 1)).toThrow(RangeError);
    expect(() => dueDate("27/11/2026", 1)).toThrow(RangeError);
    expect(() => dueDate("2026-11-27", 1.5)).toThrow(RangeError);
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-11-27T00:00:00Z")).toBe(false);
  });
});

describe("time zones never shift a date", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each([
    "UTC",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "America/New_York",
    "Europe/London",
    "Asia/Ho_Chi_Minh",
  ])("gives the same dates in %s, across daylight-saving changes", (zone) => {
    process.env.TZ = zone;
    // US DST ends 2026-11-01, EU 2026-10-25; both start again in March 2027.
    expect(dueDate("2026-10-24", 1)).toBe("2026-10-25");
    expect(dueDate("2026-10-31", 2)).toBe("2026-11-02");
    expect(dueDate("2027-03-13", 1)).toBe("2027-03-14");
    expect(dueDate("2027-03-28", -1)).toBe("2027-03-27");
    expect(dueDate("2026-10-30", 1, true)).toBe("2026-11-02");
  });
});

describe("dueDates and rescheduledDueDates", () => {
  it("computes every step's date in order", () => {
    const steps = [{ offset_days: -3 }, { offset_days: 0 }, { offset_days: 14 }];
    expect(dueDates("2026-12-01", steps, false)).toEqual(["2026-11-28", "2026-12-01", "2026-12-15"]);
    expect(dueDates("2026-12-01", steps, true)).toEqual(["2026-11-26", "2026-12-01", "2026-12-21"]);
  });

  it("moves only the steps not done, from their offsets", () => {
    const steps = [
      { taskId: "a", title: "File", offsetDays: 0, dueDate: "2026-12-01", done: true },
      { taskId: "b", title: "Serve", offsetDays: 7, dueDate: "2026-12-08", done: false },
      { taskId: "c", title: "Hearing", offsetDays: 30, dueDate: null, done: false },
    ];
    expect(rescheduledDueDates("2026-12-03", false, steps)).toEqual([
      { taskId: "b", title: "Serve", from: "2026-12-08", to: "2026-12-10" },
      { taskId: "c", title: "Hearing", from: null, to: "2027-01-02" },
    ]);
  });
});
