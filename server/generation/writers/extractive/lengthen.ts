import { TABLES } from "./frame-tables";
import { ALL_SAID_VERBS } from "./phrases";
import { STOPWORDS } from "./tokens";

/**
 * Sentences joined toward a long reference length (an essay of 40-word sentences): neighbouring
 * sentences of one paragraph become one, as a reader counts sentences, quotations included.
 * Inside a quotation only punctuation and case change ("…here. Then we…" becomes "…here; then
 * we…"); where a quotation ends a sentence its closing period gives way to the joining mark
 * after the closing quote ('…here" (0:21); the next…'), so the speaker's words stay as they were.
 */

/** Most words a joined sentence gets: past this a reader loses the thread (the run-on line). */
export const MAX_LONG_SENTENCE = 50;

/**
 * The longest joined sentence for a reference whose sentences average `target` words: the run-on
 * line, or half again the reference's own average when its writer goes further (an essay of
 * 50-word sentences asks for sentences that long; the reader of such a reference expects them).
 */
export const joinCap = (target: number) => Math.max(MAX_LONG_SENTENCE, Math.round(target * 1.5));

// Room left in a joined quotation for the attribution the article adds to it ("Jess explains").
const QUOTE_ATTRIBUTION = 3;

// A sentence that ends on its speaker after a quotation: '…," Ana says.' (a moment link may follow
// the period, or stand before it once linkInside has moved it: '…," Ana says ([0:21](…)).').
const ATTRIBUTION_END =
  /["”][^"“”.!?()]{1,80}(?:\s\(\[[^\]\n]{0,40}\]\([^)\s]{0,500}\)\))?\.(?:\s\(\[[^\]\n]{0,40}\]\([^)\s]{0,500}\)\))?\s*$/u;

// Verbs of a credit the article puts after reported words ("…, Moreno notes."), in each frame language.
const CREDIT_VERBS = new Set([
  ...`says notes explains adds observes states argues stresses insists recalls writes asks`.split(" "),
  ...ALL_SAID_VERBS,
  ...Object.values(TABLES).flatMap((t) => [...t.says, ...t.said].map((v) => v.split(" ").pop() ?? v)),
]);
// A sentence's closing credit after a comma, outside any quotation: ", Moreno notes." (a moment
// link may follow).
const TRAILING_CREDIT = /,\s([^,;:"“”.!?()[\]]{1,60})\.(?:\s\(\[[^\]\n]{0,40}\]\([^)\s]{0,500}\)\))?\s*$/u;

/**
 * Whether a sentence ends by crediting what it reports to someone ("…are on Fridays, Moreno
 * notes."): joined after another sentence, the credit would take that one's words too.
 */
export function endsOnCredit(sentence: string): boolean {
  const credit = TRAILING_CREDIT.exec(sentence.slice(-700))?.[1];
  if (!credit) return false;
  const words = credit.split(/\s+/).filter(Boolean);
  return words.length <= 5 && words.some((w) => CREDIT_VERBS.has(w));
}

// Longest paragraph joined; anything longer is left as it is.
const MAX_CHARS = 6000;

// A markdown link, whose address holds dots that end no sentence.
const LINK = /\[[^\]\n]{0,300}\]\([^)\s]{0,500}\)/g;
// A moment link in brackets after a sentence end: '…here." ([0:21](…))'.
const TRAILING_LINK = /^\s\(\[[^\]\n]{0,40}\]\([^)\s]{0,500}\)\)/;
const OPENS_SENTENCE = /^["“'‘(¿¡]?[\p{Lu}\p{N}]/u;
// Words after which a period is no sentence end.
const ABBREVIATION = /(?:^|\s)(?:mr|mrs|ms|dr|st|vs|etc|no|jr|sr|\p{L})$/iu;
const CONJUNCTION = /^(?:And|But|So|Yet|Or|Y|Pero|Et|Mais|Und|Aber|E|Mas)$/;
const JOINABLE =
  /^(?:the|a|an|nobody|everybody|everyone|everything|nothing|someone|somebody|something|anyone|anybody|anything|others|another|several|none|it|its|this|that|these|those|there|they|their|we|our|you|your|he|she|his|her|most|many|some|each|every|one|no|not|then|in|on|at|for|with|by|to|after|before|when|if|all|any|both|more|much|once|now|only|even|what|how|why|here|next|as|from|also|still|just|however|instead|today|tonight|maybe|perhaps|sometimes|often|usually|never|always|again|finally|later|meanwhile|otherwise|besides|yes)$/i;
// The same for Spanish, French, Portuguese and German: articles, determiners, pronouns and
// adverbs that open a sentence in lower case after a joining mark (no German noun: those keep
// their capital).
const JOINABLE_ELSEWHERE =
  /^(?:first|second|third|firstly|secondly|thirdly|lastly|primero|primera|tercero|tercera|premièrement|deuxièmement|troisièmement|enfin|primeiro|primeira|terceiro|terceira|erstens|zweitens|drittens|voici|voilà|mucho|mucha|muchos|muchas|logo|el|la|los|las|un|una|unos|unas|este|esta|estos|estas|esto|ese|esa|esos|esas|eso|otro|otra|otros|otras|hay|así|luego|después|ahora|también|cuando|le|les|une|des|ce|cette|ces|il|elle|ils|elles|on|nous|vous|puis|ensuite|aussi|quand|os|as|uma|estes|isso|isto|outro|outra|depois|agora|também|quando|der|die|das|ein|eine|es|er|sie|wir|dann|auch|jetzt)$/i;
// Function words (tokens.ts) that keep their capital mid-sentence: German's formal "you" and
// "your", and English ones that are also first names.
const CAPITAL_KEPT = new Set(["Sie", "Ihr", "Ihre", "Ihnen", "Ihren", "Ihrem", "Ihrer", "Ihres", "Will", "May"]);
// A French or Italian elided article or pronoun ("L'opposition…", "D'ici…", "Qu'il…").
const ELIDED = /^(?:[LDJNSCMT]|Qu)['’]\p{L}/u;
// An adverb opening a sentence ("Mathematically, …", "Honestly …"), not a name.
const ADVERB = /^\p{Lu}\p{Ll}{2,}(?:ally|ously|ively|fully|estly|ently|antly|ately)$/u;

/** Whether a sentence's capitalised first word is a common word (lowered when joined), not a name. */
export function isCommonOpening(first: string, common: ReadonlySet<string>): boolean {
  if (first === "I" || /^I['’]/.test(first) || CAPITAL_KEPT.has(first)) return false;
  const lower = first.toLowerCase();
  return (
    JOINABLE.test(first) ||
    JOINABLE_ELSEWHERE.test(first) ||
    ADVERB.test(first) ||
    common.has(lower) ||
    STOPWORDS.has(lower) ||
    ELIDED.test(first)
  );
}

interface Boundary {
  /** Index of the sentence's closing period. */
  period: number;
  /** Where the next sentence starts. */
  next: number;
  /** The period is inside a quotation. */
  quotedEnd: boolean;
  /** The quotation is still open where the next sentence starts. */
  quotedNext: boolean;
  /** The sentence ends on a period (not "?", "!" or "…"), so it may join the next. */
  joinable: boolean;
}

/** No word known to be common: only function words go to lower case after a joining mark. */
export const NO_WORDS: ReadonlySet<string> = new Set();

/** Words as a reader counts them: a link's text, not its address. */
export const wordsIn = (text: string) => {
  const plain = text.replace(LINK, (link) => link.slice(1, link.indexOf("]")));
  const regexWords = (plain.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
  const tokens = plain.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(regexWords, tokens);
};

// Words of four letters or more a title capitalises ("Stale Bread Isn't Dry. Here's What's…").
const TITLE_WORD = /[\p{L}][\p{L}'’-]{3,}/gu;

/**
 * Whether a quotation's text is a title in title case (a video's, a book's): its sentences are
 * the title's, not a speaker's, and no join or cut may touch them. Spoken words quoted are in
 * sentence case; a title has three long words or more, nearly all capitalised.
 */
export function readsAsTitle(text: string): boolean {
  if (text.length > 300) return false;
  const long = text.match(TITLE_WORD) ?? [];
  if (long.length < 3) return false;
  const capitals = long.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitals >= long.length - 1 && capitals / long.length >= 0.8;
}

/** The paragraph's sentence ends, quotation by quotation (links masked so their dots do not count). */
function boundariesOf(paragraph: string): Boundary[] {
  const masked = paragraph.replace(LINK, (link) => {
    const at = link.indexOf("](");
    // A quote mark in a link's text ('[The "Salt" Road](…)') opens no quotation of the paragraph.
    return `${link.slice(0, at + 2).replace(/["“”]/g, "_")}${"_".repeat(link.length - at - 3)})`;
  });
  const out: Boundary[] = [];
  let open = false;
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i];
    const opening = (c === '"' && !open) || c === "“";
    if (c === '"') open = !open;
    else if (c === "“") open = true;
    else if (c === "”") open = false;
    // A quoted title's periods end no sentence of the paragraph: the scan goes on after it.
    if (opening) {
      const close = masked.indexOf(c === "“" ? "”" : '"', i + 1);
      if (close > 0 && readsAsTitle(masked.slice(i + 1, close))) {
        i = close;
        open = false;
        continue;
      }
    }
    if (!/[.!?…]/.test(c)) continue;
    const quotedEnd = open;
    let j = i + 1;
    while (j < masked.length && /["'”’)]/.test(masked[j])) {
      if (masked[j] === '"' || masked[j] === "”") open = masked[j] === '"' ? !open : false;
      j++;
    }
    // The closing marks are read: the scan goes on after them, or a '"' would toggle twice
    // ('…chorus!" @bob wrote.' would leave everything after it inside a quotation).
    const marksEnd = j;
    // A moment link after the sentence belongs to it.
    const link = TRAILING_LINK.exec(masked.slice(j, j + 560));
    if (link && !open) j += link[0].length;
    let next = j;
    while (next < masked.length && /\s/.test(masked[next])) next++;
    if (next === j || !OPENS_SENTENCE.test(masked.slice(next, next + 3))) {
      i = marksEnd - 1;
      continue;
    }
    const joinable = c === "." && masked[i - 1] !== "." && !ABBREVIATION.test(masked.slice(Math.max(0, i - 4), i));
    out.push({ period: i, next, quotedEnd, quotedNext: open, joinable });
    i = next - 1;
  }
  return out;
}

/** Words in each of a paragraph's sentences, as a reader counts them (quotations included). */
export function sentenceSizes(paragraph: string): number[] {
  if (paragraph.length > MAX_CHARS) return [wordsIn(paragraph)];
  const starts = [0, ...boundariesOf(paragraph).map((b) => b.next)];
  return starts.map((from, k) => wordsIn(paragraph.slice(from, starts[k + 1] ?? paragraph.length)));
}

/** One sentence of a paragraph, as sentencePieces cuts it. */
export interface SentencePiece {
  /** The sentence with the spaces after it (the pieces' texts joined give the paragraph back). */
  text: string;
  words: number;
  /** The sentence starts outside any quotation, so a new paragraph may begin with it. */
  opensFree: boolean;
}

/**
 * A paragraph's sentences, a moment link after a sentence kept with it, each marked with whether
 * a paragraph break may come before it (never inside a quotation). A paragraph longer than
 * MAX_CHARS is one piece.
 */
export function sentencePieces(paragraph: string): SentencePiece[] {
  if (paragraph.length > MAX_CHARS) return [{ text: paragraph, words: wordsIn(paragraph), opensFree: true }];
  const ends = boundariesOf(paragraph);
  const starts = [0, ...ends.map((b) => b.next)];
  return starts.map((from, k) => {
    const text = paragraph.slice(from, starts[k + 1] ?? paragraph.length);
    return { text, words: wordsIn(text), opensFree: k === 0 || !ends[k - 1].quotedNext };
  });
}

// What follows a verb, not a name: an object or a determiner ("Ran them with…", "Tried the…").
const OBJECT_NEXT = /^\s+(?:them|it|the|a|an|my|our|your|his|her|their|this|that|these|those|me|us|him|up|out)\s/i;

/** Whether a sentence opens on a common word (see isCommonOpening), or on a verb before its object. */
export function commonStart(sentence: string, first: string, common: ReadonlySet<string>): boolean {
  return isCommonOpening(first, common) || OBJECT_NEXT.test(sentence.slice(first.length, first.length + 12));
}

/** The next sentence's opening, its first word lowered when it is a common word, not a name. */
function lowered(rest: string, common: ReadonlySet<string>): string {
  const first = /^\p{Lu}[\p{Ll}'’-]*/u.exec(rest)?.[0];
  if (!first || !(commonStart(rest, first, common) || CONJUNCTION.test(first))) return rest;
  return first.toLowerCase() + rest.slice(first.length);
}

// A sentence that opens on a name of two capitalised words ("Mayor Helen Osei said…", "Rosa
// Delgado told…") or on one before a reporting verb ("Jess says…"): it reads as it should after
// a semicolon, its capitals kept.
const NAME_OPENING =
  /^\p{Lu}[\p{Ll}'’-]{1,20} (?:\p{Lu}[\p{Ll}'’-]{1,20}\b|(?:says|said|notes|noted|explains|explained|adds|added|told|tells|recalls|recalled|writes|wrote|argues|argued|puts it)\b)/u;

/**
 * One paragraph with neighbouring sentences joined while each stays under `cap` words and the
 * sentence so far is shorter than `target`: "; " first, then ", and" outside quotations (English)
 * or a dash. A question, an exclamation or an omission ends a joined sentence.
 */
export function lengthenParagraph(
  paragraph: string,
  target: number,
  english: boolean,
  common: ReadonlySet<string>,
  cap = joinCap(target),
): string {
  if (paragraph.length > MAX_CHARS) return paragraph;
  const ends = boundariesOf(paragraph);
  if (ends.length === 0) return linkInside(paragraph);
  const starts = [0, ...ends.map((b) => b.next)];
  // Each sentence with the spaces after it; a join rewrites the end of one and the start of the next.
  const texts = starts.map((from, k) => paragraph.slice(from, starts[k + 1] ?? paragraph.length));
  const sizes = texts.map(wordsIn);
  let group = sizes[0];
  // The joined sentence so far has a semicolon: one to a sentence ("A; b; c" reads as a list),
  // but for the one that closes a speaker's words (below).
  let semicolonUsed = texts[0].includes(";");
  ends.forEach((b, k) => {
    const next = texts[k + 1];
    const nextAsks = /[?!]["'”’)]*\s*$/.test(next);
    // '…," the creator says.' ends on who said it: what is joined after it with ", and" would read
    // as more of what that speaker said ('…, the creator says, and you look for…'); a semicolon
    // closes it ('…," Ana says; the next…'), even where the sentence has one already.
    // A quotation that ends on its own question or exclamation ('"…fund?" Jess says.') leaves its
    // attribution a sentence of its own to the scan: it is read with the quotation before it.
    const closedBefore = k > 0 && ends[k - 1].quotedEnd && !ends[k - 1].quotedNext;
    const own = closedBefore ? texts[k - 1].slice(-240) + texts[k] : texts[k];
    const credited = !b.quotedEnd && ATTRIBUTION_END.test(own.slice(-240));
    // ", and" adds a word outside a quotation, once the sentence has its semicolon.
    const useSemicolon = (!semicolonUsed || credited) && !next.includes(";");
    const added = !useSemicolon && english && !(b.quotedEnd && b.quotedNext) ? 1 : 0;
    const first = /^\p{Lu}[\p{Ll}'’-]*/u.exec(next)?.[0] ?? "";
    // A capital that cannot go to lower case may be a name or a word the source never wrote in
    // lower case (the article's own "Worth a watch…", a commenter's "Thank you"): after a
    // semicolon it would read as a typo ('"What a tour; Thank you…"'), so that sentence stands
    // alone, inside a quotation or out.
    // A name the source writes mid-sentence ("Shiftwise", in `common` as written) reads as one.
    // Inside a quotation only a function word goes to lower case ("Mac" may be a name the source
    // also writes "mac"): the quoted words cannot afford the guess.
    const inside = b.quotedEnd && b.quotedNext;
    const known = inside ? NO_WORDS : common;
    const keepsCapital =
      first !== "" &&
      !commonStart(next, first, known) &&
      !CONJUNCTION.test(first) &&
      !/^I(?:['’]|$)/.test(first) &&
      (inside || (!common.has(first) && !common.has(first.replace(/['’]s$/, "")) && !NAME_OPENING.test(next)));
    const attributed = credited && !useSemicolon;
    const join =
      b.joinable &&
      !attributed &&
      !(!b.quotedNext && endsOnCredit(next)) &&
      !keepsCapital &&
      !nextAsks &&
      !(semicolonUsed && next.includes(";")) &&
      group < target &&
      group + sizes[k + 1] + added <= Math.min(cap - (b.quotedNext ? QUOTE_ATTRIBUTION : 0), Math.round(target * 1.35));
    if (!join) {
      group = sizes[k + 1];
      semicolonUsed = texts[k + 1].includes(";");
      return;
    }
    let glue: string;
    if (CONJUNCTION.test(first)) {
      glue = ", ";
      texts[k + 1] = first.toLowerCase() + next.slice(first.length);
    } else {
      glue = useSemicolon ? "; " : english && !inside ? ", and " : " — ";
      if (!/^["“]/.test(next)) texts[k + 1] = lowered(next, known);
    }
    // The sentence up to its period, then whatever closed it (quote marks, a moment link).
    const sentence = texts[k];
    const period = b.period - starts[k];
    texts[k] = sentence.slice(0, period) + sentence.slice(period + 1).replace(/\s+$/, "") + glue;
    group += sizes[k + 1] + added;
    semicolonUsed ||= glue === "; " || texts[k + 1].includes(";");
  });
  return linkInside(texts.join(""));
}

/** Whether text's last quotation mark has no moment link after it (the quotation is not yet cited). */
export function endsUncited(text: string): boolean {
  const last = Math.max(text.lastIndexOf('"'), text.lastIndexOf("”"));
  return last >= 0 && !text.slice(last).includes("](");
}

// A paragraph's closing moment link after its last period: '…she says. ([0:21](…))'.
const CLOSING_LINK = /([^.!?…])\.(["”’]?)(\s\(\[[^\]\n]{0,40}\]\([^)\s]{0,500}\)\))$/u;
const CLOSING_QUOTE = /([^.!?…])\.(["”])$/u;

/**
 * A paragraph's last sentence made ready for its citation: a moment link that closes the
 * paragraph goes before the period ('…she says ([0:21](…)).', '"…on time" ([0:21](…)).'), and a
 * closing quotation takes its period outside ('"…on time".'), where the receipts add the moment
 * link before it; a link after the period would read as a sentence of its own.
 */
function linkInside(paragraph: string): string {
  // Only the paragraph's end is looked at (a link is at most a few hundred characters).
  const at = Math.max(0, paragraph.length - 700);
  const tail = paragraph.slice(at);
  const moved = CLOSING_LINK.test(tail)
    ? tail.replace(CLOSING_LINK, (_m, before: string, mark: string, link: string) => `${before}${mark}${link}.`)
    : tail.replace(CLOSING_QUOTE, "$1$2.");
  return paragraph.slice(0, at) + moved;
}
