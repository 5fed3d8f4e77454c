// The article evaluation: writes every available sample video in every style, length and tone
// with each writer that can run offline (the extractive writer, and the LLM writer against the
// fake model on loopback in each of its modes), measures every article, and compares with the
// committed baseline:
//   npm run eval:articles [-- --writers extractive,faithful,… --videos id,id --quick --all-tones --jobs N --update-baseline]
// The fake models write each video × style × length in one tone (rotating), unless --all-tones.
// Writes eval/samples.md (baseline and current sample articles) and eval/last-run.json.
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { projectRoot } from "../../server/lib/paths";
import { aggregate } from "./aggregate";
import type { ArticleMeasure } from "./harness";
import {
  availableVideos,
  buildGrid,
  bundledVideoIds,
  caseId,
  EVAL_WRITERS,
  type EvalCase,
  type EvalWriter,
  evalVideoSource,
  HAND_MADE_IDS,
  SAMPLE_CASES,
} from "./inputs";
import { type Baseline, comparisonTable, failureLines, readBaseline, sampleOf, samplesMarkdown } from "./report";

const USAGE =
  "Usage: npm run eval:articles -- [--writers extractive,faithful,invent-quotes,invent-experts,paraphrase-in-quotes,bad-moments,no-links,all] [--videos ID,ID] [--quick] [--all-tones] [--jobs N] [--update-baseline]";

const EVAL_DIR = join(projectRoot, "eval");
const BASELINE_FILE = join(EVAL_DIR, "baseline.json");
/** A run that takes longer than this is stopped: the eval must stay cheap enough to run often. */
const MAX_RUN_MS = 10 * 60_000;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      writers: { type: "string" },
      videos: { type: "string" },
      quick: { type: "boolean", default: false },
      "all-tones": { type: "boolean", default: false },
      jobs: { type: "string" },
      "update-baseline": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const writers = values.writers ? (values.writers.split(",").map((w) => w.trim()) as EvalWriter[]) : [...EVAL_WRITERS];
  const unknown = writers.filter((w) => !EVAL_WRITERS.includes(w));
  if (unknown.length) {
    console.error(`Unknown writer(s): ${unknown.join(", ")}\n${USAGE}`);
    return 2;
  }
  const full = !values.writers && !values.videos && !values.quick && !values["all-tones"];
  if (values["update-baseline"] && !full) {
    console.error("--update-baseline needs the standard grid: leave out --writers, --videos, --quick and --all-tones.");
    return 2;
  }
  const jobs = Math.max(1, Number(values.jobs ?? Math.min(2, availableParallelism())));

  const source = evalVideoSource({ handMade: true });
  const asked = values.videos
    ? values.videos.split(",").map((v) => v.trim())
    : [...bundledVideoIds(), ...HAND_MADE_IDS];
  const videos = await availableVideos(source, asked);
  if (!videos.length) {
    console.error(`No available video among: ${asked.join(", ")}`);
    return 2;
  }
  const grid = buildGrid({
    videos,
    writers,
    oneToneForFakes: !values["all-tones"],
    ...(values.quick ? { lengths: ["medium"] as const, tones: ["informative"] as const } : {}),
  });
  const inGrid = new Set(grid.map(caseId));
  const samples = SAMPLE_CASES.filter((c) => videos.includes(c.video) && writers.includes(c.writer));
  // Sample articles outside a quick or filtered grid are written too, so samples.md is complete.
  const cases = [...grid, ...samples.filter((c) => !inGrid.has(caseId(c)))];
  const skipped = asked.filter((v) => !videos.includes(v));
  console.error(
    `Writing ${cases.length} articles: ${videos.length} videos × ${writers.length} writers${values.quick ? " (quick: medium, informative)" : ""} on ${jobs} lane(s)${skipped.length ? `; unavailable, skipped: ${skipped.join(", ")}` : ""}`,
  );

  const started = performance.now();
  const measures = await runLanes(cases, jobs);
  const seconds = (performance.now() - started) / 1000;
  const byId = new Map(measures.map((m) => [m.id, m]));
  const gridMeasures = grid.map((c) => byId.get(caseId(c))).filter((m): m is ArticleMeasure => m !== undefined);

  const figures = aggregate(gridMeasures, writers);
  const baseline = readBaseline(BASELINE_FILE);
  const summary = {
    quick: values.quick ?? false,
    allTones: values["all-tones"] ?? false,
    videos,
    writers,
    articles: gridMeasures.length,
  };
  mkdirSync(EVAL_DIR, { recursive: true });

  let compared = baseline;
  if (values["update-baseline"]) {
    const next: Baseline = {
      about:
        "Written by `npm run eval:articles -- --update-baseline` (scripts/eval): figures per writer over the full grid, and the sample articles of eval/samples.md. Shares are in percent.",
      updated: new Date().toISOString().slice(0, 10),
      grid: summary,
      aggregates: figures,
      samples: SAMPLE_CASES.map((c) => byId.get(caseId(c)))
        .filter((m): m is ArticleMeasure => m !== undefined)
        .map(sampleOf),
    };
    writeFileSync(BASELINE_FILE, `${JSON.stringify(next, null, 2)}\n`);
    compared = next;
  }

  console.log(comparisonTable(figures, baseline?.aggregates ?? null));
  if (!baseline) console.log("\nNo baseline yet: run with --update-baseline to keep these figures.");
  else if (JSON.stringify(baseline.grid) !== JSON.stringify(summary))
    console.log(
      `\nNote: the baseline covers ${baseline.grid.articles} articles (${baseline.grid.quick ? "quick" : "full"} grid), this run ${summary.articles}; shares compare, counts do not.`,
    );
  console.log("\n'!' marks a figure worse than the baseline's.");

  const failures = failureLines(gridMeasures);
  console.log(`\n${failures.length} article(s) breaking a rule the thresholds hold${failures.length ? ":" : "."}`);
  for (const line of failures.slice(0, 40)) console.log(`  ${line}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more in eval/last-run.json`);

  writeFileSync(join(EVAL_DIR, "samples.md"), samplesMarkdown(samples, byId, compared));
  writeFileSync(
    join(EVAL_DIR, "last-run.json"),
    `${JSON.stringify({ grid: summary, seconds: Math.round(seconds), aggregates: figures, articles: measures.map(({ markdown: _m, ...rest }) => rest) }, null, 2)}\n`,
  );
  console.error(
    `\n${measures.length} articles in ${seconds.toFixed(0)} s. Wrote eval/samples.md and eval/last-run.json${values["update-baseline"] ? " and eval/baseline.json" : ""}.`,
  );
  return 0;
}

/** Shares the cases among forked lanes (interleaved, so each gets a like mix) and gathers the measures. */
async function runLanes(cases: readonly EvalCase[], jobs: number): Promise<ArticleMeasure[]> {
  const worker = fileURLToPath(new URL("./worker.ts", import.meta.url));
  const measures: ArticleMeasure[] = [];
  const lanes = Array.from({ length: Math.min(jobs, cases.length) }, (_, lane) =>
    cases.filter((_, i) => i % jobs === lane),
  );
  let reported = 0;
  const children = lanes.map((share) => {
    const child = fork(worker, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const done = new Promise<void>((resolve, reject) => {
      child.on("message", (message: { measure: ArticleMeasure }) => {
        measures.push(message.measure);
        if (measures.length - reported >= 50 || measures.length === cases.length) {
          reported = measures.length;
          console.error(`  ${measures.length}/${cases.length}`);
        }
      });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`An eval lane exited with ${code}`))));
      child.on("error", reject);
    });
    child.send({ cases: share, handMade: true });
    return { child, done };
  });
  const timer = setTimeout(() => {
    console.error(`The eval took over ${MAX_RUN_MS / 60_000} minutes: stopping it.`);
    for (const { child } of children) child.kill();
  }, MAX_RUN_MS);
  try {
    await Promise.all(children.map((c) => c.done));
  } finally {
    clearTimeout(timer);
  }
  return measures;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
