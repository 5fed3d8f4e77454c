import { EAGER, splitSentence } from "./fit";
import { isImperative } from "./instruction-promise";
import type { Plan } from "./plan";
import { pointsAtSomethingNamed } from "./pointers";
import { announcesNext, hasVerb, hasVerbIn, isAnnouncement, isNearDuplicate, pickSentences } from "./rank";
import {
  dependsOnPrevious,
  holdsQuotation,
  isFirstPerson,
  isPersonal,
  isTeaser,
  leadsIntoNext,
  leansOnLocalNoun,
  ordinalOf,
  repairStory,
  setsUpCase,
  sourceLanguage,
} from "./story";
import { toneWeight } from "./tone";

// ---------------------------------------------------------------------------------------------
// Selection

export interface Selection {
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

// "If stale bread were just dry bread, a stale loaf would weigh less": a supposition the video
// goes on to test or refute, which read alone states the opposite of what it finds.
const HYPOTHETICAL = /^(?:so\s+|and\s+)?(?:if|suppose|imagine|what if)\b[^.!?]{0,200}\b(?:were|would|'d)\b/i;
/**
 * Whether a sentence is a supposition or a belief the video sets up to test or refute ("If stale
 * bread were just dry bread…", "Most people will tell you it dries out"): read alone, as a
 * takeaway or a card, it states what the video finds untrue.
 */
export function refutedSetup(text: string): boolean {
  return HYPOTHETICAL.test(text) || COMMON_BELIEF.test(text);
}

// "Fíjense en dos palabras importantes: general y sostenido.": the viewer told to look at what
// was just said, which a bullet read alone does not show.
const NOTICE =
  /^(?:notice|note that|look at|pay attention to|fíj(?:ense|ate|aos)|noten|observen|miren|repar(?:em|e)|notez|remarquez|regardez|achtet|beachtet|schaut)(?![\p{L}'’])/iu;
// "Most people will tell you it dries out": the belief a video sets up to refute, not its finding.
const COMMON_BELIEF =
  /^(?:so\s+|and\s+|now\s+)?(?:most|many|some|a lot of) people (?:will |would |might )?(?:tell you|think|believe|say|assume|expect)|^(?:you|we) (?:might|may|probably) (?:think|assume|believe|expect)|^(?:everyone|everybody) (?:thinks|believes|says|assumes|will tell you)/i;

/** "A sourdough loaf, fresh out of the oven, sealed in a bag…": a noun phrase and its comma, no verb before it. */
function nounPhraseFirst(text: string): boolean {
  const head = /^(?:a|an)\s(?:[\p{L}'’-]+\s){0,3}[\p{L}'’-]+(?=,\s)/iu.exec(text)?.[0];
  return head !== undefined && !hasVerb(head);
}

// "Qu'on peut faire sans robot…", "Which is why…": the rest of a sentence a caption cut, or a
// relative clause on the one before; no opening of its own.
const RELATIVE_OPENING =
  /^(?:qu['’]\p{L}|que\s|qui\s|dont\s|lequel|laquelle|which\s|whom\s|whose\s|cuyo|cuya|quien(?:es)?\s|donde\s)/iu;

const isStatement = (text: string, n: number, language?: string) =>
  hasVerbIn(text, language) &&
  !RELATIVE_OPENING.test(text) &&
  !HYPOTHETICAL.test(text) &&
  !COMMON_BELIEF.test(text) &&
  n >= 8 &&
  n <= 35 &&
  !/\?["”]?$/.test(text) &&
  !/^(?:for example|for instance|like|say|imagine)\b/i.test(text) &&
  !dependsOnPrevious(text) &&
  // "Cada mes se apunta el precio de esa cesta": the basket was named before.
  !pointsAtSomethingNamed(text) &&
  // An item of a list ("Mistake two: no folds…") belongs to its list, not to the opening.
  !/^[\p{L}\p{N} ]{1,25}:\s/u.test(text) &&
  !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(text);

export interface SelectOptions {
  /** The article shows each section's heading (so a line its heading restates is not repeated). */
  headings: boolean;
  takeaways: number;
  pullQuotes: number;
  /** Prefer impersonal sentences for the central point (news ledes). */
  impersonalCentral: boolean;
  /** Preferred sentence length, when imitating a reference style. */
  sentenceTarget: number | null;
  /** Prefer a central point with who and what: names and figures (news ledes). */
  newsworthy: boolean;
  /** Sentences the article shows elsewhere (a method's steps): never chosen, their words counted. */
  reserved?: readonly number[];
}

/**
 * Chooses the sentences for a word budget: the central point, takeaways (one per section, most
 * important sections first), pull quotes, a closing thought, and then each section's share of
 * what remains, in proportion to its importance. Nothing is chosen twice and no near-duplicates.
 */
export function select(plan: Plan, budget: number, options: SelectOptions): Selection {
  const lang = sourceLanguage(plan);
  const used = new Set<number>(options.reserved ?? []);
  const english = !lang || /^en\b/i.test(lang);
  // Lines a heading already says ("Now, the chain.") are never chosen, and cost no words.
  // (Only where the article shows its section headings: without them the line is the reader's
  // only way to the topic, and what leans on it needs it.)
  const restated = options.headings
    ? plan.sections.flatMap((s) => (s.restated === null || s.restated === undefined ? [] : [s.restated]))
    : [];
  for (const i of restated) used.add(i);
  let scores = plan.scores;
  // Auto captions have no commas: shorter sentences are easier to read.
  const sentenceTarget = options.sentenceTarget ?? (plan.unpunctuated ? 15 : null);
  if (options.sentenceTarget) {
    // Imitating a reference: a sentence weighs by how near its length, once cut at its clause
    // boundaries (fit.ts), comes to the reference's.
    const target = options.sentenceTarget;
    scores = plan.scores.map(
      (s, i) =>
        s *
        lengthFit(plan.analysis.sentences[i].text, target, english) ** (target <= EAGER ? 6 : 2) *
        terseBoost(plan, i, target),
    );
  } else if (sentenceTarget) {
    const target = sentenceTarget;
    scores = plan.scores.map(
      (s, i) => s * (1 - 0.35 * Math.min(1, Math.abs(plan.analysis.sentences[i].wordCount - target) / target)),
    );
  }
  const body = plan.sections.flatMap((s) => s.candidates);
  const everything = [...plan.intro, ...body, ...plan.outro];

  // A news lede states facts: sentences with figures and names weigh more.
  // The tone decides what is worth saying too (tone.ts), not only how it is framed.
  const tone = plan.analysis.sentences.map((s) => toneWeight(s.text, plan.request.tone));
  // An interviewer's questions and cues ("Coach, what a night…") are not the story: never the
  // lede, a takeaway, a pull quote or the close, and rarely the body.
  const asking = new Set(plan.analysis.sentences.flatMap((s, i) => (plan.meta.voices.get(s.turn)?.asks ? [i] : [])));
  const answers = (pool: readonly number[]) => (asking.size === 0 ? pool : pool.filter((i) => !asking.has(i)));
  scores = scores.map((s, i) => s * tone[i] * (asking.has(i) ? 0 : 1));
  // A sentence the next one leans on ("…tiny packed granules." before "When you bake, those
  // granules…") leads only when nothing else will do: taken to the lede, it strands the other.
  // Nor a sentence whose "the cables" only the one before brought in (an analogy's end).
  // (Worked out once: the lede's, the takeaways' and the last resort's weights all read it.)
  const chained = plan.analysis.sentences.map((_, i) => leadsIntoNext(plan, i) || leansOnLocalNoun(plan, i));
  const chain = (i: number) => (chained[i] ? 0.4 : 1);
  const thesis = options.newsworthy
    ? plan.thesis.map((t, i) => t * tone[i] * chain(i) * (1 + newsValue(plan.analysis.sentences[i].text)))
    : plan.thesis.map((t, i) => t * tone[i] * chain(i));
  // A news lede states what is so, not what to do ("Drop the temperature to 230…").
  // …and is no quotation of someone else ('She wrote, "…"'), which would be quoted inside its quotation.
  // A blog's lede says what the video is about too: an instruction ("Drop the temperature to two
  // hundred and thirty…") only when the video says nothing else worth leading with.
  const statementFit = (t: string, n: number) => isStatement(t, n, lang) && !holdsQuotation(t);
  const centralFit = (t: string, n: number) => statementFit(t, n) && !isImperative(t);
  const anyCentral =
    bestOf(plan, answers(everything), used, centralFit, thesis) ??
    (options.newsworthy ? null : bestOf(plan, answers(everything), used, statementFit, thesis));
  let central = anyCentral;
  if (options.impersonalCentral && anyCentral !== null) {
    const impersonal = bestOf(
      plan,
      answers(everything),
      used,
      (t, n) => centralFit(t, n) && !isPersonal(t, lang),
      thesis,
    );
    if (impersonal !== null && thesis[impersonal] >= thesis[anyCentral] * 0.6) central = impersonal;
  }
  if (central !== null) used.add(central);

  const byImportance = plan.sections
    .map((section, k) => ({ section, k }))
    .sort((a, b) => b.section.importance - a.section.importance || a.k - b.k);

  // Takeaways are general statements, not the most detailed sentences of a section.
  // Never one the chain above marks: read alone, a bullet would strand what leans on it, or be
  // the end of an analogy without its start (a shorter list is better than a broken one).
  // (Only a list that would otherwise be empty takes one, the chain's weight against it.)
  const generalScores = plan.general.map((g, i) => (chain(i) < 1 ? 0 : g * tone[i]));
  const lastResort = plan.general.map((g, i) => g * tone[i] * chain(i));
  const takeaways: number[] = [];
  for (let round = 0; round < 3 && takeaways.length < options.takeaways; round++) {
    if (round === 2 && takeaways.length > 0) break;
    const weights = round < 2 ? generalScores : lastResort;
    for (const { section } of byImportance) {
      if (takeaways.length >= options.takeaways) break;
      const best = bestOf(
        plan,
        answers(section.candidates),
        used,
        (t, n) =>
          n >= 6 &&
          n <= (plan.unpunctuated ? 22 : 30) &&
          // A bullet read alone shows a caption run-on the body's context hides ("You close the
          // street those people go to the big box store…"): auto captions give short runs only.
          !(plan.unpunctuated && longestBareRun(t) > MAX_BARE_TAKEAWAY) &&
          !/\?["”]?$/.test(t) &&
          !isFirstPerson(t, lang) &&
          !dependsOnPrevious(t) &&
          !refutedSetup(t) &&
          // "A sourdough loaf, fresh out of the oven, sealed in a bag…": a spoken noun phrase, no sentence.
          !nounPhraseFirst(t) &&
          // "Think of a drawer of cables.": a case set up for the sentences after it.
          !setsUpCase(t) &&
          !NOTICE.test(t) &&
          !isTeaser(t) &&
          !holdsQuotation(t) &&
          !isAnnouncement(t) &&
          // "Economists talk about three big causes." promises what a bullet cannot hold.
          !announcesNext(t) &&
          // A takeaway stands alone: not a list item ("Mistake four: …", "number three").
          !/^[\p{L}\p{N} ]{1,25}:\s/u.test(t) &&
          !/\bnumber (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(t) &&
          !/^(?:and|but|or|so|because)\b/i.test(t) &&
          // "Primero, no dejar…" belongs to its list.
          ordinalOf(t) === 0 &&
          hasVerb(t),
        weights,
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
      answers(section.candidates),
      used,
      (t, n) =>
        n >= 8 && n <= 35 && isPersonal(t, lang) && !/\?["”]?$/.test(t) && !dependsOnPrevious(t) && !holdsQuotation(t),
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
          answers(closingPool),
          used,
          (t, n) => n >= 7 && n <= 40 && !/\?["”]?$/.test(t) && !dependsOnPrevious(t) && !holdsQuotation(t),
          scores,
        )
      : null;
  if (outro !== null) used.add(outro);

  const fixed = words(plan, used) - words(plan, restated);
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
  const fixedUsed = new Set(
    [central, outro, ...takeaways, ...pullQuotes.values(), ...(options.reserved ?? [])].filter((i) => i !== null),
  );
  const repaired = (chosen: readonly number[], k: number) => {
    const heading = options.headings ? plan.sections[k].restated : null;
    const shown = new Set(heading === null || heading === undefined ? [] : [heading]);
    return repairStory(plan, chosen, new Set(plan.sections[k].candidates), new Set([...fixedUsed, ...restated]), shown);
  };
  const story = perSection.map(repaired);
  total = words(plan, [...fixedUsed, ...story.flat()]);
  // What the repairs dropped (a sentence whose antecedent could not come with it) leaves words
  // over: one more pass offers them to the sections, each repaired again with what it gains.
  for (const { k } of byImportance) {
    if (total >= budget * 0.97) break;
    for (const i of story[k]) used.add(i);
    const more = pickSentences(
      plan.analysis,
      scores,
      plan.sections[k].candidates.filter((i) => !used.has(i)),
      budget - total,
      used,
    );
    if (more.length === 0) continue;
    story[k] = repaired(
      [...story[k], ...more].sort((a, b) => a - b),
      k,
    );
    total = words(plan, [...fixedUsed, ...story.flat()]);
  }
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

/**
 * How well a sentence fits a reference's sentence length, 0 to 1: its mean piece length once
 * cut at its clause boundaries, against the target, on a log scale (twice as long weighs half).
 * `english` as fit.ts cuts the article's language (a Spanish colon is cut by its own checks).
 */
export function lengthFit(text: string, target: number, english = true): number {
  const parts = splitSentence(text, target, false, english);
  const n = parts.reduce((sum, p) => sum + p.split(/\s+/).length, 0) / parts.length;
  return 1 / (1 + 2.5 * Math.abs(Math.log(n / target)));
}

/**
 * For a terse reference, a short whole sentence ("Indexes are not free.") is what the style
 * wants: the ranking's discount for short sentences (rank.ts sentencePenalty) is taken back.
 */
function terseBoost(plan: Plan, index: number, target: number): number {
  const { text, wordCount } = plan.analysis.sentences[index];
  if (target > EAGER || wordCount >= 9) return 1;
  // Short is not enough: "Feature flags on risky changes." has no verb, "Yes, at the front."
  // answers something the reader never saw.
  if (
    !hasVerb(text) ||
    /\?["”]?$/.test(text) ||
    dependsOnPrevious(text) ||
    /^(?:yes|no|yeah|right|okay|ok)\b/i.test(text)
  )
    return 0.3;
  return wordCount < 6 ? 2.5 : 1.3;
}

/** How much a sentence says who did what, with figures: 0 to about 0.5. */
export function newsValue(text: string): number {
  const figures = (text.match(/\$?\d[\d,.]*%?|\b(?:million|billion|thousand|hundred|percent|per cent)\b/gi) ?? [])
    .length;
  const names = (text.slice(1).match(/(?<=\s)\p{Lu}\p{Ll}+/gu) ?? []).length;
  return Math.min(0.3, 0.12 * figures) + Math.min(0.2, 0.05 * names);
}

/** The last 30% of the last section: where a closing thought is said. */
export function lastStretch(plan: Plan): number[] {
  const last = plan.sections[plan.sections.length - 1];
  if (!last) return [];
  const from = last.candidates[Math.floor(last.candidates.length * 0.7)] ?? last.candidates[0];
  return last.candidates.filter((i) => i >= from);
}

// ---------------------------------------------------------------------------------------------
// Paragraphs

export interface Item {
  index: number;
  quote: boolean;
}

/**
 * Chosen sentences as paragraphs of about `size` sentences and at most `maxWords` words; a
 * sentence that leans on the one before stays with it, and a jump in the video starts a new one.
 */
export function paragraphsOf(plan: Plan, indexes: readonly number[], size: number, maxWords: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let wordsIn = 0;
  let previous = -1;
  // Who says a sentence, where the transcript tells voices apart: a paragraph is one voice's, so
  // whoever it credits said all of it.
  const voiceOf = (k: number) => plan.meta.voices.get(plan.analysis.sentences[k].turn)?.name ?? null;
  for (const i of indexes) {
    const n = plan.analysis.sentences[i].wordCount;
    const jump = previous >= 0 && i - previous > 8;
    const otherVoice = previous >= 0 && voiceOf(i) !== voiceOf(previous);
    // A sentence that leans on the one before it stays with it: in its paragraph, or, when that
    // would make the paragraph half as long again as it may be, both open the next one.
    const attached =
      previous >= 0 &&
      previous === i - 1 &&
      (dependsOnPrevious(plan.analysis.sentences[i].text) ||
        isTeaser(plan.analysis.sentences[previous].text) ||
        // "Think of a drawer of cables." and "Baking pulls all the cables loose." read as one.
        setsUpCase(plan.analysis.sentences[previous].text) ||
        leansOnLocalNoun(plan, i));
    if (attached && current.length >= 2 && wordsIn + n > maxWords * 1.5) {
      const moved = current.pop() as number;
      out.push(current);
      current = [moved];
      wordsIn = plan.analysis.sentences[moved].wordCount;
    } else if (
      current.length > 0 &&
      !attached &&
      (current.length >= size || wordsIn + n > maxWords || (jump && current.length >= 2) || otherVoice)
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
  const last = out[out.length - 1];
  const before = out[out.length - 2];
  if (
    out.length >= 2 &&
    last.length === 1 &&
    before.length < size + 1 &&
    voiceOf(last[0]) === voiceOf(before[before.length - 1])
  ) {
    const tail = out.pop()!;
    out[out.length - 1].push(...tail);
  }
  return out;
}

// Most words a takeaway (or a card's excerpt) from repaired auto captions runs without a comma,
// colon or dash.
export const MAX_BARE_TAKEAWAY = 14;

/** The most words a sentence runs between punctuation marks. */
export function longestBareRun(text: string): number {
  let best = 0;
  for (const part of text.slice(0, 1000).split(/[,;:—–()"“”]/)) {
    const words = part.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    if (words > best) best = words;
  }
  return best;
}
