import { describe, expect, it } from "vitest";
import { timeLeft } from "./countdown";

describe("timeLeft", () => {
  const target = Date.parse("2027-03-01T08:00:00Z");

  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = target - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 - 300;
    expect(timeLeft(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it("stops at zero once the moment has passed", () => {
    expect(timeLeft(target, target + 60_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
