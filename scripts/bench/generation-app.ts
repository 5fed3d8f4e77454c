/**
 * The in-process side of the generation measurement (see generation.ts): the real app and its
 * workers on a scratch database, the writer and video source wrapped to mark where a run's time
 * goes, the instant LLM server in a child process, and one timed POST /api/articles.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../../server/app";
import { createSession } from "../../server/auth/sessions";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { users, videoCache } from "../../server/db/schema";
import { startGenerationRuntime } from "../../server/generation/runtime";
import type { ArticleWriter, VideoSource } from "../../server/generation/types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../server/generation/video";
import { createWriter } from "../../server/generation/writers";
import { projectRoot } from "../../server/lib/paths";
import { summarize } from "./percentiles";
import { benchAppEnv } from "./server";

const WARMUP_RUNS = 2;

/** When the last fixture read and the last writing began and ended (one generation runs at a time). */
interface Marks {
  fetch: { start: number; end: number };
  write: { start: number; end: number };
}

/** Wraps a video source and a writer to mark their start and end, so a run can be split. */
function markedParts(videos: VideoSource, writer: ArticleWriter) {
  const marks: Marks = { fetch: { start: 0, end: 0 }, write: { start: 0, end: 0 } };
  const marked = async <T>(span: keyof Marks, work: () => Promise<T>): Promise<T> => {
    marks[span].start = performance.now();
    try {
      return await work();
    } finally {
      marks[span].end = performance.now();
    }
  };
  return {
    marks,
    videos: { name: videos.name, fetchVideo: (id: string) => marked("fetch", () => videos.fetchVideo(id)) },
    writer: {
      name: writer.name,
      write: (...args: Parameters<ArticleWriter["write"]>) => marked("write", () => writer.write(...args)),
    },
  };
}

interface InProcessApp {
  app: FastifyInstance;
  database: Database;
  marks: Marks;
  close(): Promise<void>;
}

/**
 * A database of its own beside the benchmark's, on the same PostgreSQL server (the benchmark's
 * seed must not gain articles): created empty here, dropped by drop().
 */
export async function scratchPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${decodeURIComponent(new URL(url).pathname.slice(1)) || "vidscribe"}_generation`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const query = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const drop = async () => {
    // A closed pool's connections linger a moment; killing them mid-goodbye makes their clients throw.
    for (let i = 0; i < 50; i += 1) {
      const [{ n }] = await query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [
        name,
      ]);
      if (n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  };
  await drop();
  await query(`create database ${pg.escapeIdentifier(name)}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop };
}

/**
 * The real app and its generation workers in this process, on a fresh embedded database, or on
 * the PostgreSQL database `databaseUrl` names.
 */
export async function startInProcessApp(
  env: Record<string, string>,
  databaseUrl: string | undefined,
): Promise<InProcessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "vidscribe-bench-generation-"));
  const config = loadConfig({
    ...benchAppEnv(),
    PUBLIC_URL: "http://127.0.0.1:5000",
    DATA_DIR: dataDir,
    VIDEO_SOURCE: "fixtures",
    ...env,
  });
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir },
  );
  const parts = markedParts(createFixtureVideoSource(BUNDLED_FIXTURES_DIR), createWriter(config));
  const generation = await startGenerationRuntime(config, database, pino({ level: "warn" }, pino.destination(2)), {
    worker: true,
    videos: parts.videos,
    writer: parts.writer,
  });
  const app = await buildApp({ config, database, generation, logger: false });
  await app.ready();
  return {
    app,
    database,
    marks: parts.marks,
    async close() {
      await app.close();
      await generation.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let guests = 0;

/**
 * A new guest for every run: a guest's allowance is 3 articles, and the same user asking for the
 * same video again within 30 s would join the finished generation instead of starting one.
 */
async function newGuestCookie(database: Database): Promise<string> {
  guests += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      email: `generation.${guests}.${Date.now()}@example.com`,
      // Never signs in with a password: the session below is made directly.
      passwordHash: "unused",
      firstName: "Bench",
      lastName: "Writer",
    })
    .returning({ id: users.id });
  const { token } = await createSession(database.db, user.id);
  return `sid=${token}`;
}

/** One measured generation: the POST /api/articles a create dialog sends with its defaults. */
async function generateOnce(target: InProcessApp, videoId: string) {
  const cookie = await newGuestCookie(target.database);
  await target.database.db.delete(videoCache).where(eq(videoCache.videoId, videoId));
  const started = performance.now();
  const response = await target.app.inject({
    method: "POST",
    url: "/api/articles",
    headers: { cookie, "idempotency-key": randomBytes(16).toString("hex") },
    payload: { youtubeUrl: `https://www.youtube.com/watch?v=${videoId}` },
  });
  const ended = performance.now();
  if (response.statusCode !== 201) {
    throw new Error(`generating ${videoId} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  const { fetch, write } = target.marks;
  if (!(started <= fetch.start && fetch.end <= write.start && write.end <= ended)) {
    throw new Error(`generating ${videoId} did not read the fixture and then write, within the request`);
  }
  return {
    totalMs: ended - started,
    startMs: fetch.start - started,
    fetchMs: fetch.end - fetch.start,
    beforeWriteMs: write.start - fetch.end,
    writeMs: write.end - write.start,
    finishMs: ended - write.end,
  };
}

export async function measureVideo(
  target: InProcessApp,
  videoId: string,
  runs: number,
  afterRun?: () => Promise<void>,
) {
  for (let i = 0; i < WARMUP_RUNS; i += 1) {
    await generateOnce(target, videoId);
    await afterRun?.();
  }
  const samples: Array<Awaited<ReturnType<typeof generateOnce>>> = [];
  for (let i = 0; i < runs; i += 1) {
    samples.push(await generateOnce(target, videoId));
    await afterRun?.();
  }
  const p50 = (values: number[]) => summarize(values).p50Ms;
  return {
    timing: summarize(samples.map((s) => s.totalMs)),
    breakdown: {
      startP50Ms: p50(samples.map((s) => s.startMs)),
      fetchP50Ms: p50(samples.map((s) => s.fetchMs)),
      beforeWriteP50Ms: p50(samples.map((s) => s.beforeWriteMs)),
      writeP50Ms: p50(samples.map((s) => s.writeMs)),
      finishP50Ms: p50(samples.map((s) => s.finishMs)),
    },
  };
}

interface InstantLlm {
  url: string;
  /** Chat requests since the last call. */
  takeCalls(): Promise<number>;
  /** The same, with the most that were open at once. */
  takeCounts(): Promise<{ calls: number; maxConcurrent: number }>;
  stop(): Promise<void>;
}

/** `delayMs`: each answer waits this long first, as a real model thinks (the throughput scenario). */
export async function startInstantLlm(delayMs = 0): Promise<InstantLlm> {
  const child: ChildProcess = fork(join(projectRoot, "scripts/bench/instant-llm.ts"), [String(delayMs)], {
    execArgv: ["--import", "tsx"],
    // Its stdout stays out of ours, which may be JSON.
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the instant LLM server exited (${code})`));
      child.once("exit", onExit);
      child.once("message", (message) => {
        child.off("exit", onExit);
        resolve(message as Record<string, unknown>);
      });
    });
  const { url } = (await next()) as { url: string };
  return {
    url,
    async takeCalls() {
      const answer = next();
      child.send("count");
      return (await answer).calls as number;
    },
    async takeCounts() {
      const answer = next();
      child.send("count");
      const { calls, maxConcurrent } = (await answer) as { calls: number; maxConcurrent: number };
      return { calls, maxConcurrent };
    },
    async stop() {
      child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
