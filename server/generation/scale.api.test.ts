import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TONES } from "../../contract/options";
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { cooperativeAnswer, type FakeLlmRequest, failWith, startFakeLlmServer } from "../../test/fakes/llm-server";
import { FIXTURES } from "../../test/fixtures";
import { generations, users } from "../db/schema";
import { GENERATE_QUEUE, PREMIUM_PRIORITY } from "./job";
import { type GenerationRequest, queuePosition, startGeneration } from "./repository";
import type { ArticleWriter } from "./types";
import { createExtractiveWriter } from "./writers/extractive";
import { createLlmWriter } from "./writers/llm";

// Issue 20: generation that scales with the LLM rather than the worker count. Calls in flight to
// the provider are capped across jobs, a busy provider's Retry-After is waited out, one user's
// burst does not hold up another user's article, and a queued article knows its place in line.
// Order and counts are asserted, never how long something took.

const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const DAY = 24 * 60 * 60 * 1000;
async function makePremium(test: TestApp, userId: string) {
  await test.database.db
    .update(users)
    .set({ userType: "premium", subscriptionStatus: "active", subscriptionEndDate: new Date(Date.now() + 30 * DAY) })
    .where(eq(users.id, userId));
}

/** The n-th distinct request of one user (the same request twice would join the first). */
function payload(n: number) {
  const videos = FIXTURES.withTranscript();
  return {
    youtubeUrl: `https://www.youtube.com/watch?v=${videos[n % videos.length]}`,
    length: n < TONES.length ? "short" : "medium",
    tone: TONES[n % TONES.length],
  };
}

function create(test: TestApp, cookie: string, body: Record<string, unknown>, key = randomUUID()) {
  return test.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { origin: TEST_ORIGIN, cookie, "idempotency-key": key },
    payload: body,
  });
}

/** A gate the test opens; `fallbackMs` after its first wait it opens by itself, so a broken order ends as a failed assertion, not a hang. */
function gate(fallbackMs = 15_000) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let waited = false;
  return {
    open,
    // The fallback (so a broken queue fails the test instead of hanging it) counts from the first
    // wait, not from the gate's making: on a busy run, setting the app up took longer than it.
    wait() {
      if (!waited) setTimeout(open, fallbackMs).unref();
      waited = true;
      return opened;
    },
  };
}

describe("calls to the LLM provider", () => {
  it("never has more than LLM_MAX_CONCURRENCY calls in flight, whatever the jobs running", async () => {
    const llm = await startFakeLlmServer();
    opened.push(llm);
    // Every answer takes a moment, so the jobs' calls overlap.
    llm.setDefault((request) => ({ type: "reply", text: cooperativeAnswer(request), delayMs: 150 }));
    const writer = createLlmWriter({
      provider: "openai",
      baseUrl: llm.url,
      apiKey: "test-key",
      model: "fake-model",
      timeoutMs: 5_000,
      maxConcurrency: 2,
    });
    const test = await createTestApp({}, { generation: { writer, concurrency: 5 } });
    opened.push(test);
    const people: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    for (let i = 0; i < 5; i += 1) people.push(await registerUser(test.app));
    const responses = await Promise.all(people.map((p, i) => create(test, p.cookie, payload(i))));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(llm.chatRequests.length).toBeGreaterThanOrEqual(5);
    // Five jobs at once wanted five calls at once: two went, the rest waited their turn.
    expect(llm.maxConcurrent).toBe(2);
  });

  describe("a busy provider", () => {
    const times: number[] = [];
    const timed =
      (behaviour: (request: FakeLlmRequest) => ReturnType<typeof failWith>) =>
      (request: FakeLlmRequest): ReturnType<typeof failWith> => {
        times.push(Date.now());
        return behaviour(request);
      };
    let test: TestApp;
    let llm: Awaited<ReturnType<typeof startFakeLlmServer>>;

    const setUp = async () => {
      if (test) return;
      llm = await startFakeLlmServer();
      opened.push(llm);
      const writer = createLlmWriter({
        provider: "openai",
        baseUrl: llm.url,
        apiKey: "test-key",
        model: "fake-model",
        timeoutMs: 5_000,
        maxRetries: 3,
        retryBaseDelayMs: 10,
        maxRetryDelayMs: 5_000,
      });
      test = await createTestApp({}, { generation: { writer, concurrency: 2 } });
      opened.push(test);
    };
    const reset = () => {
      llm.reset();
      times.length = 0;
      llm.setDefault(timed((request) => ({ type: "reply", text: cooperativeAnswer(request) })));
    };

    it("waits out Retry-After (seconds, then an HTTP date) on 429s, then writes the article", async () => {
      await setUp();
      reset();
      llm.enqueue(
        timed(() => failWith(429, { retryAfter: "1" })),
        timed(() => failWith(429, { retryAfter: new Date(Date.now() + 2_000).toUTCString() })),
      );
      const { cookie } = await registerUser(test.app);
      const response = await create(test, cookie, payload(0));
      expect(response.statusCode, response.body).toBe(201);
      expect(times.length).toBeGreaterThanOrEqual(3);
      // No retry came back sooner than it was asked to (lower bounds only: a sleep is never shorter).
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(1_000);
      // The HTTP date has whole seconds: "in 2 s" is at least one second away once rounded down.
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(1_000);
    });

    it("retries a 5xx with backoff, and does not retry a 400", async () => {
      await setUp();
      reset();
      llm.enqueue(
        timed(() => failWith(503)),
        timed(() => failWith(500)),
      );
      const first = await registerUser(test.app);
      const response = await create(test, first.cookie, payload(1));
      expect(response.statusCode, response.body).toBe(201);
      expect(times.length).toBeGreaterThanOrEqual(3);

      reset();
      // Every call is refused: none is sent twice.
      llm.setDefault(timed(() => failWith(400, { message: "bad request" })));
      const second = await registerUser(test.app);
      const refused = await create(test, second.cookie, payload(2));
      expect(refused.statusCode, refused.body).toBe(502);
      const sent = llm.chatRequests.map((request) => request.text);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(new Set(sent).size).toBe(sent.length);
    });
  });
});

describe("fairness between users", () => {
  it("runs another user's single article while one user's burst of six waits its turn", async () => {
    const bWritten = gate();
    const finished: string[] = [];
    const started: string[] = [];
    const extractive = createExtractiveWriter();
    let bUserId = "";
    const owners = new Map<string, string>();
    const writer: ArticleWriter = {
      name: "gated",
      async write(request, onProgress) {
        const owner = owners.get(`${request.video.id}:${request.tone}:${request.length}`) ?? "?";
        started.push(owner);
        // A's articles are not finished before B's: with fair turns B's runs beside A's first two.
        if (owner === "A") await bWritten.wait();
        const article = await extractive.write(request, onProgress);
        finished.push(owner);
        if (owner === "B") bWritten.open();
        return article;
      },
    };
    const test = await createTestApp(
      {},
      { generation: { writer, concurrency: 3, turns: { perUser: 2, waitMs: 100 } } },
    );
    opened.push(test);
    const a = await registerUser(test.app);
    const b = await registerUser(test.app);
    // Same priority for both (premium has no article limit, so A can send six).
    await makePremium(test, a.user.id);
    await makePremium(test, b.user.id);
    bUserId = b.user.id;
    for (let i = 0; i < 6; i += 1) {
      const p = payload(i);
      owners.set(`${new URL(p.youtubeUrl).searchParams.get("v")}:${p.tone}:${p.length}`, "A");
    }
    const bPayload = { ...payload(0), tone: "persuasive", length: "long" };
    owners.set(`${new URL(bPayload.youtubeUrl).searchParams.get("v")}:persuasive:long`, "B");

    const aRequests = [0, 1, 2, 3, 4, 5].map((i) => create(test, a.cookie, payload(i)));
    await until("A's six on the queue and two of them running", async () => {
      const rows = await test.database.db.select().from(generations).where(eq(generations.userId, a.user.id));
      return rows.length === 6 && started.length >= 2 ? true : undefined;
    });
    const bResponse = await create(test, b.cookie, bPayload);
    const aResponses = await Promise.all(aRequests);
    for (const response of [bResponse, ...aResponses]) expect(response.statusCode, response.body).toBe(201);

    // B's article was written before any of A's finished, and never more than two of A's ran at once.
    expect(finished[0]).toBe("B");
    expect(finished.filter((o) => o === "A")).toHaveLength(6);
    expect(started.slice(0, 3).sort()).toEqual(["A", "A", "B"]);
    const [bRow] = await test.database.db.select().from(generations).where(eq(generations.userId, bUserId));
    expect(bRow.status).toBe("succeeded");
    // A's waiting jobs went back on the queue (more jobs than articles), keeping their priority.
    const { rows } = await test.database.executeSql(
      `select j.priority from pgboss.job j join generations g on g.id::text = j.data->>'generationId' where j.name = $1 and g.user_id = $2`,
      [GENERATE_QUEUE, a.user.id],
    );
    expect(rows.length).toBeGreaterThan(6);
    expect(new Set((rows as Array<{ priority: number }>).map((row) => row.priority))).toEqual(
      new Set([PREMIUM_PRIORITY]),
    );
  });
});

describe("the place in line", () => {
  it("counts premium first, then each user's turns, then the oldest", async () => {
    const test = await createTestApp({}, { generation: { worker: false } });
    opened.push(test);
    const a = await registerUser(test.app);
    const b = await registerUser(test.app);
    const p = await registerUser(test.app);
    await makePremium(test, a.user.id);
    await makePremium(test, p.user.id);
    const queued = async (userId: string) => {
      const result = await startGeneration(test.database.db, {
        userId,
        idempotencyKey: randomUUID(),
        requestHash: randomUUID(),
        request: { youtubeUrl: "https://www.youtube.com/watch?v=x", videoId: "x" } as GenerationRequest,
      });
      if (result.kind !== "started") throw new Error(result.kind);
      return result.generation.id;
    };
    const a1 = await queued(a.user.id);
    const a2 = await queued(a.user.id);
    const a3 = await queued(a.user.id);
    // B is a free account and A premium: B waits behind A's, unless B were premium too.
    const b1 = await queued(b.user.id);
    const db = test.database.db;
    const places = async (perUser: number) =>
      Promise.all([a1, a2, a3, b1].map(async (id) => queuePosition(db, id, perUser)));
    expect(await places(1)).toEqual([1, 2, 3, 4]);
    await makePremium(test, b.user.id);
    // Turns of one: A's first, B's first, then A's others.
    expect(await places(1)).toEqual([1, 3, 4, 2]);
    // Turns of two: A's first two, B's, then A's third.
    expect(await places(2)).toEqual([1, 2, 4, 3]);
    // A running generation takes a place in its user's turn: A's second moves to the next turn.
    await db.update(generations).set({ status: "running" }).where(eq(generations.id, a1));
    expect(await places(1)).toEqual([undefined, 2, 3, 1]);
    // A third user's first, sent last, goes after B's first and before A's second.
    const p1 = await queued(p.user.id);
    expect(await queuePosition(db, p1, 1)).toBe(2);
    await db
      .update(generations)
      .set({ status: "failed" })
      .where(inArray(generations.id, [a1, a2, a3, b1, p1]));
  });

  it("tells the dialog its place while queued, counting down as the ones ahead are written", async () => {
    const gates = new Map<string, ReturnType<typeof gate>>();
    const extractive = createExtractiveWriter();
    const writing: string[] = [];
    const writer: ArticleWriter = {
      name: "one-at-a-time",
      async write(request, onProgress) {
        writing.push(request.video.id);
        await gates.get(request.video.id)?.wait();
        return extractive.write(request, onProgress);
      },
    };
    const test = await createTestApp({}, { generation: { writer, concurrency: 1 } });
    opened.push(test);
    const videos = FIXTURES.withTranscript().slice(0, 4);
    expect(new Set(videos).size).toBe(4);
    for (const video of videos) gates.set(video, gate());
    const people: Array<Awaited<ReturnType<typeof registerUser>>> = [];
    for (const _ of videos) people.push(await registerUser(test.app));
    const keys = videos.map(() => randomUUID());
    const read = (i: number) =>
      test.app.inject({ method: "GET", url: `/api/generations/${keys[i]}`, headers: { cookie: people[i].cookie } });
    const status = async (i: number) => {
      const response = await read(i);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { status: string; queuePosition: number | null };
    };
    const body = (i: number) => ({ youtubeUrl: `https://www.youtube.com/watch?v=${videos[i]}`, length: "short" });

    const requests = [create(test, people[0].cookie, body(0), keys[0])];
    await until("the worker to hold the first", () => (writing.length === 1 ? true : undefined));
    for (let i = 1; i < 4; i += 1) {
      requests.push(create(test, people[i].cookie, body(i), keys[i]));
      await until(`request ${i} queued`, async () => ((await read(i)).statusCode === 200 ? true : undefined));
    }
    // The last one's progress stream, read as it comes: nothing moves on until it has said the
    // place it opened on (on a busy machine it could otherwise open after the first job ended).
    const live = await test.app.inject({
      method: "GET",
      url: `/api/generations/${keys[3]}/events`,
      headers: { cookie: people[3].cookie },
      payloadAsStream: true,
    });
    let said = "";
    const streamed = live.stream();
    streamed.setEncoding("utf8");
    streamed.on("data", (chunk: string) => {
      said += chunk;
    });
    const stream = new Promise<{ body: string }>((resolve, reject) => {
      streamed.on("end", () => resolve({ body: said }));
      streamed.on("error", reject);
    });
    await until("the stream's first event", () => (said.includes("data: ") ? true : undefined));
    expect((await status(0)).queuePosition).toBeNull();
    expect((await Promise.all([1, 2, 3].map(status))).map((s) => s.queuePosition)).toEqual([1, 2, 3]);

    gates.get(videos[0])?.open();
    await until("the second to run", () => (writing.length === 2 ? true : undefined));
    expect((await Promise.all([1, 2, 3].map(status))).map((s) => s.queuePosition)).toEqual([null, 1, 2]);
    gates.get(videos[1])?.open();
    await until("the third to run", () => (writing.length === 3 ? true : undefined));
    expect((await status(3)).queuePosition).toBe(1);
    gates.get(videos[2])?.open();
    gates.get(videos[3])?.open();
    for (const response of await Promise.all(requests)) expect(response.statusCode, response.body).toBe(201);

    const events = (await stream).body
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as { status: string; queuePosition: number | null });
    const places = events.filter((e) => e.status === "queued").map((e) => e.queuePosition ?? 0);
    // It was told 3rd first and next last, each place nearer than the one before, and no place once it ran.
    expect(places[0]).toBe(3);
    expect(places.at(-1)).toBe(1);
    for (let i = 1; i < places.length; i += 1) expect(places[i]).toBeLessThan(places[i - 1]);
    expect(events.at(-1)?.status).toBe("succeeded");
    expect(events.filter((e) => e.status !== "queued").every((e) => e.queuePosition === null)).toBe(true);
  });
});
