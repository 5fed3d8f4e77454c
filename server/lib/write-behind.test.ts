import { describe, expect, it, vi } from "vitest";
import { WriteBehind } from "./write-behind";

/** A write that holds each batch until the test lets it go. */
function heldWrites() {
  const batches: string[][] = [];
  const releases: Array<() => void> = [];
  const writes: Promise<void>[] = [];
  const write = (batch: string[]) => {
    const written = new Promise<void>((resolve) => {
      batches.push(batch);
      releases.push(resolve);
    });
    writes.push(written);
    return written;
  };
  return { batches, writes, write, release: () => releases.shift()?.() };
}

describe("WriteBehind", () => {
  it("writes the first item at once and what arrives meanwhile in one next batch", async () => {
    const held = heldWrites();
    const behind = new WriteBehind<string>(held.write, () => {});
    behind.add("a", "a");
    behind.add("b", "b");
    behind.add("c", "c");
    expect(held.batches).toEqual([["a"]]);
    held.release();
    await Promise.resolve();
    await Promise.resolve();
    expect(held.batches).toEqual([["a"], ["b", "c"]]);
    held.release();
    await behind.settled();
    expect(held.batches).toHaveLength(2);
  });

  it("keeps one waiting item per key, the newest last, and drops the oldest past its limit", async () => {
    const held = heldWrites();
    const behind = new WriteBehind<string>(held.write, () => {}, 2);
    behind.add("first", "first");
    behind.add("x", "x1");
    behind.add("y", "y");
    behind.add("x", "x2");
    behind.add("z", "z");
    held.release();
    await new Promise((r) => setTimeout(r, 0));
    held.release();
    await behind.settled();
    expect(held.batches).toEqual([["first"], ["x2", "z"]]);
  });

  it("under steady arrivals starts batches no closer than its spacing, gathering what came meanwhile", async () => {
    const batches: string[][] = [];
    const starts: number[] = [];
    const behind = new WriteBehind<string>(
      async (batch) => {
        starts.push(performance.now());
        batches.push(batch);
      },
      () => {},
      Number.POSITIVE_INFINITY,
      60,
    );
    behind.add("a", "a");
    // Arrives while "a" is written: waits out the spacing with what follows it.
    behind.add("b", "b");
    await new Promise((r) => setTimeout(r, 20));
    behind.add("c", "c");
    await behind.settled();
    expect(batches).toEqual([["a"], ["b", "c"]]);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(55);
    // After a quiet spell the first item is written at once again.
    await new Promise((r) => setTimeout(r, 80));
    const before = performance.now();
    behind.add("d", "d");
    await behind.settled();
    expect(batches.at(-1)).toEqual(["d"]);
    expect(starts.at(-1)! - before).toBeLessThan(30);
  });

  it("does not stall when the wall clock moves back while a batch is written", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let restore = () => {};
    try {
      vi.setSystemTime(Date.now() + 31 * 60_000);
      const batches: string[][] = [];
      const behind = new WriteBehind<string>(
        async (batch) => {
          batches.push(batch);
          restore();
        },
        () => {},
        Number.POSITIVE_INFINITY,
        60,
      );
      restore = () => vi.useRealTimers();
      behind.add("a", "a");
      behind.add("b", "b");
      const started = performance.now();
      await behind.settled();
      expect(batches).toEqual([["a"], ["b"]]);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a failed batch and goes on with the next", async () => {
    const errors: unknown[] = [];
    const written: string[][] = [];
    let calls = 0;
    const behind = new WriteBehind<string>(
      async (batch) => {
        calls += 1;
        if (calls === 1) throw new Error("database went away");
        written.push(batch);
      },
      (error) => errors.push(error),
    );
    behind.add("a", "a");
    await behind.settled();
    behind.add("b", "b");
    await behind.settled();
    expect(errors).toHaveLength(1);
    expect(written).toEqual([["b"]]);
  });

  it("writes an item added the moment the last batch lands, without waiting for another add", async () => {
    const held = heldWrites();
    const behind = new WriteBehind<string>(held.write, () => {});
    behind.add("a", "a");
    // Runs right after the writer sees its batch landed, before anything else.
    held.writes[0].then(() => behind.add("b", "b"));
    held.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(held.batches).toEqual([["a"], ["b"]]);
    held.release();
    await behind.settled();
  });
});
