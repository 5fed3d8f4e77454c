import { titleCase } from "./keyphrases";

/*
 * A news headline from one English sentence: its subject and claim, in the present tense, without
 * attribution, asides or filler. Shared by the news and the blog headlines (headline.ts).
 */

/** The longest headline we write (a card shows about this much). */
export const MAX_HEADLINE = 90;

const NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split(" ");
const AUX = new Set("will is are was were has have had can could would should must may might does do did".split(" "));

/** Whether a word is an auxiliary or modal verb ("is", "has", "will", "did"), in any case. */
export const isAuxiliary = (word: string) => AUX.has(word.toLowerCase());

/** "Host Rachel Lindqvist is joined by…", "…talks with Ana Ruiz": who appears with whom, no news. */
export const APPEARS_WITH = /\b(?:joined|accompanied)\s+by\b|\b(?:talks?|chats?|sits?\s+down)\s+(?:with|to)\b/i;

/**
 * The viewer's possessive after a sentence's first word read as anyone's ("…jump back to your
 * previous branch" -> "…to the previous branch"), for the article's statements and headlines.
 */
export const impersonalYour = (text: string) => text.replace(/(?<=\s)your(?=\s+\p{L})/giu, "the");
const SUBJECT_PRONOUN =
  /^(?:i|you|we|they|he|she|it|this|that|these|those|there|here|so|and|but|now|well|okay|then|what|which|who|when|if|something|someone|somebody|anything|anyone|everything|everyone|everybody|nothing|nobody)$/i;
const FIRST_OR_SECOND = /\b(?:I|I'm|I've|me|my|we|we're|our|us|you|you're|your)\b/i;
// Words a headline drops ("at least", "really", "serious" stays: it is the claim).
const FILLER = /^(?:all|just|really|actually|also|still|very|currently|basically|literally|now|even)$/i;
// Words a long headline may be cut before (a prepositional or subordinate phrase follows).
const BOUNDARY =
  /^(?:after|for|to|in|on|with|from|following|because|until|since|by|and|while|as|at|over|amid|despite)$/i;
// Past forms of the verbs "How I …" titles use, back to the form "How to …" needs.
/** Past and -ing forms of common verbs, back to the base form a headline or "How to …" needs. */
export const LEMMA: Record<string, string> = {
  paid: "pay",
  made: "make",
  built: "build",
  got: "get",
  lost: "lose",
  saved: "save",
  learned: "learn",
  learnt: "learn",
  started: "start",
  grew: "grow",
  quit: "quit",
  fixed: "fix",
  cut: "cut",
  wrote: "write",
  bought: "buy",
  sold: "sell",
  taught: "teach",
  ran: "run",
  beat: "beat",
  cleared: "clear",
  found: "find",
  designing: "design",
  building: "build",
  making: "make",
  writing: "write",
  pricing: "price",
  baking: "bake",
  cooking: "cook",
  choosing: "choose",
  using: "use",
  managing: "manage",
  scaling: "scale",
  creating: "create",
  improving: "improve",
  running: "run",
  getting: "get",
  saving: "save",
  learning: "learn",
  starting: "start",
  growing: "grow",
  fixing: "fix",
  testing: "test",
  debugging: "debug",
  planning: "plan",
  kept: "keep",
  took: "take",
  gave: "give",
  won: "win",
  led: "lead",
  left: "leave",
  brought: "bring",
  broke: "break",
  spent: "spend",
  sent: "send",
  raised: "raise",
  approved: "approve",
  closed: "close",
  opened: "open",
  launched: "launch",
  reached: "reach",
  voted: "vote",
  announced: "announce",
  cost: "cost",
  // Past forms news summaries are written with ("came from behind to beat…", "fell to…").
  came: "come",
  fell: "fall",
  rose: "rise",
  struck: "strike",
  became: "become",
  began: "begin",
  drew: "draw",
  held: "hold",
  swept: "sweep",
  sank: "sink",
  overcame: "overcome",
};

/** A past form: a regular "-ed" or one LEMMA knows ("came", "won"), not an "-ing" form. */
export const isPastForm = (word: string) =>
  /^\p{Ll}{3,}ed$/u.test(word) || (LEMMA[word] !== undefined && !/ing$/.test(word));

const ORDINAL = /^(?:first|second|third|fourth|fifth|sixth|next|other|same|final)$/i;

/**
 * Whether the people a headline's claim speaks of are in it: "they" after a plural subject, "he"
 * or "she" after a named one. "Battery Life Is Where They Beat Everyone" reads as half of a
 * sentence whose "they" (the headphones) came before.
 */
function pronounsResolve(claim: readonly string[], pluralSubject: boolean, namedSubject: boolean): boolean {
  return claim.every((word) => {
    const w = word.toLowerCase().replace(/[^a-z]/g, "");
    if (/^(?:they|them|their|theirs|themselves)$/.test(w)) return pluralSubject;
    if (/^(?:he|him|his|she|her|hers)$/.test(w)) return namedSubject;
    return true;
  });
}

/** "5" -> "five" (up to twelve); other numbers as they are. */
export function numberWord(n: string): string {
  const k = Number(n);
  return Number.isInteger(k) && k >= 0 && k < NUMBER_WORDS.length ? NUMBER_WORDS[k] : n;
}

/** "stay" -> "stays", "fix" -> "fixes", "carry" -> "carries". */
export function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/i.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

// Verbs a description's plural subject takes in the present ("Two local voices debate…",
// "Residents weigh…"): the ones a video's own summary uses of what happens in it.
const TELLING_VERBS = new Set(
  "debate discuss argue weigh explain share explore examine compare review test answer visit meet tour question challenge".split(
    " ",
  ),
);
// Words that follow a present-tense verb's "-s" form ("deletes the backups", "costs $4 million").
const AFTER_S_VERB = /^(?:the|a|an|its|their|his|her|more|less|up|down|out|every|all|most|\$?\d[\d,.]*%?)$/i;

/**
 * Whether tokens[i] reads as a present-tense verb before its object ("runs the water", "costs $4
 * million"; four letters are enough: "runs", "gets", "uses").
 */
export function presentBeforeObject(tokens: readonly string[], i: number): boolean {
  return /^\p{Ll}{2,}[^su]s$/u.test(tokens[i] ?? "") && AFTER_S_VERB.test(tokens[i + 1] ?? "");
}

/** The index of a plain verb after a noun-phrase subject (a past form, or "-s" before an object), or -1. */
function lexicalVerb(tokens: readonly string[]): number {
  for (let i = 1; i <= Math.min(6, tokens.length - 3); i++) {
    const t = tokens[i];
    if (!/^\p{Ll}+$/u.test(t)) {
      if (/^\p{Lu}/u.test(t) || /['’]s$/.test(t)) continue;
      return -1;
    }
    const lower = t.toLowerCase();
    const past = isPastForm(lower);
    const present = presentBeforeObject(tokens, i);
    // "Two local voices debate moving…": a verb of telling after a plural subject.
    const plural = TELLING_VERBS.has(lower) && /\p{Ll}{2,}s$/u.test(tokens[i - 1] ?? "") && i >= 1;
    if (past || present || plural) return i;
    // The subject may only hold nouns, adjectives and "of"; anything else is a clause.
    if (/^(?:the|a|an|of|and)$/.test(lower) && i > 0) continue;
    if (/^\p{Ll}+$/u.test(lower) && !/(?:ly|ing)$/.test(lower) && lower.length > 2) continue;
    return -1;
  }
  return -1;
}

/**
 * Where a claim of more than fourteen words ends: before an "and" that opens a second clause ("…a
 * bigger pump | and a bigger pump costs…"); all of it when there is none (fitWords cuts it then).
 */
function secondClause(words: readonly string[], keep: number): number {
  for (let n = Math.max(keep + 1, 5); n <= Math.min(14, words.length - 1); n++) {
    // "…two tyre levers, a patch kit and a mini pump": the "and" that closes a list is no clause.
    const list = words.slice(Math.max(keep, n - 4), n).some((w) => /,$/.test(w));
    if (!list && /^and$/i.test(words[n]) && /^(?:a|an|the|this|that|these|those|its|their)$/i.test(words[n + 1] ?? ""))
      return n;
  }
  return words.length;
}

// Words a cut headline may not end on: each waits for what follows ("…and Shows How").
const WAITS = /^(?:how|what|why|where|which|that|who|whether|when|the|a|an|of|and|or)$/i;

// Words a headline holds at most.
const MAX_HEADLINE_WORDS = 14;

/**
 * Cuts a headline at a phrase boundary so it fits in characters and words (never after a
 * dangling small word): "…Beat Marlow Vale 2-1 at Kellerman Park on Saturday" loses "on Saturday".
 */
function fitWords(words: string[], keep: number, max = MAX_HEADLINE): string | null {
  const text = (n: number) => words.slice(0, n).join(" ");
  const fits = text(words.length).length <= max;
  if (fits && words.length <= MAX_HEADLINE_WORDS) return text(words.length);
  // Short enough but over fourteen words, only a trailing time or place goes ("on Saturday", "at
  // Kellerman Park", "in 2024"): cutting "…Can Run | on Its Own" would change the claim.
  const canCut = (n: number) => !fits || /^(?:\p{Lu}|\d)/u.test(words[n + 1] ?? "");
  for (const limit of [75, max]) {
    for (let n = Math.min(words.length - 1, MAX_HEADLINE_WORDS); n > keep; n--) {
      if (BOUNDARY.test(words[n]) && !WAITS.test(words[n - 1]) && text(n).length <= limit && n >= 5 && canCut(n))
        return text(n);
    }
  }
  return null;
}

// A verb of the third person opening the next item of a series ("…, explains…", "…, shows…").
const SERIES_VERB = /^(?:\p{Ll}+(?:s|es))$/u;

/**
 * A claim's series of three actions or more as its first two ("weighs a loaf, explains starch
 * retrogradation and shows how to bring…" -> "weighs a loaf and explains starch retrogradation"):
 * a headline says what is done, not every step, and its commas would go.
 */
function verbSeries(tail: readonly string[]): string[] {
  const comma = tail.findIndex((w, i) => i >= 1 && /,$/.test(w));
  if (comma < 0 || !SERIES_VERB.test(tail[comma + 1] ?? "")) return [...tail];
  let end = comma + 2;
  while (end < tail.length && !/,$/.test(tail[end - 1]) && !/^and$/i.test(tail[end])) end++;
  if (end >= tail.length || (!/^and$/i.test(tail[end]) && !/,$/.test(tail[end - 1]))) return [...tail];
  return [...tail.slice(0, comma), tail[comma].replace(/,$/, ""), "and", ...tail.slice(comma + 1, end)];
}

// An aside after a claim's comma: a hedge, an approximation or an example.
const TRAILING_ASIDE =
  /,\s(?:somewhere|around|about|roughly|approximately|usually|often|mostly|especially|particularly|typically|maybe|probably|perhaps|such as|including|like|for example|for instance|at least|give or take|or so)\b/i;

// A short opening phrase of time or occasion before the main clause, up to its comma (not a
// condition: "With a four-day week, coaches will…" says what the claim depends on).
const FRONTED_CONTEXT = /^(?:ahead of|after|before|during|following)\s[^,;:]{3,70},\s+(?=\p{L})/iu;

/**
 * A news headline from one sentence: its subject and claim, in the present tense, without
 * attribution, asides or filler ("The Riverside Bridge in Northfield will stay closed to all
 * traffic for at least six weeks after…, according to…" -> "Riverside Bridge in Northfield Stays
 * Closed to Traffic for Six Weeks"). Null when the sentence has no named subject and verb to
 * build from (a pronoun subject, a question, the speaker's "I" or "you"). `named`: the subject
 * must hold a name; `topical`: the subject is one of the video's topics, so one word will do.
 */
export function headlineFromSentence(
  sentence: string,
  options: { named?: boolean; topical?: boolean } = {},
): string | null {
  let s = sentence
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/["“”‘’]/g, (q) => (q === "’" ? "'" : ""))
    .trim();
  s = s.split(
    /,\s*(?:according to|said|says|which|who|but|and|so|while|although|he said|she said)\b|;|\s[—–-]\s|:\s|,\s*(?:\p{Lu}[\p{L}'’.-]+\s+){1,3}(?:said|says|told|explained|added)\b/u,
  )[0];
  s = s.replace(/[.!…]+$/, "").trim();
  // "…fastest at fridge temperatures, somewhere around four degrees": what follows the claim's
  // comma to hedge or illustrate it is no part of a headline.
  const aside = TRAILING_ASIDE.exec(s);
  if (aside && aside.index > 0) s = s.slice(0, aside.index);
  // "Ahead of the board's vote, two local voices debate…": the news is the main clause.
  s = s.replace(FRONTED_CONTEXT, "");
  // A headline speaks to no one: "You" or "I" themselves still rule it out.
  s = impersonalYour(s);
  if (!s || /\?/.test(s) || FIRST_OR_SECOND.test(s) || /[<>{}[\]|`]/.test(s)) return null;
  if (APPEARS_WITH.test(s)) return null;
  let tokens = s.split(/\s+/);
  tokens = tokens.filter(
    (t, i, all) =>
      !FILLER.test(t) &&
      !(/^at$/i.test(t) && /^least$/i.test(all[i + 1] ?? "")) &&
      !(/^least$/i.test(t) && /^at$/i.test(all[i - 1] ?? "")) &&
      !(/ly$/.test(t) && t.length > 5 && t === t.toLowerCase()),
  );
  let v = tokens.findIndex((t, i) => i >= 1 && i <= 7 && AUX.has(t.toLowerCase()));
  // Without an auxiliary, a subject that names the video's topic may take a plain verb ("The
  // Brookfield microgrid kept the hospital running…").
  const lexical = v < 1 && (options.named || options.topical) ? lexicalVerb(tokens) : -1;
  if (lexical > 0) v = lexical;
  if (v < 1) return null;
  const subject = tokens.slice(0, v);
  if (/^(?:the|a|an)$/i.test(subject[0])) subject.shift();
  if (
    subject.length === 0 ||
    // A pronoun or clause word anywhere in the subject ("Mistake three and this", "Find out what
    // the product") means it is no noun phrase.
    subject.some((w) => SUBJECT_PRONOUN.test(w)) ||
    // An opening phrase ("In a system with a few hundred machines, something…") is no subject.
    /^(?:in|on|at|for|with|from|by|after|before|during|as|to|of|into|over|under|once|since|because|although|though|unless|until)$/i.test(
      subject[0],
    ) ||
    subject.some((w) => /[,;:]$/.test(w))
  )
    return null;
  const named = subject.some((w, i) => /^\p{Lu}/u.test(w) && (i > 0 || tokens[0] !== w));
  // One common noun says too little as a subject, unless it is the video's topic ("Indexes are…").
  if ((options.named && !named) || (!named && subject.length < 2 && !options.topical)) return null;
  // "First Myth Is That…": an ordinal counts along a list the headline does not have.
  if (ORDINAL.test(subject[0])) return null;
  // "Tonight is about the flood of 1893": the talk speaking of itself, not a claim.
  if (subject.length <= 2 && /^(?:today|tonight|now|here|this|today's|tonight's)$/i.test(subject[0])) return null;
  const aux = tokens[v].toLowerCase();
  const rest = tokens.slice(v + 1);
  if (rest.length < 2) return null;
  const last = subject[subject.length - 1];
  const plural = /s$/i.test(last) && !/(?:ss|us|is)$/i.test(last) && subject.length > 0;
  if (!pronounsResolve(rest, plural, named)) return null;
  let verb: string[];
  let tail: string[];
  if (lexical > 0) {
    // Headlines tell the past in the present ("kept" -> "Keeps"); an unknown past form stays.
    const lemma = LEMMA[aux];
    verb = [lemma && /(?:ed|t|d|n|w|k|e)$/.test(aux) ? (plural ? lemma : thirdPerson(lemma)) : tokens[v]];
    tail = rest;
  } else if (aux === "will" && !/^(?:be|not|have)$/i.test(rest[0])) {
    verb = [plural ? rest[0] : thirdPerson(rest[0])];
    tail = rest.slice(1);
  } else if ((aux === "has" || aux === "have") && rest[0] !== "been" && /(?:ed|en|t)$/i.test(rest[0])) {
    verb = [rest[0]];
    tail = rest.slice(1);
  } else {
    verb = [tokens[v]];
    tail = rest;
  }
  // Commas inside stay ("…With Two Tyre Levers, a Patch Kit and a Mini Pump"); none ends it.
  const words = [...subject, ...verb, ...verbSeries(tail)].map((w, i, all) =>
    i === all.length - 1 ? w.replace(/[,;]+$/, "") : w.replace(/;+$/, ""),
  );
  if (words.length < 4) return null;
  // Past fourteen words, the claim ends before its second clause ("…Needs a Bigger Pump", not "…and
  // a bigger pump costs more to buy and more to run").
  const fitted = fitWords(
    words.length > 14 ? words.slice(0, secondClause(words, subject.length + verb.length)) : words,
    subject.length + verb.length,
  );
  if (!fitted || fitted.split(" ").length > MAX_HEADLINE_WORDS) return null;
  const bare = fitted.replace(/[,;:]+$/, "");
  return titleCase(bare.charAt(0).toUpperCase() + bare.slice(1));
}
