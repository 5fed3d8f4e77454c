import { markdownToPlainText, truncateText } from "../../../content/render";
import { countWords, normalizeTags, wordRange } from "../../../content/text";
import { categoryScores, inferCategory } from "../../categorize";
import type { ArticleWriter, WriteRequest, WrittenArticle } from "../../types";
import { BLOG_OPTIONS, type Composition, composeNyt, composeProse, isPersonal, trimLead } from "./compose";
import { aimedComposer, customOptions } from "./custom";
import { isAside } from "./filters";
import { listIn } from "./frames";
import { writeHeadline } from "./headline";
import { hasHeadlineWords, recipeHeadline } from "./headline-lang";
import { isTagline } from "./headline-shapes";
import { isImperative } from "./instruction-promise";
import { escapeMarkdown } from "./markdown";
import { articleNote } from "./notes";
import { buildPlan, type Plan } from "./plan";
import { closeRoles } from "./render";
import { longestBareRun, refutedSetup } from "./select";
import { splitProse } from "./sentences";
import { centralStatements } from "./statements";
import { dependsOnPrevious, sourceLanguage } from "./story";
import { topicTags } from "./tags";
import { capitalise, contentTerms } from "./tokens";

export { categoryScores };

/**
 * The offline writer: no model, no network. It splits the transcript into sentences (punctuating
 * auto captions), ranks them, builds sections from chapters or topic shifts, and composes a blog,
 * news or custom-style article from the best of them with framing of its own, aiming for the
 * middle of the requested word range. Deterministic: the same request gives the same article.
 */
export function createExtractiveWriter(): ArticleWriter {
  return {
    name: "extractive",
    async write(request, onProgress) {
      onProgress?.({ stage: "writing", detail: "Writing the article from the transcript" });
      return writeExtractive(request);
    },
  };
}

function composer(plan: Plan): (budget: number) => Composition {
  const { style, referenceArticles } = plan.request;
  if (style === "nyt") return (budget) => composeNyt(plan, budget);
  if (style === "custom") return aimedComposer(plan, customOptions(referenceArticles));
  return (budget) => composeProse(plan, BLOG_OPTIONS, budget);
}

/**
 * Writes with growing or shrinking sentence budgets until the body's word count (countWords) lands
 * near the middle of the range. When the source runs out first, the longest honest article is
 * kept and a note says so.
 */
export function fitLength(
  compose: (budget: number) => Composition,
  min: number,
  max: number,
): { markdown: string; words: number } {
  const target = Math.round((min + max) / 2);
  const distance = (words: number) =>
    words >= min && words <= max
      ? Math.abs(words - target)
      : 10_000 + Math.min(Math.abs(words - min), Math.abs(words - max));
  let budget = Math.round(target * 0.7);
  let best: { markdown: string; words: number } | null = null;
  const tried = new Set<number>();
  for (let attempt = 0; attempt < 12; attempt++) {
    if (tried.has(budget)) break;
    tried.add(budget);
    const composition = compose(budget);
    const words = countWords(composition.markdown);
    if (!best || distance(words) < distance(best.words)) best = { markdown: composition.markdown, words };
    if (words >= min && words <= max && Math.abs(words - target) <= (max - min) * 0.12) break;
    if (composition.exhausted && words < target) break;
    budget = Math.max(20, Math.round(budget + (target - words) * 0.9));
  }
  return best!;
}

// "The federal ones", "those two": a noun phrase that points back to something the card never shows.
// "This step", "that trick": what it names was said before the sentence.
const POINTS_BACK =
  /\b(?:the|those|these)\s+(?:\p{L}+\s+)?ones\b|\b(?:those|these|both)\s+(?:two|three|four)\b|\b(?:this|that|these|those)\s+(?:steps?|points?|parts?|things?|methods?|ways?|tricks?|tips?|rules?|mistakes?|problems?|ideas?|advice|numbers?|trade-?offs?)\b/iu;

/** A link to a moment of the video, with the frame's words around it (English) or in brackets. */
const MOMENT_LINK =
  / ?\(?(?:at the |near the end of the video )?\[[^\]\n]{1,60}\]\([^)\s]{1,500}[?&]t=\d{1,6}s?\)(?: in the video)?\)?/g;

/** The longest excerpt a card shows. */
export const MAX_EXCERPT = 200;

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Whether two sentences say mostly the same words (a repeated lede, with a word or two changed). */
function sameSentence(a: string, b: string): boolean {
  const x = squash(a);
  const y = squash(b);
  if (!x || !y) return false;
  if (x === y || x.includes(y) || y.includes(x)) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  const words = new Set(long.split(" "));
  const other = short.split(" ");
  return other.filter((w) => words.has(w)).length / other.length >= 0.7;
}

/** Whether two sentences tell the same thing in other words: half the shorter one's content words. */
function sameNews(a: string, b: string): boolean {
  const x = new Set(contentTerms(a));
  const y = new Set(contentTerms(b));
  const [small, large] = x.size < y.size ? [x, y] : [y, x];
  if (small.size === 0) return false;
  return [...small].filter((t) => large.has(t)).length / small.size >= 0.5;
}

// Most words a card's sentence from auto captions runs without a comma: past this, a run-on.
const MAX_BARE_EXCERPT = 20;

/**
 * The excerpt (plain text, one or two whole sentences, at most MAX_EXCERPT characters) that sums
 * the article up without repeating its lede: the creator's own impersonal summary when the
 * description opens with one (with the most central statement after it), else the video's most
 * central statements, else the article's own
 * sentences after its first. Sentences that frame the video by its quoted title ("In a video
 * titled "…"") say nothing about the subject and are skipped, so nothing is cut mid-title; a
 * sentence is never cut, and only when nothing fits is the best one shortened at a word.
 */
export function excerptFor(plan: Plan, markdown: string): string {
  // A card reads without the moments sentences were said at ("…, Delgado explained at the 10:15
  // mark." is "…, Delgado explained."): each moment link goes, with the words the news frame puts
  // around it ("at the … mark", "… in the video"); a link standing alone in brackets goes too.
  const withoutMoments = markdown
    .slice(0, 200_000)
    .replace(MOMENT_LINK, "\uE000")
    .replace(/ *\uE000(?=[.,;:!?])/g, "")
    .replace(/ *\uE000 */g, " ");
  const paragraphs = markdownToPlainText(withoutMoments)
    .split("\n\n")
    .map((p) => p.trim())
    .filter(Boolean);
  const lede = splitProse(paragraphs[0] ?? "");
  const title = plan.meta.headline;
  const lang = plan.meta.lang ?? undefined;
  // The news article's own frame in the video's language: how often it was viewed ("…has been
  // viewed more than 1.2 million times and also covers the budget."), and the line that quotes
  // the description ("In the video's description, Mochila y Mapa escribe: …"). They tell of the
  // video, not of what it says.
  const views = plan.request.video.viewCount;
  const frameMarks = [
    ...(views ? [plan.frames.viewed(views)] : []),
    plan.frames.descriptionWrites("\u0000", "").split("\u0000")[0],
  ]
    .filter((mark) => mark.trim().length >= 6)
    // (As the sentences are compared: "120 000" with a plain space.)
    .map((mark) => mark.replace(/\s+/g, " "));
  const usable = (sentence: string) =>
    !frameMarks.some((mark) => sentence.includes(mark)) &&
    sentence.split(/\s+/).length >= 6 &&
    sentence.length <= MAX_EXCERPT &&
    /[.!?…]["'”’)]?$/.test(sentence) &&
    !sentence.includes(title) &&
    // The writer's own frame about the video ("The full video has more detail…") is no summary.
    !/\b(?:video titled|in a video|this video|full video|on YouTube|en YouTube|sur YouTube|auf YouTube|no YouTube)\b/iu.test(
      sentence,
    ) &&
    // Nor its frame around the description ("The video's description adds: …").
    !/^(?:the video's description|the description (?:adds|says|reads)|la descripción(?: del vídeo)? añade|la description(?: de la vidéo)? ajoute|die (?:video)?beschreibung ergänzt|a descrição(?: do vídeo)? acrescenta)/iu.test(
      sentence,
    ) &&
    // Nor its way into the comments ("The video drew responses in its comments section.").
    !/\b(?:comments section|drew responses|viewers are saying)\b/i.test(sentence) &&
    // Nor its turns from one part to the next ("The video then moves on to private loans.").
    !/\b(?:the video|the talk|the session)\s+(?:then\s+)?(?:moves|turns|goes|comes)\b/i.test(sentence) &&
    // Nor the speaker's own "Tonight is about the flood of 1893": the evening, not the subject.
    !/^(?:today|tonight|this (?:evening|morning|week|episode|talk|lecture|session))(?:'s \p{L}+)? (?:is|was|will be) about\b/iu.test(
      sentence,
    ) &&
    !isAside(sentence, lang) &&
    !/[<>{}[\]|]/.test(sentence) &&
    !/^[\p{L} ]{1,20}:\s/u.test(sentence) &&
    // The writer's frame around the title ("In "…", Explica Aí explica o dólar alto…") names
    // topics a card may well tell of: it is no sentence to repeat.
    !lede.some((l) => !l.includes(title) && sameSentence(sentence, l));
  // A card's sentence stands alone: no "we" or "you" (in the video's language), nothing it leans
  // on ("Por eso…", "This means…"), no object pronoun with nothing to point to ("Stretch it up…").
  const standsAlone = (t: string) =>
    !isPersonal(t, lang) &&
    !dependsOnPrevious(t) &&
    !refutedSetup(t) &&
    !/^\p{Lu}\p{Ll}+\s+(?:it|them|this|that)\b/u.test(t) &&
    // An instruction ("Take the second lever…") tells the viewer what to do, not the reader what the video is.
    !((lang ?? "en").startsWith("en") && isImperative(t)) &&
    !/(?:^|\s)\p{L}{2,}(?:amos|emos|imos)(?=[\s,.;:!?]|$)/iu.test(lang === "es" || lang === "pt" ? t : "");
  // (The description's opening may be a short line that sums the video up: "Five loaves, five
  // mistakes, one control loaf.")
  const summary = plan.description.filter(
    (d, k) => standsAlone(d) && !/\?["”]?$/.test(d) && d.split(/\s+/).length >= (k === 0 ? 6 : 8),
  );
  // A recipe's tagline names its dish ("La tarte aux abricots de ma grand-mère, avec…"): the card
  // says what the recipe is, in the creator's words, whatever "my" they hold.
  const tagline = plan.description[0] ?? "";
  const recipeLine =
    plan.lists.some((l) => l.kind === "ingredients") &&
    tagline.length <= MAX_EXCERPT &&
    (isTagline(tagline.replace(/[.!]+$/, "")) || (hasHeadlineWords(lang) && recipeHeadline(tagline, lang) !== null));
  if (recipeLine && summary[0] !== tagline) summary.unshift(tagline);
  const opensWithSummary = summary.length > 0 && plan.description[0] === summary[0];
  // The video's most central statements (questions, asides and remarks about the video left out).
  const central = centralStatements(plan)
    .map((s) => s.text)
    // Guessed sentences of auto captions do not stand alone on a card.
    .filter((t) => !plan.unpunctuated && t.split(/\s+/).length >= 8)
    .map(trimLead)
    .filter(standsAlone)
    .slice(0, 8);
  // What the article covers, in the writer's words and the article's language (a language
  // outside the frame table gets no framing of its own here).
  const f = plan.frames;
  const who = plan.meta.speakerKind === "anonymous" ? f.anonymousSpeaker : plan.meta.speaker;
  const coversOf = (topics: readonly string[]) =>
    !f.minimal && topics.length > 0 ? [`${capitalise(who)} ${f.covers(listIn(topics.slice(0, 3), f.and))}.`] : [];
  // One topic ("Tom Brennan covers the heat pump.") tells a reader less than a sentence of the
  // article does: such a line is the last resort, not an early choice.
  const coversAll = coversOf(plan.topics);
  const covers = plan.topics.length >= 2 ? coversAll : [];
  // When the lede already says what the video covers, the topics it does not name.
  const ledeText = squash(lede.join(" "));
  const framed = lede.some((l) => l.includes(title));
  const untold = plan.topics.filter((t) => !ledeText.includes(squash(t)));
  const coversMore = untold.length >= 2 && untold.length < plan.topics.length ? coversOf(untold) : [];
  // A spliced or half quotation ("… I use a pretty basic recipe") does not stand alone.
  const whole = (t: string) => !t.includes("…") && (t.match(/["“”]/g) ?? []).length % 2 === 0;
  const subject = new Set(contentTerms([title, ...plan.topics].join(" ")));
  const aboutSubject = (t: string) => new Set(contentTerms(t).filter((term) => subject.has(term))).size;
  const bySubject = (texts: readonly string[]) =>
    texts
      .map((t, k) => ({ t, k, about: aboutSubject(t) }))
      .sort((a, b) => b.about - a.about || a.k - b.k)
      .map((x) => x.t);
  const later = paragraphs
    .slice(1)
    .flatMap((p) => splitProse(p).slice(0, 2))
    .filter(whole);
  // A short sentence of the article's is too often a step of an argument ("The everything else
  // bucket was the problem."), and one about the title's or the topics' subject sums the
  // article up better than a detail ("Jess kept the federal ones as they were."): those first.
  // (From auto captions, no run a reader would want punctuated: "…put real money behind this team
  // charter flights a full-time strength coach the things".)
  const readable = (t: string) => !plan.unpunctuated || longestBareRun(t) <= MAX_BARE_EXCERPT;
  const alone = bySubject(
    later.filter((t) => standsAlone(t) && t.split(/\s+/).length >= 8 && !POINTS_BACK.test(t) && readable(t)),
  );
  const pools = [
    // The creator's summary, then the video's most central statement: the description's second
    // sentence is as often a credit or a disclaimer ("Shiftwise is a real company; the name is
    // changed…") as more of the summary.
    // (A recipe's tagline alone: a step of its method after it is no summary.)
    opensWithSummary ? [summary[0], ...(recipeLine ? [] : central)] : [],
    central,
    // (A lede that names the title has listed the topics already.)
    framed ? [] : covers,
    plan.unpunctuated ? [] : alone,
    // Auto captions: one sentence of the article's, at most.
    alone,
    coversMore,
    bySubject(later.filter((t) => !POINTS_BACK.test(t))),
    later,
  ];
  for (const pool of pools) {
    const picked: string[] = [];
    for (const sentence of pool.map((s) => s.replace(/\s+/g, " ").trim()).filter(usable)) {
      if (picked.some((p) => sameSentence(p, sentence) || sameNews(p, sentence))) continue;
      const next = [...picked, sentence].join(" ");
      if (next.length > MAX_EXCERPT) continue;
      picked.push(sentence);
      if (picked.length === 2 || next.length > MAX_EXCERPT * 0.6 || pools.indexOf(pool) >= 4) break;
    }
    if (picked.length > 0) return picked.join(" ");
  }
  if (coversAll[0] && coversAll[0].length <= MAX_EXCERPT) return coversAll[0];
  return truncateText(lede[0] ?? title, MAX_EXCERPT);
}

/**
 * A channel that writes its name in lower case ("tess in transit") still opens a sentence with a
 * capital ("Tess in transit's video…"); inside a sentence it keeps its own spelling.
 */
function sentenceCasedName(markdown: string, channel: string): string {
  if (!/^\p{Ll}/u.test(channel) || channel.length > 100) return markdown;
  const name = escapeMarkdown(channel).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const opening = new RegExp(`(^|\\n\\n|[.!?]["”]? )${name}`, "gu");
  return markdown.replace(opening, (_m, before: string) => `${before}${capitalise(escapeMarkdown(channel))}`);
}

/** The extractive writer's work, synchronously (see createExtractiveWriter). */
export function writeExtractive(request: WriteRequest): WrittenArticle {
  const plan = buildPlan(request);
  const { min, max } = wordRange(request.length);
  const fitted = fitLength(composer(plan), min, max);
  const words = fitted.words;
  // A custom style's sentences set how long a sentence a speaker's role may make (twice theirs).
  const reference = request.style === "custom" ? customOptions(request.referenceArticles).sentenceTarget : null;
  const roleLimit = reference ? Math.max(12, Math.round(reference * 2)) : undefined;
  const markdown = sentenceCasedName(closeRoles(fitted.markdown, roleLimit), plan.meta.channel);
  const transcriptText = request.transcript?.segments.map((s) => s.text).join(" ");
  const category = request.category ?? inferCategory(request.video, transcriptText);
  const lede = splitProse(markdownToPlainText(markdown).split("\n\n")[0] ?? "")[0] ?? "";
  const article: WrittenArticle = {
    title: writeHeadline(plan, lede),
    excerpt: excerptFor(plan, markdown),
    markdown,
    tags: normalizeTags(topicTags(plan, category), 8),
    category,
    // The offline writer does not translate: its frame is in the source's language when it has
    // one for it (meta.lang), else the article follows the source.
    language: plan.meta.lang ?? sourceLanguage(plan) ?? null,
  };
  const note = articleNote(plan, request, words);
  if (note) article.note = note;
  return article;
}
