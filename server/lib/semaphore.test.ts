import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("Semaphore", () => {
  it("lets `limit` holders in and queues the rest first come, first served", async () => {
    const limit = new Semaphore(2);
    const order: number[] = [];
    const releases: Array<() => void> = [];
    for (let i = 0; i < 5; i += 1) {
      void limit.acquire().then((release) => {
        order.push(i);
        releases.push(release);
      });
    }
    await tick();
    expect(order).toEqual([0, 1]);
    expect(limit.inUse).toBe(2);
    expect(limit.queued).toBe(3);
    releases[0]();
    releases[0](); // a second release of the same place gives nothing back
    await tick();
    expect(order).toEqual([0, 1, 2]);
    expect(limit.inUse).toBe(2);
    for (const release of releases.slice(1)) release();
    await tick();
    for (const release of releases) release();
    await tick();
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limit.inUse).toBe(0);
    expect(limit.peak).toBe(2);
  });

  it("runs work under the cap, says when it waited, and gives the place back when the work throws", async () => {
    const limit = new Semaphore(1);
    let inFlight = 0;
    let most = 0;
    const waits: string[] = [];
    const work = async (fail: boolean) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
      if (fail) throw new Error("boom");
      return "done";
    };
    const results = await Promise.allSettled(
      [false, true, false].map((fail, i) =>
        limit.run(
          () => work(fail),
          () => {
            waits.push(`wait ${i}`);
            return () => waits.push(`go ${i}`);
          },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(most).toBe(1);
    expect(waits).toEqual(["wait 1", "wait 2", "go 1", "go 2"]);
    expect(limit.inUse).toBe(0);
  });

  it("refuses a limit below one", () => {
    expect(() => new Semaphore(0)).toThrow(/at least 1/);
  });
});
