import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_STYLES, type ArticleLength, type ArticleStyle, type ArticleTone } from "../../../../contract/articles";
import { LENGTHS, TONES } from "../../../../contract/options";
import type { VideoData, WriteRequest } from "../../types";
import { BUNDLED_FIXTURES_DIR, createFixtureVideoSource } from "../../video/fixtures";
import { MORE_HELD_OUT_VIDEOS } from "./held-out-videos-2";
import { writeExtractive } from "./index";
import { buildPlan } from "./plan";
import {
  AUTO_CAPTIONS_VIDEO,
  AUTO_SPEAKERS_VIDEO,
  CHAPTERS_VIDEO,
  DASH_SPEAKERS_VIDEO,
  LABELLED_SPEAKERS_VIDEO,
  NO_TRANSCRIPT_VIDEO,
  REFERENCE_ESSAY,
  REFERENCE_LISTICLE,
  REPEATED_WORDS_VIDEO,
  SHORT_CLIP_VIDEO,
} from "./sample-videos";

/*
 * Quotation policy (shared/design/decisions.md): a quotation is the speaker's words verbatim, up
 * to case, punctuation and the fillers um/uh; an omission inside it is shown with "…"; a quote
 * never spans two speakers and never holds a speaker label. This checks every quotation of every
 * article the offline writer writes for the bundled fixtures and the sample videos, in every
 * style, length and tone, against the source it quotes. It knows nothing of how the writer works.
 */

// ---------------------------------------------------------------------------------------------
// Normalising text for comparison

const FILLERS = new Set(["um", "umm", "uh", "uhh", "uhm", "er", "err"]);

/** Words of a text up to case, punctuation and um/uh: what a quotation must reproduce. */
function words(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\\(?=\S)/g, "") // markdown escapes
    .replace(/(?<=[\p{L}\p{N}])['-](?=[\p{L}\p{N}])/gu, "") // "don't", "wi-fi" are one word
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .split(" ")
    .filter((w) => w && !FILLERS.has(w));
}

// Caption tags are not speech: "[Music]", "(applause)", "♪ … ♪".
const CAPTION_TAG =
  /\[[^\]\n]{0,40}\]|\((?:music|applause|laughter|laughs|inaudible|silence)\)|♪[^♪\n]{0,200}♪|[♪♫]/giu;

// ---------------------------------------------------------------------------------------------
// Speaker turns of a transcript

// A speaker label: a capitalised name of up to four words (or a number: "Speaker 2"), perhaps in
// brackets, and perhaps a broadcast role in capitals after a comma ("AMA SERWAA, SHOP OWNER"), then
// a colon, at the start of a caption line or after ">>".
const NAME_LABEL =
  /^\s*\[?(?:\p{Lu}[\p{L}.'’-]*|\d+)(?:\s+(?:\p{Lu}[\p{L}.'’-]*|\d+)){0,3}(?:,\s\p{Lu}[\p{Lu}.'’&-]*(?:\s\p{Lu}[\p{Lu}.'’&-]*){0,3})?\]?:(?:\s+|$)/u;

/**
 * A transcript as speaker turns, each a list of words: ">>" anywhere, or a dash or "NAME:" at the
 * start of a caption line, starts a new turn; the label itself is not part of anyone's words.
 */
function speakerTurns(segments: readonly { text: string }[]): string[][] {
  const turns: string[][] = [[]];
  for (const segment of segments) {
    const pieces = segment.text.replace(/&gt;&gt;/g, ">>").split(">>");
    pieces.forEach((piece, k) => {
      let text = piece.replace(CAPTION_TAG, " ");
      let change = k > 0;
      const label = NAME_LABEL.exec(text) ?? (k === 0 ? /^\s*[-–—]\s/.exec(text) : null);
      if (label) {
        text = text.slice(label[0].length);
        change = true;
      }
      if (change && turns[turns.length - 1].length > 0) turns.push([]);
      turns[turns.length - 1].push(...words(text));
    });
  }
  return turns.filter((t) => t.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Checking a quotation

/** How far apart two fragments of one quotation may be: a quotation does not stitch remarks minutes apart. */
const MAX_OMISSION_WORDS = 400;

/** Positions where `run` occurs in `text` from `from` on (before `to`). */
function* occurrences(text: readonly string[], run: readonly string[], from: number, to = text.length) {
  for (let i = from; i + run.length <= to; i++) {
    let k = 0;
    while (k < run.length && text[i + k] === run[k]) k++;
    if (k === run.length) yield i;
  }
}

/**
 * Whether a quotation is verbatim in one of the texts (speaker turns, comments, the description):
 * split at "…" or "...", every fragment must be a run of consecutive words of the same text, the
 * fragments in order, each ending within 400 words of the one before. Leading and trailing
 * omissions need no mark.
 */
function isVerbatim(quote: string, texts: readonly string[][]): boolean {
  const fragments = quote
    .split(/…|\.\.\./)
    .map(words)
    .filter((f) => f.length > 0);
  if (fragments.length === 0) return true;
  return texts.some((text) => {
    for (const start of occurrences(text, fragments[0], 0)) {
      let end = start + fragments[0].length;
      let ok = true;
      for (const fragment of fragments.slice(1)) {
        const next = occurrences(text, fragment, end, end + MAX_OMISSION_WORDS).next();
        if (next.done) {
          ok = false;
          break;
        }
        end = next.value + fragment.length;
      }
      if (ok) return true;
    }
    return false;
  });
}

/**
 * Every quotation in an article's markdown: text between straight double quotes (the writer's
 * own quotation marks; quoted text has its inner double quotes turned into single ones), in
 * running text, list items and "> …" pull quotes alike.
 */
function quotations(markdown: string): string[] {
  const out: string[] = [];
  for (const block of markdown.split(/\n{2,}/)) {
    const text = block.replace(/^>\s?/gm, "");
    const marks = [...text.matchAll(/"/g)].map((m) => m.index ?? 0);
    expect(marks.length % 2, `unbalanced quotation marks in: ${block}`).toBe(0);
    for (let k = 0; k + 1 < marks.length; k += 2) out.push(text.slice(marks[k] + 1, marks[k + 1]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The articles

function request(video: VideoData, style: ArticleStyle, length: ArticleLength, tone: ArticleTone): WriteRequest {
  return {
    video,
    transcript: video.transcript,
    style,
    length,
    tone,
    includeComments: true,
    category: null,
    referenceArticles: style === "custom" ? [REFERENCE_ESSAY, REFERENCE_LISTICLE] : [],
  };
}

interface Tally {
  quotes: number;
  verbatim: number;
}

function checkVideo(video: VideoData, style: ArticleStyle, tally: Tally): string[] {
  const sources: string[][] = [
    ...(video.transcript ? speakerTurns(video.transcript.segments) : []),
    ...(video.comments ?? []).map((c) => words(c.text)),
    words(video.description),
  ];
  // Comments and the description are quoted as they were written, however long.
  const others = [...(video.comments ?? []).map((c) => words(c.text)), words(video.description)];
  // The video's title is quoted as a title ("In "Indexes Explained," …"), not as speech.
  const title = words(buildPlan(request(video, style, "short", "informative")).meta.headline).join(" ");
  const failures: string[] = [];
  for (const length of LENGTHS) {
    for (const tone of TONES) {
      for (const quote of quotations(writeExtractive(request(video, style, length, tone)).markdown)) {
        if (words(quote).join(" ") === title) continue;
        tally.quotes++;
        if (isVerbatim(quote, sources)) tally.verbatim++;
        else failures.push(`${video.id} ${style} ${length} ${tone}: "${quote}"`);
        // A quotation of what was said is read at once: at most one omission, and a few
        // sentences of at most about 55 words (one long sentence alone may run longer, and so
        // may one with a sentence that leans on the one before, up to 90).
        const said = !isVerbatim(quote, others);
        if (said && (quote.match(/…/g) ?? []).length > 1)
          failures.push(`${video.id} ${style} ${length} ${tone}: two omissions in "${quote}"`);
        if (said && /[.!?] \S/.test(quote) && words(quote).length > 95)
          failures.push(`${video.id} ${style} ${length} ${tone}: a long quotation "${quote}"`);
      }
    }
  }
  return failures;
}

describe("the quotation check itself", () => {
  const turns = speakerTurns([
    { text: "Coach: nobody knows you you might" },
    { text: "start small. Player: I, uh, know." },
    { text: "Player: I know the um drill >> and I like it" },
    { text: "Coach: - Good." },
    { text: "Player: Fine." },
  ]);

  it("splits a transcript into speaker turns without the labels", () => {
    expect(turns).toEqual([
      ["nobody", "knows", "you", "you", "might", "start", "small", "player", "i", "know"],
      ["i", "know", "the", "drill"],
      ["and", "i", "like", "it"],
      ["good"],
      ["fine"],
    ]);
  });

  it("accepts the speaker's words up to case, punctuation, um and uh, with omissions marked", () => {
    expect(isVerbatim("Nobody knows you, you might start small.", turns)).toBe(true);
    expect(isVerbatim("You might start … I know.", turns)).toBe(true);
    expect(isVerbatim("I know the drill.", turns)).toBe(true);
  });

  it("rejects dropped words, reordering, spanning two speakers, labels and far-apart fragments", () => {
    expect(isVerbatim("Nobody knows you might start small.", turns)).toBe(false);
    expect(isVerbatim("I know. … Nobody knows you.", turns)).toBe(false);
    expect(isVerbatim("I know the drill and I like it.", turns)).toBe(false);
    expect(isVerbatim("I know the drill … and I like it.", turns)).toBe(false);
    expect(isVerbatim("Coach: nobody knows you.", turns)).toBe(false);
    const long = [["a", "b", ...Array.from({ length: 400 }, (_, k) => `w${k}`), "c", "d"]];
    expect(isVerbatim("A b … c d.", long)).toBe(false);
    expect(isVerbatim("A b … w300 w301.", long)).toBe(true);
  });

  it("finds quotations in prose, lists and pull quotes", () => {
    expect(quotations('As she puts it, "A, b." Then:\n\n> "C d."\n>\n> — Doe\n\n- "E" — @f')).toEqual([
      "A, b.",
      "C d.",
      "E",
    ]);
  });
});

const SAMPLES = [
  CHAPTERS_VIDEO,
  AUTO_CAPTIONS_VIDEO,
  NO_TRANSCRIPT_VIDEO,
  SHORT_CLIP_VIDEO,
  REPEATED_WORDS_VIDEO,
  LABELLED_SPEAKERS_VIDEO,
  DASH_SPEAKERS_VIDEO,
  AUTO_SPEAKERS_VIDEO,
  // Written after the writer: a lecture reading letters aloud, a panel, broadcast labels, German, a short.
  ...MORE_HELD_OUT_VIDEOS,
];

const fixtureIds = readdirSync(BUNDLED_FIXTURES_DIR)
  .filter((file) => file.endsWith(".json"))
  .filter((file) => !JSON.parse(readFileSync(join(BUNDLED_FIXTURES_DIR, file), "utf8")).unavailable)
  .map((file) => file.slice(0, -".json".length));

describe("every quotation is the speaker's words verbatim", () => {
  const tally: Record<"fixtures" | "samples", Tally> = {
    fixtures: { quotes: 0, verbatim: 0 },
    samples: { quotes: 0, verbatim: 0 },
  };
  const fixtures = new Map<string, VideoData>();
  beforeAll(async () => {
    const source = createFixtureVideoSource(BUNDLED_FIXTURES_DIR);
    for (const id of fixtureIds) fixtures.set(id, await source.fetchVideo(id));
  });
  afterAll(() => {
    for (const [name, { quotes, verbatim }] of Object.entries(tally)) {
      console.info(`quotations (${name}): ${verbatim}/${quotes} verbatim`);
    }
  });

  // Each test writes twelve articles (every length and tone); the two-hour talk takes seconds.
  for (const style of ARTICLE_STYLES) {
    for (const id of fixtureIds) {
      it(`fixture ${id}, ${style}, every length and tone`, { timeout: 30_000 }, () => {
        expect(checkVideo(fixtures.get(id)!, style, tally.fixtures)).toEqual([]);
      });
    }
    for (const video of SAMPLES) {
      it(`sample ${video.id}, ${style}, every length and tone`, { timeout: 30_000 }, () => {
        expect(checkVideo(video, style, tally.samples)).toEqual([]);
      });
    }
  }
});
