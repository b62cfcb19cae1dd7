import { describe, expect, it } from "vitest";
import { reconnectDelayMs } from "./backoff";

describe("reconnectDelayMs", () => {
  it("waits 1 s, 2 s and 5 s for the first three attempts (spec §9)", () => {
    expect([1, 2, 3].map(reconnectDelayMs)).toEqual([1000, 2000, 5000]);
  });

  it("waits 10 s for every later attempt", () => {
    expect([4, 5, 10, 1000].map(reconnectDelayMs)).toEqual([10_000, 10_000, 10_000, 10_000]);
  });

  it("never waits less than a second, even for an out-of-range count", () => {
    expect(reconnectDelayMs(0)).toBe(10_000);
    expect(reconnectDelayMs(-1)).toBe(10_000);
  });
});
