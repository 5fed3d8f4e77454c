import type { ArticleTone } from "../../../../contract/articles";
import { formatTimestamp, timestampUrl } from "../../text";
import { cleanText, escapeMarkdown } from "./markdown";
import {
  centralLead,
  closingHeading,
  closingLine,
  commentsHeading,
  commentsIntro,
  introCloser,
  introOpener,
  listPhrase,
  outroLead,
  pick,
  possessive,
  questionTransition,
  type Slots,
  saidVerb,
  saysVerb,
  takeawaysHeading,
  transition,
  type Voice,
} from "./phrases";
import { cleanChapterTitle, type Plan, SHAPE, topicFromHeading } from "./plan";
import { hasVerb, isAnnouncement, isNearDuplicate, leansOnPrevious, pickSentences, queryTerms } from "./rank";
import { jaccard } from "./tokens";
import { follows } from "./transcript";
import { MAX_OMISSION_WORDS, placeSentences } from "./verbatim";

const CASE: ReadonlyMap<string, string> = new Map();

/** What a composer wrote for one word budget. */
export interface Composition {
  markdown: string;
  /** True when the source ran out before the budget did. */
  exhausted: boolean;
}

// ---------------------------------------------------------------------------------------------
// Sentence helpers

const FIRST_SINGULAR = /(?:^|[^\p{L}'])(?:I|I'm|I've|I'd|I'll|[Mm]e|[Mm]y|[Mm]ine|[Mm]yself)(?=$|[^\p{L}'])/u;
const PERSONAL =
  /\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|we'll|we'd|us|our|ours|let's|you|you're|you've|you'll|you'd|your|yours)\b/i;
// Spoken openers an extract can lose: "So, and then…". Words that can start a real sentence
// ("Now is…", "Look at…", "So far…") only go when a comma sets them off.
const LEADING_CONNECTOR =
  /^(?:(?:(?:and so|and then|and|so|also|plus|basically|okay|ok|alright|all right|um|uh|oh|anyway)\b(?!\s+(?:far|much|many|long|on)\b|\s+that\b(?!['’]s))|(?:well|yeah|yes|right|look|listen|see|now)\s*,)[,\s]*)+/i;

/**
 * A sentence that can open a news story as a statement of fact: impersonal, not a list item
 * ("Mistake number two …"), not a continuation ("And …", "Third, …").
 */
export function isCleanStatement(text: string): boolean {
  return (
    !isPersonal(text) &&
    !leansOnPrevious(text) &&
    !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(text) &&
    !/^(?:and|but|or|so|because|step|tip|mistake|rule|part|chapter)\b/i.test(text)
  );
}

/** Description sentences that add something the transcript sentences do not already say. */
function descriptionExtras(plan: Plan, max: number): string[] {
  const said = plan.analysis.sentences.map((s) => new Set(queryTerms([[s.text, 1]]).keys()));
  const out: string[] = [];
  for (const sentence of plan.description) {
    const terms = new Set(queryTerms([[sentence, 1]]).keys());
    if (terms.size === 0 || said.some((other) => jaccard(terms, other) >= 0.5)) continue;
    out.push(sentence);
    if (out.length >= max) break;
  }
  return out;
}

/** A list label from a description, calmed: "RECIPE (control loaf)" -> "Recipe (control loaf)". */
function calmLabel(label: string): string {
  const letters = label.replace(/[^\p{L}]/gu, "");
  const shouting = letters.length > 3 && letters === letters.toUpperCase();
  const text = shouting ? label.toLowerCase().replace(/^\p{L}/u, (c) => c.toUpperCase()) : label;
  // "The band is:" -> "The band".
  return text
    .replace(/\s+(?:are|is|were|was|includes?)$/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A topic that reads as a thing ("the cost of writes"), not a clause ("when the planner ignores it"). */
export function isNounPhrase(topic: string): boolean {
  // "And choosing the value metric and packaging into tiers?" is not a question anyone asks.
  return !/^(?:how|why|what|when|where|who|which|whether|if)\b/i.test(topic) && !/\sand\s|,/.test(topic);
}

export function isFirstPersonSingular(text: string): boolean {
  return FIRST_SINGULAR.test(text);
}

export function isPersonal(text: string): boolean {
  return PERSONAL.test(text);
}

/** Drops the spoken connectors a sentence opened with ("So, and then …") and recapitalises. */
export function trimLead(text: string): string {
  const trimmed = text.replace(LEADING_CONNECTOR, "");
  if (trimmed === text || trimmed.split(/\s+/).length < 4) return text;
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Escaped text of a sentence for use in prose. */
function prose(plan: Plan, index: number): string {
  return escapeMarkdown(trimLead(plan.analysis.sentences[index].text));
}

/**
 * Escaped text for use inside double quotes (inner double quotes become single ones), opening
 * a quotation: spoken connectors it starts with ("So, and then") may go, as the words before a
 * quotation do. Inside a quotation nothing goes (see quotedRun).
 */
function quoted(text: string): string {
  return escapeMarkdown(trimLead(text).replace(/["“”]/g, "'"));
}

/** Escaped text for use inside double quotes, word for word. */
function quotedAsIs(text: string): string {
  return escapeMarkdown(text.replace(/["“”]/g, "'"));
}

/**
 * The words one speaker said in some sentences, for inside double quotes: verbatim (up to um/uh,
 * case and punctuation), with "…" where words were left out between two sentences. Give it only
 * sentences one quotation may hold (see oneQuotation).
 */
function quotedRun(plan: Plan, run: readonly number[]): string {
  const sentences = plan.analysis.sentences;
  return run
    .map((i, j) => {
      if (j === 0) return quoted(sentences[i].quote);
      return follows(sentences[run[j - 1]], sentences[i])
        ? quotedAsIs(sentences[i].spoken)
        : `… ${quoted(sentences[i].quote)}`;
    })
    .join(" ");
}

/**
 * Whether one quotation may hold sentence `b` after sentence `a`: the same speaker said both, not
 * far apart (a quotation never spans two speakers, nor stitches remarks minutes apart).
 */
function oneQuotation(plan: Plan, a: number, b: number): boolean {
  const first = plan.analysis.sentences[a];
  const next = plan.analysis.sentences[b];
  return first.turn === next.turn && next.to - first.to <= MAX_OMISSION_WORDS;
}

/**
 * Sentences of the description quoted together, with "…" where the description has more between
 * them; sentences far from the first are left out.
 */
function quotedDescription(plan: Plan, texts: readonly string[]): string {
  const places = placeSentences(cleanText(plan.request.video.description), texts);
  const near = texts.filter(
    (_, k) => k === 0 || (places[k].from >= 0 && places[k].to - places[0].to <= MAX_OMISSION_WORDS),
  );
  return near
    .map((text, k) => {
      if (k === 0) return quoted(text);
      const [a, b] = [places[texts.indexOf(near[k - 1])], places[texts.indexOf(text)]];
      return a.to === b.from ? quotedAsIs(text) : `… ${quoted(text)}`;
    })
    .join(" ");
}

/** `"Text," Doe said.` / `"Text?" Doe asked.` from an escaped sentence ending in . ? or ! */
function quoteThenSpeaker(text: string, who: string, verb: string, tail = "."): string {
  if (/[.…]$/.test(text) && !/\.\.\.$|…$/.test(text)) return `"${text.slice(0, -1)}," ${who} ${verb}${tail}`;
  return `"${text}" ${who} ${verb}${tail}`;
}

/** A statement with "…, Doe said." appended. */
function attributeStatement(text: string, who: string, verb: string): string {
  if (/[.!]$/.test(text) && !/\.\.\.$/.test(text)) return `${text.slice(0, -1)}, ${who} ${verb}.`;
  return `${text} (${who} ${verb}.)`;
}

function timestampLink(plan: Plan, seconds: number, text = formatTimestamp(seconds)): string {
  return `[${text}](${timestampUrl(plan.meta.videoId, seconds)})`;
}

function slots(plan: Plan): Slots {
  return {
    title: escapeMarkdown(plan.meta.headline.replace(/"/g, "'")),
    channel: escapeMarkdown(plan.meta.channel),
    speaker: escapeMarkdown(plan.meta.speaker),
    topics: plan.topics.map(escapeMarkdown),
    duration: plan.meta.duration,
    timed: plan.timed,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Tracks the speaker's mentions: the full name first, then the short form (a surname); a channel
 * speaking for itself alternates its name with "the creator" so paragraphs do not all repeat it.
 */
class Speaker {
  private mentions = 0;
  constructor(private readonly plan: Plan) {}
  get name(): string {
    const { speaker, speakerShort, speakerKind } = this.plan.meta;
    const n = this.mentions++;
    if (n === 0) return escapeMarkdown(speaker);
    if (speakerKind === "channel" && n % 2 === 0) return "the creator";
    return escapeMarkdown(speakerShort);
  }
  mark(): void {
    this.mentions++;
  }
}

// ---------------------------------------------------------------------------------------------
// Selection

interface Selection {
  central: number | null;
  takeaways: number[];
  pullQuotes: Map<number, number>;
  perSection: number[][];
  outro: number | null;
  words: number;
  exhausted: boolean;
}

function words(plan: Plan, indexes: Iterable<number>): number {
  let n = 0;
  for (const i of indexes) n += plan.analysis.sentences[i].wordCount;
  return n;
}

function bestOf(
  plan: Plan,
  candidates: readonly number[],
  used: Set<number>,
  accept: (text: string, wordCount: number) => boolean,
  scores = plan.scores,
): number | null {
  let best: number | null = null;
  for (const i of candidates) {
    const sentence = plan.analysis.sentences[i];
    if (used.has(i) || scores[i] <= 0 || !accept(sentence.text, sentence.wordCount)) continue;
    if (best === null || scores[i] > scores[best]) {
      if (!isNearDuplicate(plan.analysis, i, used)) best = i;
    }
  }
  return best;
}

const isStatement = (text: string, n: number) =>
  hasVerb(text) &&
  n >= 8 &&
  n <= 35 &&
  !/\?["”]?$/.test(text) &&
  !/^(?:for example|for instance|like|say|imagine)\b/i.test(text) &&
  !leansOnPrevious(text) &&
  !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(text);

interface SelectOptions {
  takeaways: number;
  pullQuotes: number;
  /** Prefer impersonal sentences for the central point (news ledes). */
  impersonalCentral: boolean;
  /** Preferred sentence length, when imitating a reference style. */
  sentenceTarget: number | null;
}

/**
 * Chooses the sentences for a word budget: the central point, takeaways (one per section, most
 * important sections first), pull quotes, a closing thought, and then each section's share of
 * what remains, in proportion to its importance. Nothing is chosen twice and no near-duplicates.
 */
function select(plan: Plan, budget: number, options: SelectOptions): Selection {
  const used = new Set<number>();
  let scores = plan.scores;
  // Auto captions have no commas: shorter sentences are easier to read.
  const sentenceTarget = options.sentenceTarget ?? (plan.unpunctuated ? 15 : null);
  if (sentenceTarget) {
    const target = sentenceTarget;
    scores = plan.scores.map(
      (s, i) => s * (1 - 0.35 * Math.min(1, Math.abs(plan.analysis.sentences[i].wordCount - target) / target)),
    );
  }
  const body = plan.sections.flatMap((s) => s.candidates);
  const everything = [...plan.intro, ...body, ...plan.outro];

  const thesis = plan.thesis;
  const anyCentral = bestOf(plan, everything, used, isStatement, thesis);
  let central = anyCentral;
  if (options.impersonalCentral && anyCentral !== null) {
    const impersonal = bestOf(plan, everything, used, (t, n) => isStatement(t, n) && !isPersonal(t), thesis);
    if (impersonal !== null && thesis[impersonal] >= thesis[anyCentral] * 0.6) central = impersonal;
  }
  if (central !== null) used.add(central);

  const byImportance = plan.sections
    .map((section, k) => ({ section, k }))
    .sort((a, b) => b.section.importance - a.section.importance || a.k - b.k);

  // Takeaways are general statements, not the most detailed sentences of a section.
  const generalScores = plan.general;
  const takeaways: number[] = [];
  for (let round = 0; round < 2 && takeaways.length < options.takeaways; round++) {
    for (const { section } of byImportance) {
      if (takeaways.length >= options.takeaways) break;
      const best = bestOf(
        plan,
        section.candidates,
        used,
        (t, n) =>
          n >= 6 &&
          n <= (plan.unpunctuated ? 22 : 30) &&
          !/\?["”]?$/.test(t) &&
          !isFirstPersonSingular(t) &&
          !leansOnPrevious(t) &&
          !isAnnouncement(t) &&
          hasVerb(t),
        generalScores,
      );
      if (best !== null) {
        takeaways.push(best);
        used.add(best);
      }
    }
  }
  takeaways.sort((a, b) => a - b);

  const pullQuotes = new Map<number, number>();
  for (const { section, k } of byImportance) {
    if (pullQuotes.size >= options.pullQuotes) break;
    const best = bestOf(
      plan,
      section.candidates,
      used,
      (t, n) => n >= 8 && n <= 35 && isPersonal(t) && !/\?["”]?$/.test(t),
      scores,
    );
    if (best !== null && scores[best] >= 0.5 * Math.max(...section.candidates.map((i) => scores[i]))) {
      pullQuotes.set(k, best);
      used.add(best);
    }
  }

  // Without a transcript there is no "end of the video" to quote from.
  const closingPool = plan.source === "metadata" ? [] : plan.outro.length > 0 ? plan.outro : lastStretch(plan);
  const outro =
    budget > 250 ? bestOf(plan, closingPool, used, (t, n) => n >= 7 && n <= 40 && !/\?["”]?$/.test(t), scores) : null;
  if (outro !== null) used.add(outro);

  const fixed = words(plan, used);
  const remaining = Math.max(0, budget - fixed);
  const totalImportance = plan.sections.reduce((sum, s) => sum + s.importance, 0) || 1;
  const perSection = plan.sections.map((section) =>
    pickSentences(
      plan.analysis,
      scores,
      section.candidates.filter((i) => !used.has(i)),
      Math.max(12, (remaining * section.importance) / totalImportance),
      used,
    ),
  );
  // Sections that could not use their share leave words over: offer them to the others.
  let total = words(plan, used);
  for (let pass = 0; pass < 2 && total < budget * 0.97; pass++) {
    for (const [k, { section }] of byImportance.entries()) {
      if (total >= budget * 0.97) break;
      const more = pickSentences(
        plan.analysis,
        scores,
        section.candidates.filter((i) => !used.has(i)),
        Math.min(budget - total, (budget - total) / Math.max(1, byImportance.length - k) + 15),
        used,
      );
      const target = perSection[plan.sections.indexOf(section)];
      target.push(...more);
      target.sort((a, b) => a - b);
      total += words(plan, more);
    }
  }
  return {
    central,
    takeaways,
    pullQuotes,
    perSection,
    outro,
    words: total,
    exhausted: total < budget * 0.9,
  };
}

function lastStretch(plan: Plan): number[] {
  const last = plan.sections[plan.sections.length - 1];
  if (!last) return [];
  const from = last.candidates[Math.floor(last.candidates.length * 0.7)] ?? last.candidates[0];
  return last.candidates.filter((i) => i >= from);
}

// ---------------------------------------------------------------------------------------------
// Paragraphs

interface Item {
  index: number;
  quote: boolean;
}

function paragraphsOf(plan: Plan, indexes: readonly number[], size: number, maxWords: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let wordsIn = 0;
  let previous = -1;
  for (const i of indexes) {
    const n = plan.analysis.sentences[i].wordCount;
    const jump = previous >= 0 && i - previous > 8;
    // A sentence that leans on the one before it stays in its paragraph.
    const attached = previous === i - 1 && leansOnPrevious(plan.analysis.sentences[i].text);
    if (
      current.length > 0 &&
      !attached &&
      (current.length >= size || wordsIn + n > maxWords || (jump && current.length >= 2))
    ) {
      out.push(current);
      current = [];
      wordsIn = 0;
    }
    current.push(i);
    wordsIn += n;
    previous = i;
  }
  if (current.length) out.push(current);
  // A lone one-sentence paragraph at the end joins the previous one when it is short.
  if (out.length >= 2 && out[out.length - 1].length === 1 && out[out.length - 2].length < size + 1) {
    const tail = out.pop()!;
    out[out.length - 1].push(...tail);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Blog and custom

export interface ProseOptions {
  headingLevel: 2 | 3 | null;
  /** Number the section headings ("1. The cost of writes"), as listicles do. */
  numberedHeadings: boolean;
  takeaways: { marker: "bullet" | "numbered"; position: "top" | "bottom" } | null;
  paragraphSentences: number;
  pullQuotes: boolean;
  questions: boolean;
  voice: Voice;
  exclaim: boolean;
  timestampLines: boolean;
  transitions: boolean;
  sentenceTarget: number | null;
  commentsAsList: boolean;
}

export const BLOG_OPTIONS: ProseOptions = {
  headingLevel: 2,
  numberedHeadings: false,
  takeaways: { marker: "bullet", position: "top" },
  paragraphSentences: 3,
  pullQuotes: true,
  questions: false,
  voice: "second",
  exclaim: false,
  timestampLines: true,
  transitions: true,
  sentenceTarget: null,
  commentsAsList: true,
};

function list(items: string[], marker: "bullet" | "numbered"): string {
  return items.map((item, k) => `${marker === "numbered" ? `${k + 1}.` : "-"} ${item}`).join("\n");
}

/** A blog-like article (blog style, and custom styles shaped by a reference profile). */
export function composeProse(plan: Plan, options: ProseOptions, budget: number): Composition {
  const { tone, length } = plan.request;
  const shape = SHAPE[length];
  const metadataOnly = plan.source === "metadata";
  const selection = select(plan, budget, {
    takeaways: options.takeaways && !metadataOnly ? shape.takeaways : 0,
    pullQuotes: options.pullQuotes && !metadataOnly ? shape.pullQuotes : 0,
    impersonalCentral: true,
    sentenceTarget: options.sentenceTarget,
  });
  const s = slots(plan);
  const speaker = new Speaker(plan);
  const seed = plan.seed;
  const blocks: string[] = [];
  const heading = (text: string, level = options.headingLevel) => {
    if (level) blocks.push(`${"#".repeat(level)} ${text}`);
  };
  let quoteCount = 0;

  // Introduction.
  const intro: string[] = [];
  if (metadataOnly) {
    // No transcript: say who published what, and let the description's opening speak.
    const when = plan.meta.date ? ` on ${plan.meta.date}` : "";
    intro.push(`${s.channel} published "${s.title}" on YouTube${when}.`);
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      intro.push(
        isPersonal(sentence.text)
          ? `The description reads: "${quoted(sentence.quote)}"`
          : prose(plan, selection.central),
      );
    } else if (plan.description.length === 0 && plan.chapters.length === 0) {
      intro.push("The video's page says little more than that.");
    }
  } else {
    const firstTopic = plan.topics[0];
    const asks = options.questions && firstTopic !== undefined && isNounPhrase(firstTopic);
    // After "Ever wondered about X?" the opener lists the other topics.
    const openerSlots = asks && s.topics.length > 1 ? { ...s, topics: s.topics.slice(1) } : s;
    if (asks) intro.push(`Ever wondered about ${escapeMarkdown(firstTopic)}?`);
    intro.push(introOpener(tone, options.voice, openerSlots, seed));
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      if (isFirstPersonSingular(sentence.text)) {
        intro.push(`As ${speaker.name} puts it, "${quoted(sentence.quote)}"`);
      } else {
        intro.push(`${centralLead(tone, seed)} ${prose(plan, selection.central)}`.trim());
      }
    }
    intro.push(introCloser(tone, options.voice, plan.timed, seed));
  }
  if (options.exclaim) intro[intro.length - 1] = intro[intro.length - 1].replace(/\.$/, "!");
  blocks.push(intro.join(" "));

  const takeaways = () => {
    if (!options.takeaways || selection.takeaways.length === 0) return;
    if (options.headingLevel) heading(takeawaysHeading(tone));
    else blocks.push(tone === "formal" ? "In summary:" : "In short:");
    blocks.push(
      list(
        selection.takeaways.map((i) => prose(plan, i)),
        options.takeaways.marker,
      ),
    );
  };
  if (options.takeaways?.position === "top") takeaways();

  // Chapters, for articles written without a transcript.
  if (metadataOnly && plan.chapters.length > 0) {
    heading("What the video covers");
    blocks.push(
      list(
        plan.chapters.map((c) => `${timestampLink(plan, c.startSeconds)} ${escapeMarkdown(c.title)}`),
        "bullet",
      ),
    );
  }

  // Sections.
  let sectionNumber = 0;
  plan.sections.forEach((section, k) => {
    const chosen = selection.perSection[k];
    const pull = selection.pullQuotes.get(k);
    if (chosen.length === 0 && pull === undefined) return;
    const n = sectionNumber++;
    if (options.headingLevel && !(metadataOnly && plan.sections.length === 1)) {
      const number = options.numberedHeadings ? `${n + 1}. ` : "";
      heading(`${number}${escapeMarkdown(section.heading)}`);
    } else if (metadataOnly && n === 0 && options.headingLevel) {
      heading("About the video");
    }
    const startLink = plan.timed && section.section.start !== null;
    if (startLink && options.timestampLines && options.headingLevel) {
      blocks.push(timestampLink(plan, section.section.start!, `Watch from ${formatTimestamp(section.section.start!)}`));
    }
    const paragraphs = paragraphsOf(plan, chosen, options.paragraphSentences, options.paragraphSentences * 30);
    paragraphs.forEach((paragraph, p) => {
      let text = renderParagraph(plan, paragraph, speaker, tone, () => quoteCount++, metadataOnly);
      if (p === 0 && n > 0 && options.transitions && section.topic) {
        const topic = escapeMarkdown(section.topic);
        const ask = options.questions && n % 2 === 1 && isNounPhrase(section.topic);
        const lead = ask
          ? questionTransition(topic, seed, n)
          : transition(tone, options.voice, speaker.name, topic, seed, n);
        text = `${lead} ${text}`;
      }
      if (p === 0 && startLink && (!options.headingLevel || !options.timestampLines)) {
        text = `${text} (${timestampLink(plan, section.section.start!)})`;
      }
      blocks.push(text);
      if (p === 0 && pull !== undefined) blocks.push(pullQuote(plan, pull, speaker));
    });
    if (paragraphs.length === 0 && pull !== undefined) blocks.push(pullQuote(plan, pull, speaker));
  });

  if (options.takeaways?.position === "bottom") takeaways();

  // When the transcript says little, the creator's own description adds to it.
  if (plan.thin && !metadataOnly) {
    const extra = descriptionExtras(plan, 3);
    if (extra.length > 0) blocks.push(`The video's description adds: "${quotedDescription(plan, extra)}"`);
  }

  // Lists from the description (a recipe, a line-up), when the transcript does not say enough.
  if (plan.thin) {
    for (const item of plan.lists) {
      const label = item.label ? calmLabel(item.label) : "From the description";
      if (options.headingLevel) heading(escapeMarkdown(label));
      else blocks.push(`${escapeMarkdown(label)}:`);
      blocks.push(list(item.items.map(escapeMarkdown), "bullet"));
    }
  }

  // Comments.
  if (plan.comments.length > 0) {
    heading(commentsHeading(tone));
    const lines = plan.comments.map(
      (c) =>
        `"${quoted(c.text)}" — ${escapeMarkdown(c.author)}${c.likes >= 2 ? ` (${c.likes.toLocaleString("en-US")} likes)` : ""}`,
    );
    if (options.commentsAsList) {
      blocks.push(commentsIntro(tone, plan.comments.length, seed));
      blocks.push(list(lines, "bullet"));
    } else {
      blocks.push(`${commentsIntro(tone, plan.comments.length, seed)} ${readerReaction(plan, true)}`);
    }
  }

  // Closing.
  heading(closingHeading(tone));
  const closing: string[] = [];
  if (selection.outro !== null) {
    const text = plan.analysis.sentences[selection.outro].quote;
    closing.push(capitalise(`${outroLead(tone, speaker.name, seed)} "${quoted(text)}"`));
  }
  closing.push(closingLine(tone, options.voice, (t) => `[${t}](${plan.meta.url})`, seed));
  if (options.exclaim) closing[closing.length - 1] = closing[closing.length - 1].replace(/\.$/, "!");
  blocks.push(closing.join(" "));

  return { markdown: blocks.join("\n\n"), exhausted: selection.exhausted };
}

function pullQuote(plan: Plan, index: number, speaker: Speaker): string {
  const sentence = plan.analysis.sentences[index];
  const at = plan.timed && sentence.start !== null ? `, ${timestampLink(plan, sentence.start)}` : "";
  return `> "${quoted(sentence.quote)}"\n>\n> — ${speaker.name}${at}`;
}

/**
 * Prose and quotes of one paragraph. First-person sentences cannot stand as the article's own
 * words, so they become one attributed quote per paragraph; sentences that were not next to each
 * other in the video are joined with an ellipsis, as an omission in a quote should be.
 */
function renderParagraph(
  plan: Plan,
  paragraph: readonly number[],
  speaker: Speaker,
  tone: ArticleTone,
  nextQuote: () => number,
  metadataOnly: boolean,
): string {
  // The description's "we" and "you" are the creator's voice, not the article's.
  const items: Item[] = paragraph.map((index) => ({
    index,
    quote: metadataOnly
      ? isPersonal(plan.analysis.sentences[index].text)
      : isFirstPersonSingular(plan.analysis.sentences[index].text),
  }));
  const quotes = items.filter((item) => item.quote).length;
  // A paragraph that is mostly the speaker talking about themselves is quoted whole.
  const wholeQuote = quotes >= 2 && quotes >= items.length - 1;
  const parts: string[] = [];
  for (let k = 0; k < items.length; ) {
    if (!items[k].quote && !wholeQuote) {
      parts.push(prose(plan, items[k].index));
      k++;
      continue;
    }
    // A change of speaker, or a long way on in the video, starts the next quotation.
    const run: number[] = [items[k++].index];
    while (k < items.length && (items[k].quote || wholeQuote) && oneQuotation(plan, run[0], items[k].index)) {
      run.push(items[k++].index);
    }
    const text = quotedRun(plan, run);
    const n = nextQuote();
    const verb = saysVerb(tone, n);
    if (metadataOnly) {
      parts.push(n % 2 === 0 ? `The description reads: "${text}"` : `As the description puts it, "${text}"`);
      continue;
    }
    const who = speaker.name;
    const variant = n % 4;
    if (variant === 1) parts.push(`As ${who} puts it, "${text}"`);
    else if (variant === 2) parts.push(`${capitalise(who)} ${verb}: "${text}"`);
    else if (variant === 3) parts.push(`In ${possessive(who)} words: "${text}"`);
    else parts.push(quoteThenSpeaker(text, who, verb));
  }
  return parts.join(" ");
}

/** Quoted comments as running text: `"…," wrote @a, in a comment with 1,204 likes. …` */
function readerReaction(plan: Plan, past: boolean): string {
  return plan.comments
    .map((c, k) => {
      const who = escapeMarkdown(c.author);
      const verb = past ? "wrote" : "writes";
      const likes = c.likes >= 2 ? `, in a comment with ${c.likes.toLocaleString("en-US")} likes` : "";
      return k === 0
        ? `${quoteThenSpeaker(quoted(c.text), verb, who, `${likes}.`)}`
        : pick(
            [`Another viewer, ${who}, ${verb}: "${quoted(c.text)}"`, `${quoteThenSpeaker(quoted(c.text), who, verb)}`],
            plan.seed,
            k,
          );
    })
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// NYT: inverted pyramid

function ledeVerb(tone: ArticleTone): string {
  return {
    informative: "discusses",
    casual: "breaks down",
    formal: "examines",
    persuasive: "makes a pointed case about",
  }[tone];
}

function intoVideo(seconds: number): string {
  if (seconds < 5) return "at the start of the video";
  if (seconds < 60) return `${Math.floor(seconds)} seconds into the video`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? "" : "s"} into the video`;
}

/**
 * A news article: a lede with the key fact (who, what, the most central statement), a nut graf
 * with the video's context, supporting paragraphs in descending importance with attributed and
 * timestamped quotes, readers' reaction, and a closing quote. No headings, no bullets.
 */
export function composeNyt(plan: Plan, budget: number): Composition {
  const { tone, length } = plan.request;
  const metadataOnly = plan.source === "metadata";
  const selection = select(plan, budget, {
    takeaways: 0,
    pullQuotes: 0,
    impersonalCentral: true,
    sentenceTarget: null,
  });
  const meta = plan.meta;
  const s = slots(plan);
  const speaker = new Speaker(plan);
  const said = (n: number) => saidVerb(tone, n);
  const when = meta.date ? ` on ${meta.date}` : "";
  const blocks: string[] = [];
  let quotes = 0;
  let titleInLede = false;
  const attributionFor = (seconds: number | null): string => {
    if (!plan.timed || seconds === null) return "";
    if (quotes === 0) return ` ${timestampLink(plan, seconds, intoVideo(seconds))}`;
    const at = formatTimestamp(seconds);
    return pick(
      [
        ` at the ${timestampLink(plan, seconds, `${at} mark`)}`,
        ` ${timestampLink(plan, seconds, `at ${at}`)}`,
        ` ${timestampLink(plan, seconds, `around ${at}`)} in the video`,
      ],
      quotes,
    );
  };

  // Lede and nut graf.
  const topics = listPhrase(s.topics.slice(0, 2));
  const central = selection.central;
  if (metadataOnly) {
    const who = meta.speakerKind === "anonymous" ? s.channel : s.speaker;
    speaker.mark();
    blocks.push(
      `${who} ${meta.speakerKind === "anonymous" ? "published" : "posted"} a video titled "${s.title}" on YouTube${when}${topics ? `, covering ${topics}` : ""}.`,
    );
  } else if (central !== null && !plan.unpunctuated && isCleanStatement(plan.analysis.sentences[central].text)) {
    const statement = prose(plan, central).replace(/[.!]$/, "");
    const attribution =
      meta.speakerKind === "anonymous"
        ? `according to a video published by ${s.channel}${when}`
        : `${speaker.name} said in a video published on YouTube${when}`;
    blocks.push(`${statement}, ${attribution}.`);
  } else {
    const who = meta.speakerKind === "anonymous" ? `the speaker in a video published by ${s.channel}` : speaker.name;
    titleInLede = true;
    blocks.push(
      `In a video titled "${s.title}," published on YouTube${when}, ${who} ${ledeVerb(tone)} ${topics || "its subject"}.${
        central !== null
          ? ` ${quoteThenSpeaker(quoted(plan.analysis.sentences[central].quote), speaker.name, said(0), `${attributionFor(plan.analysis.sentences[central].start)}.`)}`
          : ""
      }`,
    );
    if (central !== null) quotes++;
  }

  const nut: string[] = [];
  const videoNoun = meta.duration ? `The ${meta.duration} video` : "The video";
  const titled = metadataOnly || titleInLede ? "" : `, titled "${s.title},"`;
  const clauses: string[] = [];
  if (meta.speakerKind === "person" && meta.channel !== meta.speaker && !metadataOnly)
    clauses.push(`was posted by ${s.channel}`);
  if (meta.views) clauses.push(`has been viewed ${meta.views} times`);
  const allTopics = listPhrase(s.topics.slice(0, 4));
  if (allTopics && !metadataOnly) clauses.push(`covers ${allTopics}`);
  if (clauses.length > 0) nut.push(`${videoNoun}${titled} ${listPhrase(clauses)}.`);
  const described = plan.thin ? descriptionExtras(plan, 3) : plan.description.slice(0, 1);
  if (described.length > 0 && !metadataOnly) {
    nut.push(`In the video's description, ${s.channel} writes: "${quotedDescription(plan, described)}"`);
  }
  if (metadataOnly && plan.chapters.length > 0) {
    nut.push(
      `The video is divided into ${plan.chapters.length} chapters, covering ${listPhrase(
        plan.chapters.map((c) =>
          escapeMarkdown(topicFromHeading(cleanChapterTitle(c.title), CASE) ?? cleanChapterTitle(c.title)),
        ),
      )}.`,
    );
  }
  if (nut.length) blocks.push(nut.join(" "));

  // Supporting paragraphs, most important first.
  const paragraphs: Array<{ indexes: number[]; score: number }> = [];
  for (const chosen of selection.perSection) {
    for (const paragraph of paragraphsOf(plan, chosen, 2, 60)) {
      paragraphs.push({ indexes: paragraph, score: Math.max(...paragraph.map((i) => plan.scores[i])) });
    }
  }
  paragraphs.sort((a, b) => b.score - a.score || a.indexes[0] - b.indexes[0]);
  let statementCount = 0;
  let descriptionQuotes = 0;
  for (const paragraph of paragraphs) {
    const parts: string[] = [];
    for (let k = 0; k < paragraph.indexes.length; ) {
      const index = paragraph.indexes[k];
      const text = plan.analysis.sentences[index].text;
      if (metadataOnly || isPersonal(text) || /\?["”]?$/.test(text)) {
        const run: number[] = [paragraph.indexes[k++]];
        while (
          k < paragraph.indexes.length &&
          paragraph.indexes[k] === run[run.length - 1] + 1 &&
          oneQuotation(plan, run[0], paragraph.indexes[k])
        ) {
          const t = plan.analysis.sentences[paragraph.indexes[k]].text;
          if (!(metadataOnly || isPersonal(t) || /\?["”]?$/.test(t))) break;
          run.push(paragraph.indexes[k++]);
        }
        const body = quotedRun(plan, run);
        if (metadataOnly) {
          parts.push(
            descriptionQuotes++ === 0
              ? quoteThenSpeaker(body, "the description", "reads")
              : `The description adds: "${body}"`,
          );
        } else {
          const tail = `${attributionFor(plan.analysis.sentences[run[0]].start)}.`;
          parts.push(quoteThenSpeaker(body, speaker.name, said(quotes), tail));
          quotes++;
        }
        continue;
      }
      const statement = prose(plan, index);
      if (parts.length === 0 && statementCount++ % 2 === 0) {
        // Attributed statements carry their moment too, so a reader can check them.
        const at = attributionFor(plan.analysis.sentences[index].start);
        parts.push(attributeStatement(statement, speaker.name, `${said(statementCount)}${at}`));
        if (at) quotes++;
      } else {
        parts.push(statement);
      }
      k++;
    }
    blocks.push(parts.join(" "));
  }

  // Readers' reaction.
  if (plan.comments.length > 0) {
    const lead = pick(
      [
        "Viewers weighed in below the video.",
        "The video drew responses in its comments section.",
        "Viewers responded in the comments.",
      ],
      plan.seed,
      length.length,
    );
    blocks.push(`${lead} ${readerReaction(plan, true)}`);
  }

  // Kicker.
  if (selection.outro !== null) {
    const sentence = plan.analysis.sentences[selection.outro];
    blocks.push(
      quoteThenSpeaker(
        quoted(sentence.quote),
        speaker.name,
        said(quotes),
        plan.timed ? " near the end of the video." : ".",
      ),
    );
  }
  blocks.push(`The full video is [available on YouTube](${meta.url}).`);
  return { markdown: blocks.join("\n\n"), exhausted: selection.exhausted };
}
