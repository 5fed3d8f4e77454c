/**
 * Times the text functions on the worst markdown an author can send (issue 15, item 1). Not part of
 * the test suite: `npx tsx scripts/bench/markdown-worst.ts [size]`. Each case runs in its own
 * process with a time limit, so a case that would freeze for minutes is reported as "> limit".
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PATHOLOGICAL_MARKDOWN } from "../../test/pathological-markdown";

const SIZE = Number(process.argv[2] ?? 100_000);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_MS ?? 20_000);
const FUNCTIONS = ["countWords", "renderMarkdown", "markdownToPlainText", "refreshEvidence", "whole edit"] as const;

async function runOne(caseName: string, fn: string): Promise<void> {
  const { countWords } = await import("../../server/content/text");
  const { renderMarkdown, markdownToPlainText } = await import("../../server/content/render");
  const { refreshEvidence } = await import("../../server/generation/receipts/refresh");
  const input = PATHOLOGICAL_MARKDOWN[caseName](SIZE);
  const evidence = {
    checkedAt: new Date(0).toISOString(),
    quotes: [{ text: "a quote" }],
    sections: [{ heading: "A" }],
    moments: 0,
  } as unknown as Parameters<typeof refreshEvidence>[0];
  const call: Record<string, () => unknown> = {
    countWords: () => countWords(input),
    renderMarkdown: () => renderMarkdown(input),
    markdownToPlainText: () => markdownToPlainText(input),
    refreshEvidence: () => refreshEvidence(evidence, input, "dQw4w9WgXcQ"),
    // What PUT /api/articles/{id} runs on the event loop (server/articles/manage.ts).
    "whole edit": () => {
      renderMarkdown(input);
      markdownToPlainText(input);
      countWords(input);
      refreshEvidence(evidence, input, "dQw4w9WgXcQ");
    },
  };
  const start = performance.now();
  try {
    call[fn]();
    process.stdout.write(`${(performance.now() - start).toFixed(0)} ms`);
  } catch (error) {
    process.stdout.write(`throws (${(error as Error).message.split("\n")[0].slice(0, 12)})`);
  }
}

if (process.argv[3] && process.argv[4]) {
  await runOne(process.argv[3], process.argv[4]);
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`input size ${SIZE.toLocaleString("en-US")} characters, limit ${LIMIT_MS} ms per call`);
  console.log(["case".padEnd(22), ...FUNCTIONS.map((f) => f.padStart(20))].join(""));
  for (const caseName of Object.keys(PATHOLOGICAL_MARKDOWN)) {
    const cells: string[] = [];
    for (const fn of FUNCTIONS) {
      const result = spawnSync(process.execPath, ["--import", "tsx", self, String(SIZE), caseName, fn], {
        timeout: LIMIT_MS,
        encoding: "utf8",
      });
      cells.push((result.error || result.signal ? `> ${LIMIT_MS} ms` : result.stdout.trim() || "error").padStart(20));
    }
    console.log([caseName.padEnd(22), ...cells].join(""));
  }
}
