import { describe, expect, it, vi } from "vitest";
import { memoize } from "./memo";

describe("memoize", () => {
  it("computes once per key and returns the remembered result after", () => {
    const compute = vi.fn((key: string) => ({ key }));
    const remembered = memoize(compute);
    const first = remembered("a");
    expect(remembered("a")).toBe(first);
    expect(remembered("b")).toEqual({ key: "b" });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("remembers undefined and null results too", () => {
    const compute = vi.fn((_key: number) => undefined);
    const remembered = memoize(compute);
    remembered(1);
    remembered(1);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("forgets the oldest key once the limit is reached", () => {
    const compute = vi.fn((key: number) => key * 2);
    const remembered = memoize(compute, 2);
    remembered(1);
    remembered(2);
    remembered(3); // forgets 1
    remembered(2);
    expect(compute).toHaveBeenCalledTimes(3);
    remembered(1);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it("remembers a promise, so concurrent callers share one computation", async () => {
    const compute = vi.fn(async (key: string) => key.toUpperCase());
    const remembered = memoize(compute);
    const [a, b] = await Promise.all([remembered("x"), remembered("x")]);
    expect([a, b]).toEqual(["X", "X"]);
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
