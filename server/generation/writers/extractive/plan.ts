import type { ArticleLength } from "../../../../contract/articles";
import { wordRange } from "../../text";
import type { Chapter, VideoData, WriteRequest } from "../../types";
import { type PickedComment, pickComments } from "./comments";
import { type DescriptionList, descriptionLists, descriptionSentences } from "./description";
import { type FrameLanguage, type Frames, frameLanguage, framesFor } from "./frames";
import { introducedVoices, type SentenceVoice } from "./introduced-speakers";
import { type KeyPhrase, keyPhrases, phraseKeys } from "./keyphrases";
import { cleanText } from "./markdown";
import { type Analysis, analyse, queryTerms, rankSentences } from "./rank";
import { headingKey, sectionHeading, withArticle } from "./section-headings";
import { capSections, isSkippedChapter, type Section, sectionsFromChapters, sectionsFromTopics } from "./segment";
import { buildCaseMap, isPunctuated, type Sentence } from "./sentences";
import {
  describedPresenter,
  guessSpeaker,
  isNews,
  type SpeakerKind,
  turnLabels,
  turnVoices,
  type Voice,
} from "./speakers";
import { cleanTitle } from "./title";
import { hash, stem } from "./tokens";
import { splitTranscript } from "./transcript";
import { placeSentences } from "./verbatim";

export {
  describedPresenter,
  guessSpeaker,
  looksLikePerson,
  type SpeakerKind,
  turnLabels,
  turnVoices,
  type Voice,
} from "./speakers";

/** How much of everything an article of each length holds. */
export const SHAPE: Record<
  ArticleLength,
  { sections: number; maxSections: number; takeaways: number; pullQuotes: number; comments: number }
> = {
  short: { sections: 3, maxSections: 3, takeaways: 3, pullQuotes: 1, comments: 2 },
  medium: { sections: 4, maxSections: 4, takeaways: 4, pullQuotes: 2, comments: 3 },
  long: { sections: 5, maxSections: 6, takeaways: 5, pullQuotes: 3, comments: 4 },
};

/** How many comments an article written without a transcript may quote, by length. */
const METADATA_COMMENTS: Record<ArticleLength, number> = { short: 4, medium: 8, long: 12 };

/** Facts about the video the framing may state (all plain text; escape before use). */
export interface Meta {
  videoId: string;
  url: string;
  headline: string;
  channel: string;
  /** Who speaks in the video, as first mentioned. */
  speaker: string;
  /** Later mentions (a surname, or the channel name). */
  speakerShort: string;
  speakerKind: SpeakerKind;
  /**
   * Who says each speaker turn, when the transcript has more than one speaker or labels its
   * speaker; a turn not listed is the speaker's.
   */
  voices: Map<number, Voice>;
  /** A reporter or presenter the description names, when the speaker is a news channel. */
  reporter: string | null;
  /** The language the article is framed in; null when unknown (fewer English frames). */
  lang: FrameLanguage | null;
  /** "March 1, 2025". */
  date: string | null;
  /** "21-minute", "2-hour". */
  duration: string | null;
  /** "more than 48,000", "1.2 million". */
  views: string | null;
}

export interface PlannedSection {
  section: Section;
  /** Plain-text heading. */
  heading: string;
  /** The heading as it reads inside a sentence, or null when it does not read well there. */
  topic: string | null;
  candidates: number[];
  importance: number;
  /** A sentence the heading says again whole: the section leaves it out. */
  restated: number | null;
}

export interface Plan {
  request: WriteRequest;
  meta: Meta;
  /** The writer's own words, in the article's language. */
  frames: Frames;
  /** "transcript" when there are enough transcript sentences, else "metadata". */
  source: "transcript" | "metadata";
  analysis: Analysis;
  scores: Float64Array;
  /** How well each sentence states the point of the whole video. */
  thesis: Float64Array;
  /** Like thesis, without the preference for the opening (for takeaways). */
  general: Float64Array;
  sections: PlannedSection[];
  /** Sentences of an opening "Intro" chapter and a closing "Outro" chapter. */
  intro: number[];
  outro: number[];
  /** Usable sentences of the description (plain text). */
  description: string[];
  /** Lists in the description (used when the transcript is missing or short). */
  lists: DescriptionList[];
  /** The transcript is missing or shorter than the longest article asked for. */
  thin: boolean;
  /** Chapters worth listing (for articles written without a transcript). */
  chapters: Chapter[];
  comments: PickedComment[];
  /** Topics in running text, most important first. */
  topics: string[];
  keyPhrases: KeyPhrase[];
  timed: boolean;
  /** The transcript had no punctuation (auto captions): its sentences are guesses. */
  unpunctuated: boolean;
  seed: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function formatDuration(seconds: number | null): string | null {
  if (!seconds || seconds < 20) return null;
  if (seconds < 90) return `${Math.round(seconds)}-second`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 100) return `${minutes}-minute`;
  const hours = Math.round((seconds / 3600) * 2) / 2;
  return `${hours}-hour`;
}

export function formatViews(views: number | null): string | null {
  if (!views || views < 100) return null;
  if (views >= 1_000_000) {
    const millions = Math.floor(views / 100_000) / 10;
    return `more than ${millions.toLocaleString("en-US")} million`;
  }
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(views)) - 1);
  const rounded = Math.floor(views / magnitude) * magnitude;
  return rounded === views ? views.toLocaleString("en-US") : `more than ${rounded.toLocaleString("en-US")}`;
}

function buildMeta(video: VideoData, frames: Frames, lang: FrameLanguage | null): Meta {
  const channel = cleanText(video.channel.name) || "the creator";
  const description = cleanText(video.description);
  const speaker = guessSpeaker(cleanText(video.title), channel, description);
  // "the report", "the speaker" in the article's language.
  const anonymous = speaker.name === "the report" ? frames.report : frames.anonymousSpeaker;
  const named = speaker.kind === "anonymous" ? { ...speaker, name: anonymous, short: anonymous } : speaker;
  return {
    videoId: video.id,
    url: video.url,
    headline: cleanTitle(video.title, channel),
    channel,
    speaker: named.name,
    speakerShort: named.short,
    speakerKind: named.kind,
    voices: new Map(),
    reporter: isNews(channel) ? describedPresenter(description, channel) : null,
    lang,
    date: formatDate(video.publishedAt),
    duration: formatDuration(video.durationSeconds),
    views: formatViews(video.viewCount),
  };
}

/** A chapter title fit for a heading: numbering, timestamps and emoji removed. */
export function cleanChapterTitle(title: string): string {
  return cleanText(title)
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, "")
    .replace(/^(?:(?:\d{1,2}:)?\d{1,2}:\d{2}\s*[-–—:]?\s*)/, "")
    .replace(/^(?:(?:chapter|part|step|section)\s+)?\d{1,2}\s*[.):–—-]\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A heading as it reads inside a sentence ("Why indexes slow writes" -> "why indexes slow writes"). */
export function topicFromHeading(heading: string, caseMap: ReadonlyMap<string, string>): string | null {
  const text = heading.replace(/[.:;!]+$/, "").trim();
  if (!text || /\?$/.test(text) || text.split(/\s+/).length > 8 || /[:|]/.test(text)) return null;
  if (
    /^(?:(?:what|who|where|when|why|how)\s+(?:is|are|was|were|do|does|did|can|should|will)\b|(?:is|are|do|does|can|should|will)\b)/i.test(
      text,
    )
  ) {
    return null;
  }
  const [first, ...rest] = text.split(/\s+/);
  const lower = first.toLowerCase();
  const keepCase =
    first !== first.charAt(0) + first.slice(1).toLowerCase() ||
    (caseMap.get(lower) ?? "").charAt(0) === first.charAt(0);
  const restText = rest
    .map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) && !caseMap.has(w.toLowerCase()) ? w.toLowerCase() : w))
    .join(" ");
  return [keepCase ? first : lower, restText].filter(Boolean).join(" ");
}

/** Builds everything the composers need from a request (pure, deterministic). */
export function buildPlan(request: WriteRequest): Plan {
  const { video, transcript, length } = request;
  const sample = transcript?.segments
    .slice(0, 120)
    .map((segment) => segment.text)
    .join(" ");
  const lang = frameLanguage(transcript?.language, sample || `${video.title}. ${video.description}`);
  const frames = framesFor(lang);
  const meta = buildMeta(video, frames, lang);
  const article = (phrase: string) => (lang === "en" || lang === null ? withArticle(phrase) : phrase);
  const chapters = video.chapters.filter((c) => !isSkippedChapter(c.title) && cleanChapterTitle(c.title));
  const caseMap = buildCaseMap(
    [video.description, meta.speakerKind === "person" ? `By ${meta.speaker}.` : ""],
    [meta.headline, meta.channel, ...chapters.map((c) => c.title)],
  );
  const transcriptSentences = transcript ? splitTranscript(transcript, { caseMap }) : [];
  const description = descriptionSentences(video.description);
  const transcriptWords = transcriptSentences.reduce((n, s) => n + s.wordCount, 0);
  const source: Plan["source"] = transcriptSentences.length >= 3 && transcriptWords >= 40 ? "transcript" : "metadata";
  const timed = source === "transcript" && Boolean(transcript?.timed);

  const sentences: Sentence[] =
    source === "transcript"
      ? transcriptSentences
      : placeSentences(cleanText(video.description), description).map(({ from, to }, index) => ({
          index,
          text: description[index],
          // The description is the creator's own text: quoted as it is.
          quote: description[index],
          spoken: description[index],
          turn: 0,
          from,
          to,
          start: null,
          end: null,
          wordCount: description[index].split(/\s+/).length,
        }));
  const analysis = analyse(sentences);
  const shape = SHAPE[length];
  if (source === "transcript" && transcript) {
    const texts = new Map<number, string[]>();
    for (const sentence of sentences) texts.set(sentence.turn, [...(texts.get(sentence.turn) ?? []), sentence.text]);
    const labels = turnLabels(transcript.segments);
    const voices = turnVoices(labels, texts, frames);
    // Turns a caption label names keep their speaker; the rest may be told apart by what is said.
    const fixed = new Set([...voices].filter(([, v]) => v.kind !== "anonymous").map(([t]) => t));
    const introduced = introducedVoices(sentences, {
      frames,
      news: isNews(meta.channel),
      english: lang === "en" || lang === null,
      fixed,
    });
    meta.voices = retellTurns(sentences, introduced, voices);
  }

  let sections: Section[];
  let chapterSections: Section[] = [];
  if (source === "transcript" && timed && chapters.length >= 2) {
    chapterSections = sectionsFromChapters(sentences, chapters);
    sections = chapterSections;
  } else {
    const count = Math.max(1, Math.min(shape.sections, Math.floor(sentences.length / 6)));
    sections = sectionsFromTopics(analysis, count);
  }

  const query = queryTerms([
    [video.title, 3],
    [chapters.map((c) => c.title).join(" . "), 1.5],
    [description.slice(0, 4).join(" "), 1],
  ]);
  const unpunctuated = Boolean(transcript) && source === "transcript" && !isPunctuated(transcript!.segments);
  const { scores, thesis, general } = rankSentences(analysis, {
    query,
    sections: sections.map((s) => [s.from, s.to]),
    unpunctuated,
    // The language the frame is in (the tag, else the text's own): its asides count, not every language's.
    language: lang ?? undefined,
  });
  if (chapterSections.length > 0) sections = fitChapters(chapterSections, scores, shape.maxSections);

  const intro = sections.filter((s) => s.role === "intro").flatMap((s) => range(s.from, s.to));
  const outro = sections.filter((s) => s.role === "outro").flatMap((s) => range(s.from, s.to));
  const body = sections.filter((s) => s.role === "body");

  // How many sections each stem appears in, to find words that distinguish one section.
  const sectionFrequency = new Map<string, number>();
  for (const section of body) {
    const stems = new Set<string>();
    for (let i = section.from; i < section.to; i++) for (const t of analysis.termSets[i]) stems.add(t);
    for (const t of stems) sectionFrequency.set(t, (sectionFrequency.get(t) ?? 0) + 1);
  }
  const titleStems = new Set([...queryTerms([[video.title, 1]]).keys()]);
  const sentenceTexts = sentences.map((s) => s.text);
  const ownWords = phraseKeys([meta.headline, ...description.slice(0, 6), ...chapters.map((c) => c.title)]);
  const usedHeadings = new Set<string>();
  // Generated headings never repeat each other (nor the title: sectionHeading checks).
  const takenHeadings = new Set<string>();
  const planned: PlannedSection[] = body.map((section, k) => {
    const candidates = range(section.from, section.to);
    let heading: string | null = null;
    let topic: string | null = null;
    let restated: number | null = null;
    if (section.chapterTitle) {
      const titles = section.chapterTitle.split("\u0000").map(cleanChapterTitle).filter(Boolean);
      // Two merged chapters read as "A and b"; more would make a list, so the weightiest names it.
      const second = titles[1] ? (topicFromHeading(titles[1], caseMap) ?? lowerFirst(titles[1], caseMap)) : "";
      const complex = titles.some((t) => /\sand\s|:/.test(t));
      heading = !second ? titles[0] : complex ? `${titles[0]}, plus ${second}` : `${titles[0]} and ${second}`;
    } else {
      const texts = candidates.map((i) => sentences[i].text);
      const weight = (s: string) => Math.log(1 + (body.length + 1) / (sectionFrequency.get(s) ?? 1));
      for (const minCount of [2, 1]) {
        const phraseOptions = { weight, boost: titleStems, boostPhrases: ownWords, minCount };
        const phrases = keyPhrases(texts, { ...phraseOptions, max: 6 }).filter((p) => !usedHeadings.has(p.key));
        const all = keyPhrases(texts, { ...phraseOptions, max: 40, distinct: false });
        const chosen = sectionHeading({
          sentences: sentenceTexts,
          from: section.from,
          to: section.to,
          last: k === body.length - 1,
          phrases,
          all,
          lang,
          taken: takenHeadings,
          title: meta.headline,
        });
        if (chosen) {
          ({ heading, topic } = chosen);
          restated = chosen.restated ?? null;
          takenHeadings.add(headingKey(chosen.heading));
          for (const p of phrases.slice(0, 2)) usedHeadings.add(p.key);
          break;
        }
      }
    }
    if (section.chapterTitle && heading) topic = topicFromHeading(heading, caseMap);
    heading = heading || frames.partHeading(k + 1);
    const importance = weightOf(scores, section.from, section.to);
    return { section, heading, topic, candidates, importance, restated };
  });

  const allTexts =
    source === "transcript"
      ? [meta.headline, ...description.slice(0, 4), ...sentences.map((s) => s.text)]
      : [meta.headline, ...description, ...chapters.map((c) => c.title)];
  const globalPhrases = keyPhrases(allTexts, {
    boost: titleStems,
    boostPhrases: ownWords,
    minCount: sentences.length > 20 ? 2 : 1,
    max: 12,
  });

  // Topics for the framing: chapter topics in video order when there are chapters, else the
  // strongest key phrases (generated headings pair two phrases and read badly in a list).
  // Each chapter on its own (before merging): its title in running text and its weight.
  const topics: string[] = [];
  const chapterTopics = chapterSections
    .filter((section) => section.role === "body" && section.chapterTitle)
    .map((section) => ({
      from: section.from,
      topic: topicFromHeading(cleanChapterTitle(section.chapterTitle!), caseMap),
      weight: weightOf(scores, section.from, section.to),
    }))
    .filter((c): c is { from: number; topic: string; weight: number } => Boolean(c.topic))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3)
    .sort((a, b) => a.from - b.from);
  for (const c of chapterTopics) topics.push(c.topic);
  const topicStems = topics.map((t) => new Set(queryTerms([[t, 1]]).keys()));
  // A phrase said once is not a topic (thin sources have nothing but such phrases).
  for (const phrase of salientPhrases(globalPhrases).filter((p) => p.count >= 2)) {
    if (topics.length >= 3) break;
    const text = article(phrase.text);
    const stems = new Set(phrase.key.split(" "));
    const overlaps = topicStems.some((other) => [...stems].some((s) => other.has(s)));
    if (!overlaps) {
      topics.push(text);
      topicStems.push(stems);
    }
  }

  return {
    request,
    meta,
    frames,
    source,
    analysis,
    scores,
    thesis,
    general,
    sections: planned,
    intro,
    outro,
    description,
    lists: descriptionLists(video.description),
    thin: source === "metadata" || transcriptWords < wordRange(length).max,
    chapters,
    // Without a transcript the comments are a larger share of what there is to report: a longer
    // article quotes more of them (each at most once) rather than fall short of its range.
    comments: request.includeComments
      ? pickComments(video.comments, source === "metadata" ? METADATA_COMMENTS[length] : shape.comments)
      : [],
    topics,
    keyPhrases: globalPhrases,
    timed,
    unpunctuated,
    seed: hash(`${video.id}:${request.style}:${request.tone}`),
  };
}

/**
 * Gives each change of speaker the transcript's words reveal a turn of its own (so no quotation
 * spans two speakers), renumbering the sentences' turns in order, and answers who says each turn:
 * the introduced speaker when known, else the caption turn's own voice.
 */
export function retellTurns(
  sentences: Sentence[],
  introduced: readonly SentenceVoice[],
  voices: ReadonlyMap<number, Voice>,
): Map<number, Voice> {
  const original = sentences.map((s) => s.turn);
  const out = new Map<number, Voice>();
  let turn = -1;
  sentences.forEach((sentence, k) => {
    const changed = k === 0 || original[k] !== original[k - 1] || introduced[k].speaker !== introduced[k - 1].speaker;
    if (changed) turn++;
    sentence.turn = turn;
    const voice = introduced[k].voice ?? voices.get(original[k]);
    if (voice && !out.has(turn)) out.set(turn, voice);
  });
  return out;
}

// Where section topics get their article; plan's callers and tests have always found it here.
export { withArticle };

/** "Deploys: where incidents begin" -> "deploys: where incidents begin" (names keep their capital). */
function lowerFirst(text: string, caseMap: ReadonlyMap<string, string>): string {
  const first = text.split(/[\s:]/, 1)[0];
  const known = caseMap.get(first.toLowerCase());
  if (/^\p{Lu}\p{Ll}*$/u.test(first) && !known) return text.charAt(0).toLowerCase() + text.slice(1);
  return text;
}

/** How much of the video's substance a stretch of sentences carries. */
function weightOf(scores: Float64Array, from: number, to: number): number {
  const top = range(from, to)
    .map((i) => scores[i])
    .sort((a, b) => b - a);
  return (top.slice(0, 3).reduce((a, b) => a + b, 0) / 3) * Math.sqrt(to - from);
}

/**
 * Chapters as article sections, at most `max` of them. Neighbouring chapters are merged in pairs
 * ("What an index is and how B-trees find rows"); when there are more than twice as many chapters
 * as sections (a two-hour talk with twenty chapters), the weightiest are kept first, so every
 * heading still names what is under it.
 */
function fitChapters(sections: Section[], scores: Float64Array, max: number): Section[] {
  let out = sections;
  const body = out.filter((s) => s.role === "body");
  if (body.length > max * 2) {
    const keep = new Set(
      body
        .map((s) => ({ s, w: weightOf(scores, s.from, s.to) }))
        .sort((a, b) => b.w - a.w || a.s.from - b.s.from)
        .slice(0, max * 2)
        .map(({ s }) => s),
    );
    out = out.filter((s) => s.role !== "body" || keep.has(s));
  }
  // Only neighbouring chapters merge, and only in pairs, so a heading never hides a third chapter.
  const titles = (s: Section) => (s.chapterTitle ?? "").split("\u0000").length;
  return capSections(out, max, (a, b) => a.to === b.from && titles(a) + titles(b) <= 2);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

// Single words too vague or too verb-like to name a topic or make a tag.
const GENERIC_SINGLE = new Set(
  `cut make bake use get put set run try add pay buy sell build keep start stop turn move change check test fix
  feel look need want eat go hour minute time way day week thing lot kind sort bit part step side end top
  idea case point fact work job mean talk show tell call`
    .split(/\s+/)
    .map((w) => stem(w)),
);

/**
 * Key phrases fit to name the video's topics: no numbers, no single verb or adverb forms, and no
 * single word that a longer phrase carries ("mistake" when "common sourdough mistake" is there).
 */
export function salientPhrases(phrases: readonly KeyPhrase[]): KeyPhrase[] {
  const usable = phrases.filter(
    (p) =>
      p.text.length >= 3 &&
      !/^\d/.test(p.text) &&
      (p.key.includes(" ") || (!/(?:ed|ing|ly)$/.test(p.key) && p.key.length >= 4 && !GENERIC_SINGLE.has(p.key))),
  );
  const multiword = usable.filter((p) => p.key.includes(" "));
  return usable.filter((p) => p.key.includes(" ") || !multiword.some((m) => m.key.split(" ").includes(p.key)));
}
