/**
 * Generation throughput (issue 20): N people press Generate at once against an LLM that takes a
 * fixed time per call, and we see how long each waits for their article. The issue's target:
 * 40 people, 8 s per call, every article within 40 s.
 *
 * The built app runs as it would in production (ROLE=all: HTTP and generation workers) on a
 * scratch database beside the benchmark's PostgreSQL one; with --processes 2 a second process
 * joins it on the same database, and the two share the queue (pg-boss), as several worker
 * machines would. The LLM is the test suite's fake OpenAI-compatible server in a process of its
 * own, answering each call after --delay-ms. Each person is a guest account with a session of its
 * own; all POST /api/articles at the same moment (a short article of the shortest fixture video
 * with captions), and each request's time to its 201 is the time to article.
 *
 * Printed: median and max time to article, errors, the most LLM calls in flight at once, and
 * each server process's peak resident memory.
 *
 *   npx tsx scripts/bench/throughput.ts --database-url postgres://postgres@127.0.0.1:5432/vidscribe_bench
 *     [--users 40] [--delay-ms 8000] [--processes 1] [--generation-concurrency 16] [--llm-concurrency 40]
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createSession } from "../../server/auth/sessions";
import { openDatabase } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { usableFixtures } from "./generation";
import { scratchPostgres, startInstantLlm } from "./generation-app";
import { summarize } from "./percentiles";
import { type RunningServer, sampleMemory, startApp } from "./server";

export interface ThroughputOptions {
  databaseUrl: string;
  users: number;
  delayMs: number;
  /** Server processes on the one database (ROLE=all each); requests go to the first. */
  processes: number;
  /** GENERATION_CONCURRENCY of each process. */
  generationConcurrency: number;
  /** LLM_MAX_CONCURRENCY of each process. */
  llmConcurrency: number;
  log?: (line: string) => void;
}

export interface ThroughputResult {
  users: number;
  llmDelayMs: number;
  processes: number;
  generationConcurrency: number;
  llmConcurrency: number;
  videoId: string;
  succeeded: number;
  errors: number;
  /** The first few failures' statuses and sentences. */
  errorSamples: string[];
  medianSeconds: number;
  maxSeconds: number;
  /** Every article, from the moment all pressed Generate to the last answer. */
  wallSeconds: number;
  llmCalls: number;
  llmMaxInFlight: number;
  peakMemoryMb: Array<number | null>;
}

export async function measureThroughput(options: ThroughputOptions): Promise<ThroughputResult> {
  const log = options.log ?? (() => {});
  const video = usableFixtures().find((v) => v.transcriptWords > 0);
  if (!video) throw new Error("no fixture video with captions");
  const scratch = await scratchPostgres(options.databaseUrl);
  const llm = await startInstantLlm(options.delayMs);
  const servers: RunningServer[] = [];
  try {
    const env = {
      ROLE: "all",
      VIDEO_SOURCE: "fixtures",
      LLM_PROVIDER: "openai",
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: "bench",
      LLM_MODEL: "fake-model",
      GENERATION_CONCURRENCY: String(options.generationConcurrency),
      LLM_MAX_CONCURRENCY: String(options.llmConcurrency),
    };
    for (let i = 0; i < options.processes; i += 1) {
      servers.push(await startApp({ kind: "postgres", url: scratch.url }, { role: "all", env }));
    }
    const cookies = await guests(scratch.url, options.users);
    await llm.takeCounts();
    log(
      `throughput: ${options.users} people press Generate at once; the LLM answers after ${options.delayMs} ms; ${options.processes} process(es), GENERATION_CONCURRENCY=${options.generationConcurrency}, LLM_MAX_CONCURRENCY=${options.llmConcurrency}`,
    );
    const memory = servers.map((server) => sampleMemory(server.pid));
    const started = performance.now();
    const outcomes = await Promise.all(
      cookies.map(async (cookie) => {
        const response = await fetch(`${servers[0].baseUrl}/api/articles`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie,
            origin: servers[0].baseUrl,
            "idempotency-key": randomBytes(16).toString("hex"),
          },
          body: JSON.stringify({ youtubeUrl: `https://www.youtube.com/watch?v=${video.videoId}`, length: "short" }),
          signal: AbortSignal.timeout(15 * 60 * 1000),
        }).catch((error: unknown) => ({ status: 0, text: async () => (error as Error).message }));
        const body = await response.text();
        return { ms: performance.now() - started, status: response.status, body };
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const peakMemoryMb = memory.map((sampler) => sampler.stop());
    const counts = await llm.takeCounts();
    const ok = outcomes.filter((o) => o.status === 201);
    const failed = outcomes.filter((o) => o.status !== 201);
    const timing = summarize(ok.map((o) => o.ms));
    const result: ThroughputResult = {
      users: options.users,
      llmDelayMs: options.delayMs,
      processes: options.processes,
      generationConcurrency: options.generationConcurrency,
      llmConcurrency: options.llmConcurrency,
      videoId: video.videoId,
      succeeded: ok.length,
      errors: failed.length,
      errorSamples: failed.slice(0, 3).map((o) => `${o.status}: ${o.body.slice(0, 200)}`),
      medianSeconds: Number((timing.p50Ms / 1000).toFixed(1)),
      maxSeconds: Number((Math.max(0, ...ok.map((o) => o.ms)) / 1000).toFixed(1)),
      wallSeconds: Number(wallSeconds.toFixed(1)),
      llmCalls: counts.calls,
      llmMaxInFlight: counts.maxConcurrent,
      peakMemoryMb,
    };
    log(
      `throughput: ${ok.length}/${options.users} articles, median ${result.medianSeconds} s, max ${result.maxSeconds} s, ${failed.length} errors; ${counts.calls} LLM calls, at most ${counts.maxConcurrent} at once; peak memory ${peakMemoryMb.map((mb) => `${mb ?? "?"} MB`).join(" + ")}`,
    );
    return result;
  } finally {
    for (const server of servers) await server.stop();
    await llm.stop();
    await scratch.drop();
  }
}

/** `count` guest accounts with a session each (made in the database: sign-up is rate limited per address). */
async function guests(databaseUrl: string, count: number): Promise<string[]> {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 });
  try {
    const cookies: string[] = [];
    const stamp = Date.now();
    for (let i = 0; i < count; i += 1) {
      const [user] = await database.db
        .insert(users)
        .values({
          email: `throughput.${i}.${stamp}@example.com`,
          passwordHash: "unused",
          firstName: "Bench",
          lastName: `Writer ${i}`,
        })
        .returning({ id: users.id });
      const { token } = await createSession(database.db, user.id);
      cookies.push(`sid=${token}`);
    }
    return cookies;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL },
      users: { type: "string", default: "40" },
      "delay-ms": { type: "string", default: "8000" },
      processes: { type: "string", default: "1" },
      "generation-concurrency": { type: "string", default: "16" },
      "llm-concurrency": { type: "string", default: "40" },
    },
  });
  if (!values["database-url"]) throw new Error("--database-url (a PostgreSQL server) is needed");
  const whole = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  const result = await measureThroughput({
    databaseUrl: values["database-url"],
    users: whole("users"),
    delayMs: whole("delay-ms"),
    processes: Math.max(1, whole("processes")),
    generationConcurrency: Math.max(1, whole("generation-concurrency")),
    llmConcurrency: Math.max(1, whole("llm-concurrency")),
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(result, null, 2));
}
