import { describe, expect, it } from "vitest";
import { budgetText, PAGE_BUDGETS, pageMisses } from "./frontend";
import type { GenerationOverheadResult } from "./generation";
import { summarizeGeneration } from "./generation-summary";

const fast = { score: 97, lcpMs: 1200, tbtMs: 40, cls: 0.01 };

describe("the front-end budget", () => {
  it("holds the article page to score, LCP, TBT, CLS and first-load JS", () => {
    expect(pageMisses(PAGE_BUDGETS.article, { jsGzipKb: 110, lighthouse: fast })).toEqual([]);
    expect(
      pageMisses(PAGE_BUDGETS.article, {
        jsGzipKb: 130,
        lighthouse: { score: 94, lcpMs: 1500, tbtMs: 100, cls: 0.02 },
      }),
    ).toEqual([
      "first-load JS 130 KB (budget under 120 KB)",
      "performance 94 (budget at least 95)",
      "LCP 1500 ms (under 1500)",
      "TBT 100 ms (under 100)",
      "CLS 0.02 (under 0.02)",
    ]);
  });

  it("holds landing and home to the score only, and judges the weight alone without Lighthouse", () => {
    expect(pageMisses(PAGE_BUDGETS.home, { jsGzipKb: 500, lighthouse: { ...fast, lcpMs: 9000, score: 90 } })).toEqual(
      [],
    );
    expect(pageMisses(PAGE_BUDGETS.landing, { jsGzipKb: 10, lighthouse: { ...fast, score: 89 } })).toHaveLength(1);
    expect(pageMisses(PAGE_BUDGETS.article, { jsGzipKb: 121, lighthouse: null })).toHaveLength(1);
  });

  it("words the budget for the table", () => {
    expect(budgetText(PAGE_BUDGETS.article)).toBe("score ≥95, LCP <1.5 s, CLS <0.02, TBT <100 ms, JS <120 KB");
    expect(budgetText(PAGE_BUDGETS.home)).toBe("score ≥90");
  });
});

const timing = (p50Ms: number) => ({ runs: 20, p50Ms, p99Ms: p50Ms * 2, minMs: 1, maxMs: p50Ms * 3 });
const breakdown = { startP50Ms: 1, fetchP50Ms: 1, beforeWriteP50Ms: 1, writeP50Ms: 1, finishP50Ms: 1 };

describe("the generation budget", () => {
  it("holds instant-LLM runs to 200 ms, the longest transcript's extractive run to 1.5 s, first progress to 300 ms", () => {
    const result = {
      database: "pglite",
      extractive: [
        { videoId: "short", label: "6 min", transcriptWords: 700, timing: timing(400), breakdown },
        { videoId: "long", label: "2 h 0 min", transcriptWords: 20_000, timing: timing(1600), breakdown },
      ],
      llm: [{ videoId: "short", label: "6 min", timing: timing(150), llmCalls: 3, breakdown }],
      firstProgress: { timing: timing(320), firstServerEvent: null, articleBeforeStream: 0 },
      elapsedSeconds: { extractive: 10, llm: 5, firstProgress: 20.04 },
    } as GenerationOverheadResult;
    const report = summarizeGeneration(result);
    expect(report.elapsedSeconds).toBe(35);
    expect(report.rows.map((r) => [r.kind, r.label.split(" ")[0], r.maxP50Ms, r.meets])).toEqual([
      ["instant LLM", "short", 200, true],
      // A short video's extractive run has no budget of its own.
      ["extractive", "short", null, null],
      ["extractive", "long", 1500, false],
      ["first progress", "click", 300, false],
    ]);
  });
});
