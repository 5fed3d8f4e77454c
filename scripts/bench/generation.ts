/**
 * Generation overhead: how long the product itself takes to turn a video into a stored article,
 * with the LLM's own time taken out (issue 7's budget: p50 under 200 ms; the extractive writer on
 * the 2-hour transcript under 1.5 s), and how soon the create dialog shows progress in a browser.
 *
 * Each measured run is one POST /api/articles handled by the real app in this process (app.inject,
 * so no socket): the session look-up, the generation row and the allowance, the job queue (pg-boss)
 * handing it to a worker, the fixture file read and validated, the stages recorded, the writer,
 * markdown rendered and sanitised, slug, the article stored in its transaction, and the answer
 * serialised. The database is a scratch one on the benchmark's PostgreSQL server when given its
 * URL, else the embedded one (PGlite) in a temporary folder. The video cache is emptied before
 * each run, so every run reads the fixture as a first generation of that video would (a second
 * article of the same video within a day skips that read).
 *
 * Not included: TLS and the network between browser and server, and the LLM's thinking. The LLM
 * writer talks HTTP over loopback to the test suite's fake OpenAI-compatible server, which
 * answers at once from a process of its own: what remains is ours (prompts, the streaming client,
 * parsing the envelope, checking lengths).
 *
 * First progress is measured apart, end to end: the built app in production mode (on the same
 * database), and the system Chromium clicking Generate in the create dialog, with the times
 * taken inside the page.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import type { Page } from "playwright-core";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import { buildApp } from "../../server/app";
import { createSession } from "../../server/auth/sessions";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { users, videoCache } from "../../server/db/schema";
import { startGenerationRuntime } from "../../server/generation/runtime";
import { countWords } from "../../server/generation/text";
import type { ArticleWriter, VideoSource } from "../../server/generation/types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../server/generation/video";
import { createWriter } from "../../server/generation/writers";
import { projectRoot } from "../../server/lib/paths";
import { CHROMIUM_PATH } from "../chromium";
import { launchChromium, signUp, startBuiltServer } from "./browser";
import { summarize, type TimingSummary } from "./percentiles";
import { benchAppEnv } from "./server";

export type { TimingSummary } from "./percentiles";

/** Where a run's time went, in order (the p50 of each part), to see what dominates. */
export interface GenerationBreakdown {
  /**
   * Request to the fixture read: session, generation row and allowance, queue hand-off, claim,
   * first stage, cache look-up.
   */
  startP50Ms: number;
  /** Reading and validating the fixture file (what fetching from YouTube is in production). */
  fetchP50Ms: number;
  /** Fixture read to the writer: storing the video in the cache, three stages recorded. */
  beforeWriteP50Ms: number;
  /** The writer: extractive summarising, or prompts + streamed calls + parsing for the LLM. */
  writeP50Ms: number;
  /** Writer to answer: rendering, sanitising, last stage, the article's transaction, the response. */
  finishP50Ms: number;
}

export interface GenerationOverheadResult {
  /** Where the generations stored their work. */
  database: "pglite" | "postgres";
  extractive: Array<{
    videoId: string;
    label: string;
    transcriptWords: number;
    timing: TimingSummary;
    breakdown: GenerationBreakdown;
  }>;
  llm: Array<{
    videoId: string;
    label: string;
    timing: TimingSummary;
    llmCalls: number;
    breakdown: GenerationBreakdown;
  }>;
  firstProgress: {
    /** Click on Generate to the first progress label on screen (the frame after it is in the page). */
    timing: TimingSummary;
    /**
     * Click on Generate to the first progress the server streamed; null when no run saw one.
     * Runs whose article arrived before the stream's first message are left out and counted.
     */
    firstServerEvent: TimingSummary | null;
    articleBeforeStream: number;
    note?: string;
  } | null;
  /** How long each part of this measurement took, warm-ups and set-up included. */
  elapsedSeconds: { extractive: number; llm: number; firstProgress: number };
}

interface FixtureVideo {
  videoId: string;
  label: string;
  transcriptWords: number;
}

const WARMUP_RUNS = 2;
/** Generations in the browser; each waits for its article, so they cost a second or two. */
const DEFAULT_BROWSER_RUNS = 10;

/** Every bundled fixture a generation can succeed on (the unavailable ones fail at once). */
export function usableFixtures(): FixtureVideo[] {
  const videos: FixtureVideo[] = [];
  for (const file of readdirSync(BUNDLED_FIXTURES_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const fixture = JSON.parse(readFileSync(join(BUNDLED_FIXTURES_DIR, file), "utf8")) as {
      id: string;
      durationSeconds?: number | null;
      unavailable?: string;
      transcript?: { segments: Array<{ text: string }> } | null;
    };
    if (fixture.unavailable) continue;
    const words = countWords((fixture.transcript?.segments ?? []).map((s) => s.text).join(" "));
    const minutes = Math.round((fixture.durationSeconds ?? 0) / 60);
    const length = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
    videos.push({
      videoId: fixture.id,
      label: `${length}, ${words ? `${words.toLocaleString("en-US")} transcript words` : "no transcript"}`,
      transcriptWords: words,
    });
  }
  return videos.sort((a, b) => a.transcriptWords - b.transcriptWords);
}

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
async function scratchPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
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
async function startInProcessApp(env: Record<string, string>, databaseUrl: string | undefined): Promise<InProcessApp> {
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

async function measureVideo(target: InProcessApp, videoId: string, runs: number, afterRun?: () => Promise<void>) {
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
  stop(): Promise<void>;
}

async function startInstantLlm(): Promise<InstantLlm> {
  const child: ChildProcess = fork(join(projectRoot, "scripts/bench/instant-llm.ts"), [], {
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
    async stop() {
      child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface ProgressTimes {
  clickAt: number | null;
  /** The label is in the page (React committed it). */
  domAt: number | null;
  /** The frame after that has been drawn: what a person sees. */
  shownAt: number | null;
  eventAt: number | null;
}

/**
 * Installed before the app's scripts: notes when a click reaches a submit button (the event's
 * own time stamp, so input delay counts), when the progress label enters the page and when the
 * next frame has been drawn, and when the progress stream delivers its first message.
 */
function recordProgressTimes() {
  const times: ProgressTimes = { clickAt: null, domAt: null, shownAt: null, eventAt: null };
  (window as unknown as { __bench: ProgressTimes }).__bench = times;
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element | null)?.closest?.("button");
      if (button?.type === "submit" && button.form) times.clickAt ??= event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (times.clickAt === null || times.domAt !== null) return;
    if (!document.querySelector("[data-testid='generation-label']")?.textContent?.trim()) return;
    times.domAt = performance.now();
    // rAF runs just before the frame that shows the label is drawn; a task queued there runs after it.
    requestAnimationFrame(() => setTimeout(() => (times.shownAt = performance.now())));
  }).observe(document, { subtree: true, childList: true, characterData: true });
  const NativeEventSource = window.EventSource;
  window.EventSource = class extends NativeEventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener("message", () => (times.eventAt ??= performance.now()), { once: true });
    }
  };
}

const readTimes = (page: Page) => page.evaluate(() => (window as unknown as { __bench: ProgressTimes }).__bench);

/**
 * One click on Generate in the create dialog; answers the delays in ms from the click. The
 * stream's first message is null when the article came first (the dialog then closes the stream).
 */
async function clickGenerate(page: Page, videoId: string): Promise<{ shownMs: number; eventMs: number | null }> {
  await page.goto("/");
  // The app's code loads after the first paint: a click before it has hydrated would do nothing.
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Create Article" }).first().click();
  await dialog.waitFor();
  await dialog.getByLabel("YouTube URL").fill(`https://www.youtube.com/watch?v=${videoId}`);
  // Playwright clicks once the button is enabled (the form valid, the allowance loaded).
  await dialog.getByRole("button", { name: "Generate Article" }).click();
  await page
    .waitForFunction(() => ((window as unknown as { __bench: ProgressTimes }).__bench.shownAt ?? -1) >= 0, undefined, {
      polling: "raf",
      timeout: 10_000,
    })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(await readTimes(page))} at ${page.url()}`);
    });
  // The article page follows when the generation is done: the next run starts from a quiet server.
  await page.waitForURL(/\/article\/[^/]+$/, { timeout: 60_000 });
  const { clickAt, shownAt, eventAt } = await readTimes(page);
  if (clickAt === null || shownAt === null) throw new Error("the click or the progress label went unseen");
  return { shownMs: shownAt - clickAt, eventMs: eventAt === null ? null : eventAt - clickAt };
}

/**
 * The built app in production mode with the extractive writer, and a real Chromium: a guest
 * opens the create dialog, pastes a fixture link and clicks Generate.
 */
async function measureFirstProgress(
  runs: number,
  videos: FixtureVideo[],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<GenerationOverheadResult["firstProgress"]> {
  if (!existsSync(CHROMIUM_PATH)) {
    log(`first progress: skipped, ${CHROMIUM_PATH} is missing`);
    return null;
  }
  // Short videos: each run waits for its article before the next click.
  const pool = videos.filter((v) => v.transcriptWords < 5_000);
  const server = await startBuiltServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const browser = await launchChromium();
  try {
    const shown: number[] = [];
    const events: number[] = [];
    let articleBeforeStream = 0;
    // One warm-up click (run -1), then `runs`, with a new guest whenever the allowance is used up.
    for (let run = -1; run < runs; ) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
      const session = await signUp(server.baseUrl);
      const split = session.indexOf("=");
      await context.addCookies([
        { name: session.slice(0, split), value: session.slice(split + 1), url: server.baseUrl },
      ]);
      await context.addInitScript(recordProgressTimes);
      for (let i = 0; i < GUEST_ARTICLE_LIMIT && run < runs; i += 1, run += 1) {
        const page = await context.newPage();
        // Another video each time: the same one again would join the guest's finished generation.
        const result = await clickGenerate(page, pool[i % pool.length].videoId);
        await page.close();
        if (run < 0) continue;
        shown.push(result.shownMs);
        if (result.eventMs === null) articleBeforeStream += 1;
        else events.push(result.eventMs);
      }
      await context.close();
    }
    return {
      timing: summarize(shown),
      firstServerEvent: events.length ? summarize(events) : null,
      articleBeforeStream,
      note: `built app (NODE_ENV=production, ${databaseUrl ? "PostgreSQL" : "embedded database"}, extractive writer), headless Chromium at 1280x800 on loopback; times taken in the page`,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function measureGeneration(options: {
  runs: number;
  /** Generations in the browser for the first-progress figure (default 10; 0 skips it). */
  browserRuns?: number;
  /**
   * A PostgreSQL server (the benchmark's database URL): everything then runs on a scratch
   * database beside that one, created and dropped here. Without it, on the embedded database.
   */
  databaseUrl?: string;
  log?: (line: string) => void;
}): Promise<GenerationOverheadResult> {
  const log = options.log ?? (() => {});
  const browserRuns = options.browserRuns ?? DEFAULT_BROWSER_RUNS;
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error("runs must be a whole number of at least 1");
  if (!Number.isInteger(browserRuns) || browserRuns < 0) throw new Error("browserRuns must be a whole number");
  const videos = usableFixtures();
  const result: GenerationOverheadResult = {
    database: options.databaseUrl ? "postgres" : "pglite",
    extractive: [],
    llm: [],
    firstProgress: null,
    elapsedSeconds: { extractive: 0, llm: 0, firstProgress: 0 },
  };
  let started = performance.now();
  const lap = () => {
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    started = performance.now();
    return seconds;
  };

  const scratch = options.databaseUrl ? await scratchPostgres(options.databaseUrl) : null;
  try {
    const extractive = await startInProcessApp({ LLM_PROVIDER: "extractive" }, scratch?.url);
    try {
      for (const video of videos) {
        const measured = await measureVideo(extractive, video.videoId, options.runs);
        result.extractive.push({ ...video, ...measured });
        log(
          `generation, extractive: ${video.videoId} (${video.label}): p50 ${measured.timing.p50Ms} ms, p99 ${measured.timing.p99Ms} ms`,
        );
      }
    } finally {
      await extractive.close();
    }
    result.elapsedSeconds.extractive = lap();

    const llmServer = await startInstantLlm();
    try {
      const llm = await startInProcessApp({ LLM_PROVIDER: "openai", LLM_BASE_URL: llmServer.url }, scratch?.url);
      try {
        for (const video of videos) {
          const calls: number[] = [];
          await llmServer.takeCalls();
          const measured = await measureVideo(llm, video.videoId, options.runs, async () => {
            calls.push(await llmServer.takeCalls());
          });
          // The same video asked the same way makes the same calls each time; the most is reported.
          const llmCalls = Math.max(...calls);
          result.llm.push({ videoId: video.videoId, label: video.label, llmCalls, ...measured });
          log(
            `generation, instant LLM: ${video.videoId} (${video.label}): p50 ${measured.timing.p50Ms} ms, p99 ${measured.timing.p99Ms} ms, ${llmCalls} LLM calls`,
          );
        }
      } finally {
        await llm.close();
      }
    } finally {
      await llmServer.stop();
    }
    result.elapsedSeconds.llm = lap();

    if (browserRuns > 0) result.firstProgress = await measureFirstProgress(browserRuns, videos, scratch?.url, log);
    result.elapsedSeconds.firstProgress = lap();
  } finally {
    await scratch?.drop();
  }
  if (result.firstProgress) {
    log(
      `first progress in the create dialog: p50 ${result.firstProgress.timing.p50Ms} ms, p99 ${result.firstProgress.timing.p99Ms} ms (first server event p50 ${result.firstProgress.firstServerEvent?.p50Ms ?? "-"} ms)`,
    );
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "20" },
      "browser-runs": { type: "string", default: "10" },
      "database-url": { type: "string" },
    },
  });
  const result = await measureGeneration({
    runs: Number(values.runs),
    browserRuns: Number(values["browser-runs"]),
    databaseUrl: values["database-url"],
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(result, null, 2));
}
