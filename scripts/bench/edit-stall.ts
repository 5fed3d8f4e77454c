/**
 * How long GET /api/stats takes while authors save the worst bodies they can send (issue 15,
 * item 1: p99 under 100 ms). Not part of the suite or of `npm run bench`:
 * `npm run build && npx tsx scripts/bench/edit-stall.ts [seconds] [editors] [case]`.
 *
 * Starts the built app on a fresh embedded database in a temporary folder, or on the PostgreSQL
 * database DATABASE_URL names (role "all", fixture videos, so the one article it edits is
 * generated the ordinary way), then runs `editors` clients
 * that each save a `case` body at the content cap back to back, and one reader that asks for the
 * stats every 10 ms. Every request goes to loopback only and the run stops by itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { MAX_CONTENT_LENGTH } from "../../contract/options";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";
import { summarize } from "./percentiles";
import { type AppDatabase, startApp } from "./server";

const SECONDS = Number(process.argv[2] ?? 20);
const EDITORS = Number(process.argv[3] ?? 1);
const CASE = process.argv[4] ?? "setext";
const FIXTURE_VIDEO = "https://www.youtube.com/watch?v=0pQ2r8VtZxE";

/** A fresh database for the run: the PostgreSQL one DATABASE_URL names (migrated by the app), else embedded. */
async function startServer() {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "vidscribe-edit-stall-"));
  const database: AppDatabase = dataDir
    ? { kind: "embedded", dataDir }
    : { kind: "postgres", url: process.env.DATABASE_URL as string };
  // Every role, fixture videos and the offline writer, so the article it edits is generated the ordinary way.
  const server = await startApp(database, { role: "all", env: { VIDEO_SOURCE: "fixtures" }, unset: ["LLM_PROVIDER"] });
  return {
    ...server,
    async stop() {
      await server.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const body = PATHOLOGICAL_MARKDOWN[CASE];
  if (!body) throw new Error(`no case "${CASE}"; one of: ${Object.keys(PATHOLOGICAL_MARKDOWN).join(", ")}`);
  const server = await startServer();
  try {
    const origin = server.baseUrl;
    const call = async (method: string, path: string, cookie?: string, payload?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { origin, ...(cookie ? { cookie } : {}), ...(payload ? { "content-type": "application/json" } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started, response };
    };

    const registered = await call("POST", "/api/auth/register", undefined, {
      email: `edit-stall.${Date.now()}@bench.invalid`,
      password: "bench-password-1",
      firstName: "Bench",
      lastName: "Author",
      preferredCategories: ["Technology"],
      preferredTopics: ["Startups"],
    });
    const sid = registered.response.headers.getSetCookie().find((cookie) => cookie.startsWith("sid="));
    if (registered.status !== 201 || !sid) throw new Error(`register: ${registered.status} ${registered.text}`);
    const cookie = sid.split(";")[0];
    const generated = await call("POST", "/api/articles", cookie, { youtubeUrl: FIXTURE_VIDEO });
    if (generated.status >= 300) throw new Error(`generate: ${generated.status} ${generated.text}`);
    let articleId: number | undefined;
    for (let i = 0; i < 240 && articleId === undefined; i++) {
      articleId = (JSON.parse((await call("GET", "/api/user/articles", cookie)).text) as { id: number }[])[0]?.id;
      if (articleId === undefined) await sleep(250);
    }
    if (articleId === undefined) throw new Error("the fixture article was not generated within a minute");

    const worst = body(MAX_CONTENT_LENGTH);
    // Two bodies in turn, so every save changes the text (and refreshes the receipts).
    const bodies = [worst, `${worst.slice(0, -1)}b`];
    const until = performance.now() + SECONDS * 1000;
    const editMs: number[] = [];
    const statuses: Record<number, number> = {};
    const editor = async () => {
      for (let i = 0; performance.now() < until; i++) {
        const saved = await call("PUT", `/api/articles/${articleId}`, cookie, {
          title: "Worst",
          content: bodies[i % 2],
        });
        // 503 is the render pool turning a flood away; anything else but 200 is a broken run.
        if (saved.status !== 200 && saved.status !== 503) throw new Error(`edit: ${saved.status} ${saved.text}`);
        statuses[saved.status] = (statuses[saved.status] ?? 0) + 1;
        editMs.push(saved.ms);
      }
    };
    const statsMs: number[] = [];
    const reader = async () => {
      while (performance.now() < until) {
        const stats = await call("GET", "/api/stats");
        if (stats.status !== 200) throw new Error(`stats: ${stats.status} ${stats.text}`);
        statsMs.push(stats.ms);
        await sleep(10);
      }
    };
    await Promise.all([...Array.from({ length: EDITORS }, editor), reader()]);

    const edits = summarize(editMs);
    const stats = summarize(statsMs);
    console.log(`${CASE} at ${MAX_CONTENT_LENGTH} characters, ${EDITORS} editor(s), ${SECONDS} s`);
    console.log(`edits  ${edits.runs} (${JSON.stringify(statuses)}): p50 ${edits.p50Ms} ms, p99 ${edits.p99Ms} ms`);
    console.log(`stats  ${stats.runs}: p50 ${stats.p50Ms} ms, p99 ${stats.p99Ms} ms, max ${stats.maxMs} ms`);
  } finally {
    await server.stop();
  }
}

await main();
