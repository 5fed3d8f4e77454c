import { formatTimestamp, timestampUrl } from "../../../content/text";
import { isInstruction, isUntrusted } from "./filters";
import { withArticleFrom } from "./headline-lang";
import { cleanText, escapeMarkdown } from "./markdown";
import { pick, type Slots } from "./phrases";
import type { Plan } from "./plan";
import { queryTerms } from "./rank";
import { dependsOnPrevious, trimLead } from "./story";
import { capitalise, jaccard } from "./tokens";

import { withoutFillers } from "./tone";
import { follows } from "./transcript";
import { MAX_OMISSION_WORDS, placeSentences } from "./verbatim";

// How chosen sentences reach the page: escaped prose, verbatim quotations, moment links, and who
// said what.

/** Description sentences that add something the transcript sentences do not already say. */
export function descriptionExtras(plan: Plan, max: number): string[] {
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
export function calmLabel(label: string): string {
  const letters = label.replace(/[^\p{L}]/gu, "");
  const shouting = letters.length > 3 && letters === letters.toUpperCase();
  // A shouted word inside a label ("RECIPE (control loaf)") is calmed too; short acronyms stay.
  const calmed = shouting
    ? label.toLowerCase()
    : label.replace(/\p{L}+/gu, (word) =>
        word.length >= 4 && word === word.toUpperCase() ? word.toLowerCase() : word,
      );
  const text = calmed.replace(/^\p{L}/u, (c) => c.toUpperCase());
  // "The band is:" -> "The band".
  return text
    .replace(/\s+(?:are|is|were|was|includes?)$/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Escaped text of a sentence for use in prose. */
export function prose(plan: Plan, index: number): string {
  const text = trimLead(plan.analysis.sentences[index].text);
  // A formal article's own prose does without "you know," and "basically" (quotations keep them).
  return escapeMarkdown(plan.request.tone === "formal" ? withoutFillers(text) : text);
}

/**
 * Escaped text for use inside double quotes (inner double quotes become single ones), opening
 * a quotation: spoken connectors it starts with ("So, and then") may go, as the words before a
 * quotation do. Inside a quotation nothing goes (see quotedRun).
 */
export function quoted(text: string): string {
  return escapeMarkdown(trimLead(text).replace(/["“”]/g, "'"));
}

/** Escaped text for use inside double quotes, word for word. */
export function quotedAsIs(text: string): string {
  return escapeMarkdown(text.replace(/["“”]/g, "'"));
}

/**
 * The words one speaker said in some sentences, for inside double quotes: verbatim (up to um/uh,
 * case and punctuation), with "…" where words were left out between two sentences. Give it only
 * sentences one quotation may hold (see oneQuotation).
 */
export function quotedRun(plan: Plan, run: readonly number[]): string {
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
export function oneQuotation(plan: Plan, a: number, b: number): boolean {
  const first = plan.analysis.sentences[a];
  const next = plan.analysis.sentences[b];
  return first.turn === next.turn && next.to - first.to <= MAX_OMISSION_WORDS;
}

// Most words one quotation holds when it runs over several sentences (one sentence alone may be longer).
const MAX_QUOTATION_WORDS = 55;
// …and when the next sentence cannot stand without the one before it.
const MAX_LEANING_QUOTATION_WORDS = 90;

/**
 * Whether sentence `next` may join a quotation of the sentences in `run` (one speaker's, see
 * oneQuotation) so that a reader takes it in at once: a few sentences of at most
 * MAX_QUOTATION_WORDS words (more for a sentence that leans on the one before), with at most
 * one "…" between them. A vlog's paragraph of first-person remarks is then quoted in parts,
 * each with its speaker.
 */
export function joinsQuotation(plan: Plan, run: readonly number[], next: number): boolean {
  const sentences = plan.analysis.sentences;
  if (!oneQuotation(plan, run[0], next)) return false;
  let words = sentences[next].wordCount;
  let omissions = follows(sentences[run[run.length - 1]], sentences[next]) ? 0 : 1;
  for (let j = 0; j < run.length; j++) {
    words += sentences[run[j]].wordCount;
    if (j > 0 && !follows(sentences[run[j - 1]], sentences[run[j]])) omissions++;
  }
  if (omissions > 1) return false;
  // A sentence that leans on the one before ("So they'd understand why…") stays with it.
  const leans = omissions === 0 && dependsOnPrevious(sentences[next].text);
  return words <= (leans ? MAX_LEANING_QUOTATION_WORDS : MAX_QUOTATION_WORDS);
}

/**
 * Sentences of the description quoted together, with "…" where the description has more between
 * them; sentences far from the first are left out.
 */
export function quotedDescription(plan: Plan, texts: readonly string[]): string {
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

/** A markdown link to a moment of the video, labelled with its time unless told otherwise. */
export function timestampLink(plan: Plan, seconds: number, text = formatTimestamp(seconds)): string {
  return `[${text}](${timestampUrl(plan.meta.videoId, seconds)})`;
}

/** The source's sentences, read once per plan (where a topic's article is found). */
const TEXTS = new WeakMap<Plan, string[]>();
function texts(plan: Plan): string[] {
  let out = TEXTS.get(plan);
  if (!out) {
    out = plan.analysis.sentences.slice(0, 400).map((s) => s.text);
    TEXTS.set(plan, out);
  }
  return out;
}

/** What the framing phrases may name: title, channel, speaker, topics, all escaped. */
export function slots(plan: Plan): Slots {
  return {
    title: escapeMarkdown(plan.meta.headline.replace(/"/g, "'")),
    channel: escapeMarkdown(plan.meta.channel),
    speaker: escapeMarkdown(plan.meta.speaker),
    // In the other languages a topic takes the article the video gives it ("explica o dólar alto").
    topics: plan.topics
      .filter((t) => !untrusted(t))
      .map((t) => (plan.meta.lang && plan.meta.lang !== "en" ? withArticleFrom(t, texts(plan), plan.meta.lang) : t))
      .map(escapeMarkdown),
    duration: plan.meta.duration,
    timed: plan.timed,
  };
}

// Mark a role set after a name at its first mention: where it starts and where it ends, so
// closeRoles can close it as the sentence needs once the article is written.
const ROLE_OPEN = "\u0002";
const ROLE_CLOSE = "\u0001";
// Longest sentence a role is added to: past it the sentence would read as a run-on.
const MAX_ROLE_SENTENCE_WORDS = 40;

/** Whether a mention Speaker gave carries a role (withRole). */
export const hasRole = (mention: string) => mention.includes(ROLE_OPEN);

/** A name with its role after it ("Jordan Pike, superintendent of…"), marked for closeRoles. */
function withRole(name: string, role: string | undefined): string {
  return role ? `${escapeMarkdown(name)}${ROLE_OPEN}, ${escapeMarkdown(role)}${ROLE_CLOSE}` : escapeMarkdown(name);
}

// A sentence end: its mark, any closing quotation marks or brackets (a moment link's "))"), a space.
const isEndMark = (c: string) => c === "." || c === "!" || c === "?";
const isCloser = (c: string) => c === '"' || c === "”" || c === "’" || c === ")";

/** Where the sentence holding `at` starts: after the last sentence end or line break before it (bounded). */
function sentenceEndBefore(text: string, at: number): number {
  for (let k = at - 1; k > Math.max(0, at - 1200); k--) {
    if (text[k] === "\n") return k + 1;
    if (!/\s/.test(text[k])) continue;
    let j = k - 1;
    while (j > 0 && isCloser(text[j])) j--;
    if (isEndMark(text[j])) return k + 1;
  }
  return Math.max(0, at - 1200);
}

/** Where the sentence holding `at` ends: at the next sentence end or line break (bounded). */
function sentenceEndAfter(text: string, at: number): number {
  const limit = Math.min(text.length, at + 1200);
  for (let k = at; k < limit; k++) {
    if (text[k] === "\n") return k;
    if (!isEndMark(text[k])) continue;
    let j = k + 1;
    while (j < limit && isCloser(text[j])) j++;
    if (j >= text.length || /\s/.test(text[j])) return j;
  }
  return limit;
}

/**
 * The roles Speaker set after names, closed as the sentence needs: a comma before the verb that
 * follows ("…, superintendent of the district, said"), nothing before punctuation. A role is left
 * out before a possessive ("In Pike's words"), which an appositive cannot take, and in a sentence
 * it would make longer than `maxSentenceWords` (a custom style's own sentences are the measure).
 */
export function closeRoles(markdown: string, maxSentenceWords = MAX_ROLE_SENTENCE_WORDS): string {
  if (!markdown.includes(ROLE_OPEN) && !markdown.includes(ROLE_CLOSE)) return markdown;
  let out = "";
  let k = 0;
  for (;;) {
    const open = markdown.indexOf(ROLE_OPEN, k);
    const close = open < 0 ? -1 : markdown.indexOf(ROLE_CLOSE, open);
    if (open < 0 || close < 0) {
      out += markdown.slice(k);
      break;
    }
    const role = markdown.slice(open + 1, close);
    const after = markdown.slice(close + 1, close + 3);
    // The sentence around it: back to the last sentence end or line break, on to the next.
    const sentence = markdown.slice(sentenceEndBefore(markdown, open), sentenceEndAfter(markdown, close));
    const words = sentence.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const fits = !/^['’]s\b/u.test(after) && words <= maxSentenceWords;
    const closing = /^[\s]*[.,;:!?)\]—–-]/u.test(after) || after === "" ? "" : ",";
    out += markdown.slice(k, open) + (fits ? role + closing : "");
    k = close + 1;
  }
  // (A mark whose pair a cut took away never reaches the reader.)
  return out.replaceAll(ROLE_OPEN, "").replaceAll(ROLE_CLOSE, "");
}

/**
 * Tracks who is mentioned how: the full name first (with the role the description gives, once),
 * then the short form (a surname); a channel
 * speaking for itself is "the creator" after its first mention, its name only every third time.
 * A sentence's own speaker turn decides who said it (Meta.voices): the coach is never credited
 * with the player's words.
 */
export class Speaker {
  private mentions = new Map<string, number>();
  private roled = new Set<string>();
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
    if (voice)
      return this.role(
        voice.name,
        n > 0 && voice.kind === "person" ? voice.short : voice.name,
        voice.kind === "person",
      );
    if (n === 0) return this.role(meta.speaker, meta.speaker, meta.speakerKind === "person");
    // A channel's name is not a person's: after the first mention it comes back only now and then.
    if (meta.speakerKind === "channel" && n % 3 !== 0) return frames.creator;
    return escapeMarkdown(meta.speakerShort);
  }
  /** A person's name as mentioned, with their role the first time they speak (named before or not). */
  private role(name: string, mention: string, person: boolean): string {
    const role = person && !this.roled.has(name) ? this.plan.meta.roles.get(name) : undefined;
    if (role) this.roled.add(name);
    return withRole(mention, role);
  }
  mark(): void {
    this.mentions.set("", (this.mentions.get("") ?? 0) + 1);
  }
  /**
   * Counts the people a written passage names in full ("The city's chief engineer, Rosa Delgado,
   * told…"), so the next attribution gives only the short name ("…, Delgado said").
   */
  noteText(text: string): void {
    const { meta } = this.plan;
    // A role the passage gives ("Ana Ruiz, founder of Crumb and Co, talks about…") is given.
    for (const [name, role] of meta.roles) if (text.includes(escapeMarkdown(role))) this.roled.add(name);
    if (meta.speakerShort !== meta.speaker && text.includes(meta.speaker)) this.mark();
    for (const voice of new Set(meta.voices.values())) {
      if (voice.kind !== "person" || voice.short === voice.name) continue;
      // "Mayor Helen Osei" is named in full by "Helen Osei" too.
      const full = voice.name.split(" ").slice(-2).join(" ");
      if (text.includes(voice.name) || (full.includes(" ") && text.includes(full))) {
        const key = `voice:${voice.name}`;
        this.mentions.set(key, (this.mentions.get(key) ?? 0) + 1);
      }
    }
  }
}

/** A sentence as a blockquote, credited to its speaker and linked to its moment. */
export function pullQuote(plan: Plan, index: number, speaker: Speaker): string {
  const sentence = plan.analysis.sentences[index];
  const at = plan.timed && sentence.start !== null ? `, ${timestampLink(plan, sentence.start)}` : "";
  return `> "${quoted(sentence.quote)}"\n>\n> — ${capitalise(speaker.of(index))}${at}`;
}

/**
 * Quoted comments as running text (`"…," wrote @a, in a comment with 1,204 likes. …`), in
 * paragraphs of a few voices each; `shorten` cuts each comment's words first (a terse style
 * quotes a clause of it).
 */
export function readerReaction(plan: Plan, shorten: (text: string) => string = (text) => text): string[] {
  const f = plan.frames;
  const sentences = trustedComments(plan).map((c, k) => {
    const who = escapeMarkdown(c.author);
    const text = shorten(quoted(c.text));
    return k === 0
      ? f.firstComment(text, who, c.likes)
      : pick([f.anotherViewer(who, text), f.quoteThen(text, who, f.wrote)], plan.seed, k);
  });
  const paragraphs: string[] = [];
  for (let k = 0; k < sentences.length; k += COMMENTS_PER_PARAGRAPH) {
    paragraphs.push(sentences.slice(k, k + COMMENTS_PER_PARAGRAPH).join(" "));
  }
  return paragraphs;
}

// More voices than this in one paragraph read as a wall of quotes.
const COMMENTS_PER_PARAGRAPH = 3;

const untrusted = (text: string) => isUntrusted(text) || isInstruction(text);

/** The picked comments an article may quote: none that carries markup or instructions to a model. */
export function trustedComments(plan: Plan): Plan["comments"] {
  return plan.comments.filter((c) => !untrusted(c.text) && !untrusted(c.author));
}

/** The chapters an article may list: none whose title carries markup or instructions to a model. */
export function trustedChapters(plan: Plan): Plan["chapters"] {
  return plan.chapters.filter((c) => !untrusted(c.title));
}
