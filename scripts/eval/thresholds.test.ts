import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ArticleMeasure, type Harness, openHarness } from "./harness";
import { availableVideos, buildGrid, bundledVideoIds, EVAL_WRITERS, type EvalCase, evalVideoSource } from "./inputs";
import { THRESHOLD_RULES, violationLines } from "./thresholds";

/**
 * The eval's thresholds, held in `npm test`: every available bundled fixture in every style
 * (short and informative; the two-hour keynote long as well) with the extractive writer and with
 * the LLM writer against each careless fake model, written and measured exactly as
 * `npm run eval:articles` does. Whatever a writer makes up, the receipts must leave only verbatim
 * quotations, real moment links, named speakers and linked sections, and still publish.
 */

/** The bundled two-hour keynote: long articles from it go through the notes (map-reduce) path. */
const LONG_VIDEO = "Rl7vQm2xK9c";

const source = evalVideoSource({ handMade: false });
let harness: Harness;
const measures = new Map<string, ArticleMeasure[]>();

beforeAll(async () => {
  harness = await openHarness(source);
  const videos = await availableVideos(source, bundledVideoIds());
  expect(videos.length).toBeGreaterThanOrEqual(5);
  const cases: EvalCase[] = [
    ...buildGrid({ videos, writers: EVAL_WRITERS, lengths: ["short"], tones: ["informative"] }),
    ...(videos.includes(LONG_VIDEO)
      ? buildGrid({
          videos: [LONG_VIDEO],
          writers: EVAL_WRITERS,
          styles: ["blog"],
          lengths: ["long"],
          tones: ["formal"],
        })
      : []),
  ];
  for (const c of cases) {
    const measure = await harness.run(c);
    measures.set(c.writer, [...(measures.get(c.writer) ?? []), measure]);
  }
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe.each(EVAL_WRITERS)("articles by %s", (writer) => {
  it.each(THRESHOLD_RULES.map((rule) => [rule.name, rule] as const))("%s", (_name, rule) => {
    const articles = measures.get(writer) ?? [];
    expect(articles.length).toBeGreaterThan(0);
    expect(violationLines(articles, rule)).toEqual([]);
  });
});
