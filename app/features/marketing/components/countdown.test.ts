import { describe, expect, it } from "vitest";
import { countdownScript, timeLeft } from "./countdown";

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

describe("countdownScript", () => {
  it("writes the time left into each figure of the timer before it, and again every second", () => {
    const launch = "2027-03-01T08:00:00Z";
    const now = Date.parse(launch) - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    const figures = ["days", "hours", "minutes", "seconds"].map((unit) => ({
      dataset: { unit },
      textContent: "",
    }));
    const timer = {
      dataset: { target: launch, locale: "en-US" },
      querySelectorAll: (selector: string) => (selector === "[data-unit]" ? figures : []),
    };
    const intervals: [() => void, number][] = [];
    const run = new Function("document", "Date", "setInterval", countdownScript());
    const clock = { now: () => now, parse: Date.parse };
    run({ currentScript: { previousElementSibling: timer } }, clock, (tick: () => void, ms: number) =>
      intervals.push([tick, ms]),
    );
    expect(figures.map((figure) => figure.textContent)).toEqual(["02", "03", "04", "05"]);
    expect(intervals.map(([, ms]) => ms)).toEqual([1000]);
    clock.now = () => now + 1000;
    intervals[0]?.[0]();
    expect(figures.map((figure) => figure.textContent)).toEqual(["02", "03", "04", "04"]);
  });
});
