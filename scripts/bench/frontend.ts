/**
 * The front-end part of npm run bench: for the pages a reader meets first (the landing page, an
 * article page, the signed-in home feed), the gzipped JS and CSS each loads first
 * (page-weight.ts) and Lighthouse's performance figures (lighthouse.ts), against issue 7's
 * budget. Measured on the benchmark's own server, after the load, on its seeded data.
 */
import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "../chromium";
import { type LighthouseResult, runLighthouse, signUpForBench } from "./lighthouse";
import { measurePageWeight, type PageWeight } from "./page-weight";
import { untilQuiet } from "./quiet";

export type PageName = "landing" | "article" | "home";

/** Issue 7's front-end budget, per page: what is not named has no target. */
export interface PageBudget {
  minScore: number;
  maxLcpMs?: number;
  maxCls?: number;
  maxTbtMs?: number;
  maxFirstLoadJsKb?: number;
}

export const PAGE_BUDGETS: Record<PageName, PageBudget> = {
  landing: { minScore: 90 },
  article: { minScore: 95, maxLcpMs: 1500, maxCls: 0.02, maxTbtMs: 100, maxFirstLoadJsKb: 120 },
  home: { minScore: 90 },
};

export interface FrontEndPage {
  page: PageName;
  path: string;
  signedIn: boolean;
  /** Gzipped (level 9) module scripts and preloads the HTML names, in KB. */
  jsGzipKb: number;
  cssGzipKb: number;
  jsFiles: number;
  cssFiles: number;
  lighthouse: LighthouseResult | null;
  budget: PageBudget;
  /** What misses the budget, in words; empty when it is met. */
  misses: string[];
}

export interface FrontEndReport {
  pages: FrontEndPage[];
  /** Why Lighthouse did not run, or on which page it failed twice (page weights are still measured). */
  lighthouseSkipped: string | null;
  /** The machine's busiest share of CPU (percent) as a page's Lighthouse runs began; null when unknown. */
  busyPercent?: number | null;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** The figures of one page against its budget: each miss in words. */
export function pageMisses(
  budget: PageBudget,
  figures: { jsGzipKb: number; lighthouse: Pick<LighthouseResult, "score" | "lcpMs" | "tbtMs" | "cls"> | null },
): string[] {
  const misses: string[] = [];
  if (budget.maxFirstLoadJsKb !== undefined && figures.jsGzipKb >= budget.maxFirstLoadJsKb) {
    misses.push(`first-load JS ${figures.jsGzipKb} KB (budget under ${budget.maxFirstLoadJsKb} KB)`);
  }
  const lh = figures.lighthouse;
  if (!lh) return misses;
  if (lh.score < budget.minScore) misses.push(`performance ${lh.score} (budget at least ${budget.minScore})`);
  if (budget.maxLcpMs !== undefined && lh.lcpMs >= budget.maxLcpMs) {
    misses.push(`LCP ${lh.lcpMs} ms (under ${budget.maxLcpMs})`);
  }
  if (budget.maxTbtMs !== undefined && lh.tbtMs >= budget.maxTbtMs) {
    misses.push(`TBT ${lh.tbtMs} ms (under ${budget.maxTbtMs})`);
  }
  if (budget.maxCls !== undefined && lh.cls >= budget.maxCls) misses.push(`CLS ${lh.cls} (under ${budget.maxCls})`);
  return misses;
}

/** The budget in a few words, for the report's table. */
export function budgetText(budget: PageBudget): string {
  return [
    `score ≥${budget.minScore}`,
    budget.maxLcpMs !== undefined ? `LCP <${budget.maxLcpMs / 1000} s` : "",
    budget.maxCls !== undefined ? `CLS <${budget.maxCls}` : "",
    budget.maxTbtMs !== undefined ? `TBT <${budget.maxTbtMs} ms` : "",
    budget.maxFirstLoadJsKb !== undefined ? `JS <${budget.maxFirstLoadJsKb} KB` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** Comments the measured article gets first: a full first page, as a discussed article has. */
export const BENCH_COMMENTS = 20;
// Each reader writes fewer than the app's five comments a minute.
const COMMENTS_PER_READER = 4;

/**
 * Readers discuss the article before it is measured (issue 20: the page must stay light with
 * its comments): BENCH_COMMENTS comments, every fourth one a reply, through the API.
 */
async function discuss(baseUrl: string, articlePath: string): Promise<void> {
  const slug = decodeURIComponent(articlePath.replace(/^\/article\//, ""));
  const found = await fetch(`${baseUrl}/api/articles/slug/${encodeURIComponent(slug)}`);
  if (!found.ok) throw new Error(`${articlePath} answered ${found.status}`);
  const { id } = (await found.json()) as { id: number };
  let cookie = "";
  let parentId: number | null = null;
  for (let n = 0; n < BENCH_COMMENTS; n++) {
    if (n % COMMENTS_PER_READER === 0) cookie = await signUpForBench(baseUrl);
    const reply: boolean = n % 4 === 3 && parentId !== null;
    const response: Response = await fetch(`${baseUrl}/api/articles/${id}/comments`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify({
        body: `Reader ${n + 1}: the part about **${n % 2 ? "the method" : "the numbers"}** was the most useful to me, and I would like a follow-up on what comes next.`,
        ...(reply ? { parentId } : {}),
      }),
    });
    if (!response.ok) throw new Error(`commenting answered ${response.status}: ${await response.text()}`);
    if (!reply) parentId = ((await response.json()) as { id: number }).id;
  }
}

export async function measureFrontEnd(
  baseUrl: string,
  articlePath: string,
  options: { lighthouseRuns?: number; log?: (line: string) => void } = {},
): Promise<FrontEndReport> {
  await discuss(baseUrl, articlePath);
  // A reader of the seeded site, signed in, so home is their feed.
  const cookie = await signUpForBench(baseUrl);
  const pages: Array<{ page: PageName; path: string; cookie?: string }> = [
    { page: "landing", path: "/" },
    { page: "article", path: articlePath },
    { page: "home", path: "/", cookie },
  ];
  const weights: PageWeight[] = [];
  for (const p of pages) {
    const weight = await measurePageWeight(baseUrl, p.path, p.cookie);
    weights.push(weight);
    options.log?.(
      `page weight ${p.page} (${p.path}): JS ${kb(weight.js.gzipBytes)} KB in ${weight.js.files.length} files, CSS ${kb(weight.css.gzipBytes)} KB gzipped`,
    );
  }
  const lighthouse: Array<LighthouseResult | null> = [];
  // The machine's busy share as each page's Lighthouse runs began (quiet.ts).
  const busyShares: number[] = [];
  let lighthouseSkipped: string | null = null;
  if (existsSync(CHROMIUM_PATH)) {
    // Page by page, so that a failed trace (Lighthouse's NO_NAVSTART, now and then on a busy
    // machine) is tried once more for that page alone; a second failure is reported, not fatal:
    // the load figures of the run stand.
    const failed: string[] = [];
    for (const page of pages) {
      const busy = await untilQuiet(options.log);
      if (busy !== null) busyShares.push(busy);
      let result: LighthouseResult | null = null;
      for (let attempt = 1; attempt <= 2 && !result; attempt++) {
        try {
          [result] = await runLighthouse(baseUrl, [page], { runs: options.lighthouseRuns, log: options.log });
        } catch (error) {
          const message = (error as Error).message.split("\n")[0];
          options.log?.(`lighthouse ${page.page}: attempt ${attempt} failed: ${message}`);
          if (attempt === 2) failed.push(`${page.page}: ${message}`);
        }
      }
      lighthouse.push(result);
    }
    if (failed.length > 0) lighthouseSkipped = `failed twice on ${failed.join("; ")}`;
  } else {
    lighthouseSkipped = `${CHROMIUM_PATH} is missing (install chromium)`;
    options.log?.(`lighthouse: skipped, ${lighthouseSkipped}`);
  }
  return {
    lighthouseSkipped,
    busyPercent: busyShares.length ? Math.round(Math.max(...busyShares) * 100) : null,
    pages: pages.map((p, i) => {
      const budget = PAGE_BUDGETS[p.page];
      const jsGzipKb = kb(weights[i].js.gzipBytes);
      const result = lighthouse[i] ?? null;
      return {
        page: p.page,
        path: p.path,
        signedIn: Boolean(p.cookie),
        jsGzipKb,
        cssGzipKb: kb(weights[i].css.gzipBytes),
        jsFiles: weights[i].js.files.length,
        cssFiles: weights[i].css.files.length,
        lighthouse: result,
        budget,
        misses: pageMisses(budget, { jsGzipKb, lighthouse: result }),
      };
    }),
  };
}
