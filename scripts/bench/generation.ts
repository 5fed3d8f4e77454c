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
 *
 * This file holds the result's shape and the order of the measurement; generation-app.ts the
 * in-process app and one timed generation, generation-browser.ts the first progress.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { countWords } from "../../server/content/text";
import { BUNDLED_FIXTURES_DIR } from "../../server/generation/video";
import { measureVideo, scratchPostgres, startInProcessApp, startInstantLlm } from "./generation-app";
import { measureFirstProgress } from "./generation-browser";

export type { FixtureVideo, GenerationBreakdown, GenerationOverheadResult } from "./generation-types";
export type { TimingSummary } from "./percentiles";

import type { FixtureVideo, GenerationOverheadResult } from "./generation-types";

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
