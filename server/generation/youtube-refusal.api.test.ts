import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectMessage, registerUser, TEST_ORIGIN, type TestApp } from "../../test/app";
import { generations, users } from "../db/schema";
import { DEFAULT_TIMING, type GenerationJobDeps, MAX_ATTEMPTS, runGeneration } from "./job";
import { startArticleGeneration } from "./service";
import { type ArticleWriter, type VideoSource, YOUTUBE_REFUSED_MESSAGE, YouTubeRefusedError } from "./types";
import { createYouTubeVideoSource, type VideoInfoLike } from "./video/youtube";

// Issue 16, item 6: when YouTube refuses us the answer is a 503 that offers the transcript box,
// and the log keeps what YouTube said. YouTube is faked: nothing here reaches the internet.

const BOT_CHECK = "Sign in to confirm you’re not a bot";

const botChecked: VideoInfoLike = {
  basic_info: {},
  playability_status: { status: "LOGIN_REQUIRED", reason: BOT_CHECK },
  page: [{}],
  getTranscript: async () => {
    throw new Error("no panel");
  },
};

// The real YouTube source, with youtubei.js replaced by a client that meets a bot check.
const refusingYouTube = createYouTubeVideoSource({
  fetch: async () => {
    throw new TypeError("fetch failed");
  },
  innertube: async () => ({ getInfo: async () => botChecked, getComments: async () => ({ contents: [] }) }),
});

const unusedWriter: ArticleWriter = {
  name: "unused",
  write: async () => {
    throw new Error("the writer should not be reached");
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generation: { videos: refusingYouTube } });
});
afterAll(() => t?.close());

describe("POST /api/articles when YouTube refuses us", () => {
  it("answers 503 with the sentence that offers the transcript box, and keeps the allowance", async () => {
    expect(YOUTUBE_REFUSED_MESSAGE).toMatch(/Paste the transcript .*'Have a transcript\?'/);
    const { cookie } = await registerUser(t.app);
    const limits = async () =>
      (await t.app.inject({ method: "GET", url: "/api/user/limits", headers: { cookie } })).json();
    const before = await limits();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { origin: TEST_ORIGIN, cookie, "idempotency-key": "refused-by-youtube-1" },
      payload: { youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", length: "short" },
    });
    expect(expectMessage(response, 503)).toBe(YOUTUBE_REFUSED_MESSAGE);

    // The progress the dialog reads says the same.
    const status = await t.app.inject({
      method: "GET",
      url: "/api/generations/refused-by-youtube-1",
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({ status: "failed", error: YOUTUBE_REFUSED_MESSAGE });
    expect(await limits()).toEqual(before);
  });
});

describe("a generation run that YouTube refuses", () => {
  async function setUp(videos: VideoSource, attemptsBefore: number) {
    const { user } = await registerUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const events = t.generation?.events;
    if (!events || !t.generation) throw new Error("the test app has no generation runtime");
    const generation = await startArticleGeneration(
      { db: t.database.db, queue: null, events },
      row,
      {
        youtubeUrl: `https://www.youtube.com/watch?v=dQw4w9WgXc${attemptsBefore}`,
        recordingId: null,
        style: "blog",
        length: "short",
        tone: "informative",
        includeComments: false,
        category: null,
        language: null,
        transcript: undefined,
      },
      `refused-run-${attemptsBefore}-${Date.now()}`,
    );
    await t.database.db.update(generations).set({ attempts: attemptsBefore }).where(eq(generations.id, generation.id));
    const logged: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    const deps: GenerationJobDeps = {
      db: t.database.db,
      queue: t.generation.queue,
      events,
      videos,
      writer: unusedWriter,
      log: pino({ level: "info" }, sink),
      timing: DEFAULT_TIMING,
      shutdown: new AbortController().signal,
    };
    const read = async () =>
      (await t.database.db.select().from(generations).where(eq(generations.id, generation.id)))[0];
    return { deps, id: generation.id, logged, read };
  }

  it("fails at once for a bot check, with a 503, and logs what YouTube said", async () => {
    const { deps, id, logged, read } = await setUp(refusingYouTube, 0);
    await runGeneration(deps, id);
    expect(await read()).toMatchObject({
      status: "failed",
      errorStatus: 503,
      error: YOUTUBE_REFUSED_MESSAGE,
      attempts: 1,
    });
    const line = logged.find((entry) => entry.msg === "YouTube refused to give us the video");
    expect(line).toMatchObject({ level: 40, generationId: id, transient: false });
    expect(String(line?.youtubeSaid)).toContain(BOT_CHECK);
  });

  it("retries a network failure, and gives the same sentence when the retries run out", async () => {
    const unreachable: VideoSource = {
      name: "unreachable",
      fetchVideo: async () => {
        throw new YouTubeRefusedError("Could not read the video from YouTube: fetch failed", { transient: true });
      },
    };
    const first = await setUp(unreachable, 0);
    await expect(runGeneration(first.deps, first.id)).rejects.toBeInstanceOf(YouTubeRefusedError);
    expect(await first.read()).toMatchObject({ status: "queued", error: null });
    expect(first.logged.find((entry) => entry.msg === "YouTube refused to give us the video")).toMatchObject({
      youtubeSaid: "Could not read the video from YouTube: fetch failed",
      transient: true,
    });

    const last = await setUp(unreachable, MAX_ATTEMPTS - 1);
    await runGeneration(last.deps, last.id);
    expect(await last.read()).toMatchObject({ status: "failed", errorStatus: 503, error: YOUTUBE_REFUSED_MESSAGE });
  });

  it("still answers other failures that ran out of retries with the general sentence", async () => {
    const broken: VideoSource = {
      name: "broken",
      fetchVideo: async () => {
        throw new Error("disk full");
      },
    };
    const last = await setUp(broken, MAX_ATTEMPTS - 1);
    await runGeneration(last.deps, last.id);
    const row = await last.read();
    expect(row).toMatchObject({ status: "failed", errorStatus: 503 });
    expect(row.error).not.toBe(YOUTUBE_REFUSED_MESSAGE);
  });
});
