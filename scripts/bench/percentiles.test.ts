import { describe, expect, it } from "vitest";
import { median, nearestRank, summarize } from "./percentiles";

describe("nearest-rank percentiles", () => {
  it("answers a measured sample, never an interpolation", () => {
    const samples = [15, 20, 35, 40, 50];
    expect(nearestRank(samples, 30)).toBe(20);
    expect(nearestRank(samples, 40)).toBe(20);
    expect(nearestRank(samples, 50)).toBe(35);
    expect(nearestRank(samples, 100)).toBe(50);
  });

  it("makes the p99 of 20 runs the slowest run, and does not depend on order", () => {
    const samples = Array.from({ length: 20 }, (_, i) => 20 - i);
    expect(nearestRank(samples, 99)).toBe(20);
    expect(nearestRank(samples, 50)).toBe(10);
  });

  it("refuses no samples and percentiles out of range", () => {
    expect(() => nearestRank([], 50)).toThrow("no samples");
    expect(() => nearestRank([1], 0)).toThrow("percentile");
    expect(() => nearestRank([1], 101)).toThrow("percentile");
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("summarize", () => {
  it("reports runs, p50, p99 and extremes to a tenth of a millisecond", () => {
    expect(summarize([10.04, 30.26, 20.11])).toEqual({ runs: 3, p50Ms: 20.1, p99Ms: 30.3, minMs: 10, maxMs: 30.3 });
  });
});
