import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { FIXTURES } from "../../test/fixtures";
import type { Database } from "../db/client";
import { articles, generations, users } from "../db/schema";
import type { ArticleWriter } from "./types";

// Fast clocks: a run silent for a second is dead, and the sweeper looks five times a second.
const timing = { heartbeatMs: 100, staleAfterMs: 1_000, sweepMs: 200 };

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

describe("a worker that dies mid-job", () => {
  it("is replaced: the job finishes once, the allowance is right, and the waiting request gets the article", async () => {
    const database: Database = await createTestDatabase();
    opened.push(database);
    // The first process's writer never answers: it is "killed" while writing.
    const stuck: ArticleWriter = { name: "stuck", write: () => new Promise(() => {}) };
    const first: TestApp = await createTestApp({}, { database, generation: { writer: stuck, timing } });
    opened.push({ close: () => first.app.close() });
    const { cookie, user } = await registerUser(first.app);

    const request = first.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { youtubeUrl: FIXTURES.rich(), length: "short" },
    });
    await until("the job to be writing", async () => {
      const [row] = await database.db.select().from(generations).where(eq(generations.userId, user.id));
      return row?.stage === "writing" ? row : undefined;
    });

    // The crash: the first process's workers stop, mid-job, without finishing anything.
    await first.generation?.stop({ graceful: false });

    // A fresh process on the same database, with a writer that works.
    const second = await createTestApp({}, { database, generation: { timing } });
    opened.push({ close: () => second.app.close().then(() => second.generation?.stop()) });

    const done = await until("the job to succeed", async () => {
      const [row] = await database.db.select().from(generations).where(eq(generations.userId, user.id));
      return row?.status === "succeeded" ? row : undefined;
    });
    expect(done.attempts).toBe(2);

    // The first process's request was still waiting: it answers with the article.
    const response = await request;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().id).toBe(done.articleId);

    const rows = await database.db.select().from(articles).where(eq(articles.userId, user.id));
    expect(rows).toHaveLength(1);
    const [account] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(account.articlesGenerated).toBe(1);
    expect(account.articlesInProgress).toBe(0);
  });
});

describe("a restart after a crash", () => {
  it("resumes at once on the embedded database (no other process can hold the job), and waits for the heartbeat to go stale on PostgreSQL", async () => {
    const database: Database = await createTestDatabase();
    opened.push(database);
    // A heartbeat goes stale only after a minute: longer than this test waits.
    const slowTiming = { heartbeatMs: 100, staleAfterMs: 60_000, sweepMs: 200 };
    const stuck: ArticleWriter = { name: "stuck", write: () => new Promise(() => {}) };
    const first: TestApp = await createTestApp({}, { database, generation: { writer: stuck, timing: slowTiming } });
    opened.push({ close: () => first.app.close() });
    const { cookie, user } = await registerUser(first.app);
    void first.app
      .inject({
        method: "POST",
        url: "/api/articles",
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { youtubeUrl: FIXTURES.short(), length: "short" },
      })
      .catch(() => undefined);
    const mine = async () => (await database.db.select().from(generations).where(eq(generations.userId, user.id)))[0];
    await until("the job to be writing", async () => ((await mine())?.stage === "writing" ? true : undefined));
    await first.generation?.stop({ graceful: false });

    const second = await createTestApp({}, { database, generation: { timing: slowTiming } });
    opened.push({ close: () => second.app.close().then(() => second.generation?.stop()) });
    if (database.kind === "pglite") {
      const done = await until("the job to succeed", async () => {
        const row = await mine();
        return row?.status === "succeeded" ? row : undefined;
      });
      expect(done.attempts).toBe(2);
    } else {
      // Another process on this database might still be writing it: only a stale heartbeat says otherwise.
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await mine())?.status).toBe("running");
      expect((await mine())?.attempts).toBe(1);
    }
  });
});

describe("a run that crashes inside the pipeline", () => {
  it("is retried by the queue and still makes one article", async () => {
    let calls = 0;
    const flaky: ArticleWriter = {
      name: "flaky",
      async write(request) {
        calls += 1;
        if (calls === 1) throw new Error("the worker's network dropped");
        const { createExtractiveWriter } = await import("./writers/extractive");
        return createExtractiveWriter().write(request);
      },
    };
    const app = await createTestApp({}, { generation: { writer: flaky, timing } });
    opened.push(app);
    const { cookie, user } = await registerUser(app.app);
    const response = await app.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { youtubeUrl: FIXTURES.short(), length: "short" },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(calls).toBe(2);
    const rows = await app.database.db.select().from(articles).where(eq(articles.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe("a browser that goes away", () => {
  it("does not stop the job: the article is written and listed in My Articles", async () => {
    const slow: ArticleWriter = {
      name: "slow",
      async write(request) {
        await new Promise((r) => setTimeout(r, 500));
        const { createExtractiveWriter } = await import("./writers/extractive");
        return createExtractiveWriter().write(request);
      },
    };
    const app = await createTestApp({}, { generation: { writer: slow, timing } });
    opened.push(app);
    const { cookie, user } = await registerUser(app.app);
    const address = await app.app.listen({ port: 0, host: "127.0.0.1" });
    const leaving = new AbortController();
    const request = fetch(`${address}/api/articles`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
      body: JSON.stringify({ youtubeUrl: FIXTURES.rich(), length: "short" }),
      signal: leaving.signal,
    }).catch((error: Error) => error);
    await until("the job to start", async () => {
      const [row] = await app.database.db.select().from(generations).where(eq(generations.userId, user.id));
      return row?.status === "running" ? row : undefined;
    });
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);

    await until("the job to finish", async () => {
      const [row] = await app.database.db.select().from(generations).where(eq(generations.userId, user.id));
      return row?.status === "succeeded" ? row : undefined;
    });
    const mine = await app.app.inject({ method: "GET", url: "/api/user/articles", headers: { cookie } });
    expect(mine.json()).toHaveLength(1);
  });
});
