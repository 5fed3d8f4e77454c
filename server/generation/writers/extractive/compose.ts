import type { ArticleTone } from "../../../../contract/articles";
import { formatTimestamp, timestampUrl } from "../../text";
import { listIn } from "./frames";
import { cleanText, escapeMarkdown } from "./markdown";
import { pick, type Slots, type Voice } from "./phrases";
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
 * Tracks who is mentioned how: the full name first, then the short form (a surname); a channel
 * speaking for itself alternates its name with "the creator" so paragraphs do not all repeat it.
 * A sentence's own speaker turn decides who said it (Meta.voices): the coach is never credited
 * with the player's words.
 */
class Speaker {
  private mentions = new Map<string, number>();
  constructor(private readonly plan: Plan) {}
  /** The video's speaker. */
  get name(): string {
    return this.of(null);
  }
  /** Who said sentence `index` (the video's speaker when the transcript does not tell). */
  of(index: number | null): string {
    const { meta, frames, analysis } = this.plan;
    const voice = index === null ? undefined : meta.voices.get(analysis.sentences[index].turn);
    const key = voice ? `voice:${voice.name}` : "";
    const n = this.mentions.get(key) ?? 0;
    this.mentions.set(key, n + 1);
    if (voice) return escapeMarkdown(n > 0 && voice.kind === "person" ? voice.short : voice.name);
    if (n === 0) return escapeMarkdown(meta.speaker);
    if (meta.speakerKind === "channel" && n % 2 === 0) return frames.creator;
    return escapeMarkdown(meta.speakerShort);
  }
  mark(): void {
    this.mentions.set("", (this.mentions.get("") ?? 0) + 1);
  }
}

// Openers that need the sentence before them, in the framed languages: a connective ("But…",
// "Which brings us…", "Y si…"), a pointer back ("That's why…", "This means…", "Eso…"), an
// ordinal ("The second…", "La segunda…").
const NEEDS_BEFORE =
  /^(?:which|that's why|this means|that means|but|because|and|so|yet|still|then|also|plus|however|therefore|thus|meanwhile|besides|or|nor|the (?:second|third|fourth|fifth|next|other|last|latter|former|same|answer|reason|result)|a second|another|y|pero|entonces|además|sin embargo|por eso|eso|esto|también|(?:la|el) (?:segunda|segundo|tercera|tercero|otra|otro)|et|mais|donc|alors|puis|aussi|cela|ça|c'est pourquoi|(?:la|le) (?:deuxième|seconde|second|troisième)|und|aber|dann|deshalb|dies|auch|(?:der|die) (?:zweite|dritte)|e|mas|então|isso|isto|por isso|(?:o|a) (?:segundo|segunda|terceiro|terceira))(?![\p{L}'’])/iu;

/** Whether a sentence only makes sense after the one before it in the video. */
export function dependsOnPrevious(text: string): boolean {
  // What the article shows: spoken openers trimLead removes ("So, instead of…") do not count.
  const bare = trimLead(text.replace(/^["“'‘¿¡(\s]+/u, ""));
  // "Instead of typing the name…" says what it replaces itself.
  if (/^instead of\b/i.test(bare)) return NEEDS_BEFORE.test(bare);
  return leansOnPrevious(bare) || NEEDS_BEFORE.test(bare);
}

/** A question that teases its answer ("The good news?", "¿El resultado?"): the answer must follow. */
export function isTeaser(text: string): boolean {
  return /\?["”]?$/.test(text) && text.split(/\s+/).length <= 6;
}

/**
 * The earlier sentence that gave the full name a sentence opens with by surname alone ("Delgado
 * said…" after "The city's chief engineer, Rosa Delgado, told…"), or null.
 */
export function introducedBy(plan: Plan, index: number): number | null {
  const sentences = plan.analysis.sentences;
  const surname =
    /^(\p{Lu}\p{Ll}+)\s+(?:said|says|told|added|adds|explained|explains|noted|notes|warned|argued|dijo|explicó|a dit|sagte|disse)\b/u.exec(
      sentences[index].text,
    )?.[1];
  if (!surname) return null;
  const full = new RegExp(`\\p{Lu}\\p{Ll}+\\s+${surname}\\b`, "u");
  for (let j = 0; j < index; j++) if (full.test(sentences[j].text)) return j;
  return null;
}

/**
 * A section's sentences as a story: in the video's order, and no sentence without what it
 * depends on. A sentence that leans on the one before it pulls that one in (from the same
 * section, if nothing else uses it) or goes; a teaser keeps its answer next to it or goes.
 */
export function repairStory(
  plan: Plan,
  chosen: readonly number[],
  allowed: ReadonlySet<number>,
  used: ReadonlySet<number>,
): number[] {
  const sentences = plan.analysis.sentences;
  const keep = new Set(chosen);
  const free = (i: number) => allowed.has(i) && !keep.has(i) && !used.has(i);
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (!keep.has(i)) continue;
    let j = i;
    const pulled: number[] = [];
    while (dependsOnPrevious(sentences[j].text) && !keep.has(j - 1)) {
      if (pulled.length >= 2 || !free(j - 1)) {
        j = -1;
        break;
      }
      pulled.push(j - 1);
      j -= 1;
    }
    if (j < 0) {
      keep.delete(i);
      continue;
    }
    for (const p of pulled) keep.add(p);
  }
  // "Delgado said…" before the reader has met Rosa Delgado: only after the sentence naming her.
  for (const i of [...keep].sort((a, b) => a - b)) {
    const introducer = introducedBy(plan, i);
    if (introducer !== null && !keep.has(introducer)) keep.delete(i);
  }
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (!isTeaser(sentences[i].text) || keep.has(i + 1)) continue;
    if (free(i + 1) && !isTeaser(sentences[i + 1].text)) keep.add(i + 1);
    else keep.delete(i);
  }
  return [...keep].sort((a, b) => a - b);
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
  !dependsOnPrevious(text) &&
  !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(text);

interface SelectOptions {
  takeaways: number;
  pullQuotes: number;
  /** Prefer impersonal sentences for the central point (news ledes). */
  impersonalCentral: boolean;
  /** Preferred sentence length, when imitating a reference style. */
  sentenceTarget: number | null;
  /** Prefer a central point with who and what: names and figures (news ledes). */
  newsworthy: boolean;
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

  // A news lede states facts: sentences with figures and names weigh more.
  const thesis = options.newsworthy
    ? plan.thesis.map((t, i) => t * (1 + newsValue(plan.analysis.sentences[i].text)))
    : plan.thesis;
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
          !dependsOnPrevious(t) &&
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
      (t, n) => n >= 8 && n <= 35 && isPersonal(t) && !/\?["”]?$/.test(t) && !dependsOnPrevious(t),
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
    budget > 250
      ? bestOf(
          plan,
          closingPool,
          used,
          (t, n) => n >= 7 && n <= 40 && !/\?["”]?$/.test(t) && !dependsOnPrevious(t),
          scores,
        )
      : null;
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
  // Each section as a story: nothing that leans on a sentence the reader never saw.
  const fixedUsed = new Set([central, outro, ...takeaways, ...pullQuotes.values()].filter((i) => i !== null));
  const story = perSection.map((chosen, k) =>
    repairStory(plan, chosen, new Set(plan.sections[k].candidates), fixedUsed),
  );
  total = words(plan, [...fixedUsed, ...story.flat()]);
  return {
    central,
    takeaways,
    pullQuotes,
    perSection: story,
    outro,
    words: total,
    exhausted: total < budget * 0.9,
  };
}

/** How much a sentence says who did what, with figures: 0 to about 0.5. */
export function newsValue(text: string): number {
  const figures = (text.match(/\$?\d[\d,.]*%?|\b(?:million|billion|thousand|hundred|percent|per cent)\b/gi) ?? [])
    .length;
  const names = (text.slice(1).match(/(?<=\s)\p{Lu}\p{Ll}+/gu) ?? []).length;
  return Math.min(0.3, 0.12 * figures) + Math.min(0.2, 0.05 * names);
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
    const attached =
      previous >= 0 &&
      previous === i - 1 &&
      (dependsOnPrevious(plan.analysis.sentences[i].text) || isTeaser(plan.analysis.sentences[previous].text));
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
  const f = plan.frames;
  const shape = SHAPE[length];
  const metadataOnly = plan.source === "metadata";
  const selection = select(plan, budget, {
    takeaways: options.takeaways && !metadataOnly ? shape.takeaways : 0,
    pullQuotes: options.pullQuotes && !metadataOnly ? shape.pullQuotes : 0,
    impersonalCentral: true,
    sentenceTarget: options.sentenceTarget,
    newsworthy: false,
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
    const date = f.date(plan.request.video.publishedAt);
    intro.push(f.published(s.channel, s.title, date ? f.on(date) : ""));
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      intro.push(
        isPersonal(sentence.text) ? f.descriptionReads(quoted(sentence.quote), 0) : prose(plan, selection.central),
      );
    } else if (plan.description.length === 0 && plan.chapters.length === 0) {
      intro.push(f.pageSaysLittle);
    }
  } else {
    const firstTopic = plan.topics[0];
    const wondered = firstTopic !== undefined ? f.everWondered(escapeMarkdown(firstTopic)) : null;
    const asks = options.questions && wondered !== null && isNounPhrase(firstTopic);
    // After "Ever wondered about X?" the opener lists the other topics.
    const openerSlots = asks && s.topics.length > 1 ? { ...s, topics: s.topics.slice(1) } : s;
    if (asks && wondered) intro.push(wondered);
    intro.push(f.introOpener(tone, options.voice, openerSlots, seed));
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      if (isFirstPersonSingular(sentence.text)) {
        intro.push(f.attributed(speaker.of(selection.central), "", quoted(sentence.quote), 1));
      } else {
        intro.push(`${f.centralLead(tone, seed)} ${prose(plan, selection.central)}`.trim());
      }
    }
    const closer = f.introCloser(tone, options.voice, plan.timed, seed);
    if (closer) intro.push(closer);
  }
  if (options.exclaim) intro[intro.length - 1] = intro[intro.length - 1].replace(/\.$/, "!");
  blocks.push(intro.join(" "));

  const takeaways = () => {
    if (!options.takeaways || selection.takeaways.length === 0) return;
    if (options.headingLevel) heading(f.takeawaysHeading(tone));
    else blocks.push(f.inShort(tone));
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
    heading(f.chaptersHeading);
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
      heading(f.aboutHeading);
    }
    const startLink = plan.timed && section.section.start !== null;
    if (startLink && options.timestampLines && options.headingLevel) {
      blocks.push(timestampLink(plan, section.section.start!, f.watchFrom(formatTimestamp(section.section.start!))));
    }
    const paragraphs = paragraphsOf(plan, chosen, options.paragraphSentences, options.paragraphSentences * 30);
    paragraphs.forEach((paragraph, p) => {
      let text = renderParagraph(plan, paragraph, speaker, tone, () => quoteCount++, metadataOnly);
      if (p === 0 && n > 0 && options.transitions && section.topic) {
        const topic = escapeMarkdown(section.topic);
        const ask = options.questions && n % 2 === 1 && isNounPhrase(section.topic);
        const lead = ask
          ? f.questionTransition(topic, seed, n)
          : f.transition(tone, options.voice, speaker.name, topic, seed, n);
        if (lead) text = `${lead} ${text}`;
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
    if (extra.length > 0) blocks.push(f.descriptionAdds(quotedDescription(plan, extra)));
  }

  // Lists from the description (a recipe, a line-up), when the transcript does not say enough.
  if (plan.thin) {
    for (const item of plan.lists) {
      const label = item.label ? calmLabel(item.label) : f.fromDescription;
      if (options.headingLevel) heading(escapeMarkdown(label));
      else blocks.push(`${escapeMarkdown(label)}:`);
      blocks.push(list(item.items.map(escapeMarkdown), "bullet"));
    }
  }

  // Comments.
  if (plan.comments.length > 0) {
    heading(f.commentsHeading(tone));
    const lines = plan.comments.map(
      (c) => `"${quoted(c.text)}" — ${escapeMarkdown(c.author)}${c.likes >= 2 ? ` (${f.likes(c.likes)})` : ""}`,
    );
    if (options.commentsAsList) {
      blocks.push(f.commentsIntro(tone, plan.comments.length, seed));
      blocks.push(list(lines, "bullet"));
    } else {
      blocks.push(`${f.commentsIntro(tone, plan.comments.length, seed)} ${readerReaction(plan)}`);
    }
  }

  // Closing.
  heading(f.closingHeading(tone));
  const closing: string[] = [];
  if (selection.outro !== null) {
    const text = plan.analysis.sentences[selection.outro].quote;
    closing.push(capitalise(`${f.outroLead(tone, speaker.of(selection.outro), seed)} "${quoted(text)}"`));
  }
  closing.push(f.closingLine(tone, options.voice, (t) => `[${t}](${plan.meta.url})`, seed));
  if (options.exclaim) closing[closing.length - 1] = closing[closing.length - 1].replace(/\.$/, "!");
  blocks.push(closing.join(" "));

  return { markdown: blocks.join("\n\n"), exhausted: selection.exhausted };
}

function pullQuote(plan: Plan, index: number, speaker: Speaker): string {
  const sentence = plan.analysis.sentences[index];
  const at = plan.timed && sentence.start !== null ? `, ${timestampLink(plan, sentence.start)}` : "";
  return `> "${quoted(sentence.quote)}"\n>\n> — ${capitalise(speaker.of(index))}${at}`;
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
  const f = plan.frames;
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
    if (metadataOnly) {
      parts.push(f.descriptionReads(text, n));
      continue;
    }
    parts.push(f.attributed(speaker.of(run[0]), f.says(tone, n), text, n));
  }
  return parts.join(" ");
}

/** Quoted comments as running text: `"…," wrote @a, in a comment with 1,204 likes. …` */
function readerReaction(plan: Plan): string {
  const f = plan.frames;
  return plan.comments
    .map((c, k) => {
      const who = escapeMarkdown(c.author);
      return k === 0
        ? f.firstComment(quoted(c.text), who, c.likes)
        : pick([f.anotherViewer(who, quoted(c.text)), f.quoteThen(quoted(c.text), who, f.wrote)], plan.seed, k);
    })
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// NYT: inverted pyramid

/**
 * A news article: a lede with the key fact (who, what, the most newsworthy statement), a nut
 * graf with the video's context, then the support: topic by topic, the most important topic
 * first, each told in the video's order so no paragraph reads out of order; then readers'
 * reaction and a closing quote. No headings, no bullets.
 */
export function composeNyt(plan: Plan, budget: number): Composition {
  const { tone, length } = plan.request;
  const f = plan.frames;
  const metadataOnly = plan.source === "metadata";
  const selection = select(plan, budget, {
    takeaways: 0,
    pullQuotes: 0,
    impersonalCentral: true,
    sentenceTarget: null,
    newsworthy: true,
  });
  const meta = plan.meta;
  const s = slots(plan);
  const speaker = new Speaker(plan);
  const said = (n: number) => f.said(tone, n);
  const date = f.date(plan.request.video.publishedAt);
  const when = date ? f.on(date) : "";
  const blocks: string[] = [];
  const list = (items: readonly string[]) => listIn(items, f.and);
  let quotes = 0;
  let titleInLede = false;
  const link = (seconds: number) => (text: string) => timestampLink(plan, seconds, text);
  const attributionFor = (seconds: number | null): string => {
    if (!plan.timed || seconds === null) return "";
    if (quotes === 0) return ` ${timestampLink(plan, seconds, f.intoVideo(seconds))}`;
    return f.atMoment(formatTimestamp(seconds), link(seconds), quotes);
  };

  // Lede and nut graf.
  const topics = list(s.topics.slice(0, 2));
  const central = selection.central;
  if (metadataOnly) {
    const anonymous = meta.speakerKind === "anonymous";
    speaker.mark();
    blocks.push(f.ledeMetadata(anonymous ? s.channel : s.speaker, anonymous, s.title, when, topics));
  } else if (central !== null && !plan.unpunctuated && isCleanStatement(plan.analysis.sentences[central].text)) {
    const statement = prose(plan, central).replace(/[.!]$/, "");
    blocks.push(
      meta.speakerKind === "anonymous" && !meta.voices.has(plan.analysis.sentences[central].turn)
        ? f.ledeAccording(statement, s.channel, when)
        : f.ledeSaid(statement, speaker.of(central), when),
    );
  } else {
    const who = meta.speakerKind === "anonymous" ? f.speakerOfChannel(s.channel) : speaker.name;
    titleInLede = true;
    const lede = f.ledeTitled(s.title, when, who, tone, topics);
    const quote =
      central !== null
        ? ` ${f.quoteThen(quoted(plan.analysis.sentences[central].quote), speaker.of(central), said(0), `${attributionFor(plan.analysis.sentences[central].start)}.`)}`
        : "";
    blocks.push(`${lede}${quote}`);
    if (central !== null) quotes++;
  }

  const nut: string[] = [];
  const videoNoun = f.videoNoun(plan.request.video.durationSeconds);
  const titled = metadataOnly || titleInLede ? "" : f.titled(s.title);
  const clauses: string[] = [];
  if (meta.speakerKind === "person" && meta.channel !== meta.speaker && !metadataOnly)
    clauses.push(f.postedBy(s.channel));
  if (meta.views && plan.request.video.viewCount) clauses.push(f.viewed(plan.request.video.viewCount));
  const allTopics = list(s.topics.slice(0, 4));
  if (allTopics && !metadataOnly) clauses.push(f.covers(allTopics));
  // "El vídeo, de 7 minutos," meets ", titulado…": one comma.
  if (clauses.length > 0) nut.push(`${videoNoun}${titled} ${list(clauses)}.`.replace(/,\s*,/g, ","));
  if (meta.reporter && !metadataOnly) nut.push(f.reportBy(escapeMarkdown(meta.reporter)));
  const described = plan.thin ? descriptionExtras(plan, 3) : plan.description.slice(0, 1);
  if (described.length > 0 && !metadataOnly) {
    nut.push(f.descriptionWrites(s.channel, quotedDescription(plan, described)));
  }
  if (metadataOnly && plan.chapters.length > 0) {
    nut.push(
      f.chaptersDivided(
        plan.chapters.length,
        list(
          plan.chapters.map((c) =>
            escapeMarkdown(topicFromHeading(cleanChapterTitle(c.title), CASE) ?? cleanChapterTitle(c.title)),
          ),
        ),
      ),
    );
  }
  if (nut.length) blocks.push(nut.join(" "));

  // Supporting paragraphs: the most important topic first, each topic in the video's order.
  const groups = selection.perSection
    .map((chosen, k) => ({
      k,
      paragraphs: paragraphsOf(plan, chosen, 2, 60),
      // What happened, to whom, how much: facts with names and figures lead, and a report's
      // opening stretch (where the news is stated) weighs a little more than its background.
      score: Math.max(
        0,
        ...chosen.map(
          (i) =>
            plan.scores[i] *
            (1 + newsValue(plan.analysis.sentences[i].text)) *
            (i < plan.analysis.sentences.length / 3 ? 1.15 : 1),
        ),
      ),
    }))
    .filter((g) => g.paragraphs.length > 0)
    .sort((a, b) => b.score - a.score || a.k - b.k);
  let statementCount = 0;
  let descriptionQuotes = 0;
  for (const paragraph of groups.flatMap((g) => g.paragraphs)) {
    const parts: string[] = [];
    for (let k = 0; k < paragraph.length; ) {
      const index = paragraph[k];
      const text = plan.analysis.sentences[index].text;
      if (metadataOnly || isPersonal(text) || /\?["”]?$/.test(text)) {
        const run: number[] = [paragraph[k++]];
        while (
          k < paragraph.length &&
          paragraph[k] === run[run.length - 1] + 1 &&
          oneQuotation(plan, run[0], paragraph[k])
        ) {
          const t = plan.analysis.sentences[paragraph[k]].text;
          if (!(metadataOnly || isPersonal(t) || /\?["”]?$/.test(t))) break;
          run.push(paragraph[k++]);
        }
        const body = quotedRun(plan, run);
        if (metadataOnly) {
          parts.push(f.descriptionQuote(body, descriptionQuotes++));
        } else {
          const tail = `${attributionFor(plan.analysis.sentences[run[0]].start)}.`;
          parts.push(f.quoteThen(body, speaker.of(run[0]), said(quotes), tail));
          quotes++;
        }
        continue;
      }
      const statement = prose(plan, index);
      if (parts.length === 0 && statementCount++ % 2 === 0) {
        // Attributed statements carry their moment too, so a reader can check them.
        const at = attributionFor(plan.analysis.sentences[index].start);
        parts.push(f.statementThen(statement, speaker.of(index), `${said(statementCount)}${at}`));
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
    blocks.push(`${f.viewersLead(plan.seed, length.length)} ${readerReaction(plan)}`);
  }

  // Kicker.
  if (selection.outro !== null) {
    const sentence = plan.analysis.sentences[selection.outro];
    blocks.push(
      f.quoteThen(quoted(sentence.quote), speaker.of(selection.outro), said(quotes), plan.timed ? f.nearEnd : "."),
    );
  }
  blocks.push(f.fullVideo(meta.url));
  return { markdown: blocks.join("\n\n"), exhausted: selection.exhausted };
}
