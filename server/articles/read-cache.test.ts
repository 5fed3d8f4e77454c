import { describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client";
import { cachedArticlePart, ReadCache, readCaches } from "./read-cache";

describe("ReadCache", () => {
  it("shares one load between concurrent readers and reuses it within the TTL", async () => {
    const cache = new ReadCache<number>(10, 1000);
    const load = vi.fn(async () => 42);
    const answers = await Promise.all([cache.get("a", load), cache.get("a", load), cache.get("a", load)]);
    expect(answers).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a lapsed answer while one reader loads the next, and loads again after clear()", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new ReadCache<number>(10, 1000);
      let n = 0;
      const load = vi.fn(async () => ++n);
      expect(await cache.get("a", load)).toBe(1);
      vi.setSystemTime(Date.now() + 999);
      expect(await cache.get("a", load)).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      // Past the TTL: the old answer at once, and one load in the background for everyone.
      vi.setSystemTime(Date.now() + 2);
      const [first, second] = await Promise.all([cache.get("a", load), cache.get("a", load)]);
      expect([first, second]).toEqual([1, 1]);
      expect(load).toHaveBeenCalledTimes(2);
      expect(await cache.get("a", load)).toBe(2);
      expect(load).toHaveBeenCalledTimes(2);
      // Long unread: too old to serve, loaded while the reader waits.
      vi.setSystemTime(Date.now() + 5000);
      expect(await cache.get("a", load)).toBe(3);
      cache.clear();
      expect(await cache.get("a", load)).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never serves an answer from before clear(), even one still loading", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const cache = new ReadCache<string>(10, 1000);
      await cache.get("a", async () => "before");
      vi.setSystemTime(Date.now() + 1500);
      let finish: (v: string) => void = () => {};
      const slow = new Promise<string>((resolve) => {
        finish = resolve;
      });
      expect(await cache.get("a", () => slow)).toBe("before");
      cache.clear();
      expect(await cache.get("a", async () => "after")).toBe("after");
      finish("refresh from before the write");
      await Promise.resolve();
      expect(await cache.get("a", async () => "unused")).toBe("after");
    } finally {
      vi.useRealTimers();
    }
  });

  it("spreads lapses: each entry's TTL is shortened by up to the jitter share, never lengthened", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const random = vi.spyOn(Math, "random");
    try {
      const cache = new ReadCache<number>(10, 1000, 0.5);
      let n = 0;
      const load = vi.fn(async () => ++n);
      random.mockReturnValue(0.99);
      await cache.get("early", load);
      random.mockReturnValue(0);
      await cache.get("late", load);
      vi.setSystemTime(Date.now() + 600);
      // 'early' lives ~505 ms: lapsed, reloaded behind the reader; 'late' lives the full 1000 ms.
      await cache.get("early", load);
      await cache.get("late", load);
      expect(load).toHaveBeenCalledTimes(3);
      vi.setSystemTime(Date.now() + 401);
      await cache.get("late", load);
      expect(load).toHaveBeenCalledTimes(4);
    } finally {
      random.mockRestore();
      vi.useRealTimers();
    }
  });

  it("does not remember a failed load", async () => {
    const cache = new ReadCache<number>(10, 1000);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", async () => 7)).toBe(7);
  });

  it("drops the least recently used entry when full", async () => {
    const cache = new ReadCache<string>(2, 60_000);
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("a", async () => "a2"); // a is used again: b is now the oldest
    await cache.get("c", async () => "c1");
    expect(await cache.get("a", async () => "a3")).toBe("a1");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });
});

describe("cachedArticlePart", () => {
  it("keeps a part as compressed JSON and answers it as it was loaded, once", async () => {
    const db = {} as unknown as Db;
    const related = { related: [{ id: 2, title: "Next “one”", tags: ["a"] }], previous: null, next: null };
    const load = vi.fn(async () => related);
    expect(await cachedArticlePart(db, "next:1", load)).toEqual(related);
    expect(await cachedArticlePart(db, "next:1", load)).toEqual(related);
    expect(load).toHaveBeenCalledTimes(1);
    const kept = await readCaches(db).articleParts.get("next:1", async () => null);
    expect(Buffer.isBuffer(kept)).toBe(true);
    // Nothing found stays nothing (the related API answers 404 for it); null stays null.
    expect(await cachedArticlePart(db, "next:404", async () => undefined)).toBeUndefined();
    expect(await cachedArticlePart(db, "video:x", async () => null)).toBeNull();
  });
});
