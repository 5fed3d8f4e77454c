import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ArticleLength, ArticleStyle, ArticleTone } from "../../contract/articles";
import { ARTICLE_STYLES, LENGTHS, TONES } from "../../contract/options";
import { type VideoData, type VideoSource, VideoUnavailableError } from "../../server/generation/types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../server/generation/video/fixtures";
import {
  HELD_OUT_VIDEOS,
  REVIEW_SCRIPT,
  ROLLING_CAPTION_VIDEOS,
  TRAVEL_SCRIPT,
} from "../../server/generation/writers/extractive/held-out-videos";
import {
  MORE_HELD_OUT_VIDEOS,
  PANEL_PODCAST_VIDEO,
  PANEL_TURNS,
  VLOG_RAMBLE_VIDEO,
  VLOG_SCRIPT,
} from "../../server/generation/writers/extractive/held-out-videos-2";
import {
  PRESS_CONFERENCE_VIDEO,
  PRESSER_SCRIPT,
  THIRD_HELD_OUT_VIDEOS,
} from "../../server/generation/writers/extractive/held-out-videos-3";
import {
  AUTO_CAPTIONS_VIDEO,
  AUTO_WORKSHOP_VIDEO,
  BIKE_WORKSHOP_SCRIPT,
  CHAPTERS_VIDEO,
  DEBT_SCRIPT,
  NO_TRANSCRIPT_VIDEO,
  SHORT_CLIP_VIDEO,
} from "../../server/generation/writers/extractive/sample-videos";
import { WRITER_MODES, type WriterMode } from "../../test/fakes/careless-writer";

/** The offline extractive writer, or the LLM writer against the fake model in one of its modes. */
export type EvalWriter = "extractive" | WriterMode;
export const EVAL_WRITERS: readonly EvalWriter[] = ["extractive", ...WRITER_MODES];

export interface EvalCase {
  video: string;
  style: ArticleStyle;
  length: ArticleLength;
  tone: ArticleTone;
  writer: EvalWriter;
}

export const caseId = (c: EvalCase) => `${c.video}/${c.style}/${c.length}/${c.tone}/${c.writer}`;

/** The ids of the bundled fixtures (some are unavailable on purpose; `availableVideos` skips them). */
export function bundledVideoIds(): string[] {
  return readdirSync(BUNDLED_FIXTURES_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

/** The extractive writer's hand-made samples: shapes the bundled fixtures do not have twice. */
const HAND_MADE: readonly VideoData[] = [
  CHAPTERS_VIDEO,
  AUTO_CAPTIONS_VIDEO,
  AUTO_WORKSHOP_VIDEO,
  NO_TRANSCRIPT_VIDEO,
  SHORT_CLIP_VIDEO,
  // Read after the writer was built, as an editor would (held-out-videos.ts).
  ...HELD_OUT_VIDEOS,
  ...MORE_HELD_OUT_VIDEOS,
  ...THIRD_HELD_OUT_VIDEOS,
  // Two of them again with captions as YouTube usually sends automatic ones: no pauses.
  ...ROLLING_CAPTION_VIDEOS,
];
export const HAND_MADE_IDS = HAND_MADE.map((v) => v.id);

/**
 * The scripts the automatically captioned samples were made from (lower-cased, stripped of
 * punctuation and cut into caption lines): where their sentences really end, for the eval's count
 * of article sentences that glue two together (glued.ts).
 */
export const CAPTION_SCRIPTS: ReadonlyMap<string, string> = new Map([
  [AUTO_CAPTIONS_VIDEO.id, DEBT_SCRIPT],
  [AUTO_WORKSHOP_VIDEO.id, BIKE_WORKSHOP_SCRIPT],
  [ROLLING_CAPTION_VIDEOS[0].id, REVIEW_SCRIPT],
  [ROLLING_CAPTION_VIDEOS[1].id, TRAVEL_SCRIPT],
  [PANEL_PODCAST_VIDEO.id, PANEL_TURNS.join(" ")],
  [VLOG_RAMBLE_VIDEO.id, VLOG_SCRIPT],
  [PRESS_CONFERENCE_VIDEO.id, PRESSER_SCRIPT.replace(/\n>> /g, " ")],
]);

/**
 * The fixture video source over the bundled fixtures and, when asked, the hand-made samples
 * written out as fixture files, so every video is read (and validated) the way the app reads one.
 */
export function evalVideoSource(options: { handMade: boolean }): VideoSource {
  const bundled = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);
  if (!options.handMade) return bundled;
  const dir = mkdtempSync(join(tmpdir(), "vidscribe-eval-"));
  for (const video of HAND_MADE) {
    const { url: _url, transcript, ...rest } = video;
    const fixture = {
      ...rest,
      transcript: transcript && { language: transcript.language, kind: transcript.kind, segments: transcript.segments },
    };
    writeFileSync(join(dir, `${video.id}.json`), JSON.stringify(fixture));
  }
  const samples = createFixtureVideoSource(dir);
  return {
    name: "fixtures",
    fetchVideo: (id) => (HAND_MADE_IDS.includes(id) ? samples.fetchVideo(id) : bundled.fetchVideo(id)),
  };
}

/** The videos that can be written about: unavailable ones (private, removed…) are left out. */
export async function availableVideos(source: VideoSource, ids: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    try {
      await source.fetchVideo(id);
      out.push(id);
    } catch (error) {
      if (!(error instanceof VideoUnavailableError)) throw error;
    }
  }
  return out;
}

export interface GridOptions {
  videos: readonly string[];
  writers: readonly EvalWriter[];
  styles?: readonly ArticleStyle[];
  lengths?: readonly ArticleLength[];
  tones?: readonly ArticleTone[];
}

/**
 * Every video × style × length × tone × writer asked for, in a stable order. With
 * `oneToneForFakes`, the fake models write each video × style × length in one tone only, a
 * different one from one combination to the next: a fake answers the same way in every tone (the
 * tone only reseeds it), so this keeps every tone covered at a quarter of the cost.
 */
export function buildGrid(options: GridOptions & { oneToneForFakes?: boolean }): EvalCase[] {
  const cases: EvalCase[] = [];
  const tones = options.tones ?? TONES;
  for (const video of options.videos)
    for (const style of options.styles ?? ARTICLE_STYLES)
      for (const length of options.lengths ?? LENGTHS)
        for (const tone of tones)
          for (const writer of options.writers) {
            const rotated = tones[stableHash(`${video}/${style}/${length}/${writer}`) % tones.length];
            if (options.oneToneForFakes && writer !== "extractive" && tone !== rotated) continue;
            cases.push({ video, style, length, tone, writer });
          }
  return cases;
}

/** The same small number for the same text on every run (not its place in a filtered run). */
const stableHash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);

/**
 * The articles kept in the baseline for people to read: every available bundled video, every
 * style and every writer at least once, across lengths and tones.
 */
export const SAMPLE_CASES: readonly EvalCase[] = [
  { video: "0pQ2r8VtZxE", style: "blog", length: "medium", tone: "informative", writer: "extractive" },
  { video: "Rl7vQm2xK9c", style: "nyt", length: "long", tone: "formal", writer: "faithful" },
  { video: "sD4uG8hNq1w", style: "custom", length: "medium", tone: "casual", writer: "invent-quotes" },
  { video: "Mh6_LvOw3sA", style: "blog", length: "medium", tone: "persuasive", writer: "invent-experts" },
  { video: "nB5wRk9Tz2Y", style: "nyt", length: "medium", tone: "informative", writer: "paraphrase-in-quotes" },
  { video: "Jf8sEo2-aQm", style: "custom", length: "medium", tone: "informative", writer: "bad-moments" },
  { video: "kS9hT1c-W4e", style: "blog", length: "short", tone: "casual", writer: "no-links" },
  { video: "0pQ2r8VtZxE", style: "nyt", length: "medium", tone: "formal", writer: "all" },
  { video: "Rl7vQm2xK9c", style: "custom", length: "long", tone: "informative", writer: "extractive" },
  { video: "nB5wRk9Tz2Y", style: "blog", length: "short", tone: "formal", writer: "extractive" },
  { video: "Jf8sEo2-aQm", style: "nyt", length: "medium", tone: "informative", writer: "extractive" },
  { video: "sD4uG8hNq1w", style: "blog", length: "short", tone: "persuasive", writer: "all" },
  // Held out, read after the writer was built: a press conference's speakers, an explainer's chain.
  { video: "presserFin1", style: "nyt", length: "medium", tone: "informative", writer: "extractive" },
  { video: "staleBread1", style: "blog", length: "medium", tone: "informative", writer: "extractive" },
];

// Reference articles for the custom style, written for the eval (the writer copies their form).

/** A sectioned explainer: short ### headings, second person, one bullet list. */
const REFERENCE_FIELD_NOTES = `Every workshop I run ends with the same question: where do I start? Here is the short answer I give, with the reasons behind it.

### Pick one problem

Don't try to fix the whole system in a week. Choose the one thing that costs you the most time and write it down where you will see it every morning.

### Measure before you change anything

A number you wrote down on Monday beats a feeling you have on Friday. Count how often the problem happens, how long it takes, and who it affects.

- Write the number down
- Note the date
- Check it again a week later

### Keep what works

Most changes will not matter. The few that do are worth protecting, so make them the default and move on to the next problem.`;

/** A reflective column: no headings, first person, short paragraphs that end on a question. */
const REFERENCE_COLUMN = `I used to think the hard part of learning anything was finding the right teacher. It isn't. The hard part is showing up on the days nothing seems to happen.

Last spring I watched a friend rebuild her small bakery's books from scratch. She had no training, only a stubborn habit of asking why a number looked the way it did.

What struck me was how ordinary her method was. She read, she tried, she wrote down what went wrong, and she tried again the next morning.

By summer she could explain her margins better than her accountant. Nobody handed her that. She earned it one boring evening at a time.

So when people ask me for the secret, I tell them about her. Is there a better answer than patience with a notebook?`;

/** A terse briefing: sentences of about five words, short paragraphs, no headings. */
const REFERENCE_TERSE = `The storm came at night. Nobody slept much.

By morning the road was gone. Water filled the lower fields. The old bridge held.

Farmers counted their losses. Some lost everything. Others lost a fence.

The council met at noon. It promised help. Money arrives next week.

Rebuilding starts on Monday. It will take months.`;

/** A long-sentence essay: one heading, sentences of thirty words and more, long paragraphs. */
const REFERENCE_ESSAY = `On slow institutions

When we speak of institutions that change slowly, we usually mean it as a complaint, as though the pace of a parliament or a university were a defect to be engineered away rather than a feature that protects the people who depend on it from the enthusiasms of any single year.

### The case for patience

A rule that can be rewritten overnight offers no shelter to the person who arranged their life around it, and so the friction that frustrates reformers is, seen from the other side, the very thing that allows ordinary people to plan a career, a loan or a family with some confidence that the ground will not move beneath them.

None of this means that every delay is wise, because institutions also use their slowness to protect the comfortable, and the hard work of judgement lies in telling a pause that guards the vulnerable from one that merely spares the powerful an inconvenient question.`;

/**
 * One reference per custom article, chosen by the video and length (not the place in the run, so a
 * filtered run writes the same articles as the full one) so every shape is exercised.
 */
export function referencesFor(c: EvalCase): string[] {
  if (c.style !== "custom") return [];
  const references = [REFERENCE_FIELD_NOTES, REFERENCE_COLUMN, REFERENCE_TERSE, REFERENCE_ESSAY];
  return [references[stableHash(`${c.video}/${c.length}`) % references.length]];
}
