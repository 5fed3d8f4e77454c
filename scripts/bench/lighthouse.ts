/**
 * Lighthouse's performance category on the pages a reader meets first (issue 7: the landing page
 * and home at least 90; an article page at least 95, LCP under 1.5 s, CLS under 0.02, TBT under
 * 100 ms). Lighthouse 12 (it runs on Node 20) drives the system Chromium through its DevTools port
 * with its default settings: a mobile device, simulated slow 4G and a 4x slower CPU, a cold cache.
 */

import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { createArticle, launchDebuggableChromium, signUp, startBuiltServer } from "./browser";
import { median } from "./percentiles";

export interface LighthouseResult {
  page: string;
  path: string;
  /** Performance score, 0 to 100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Each figure is the median of this many runs, taken metric by metric. */
  runs: number;
}

/** The interests a bench reader picks at sign-up, so home is a personal feed. */
const READER_INTERESTS = {
  preferredCategories: ["Technology", "Business", "Education"],
  preferredTopics: ["AI & Machine Learning", "Productivity", "Startups"],
};

/** Registers a fresh reader through the real API; answers the session Cookie header value. */
export function signUpForBench(baseUrl: string): Promise<string> {
  return signUp(baseUrl, READER_INTERESTS);
}

/** Requests a page a few times first: Lighthouse should meet a warm server, as readers do. */
async function warmUp(url: string, cookie: string | undefined): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
}

async function audit(url: string, port: number, cookie: string | undefined) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return value;
  };
  return {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
  };
}

export async function runLighthouse(
  baseUrl: string,
  pages: Array<{ page: string; path: string; cookie?: string }>,
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<LighthouseResult[]> {
  const runs = options.runs ?? 3;
  if (!(runs >= 1)) throw new Error("runs must be at least 1");
  const chromium = await launchDebuggableChromium();
  try {
    const results: LighthouseResult[] = [];
    for (const { page, path, cookie } of pages) {
      const url = new URL(path, baseUrl).toString();
      await warmUp(url, cookie);
      const samples: Array<Awaited<ReturnType<typeof audit>>> = [];
      for (let i = 0; i < runs; i += 1) samples.push(await audit(url, chromium.port, cookie));
      const mid = (pick: (s: (typeof samples)[number]) => number) => median(samples.map(pick));
      const result: LighthouseResult = {
        page,
        path,
        score: Math.round(mid((s) => s.score)),
        lcpMs: Math.round(mid((s) => s.lcpMs)),
        tbtMs: Math.round(mid((s) => s.tbtMs)),
        cls: Number(mid((s) => s.cls).toFixed(3)),
        fcpMs: Math.round(mid((s) => s.fcpMs)),
        runs,
      };
      results.push(result);
      options.log?.(
        `lighthouse ${page} (${path}): performance ${result.score}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}, FCP ${result.fcpMs} ms`,
      );
    }
    return results;
  } finally {
    await chromium.close();
  }
}

/** Articles for a server of its own (a guest's three): the 19-minute explainer's is the one measured. */
const SAMPLE_VIDEOS = ["0pQ2r8VtZxE", "kS9hT1c-W4e", "Rl7vQm2xK9c"];

// tsx scripts/bench/lighthouse.ts [--url http://127.0.0.1:PORT --article /article/<slug>] [--runs 3]
// Without --url it starts the built app on an embedded database and writes a few articles first.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { url: { type: "string" }, article: { type: "string" }, runs: { type: "string", default: "3" } },
  });
  if (values.url && !values.article) throw new Error("--url needs --article /article/<slug>");
  const server = values.url ? null : await startBuiltServer();
  try {
    const baseUrl = values.url ?? server!.baseUrl;
    const cookie = await signUpForBench(baseUrl);
    let article = values.article;
    for (const videoId of server ? SAMPLE_VIDEOS : []) {
      const slug = await createArticle(baseUrl, cookie, videoId);
      article ??= `/article/${slug}`;
    }
    const results = await runLighthouse(
      baseUrl,
      [
        { page: "landing", path: "/" },
        { page: "article", path: article! },
        { page: "home", path: "/", cookie },
      ],
      { runs: Number(values.runs), log: (line) => console.error(line) },
    );
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await server?.stop();
  }
}
