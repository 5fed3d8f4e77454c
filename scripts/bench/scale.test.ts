import { describe, expect, it } from "vitest";
import { compareScale, type ScaleInput } from "./scale";

const run = (articles: number, p99s: Record<string, number>): ScaleInput => ({
  date: "2026-11-21T10:00:00.000Z",
  git: { commit: "abc" },
  options: { articles },
  scenarios: Object.entries(p99s).map(([name, p99]) => ({ name, title: name, latencyMs: { p99 } })),
});

describe("the scale budget", () => {
  it("holds each p99 against its 100,000-article figure, at most 1.5 times", () => {
    const scale = compareScale(
      run(1_000_000, { ceiling: 9, feed: 15, search: 60, stats: 4 }),
      run(100_000, { ceiling: 3, feed: 10, search: 30, stats: 4 }),
    );
    expect(scale).toMatchObject({ articles: 1_000_000, baseArticles: 100_000, maxRatio: 1.5, meets: false });
    // The node:http ceiling is not the app: left out.
    expect(scale.rows).toEqual([
      { name: "feed", title: "feed", p99Ms: 15, baseP99Ms: 10, ratio: 1.5, meets: true },
      { name: "search", title: "search", p99Ms: 60, baseP99Ms: 30, ratio: 2, meets: false },
      { name: "stats", title: "stats", p99Ms: 4, baseP99Ms: 4, ratio: 1, meets: true },
    ]);
  });

  it("compares nothing it cannot: a scenario the base run lacks, or a base p99 of 0 ms", () => {
    const scale = compareScale(run(1_000_000, { feed: 2, asset: 1 }), run(100_000, { feed: 0 }));
    expect(scale.rows).toEqual([
      { name: "feed", title: "feed", p99Ms: 2, baseP99Ms: 0, ratio: null, meets: null },
      { name: "asset", title: "asset", p99Ms: 1, baseP99Ms: null, ratio: null, meets: null },
    ]);
    expect(scale.meets).toBeNull();
  });

  it("is met when every compared p99 is", () => {
    expect(compareScale(run(1_000_000, { feed: 11, new: 99 }), run(100_000, { feed: 10 })).meets).toBe(true);
  });
});
