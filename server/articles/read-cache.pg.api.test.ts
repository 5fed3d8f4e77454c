import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { type Db, openDatabase } from "../db/client";
import { encodeBody } from "../http/compression";
import { forgetCachedReads, forgetReader, readCaches, shareForgetting } from "./read-cache";

// PostgreSQL only (see vitest.config.ts): several processes share one database there.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Runs `test` with this app's caches and another process's (a second pool) both listening for writes. */
async function withAnotherProcess(test: (other: Db) => Promise<void>) {
  const url = t.database.url;
  if (!url) throw new Error("the PostgreSQL test database has no URL");
  const quiet = { warn: () => {} };
  const other = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  const stopHere = await shareForgetting(t.database.db, url, quiet);
  const stopThere = await shareForgetting(other.db, url, quiet);
  try {
    await test(other.db);
  } finally {
    await stopThere();
    await stopHere();
    await other.close();
  }
}

describe("read caches across processes", () => {
  it("forget what another process wrote, through NOTIFY", async () => {
    await withAnotherProcess(async (other) => {
      let loads = 0;
      const read = () =>
        readCaches(t.database.db).responses.get("probe", async () => {
          loads += 1;
          return encodeBody("{}", "application/json");
        });
      await read();
      await read();
      expect(loads).toBe(1);
      forgetCachedReads(other);
      await vi.waitFor(
        async () => {
          await read();
          expect(loads).toBe(2);
        },
        { timeout: 5_000, interval: 50 },
      );
    });
  });

  it("forget one reader's ratings and bookmarks when another process changes them, and nothing else", async () => {
    await withAnotherProcess(async (other) => {
      const loads = { ama: 0, kofi: 0, shared: 0 };
      const state = (who: "ama" | "kofi") =>
        readCaches(t.database.db).readerStates.get(who, async () => {
          loads[who] += 1;
          return { ratings: new Map(), bookmarks: new Set<number>(), complete: true };
        });
      const shared = () =>
        readCaches(t.database.db).responses.get("probe-2", async () => {
          loads.shared += 1;
          return encodeBody("{}", "application/json");
        });
      await Promise.all([state("ama"), state("kofi"), shared()]);
      forgetReader(other, "ama");
      await vi.waitFor(
        async () => {
          await state("ama");
          expect(loads.ama).toBe(2);
        },
        { timeout: 5_000, interval: 50 },
      );
      await Promise.all([state("kofi"), shared()]);
      expect(loads).toEqual({ ama: 2, kofi: 1, shared: 1 });
    });
  });
});
