import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, TEST_ORIGIN } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { FIXTURES } from "../../test/fixtures";
import type { ArticleWriter } from "./types";
import { createExtractiveWriter } from "./writers/extractive";

// Issue 20: several worker processes on one PostgreSQL share the generation queue (pg-boss takes
// jobs with SKIP LOCKED). Two generation runtimes on the same database, as two processes would
// be, each with its own workers: both take part. PostgreSQL only (PGlite is one process's).

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

describe("two worker processes on one database", () => {
  it("both take jobs from the one queue", async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const takenBy: string[] = [];
    let bothBusy = () => {};
    const together = new Promise<void>((resolve) => {
      bothBusy = resolve;
      // Liveness only: if one process never took a job, the assertion below says so.
      setTimeout(resolve, 15_000).unref();
    });
    const extractive = createExtractiveWriter();
    const writerFor = (process: string): ArticleWriter => ({
      name: `writer of ${process}`,
      async write(request, onProgress) {
        takenBy.push(process);
        // Each holds its job until the other has one too, so neither can drain the queue alone.
        if (new Set(takenBy).size === 2) bothBusy();
        await together;
        return extractive.write(request, onProgress);
      },
    });
    const first = await createTestApp({}, { database, generation: { writer: writerFor("first"), concurrency: 2 } });
    opened.push(first);
    const second = await createTestApp({}, { database, generation: { writer: writerFor("second"), concurrency: 2 } });
    opened.push(second);

    const videos = FIXTURES.withTranscript();
    const people: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    for (let i = 0; i < 6; i += 1) people.push(await registerUser(first.app));
    // Every request reaches the first process's HTTP side; the queue is the database's.
    const responses = await Promise.all(
      people.map((person, i) =>
        first.app.inject({
          method: "POST",
          url: "/api/articles",
          headers: { origin: TEST_ORIGIN, cookie: person.cookie, "idempotency-key": randomUUID() },
          payload: { youtubeUrl: `https://www.youtube.com/watch?v=${videos[i % videos.length]}`, length: "short" },
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(takenBy).toHaveLength(6);
    expect(new Set(takenBy)).toEqual(new Set(["first", "second"]));
  });
});
