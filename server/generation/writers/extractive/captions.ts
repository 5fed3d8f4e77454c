import { ENGLISH, type Lexicon, lexiconFor } from "./caption-words";

/**
 * Sentence boundaries for auto captions (lower case, no punctuation, lines cut every few
 * seconds), restored by heuristics, not a punctuation model: every gap between two words is
 * scored from the pause in the timing (absolute, and against this speaker's usual gap), the word
 * before it (can a sentence end on "the", "of", "because"?), the words after it (an opener such
 * as "okay", "so now", "mistake number two", "step three", or a word no sentence starts with),
 * and vetoes inside number phrases ("two hundred and fifty"); then dynamic programming picks
 * the sentence lengths with the best total score. Word lists exist for English, Spanish,
 * French, German and Portuguese (caption-words.ts); other languages get the English ones.
 * Linear in the words and deterministic.
 */

const SO_OBJECT = new Set(
  "said say says do did does think hope guess believe not and or even just more less much very".split(" "),
);
const SO_OPENS = new Set("let's now that's if here's what anyway".split(" "));
const NOW_OBJECT = new Set("right until till for just even by from up".split(" "));
// Verbs whose object a following "you" is ("I'll show you the…"), not a new subject.
const TAKES_YOU = new Set("show tell give let help ask teach make told gave showed asked thank see got".split(" "));
const DETERMINERS = new Set("the a an your my our their his her this that these those its".split(" "));
// What follows an "and" that opens a sentence: a subject, a determiner or an opener.
const AND_OPENS = new Set(
  `it's that's there's i'm we're they're you're then now so if when once honestly also the a an my your our
  their his her what here's yeah`.split(/\s+/),
);
// What an instruction's object opens with ("push | the valve", "turn | it").
const OBJECT_START = new Set("the a an it your them this that one all some both".split(" "));
// Short sentences that stand alone after a clause ("…do all four sides. That's it.").
const CLOSERS = new Set(["that's it", "that's all", "thank you", "good question"]);
// Objects a phrasal verb's particle follows at the end of a clause ("put it in", "take them off").
const PARTICLE_OBJECTS = new Set("it them that this him her everything all".split(" "));

/**
 * Evidence of a sentence end from the silence after a caption line. Captions are cut every few
 * seconds regardless of sentences, so a pause counts when it is long in itself (over 0.6 s and
 * well above this speaker's usual gap) or long for this speaker (several times the usual gap).
 * Untimed line breaks are moderate evidence (typed transcripts).
 */
function pauseScore(pause: number | null, timed: boolean, typical: number): number {
  if (!timed) return 0.8;
  if (pause === null) return 0.1;
  if (pause >= Math.max(1.0, typical * 8)) return 3;
  if ((pause >= 0.6 && pause >= typical * 2) || pause >= Math.max(0.3, typical * 4)) return 2.5;
  if (pause >= Math.max(0.18, typical * 2.5)) return 1;
  return 0.1;
}

/** Whether a sentence boundary before words[b] would cut a spoken number ("two hundred | and fifty"). */
function insideNumber(words: readonly string[], b: number, lex: Lexicon): boolean {
  const before = words[b - 1];
  const w1 = words[b];
  const w2 = words[b + 1] ?? "";
  if (!lex.numberWords.has(before)) {
    // "fifty | and" is caught above; "and | fifty" after a number word is one phrase too.
    return lex.numberJoin.has(before) && lex.numberWords.has(words[b - 2] ?? "") && lex.numberWords.has(w1);
  }
  if (lex.numberWords.has(w1) || w1 === "point") return true;
  // "two hundred | and fifty", "one | and a half".
  return (
    lex.numberJoin.has(w1) && (lex.numberWords.has(w2) || (w2 === "a" && /^(?:half|quarter)$/.test(words[b + 2] ?? "")))
  );
}

/**
 * The score of a sentence boundary before words[b], from the words around it (not the pause).
 * Positive is evidence for a boundary, negative against it.
 */
function wordScore(words: readonly string[], b: number, lex: Lexicon): number {
  const before = words[b - 1];
  const w1 = words[b];
  const w2 = words[b + 1] ?? "";
  if (insideNumber(words, b, lex)) return -5;
  const marker = lex.markers2.get(`${w1} ${w2}`) ?? lex.markers1.get(w1);
  let s = marker ?? 0;
  // "mistake number two", "step three": the next item of a list starts here.
  const listItem = (k: number) =>
    lex.enumerators.has(words[k] ?? "") &&
    (lex.numerals.has(words[k + 1] ?? "") || (words[k + 1] === "number" && lex.numerals.has(words[k + 2] ?? "")));
  const item = listItem(b) || (lex.conjunctions.has(w1) && listItem(b + 1));
  if (item) s += 2.5;
  // "…people always ask | I use…": a subject opens a clause, unless a relative clause hangs on
  // the word before ("the thing I want") or "you" is an object ("show you").
  const subject = lex.clauseSubjects.get(w1);
  if (marker === undefined && subject !== undefined && !lex.relativeHeads.has(before)) s += subject;
  if (w1 === "you" && TAKES_YOU.has(before)) s -= 1;
  // "…a page size of two hundred | and get back a list": "and" before a bare verb joins a
  // predicate to the clause before; a new sentence's "and" has a subject or an opener after it.
  if (lex === ENGLISH && w1 === "and" && !item && !AND_OPENS.has(w2) && !lex.subjects.has(w2)) s -= 1.2;
  if (lex.imperatives.has(w1) && OBJECT_START.has(w2) && !lex.subjects.has(before) && !lex.auxiliaries.has(before))
    s += 0.8;
  // "said so", "right now": not a new sentence.
  // "…ride more | so let's start": what follows can still show the "so" opens a clause.
  if ((w1 === "so" && SO_OBJECT.has(before) && !SO_OPENS.has(w2)) || (w1 === "now" && NOW_OBJECT.has(before))) s -= 2.5;
  // "…put a new tube in | replace the pads": a particle after its verb's object can end a clause.
  const particleEnd = lex.particles.has(before) && PARTICLE_OBJECTS.has(words[b - 2] ?? "");
  if ((lex.noEnd.has(before) && !particleEnd) || lex.noEndPairs.has(`${words[b - 2]}_${before}`)) s -= 3;
  // "…the brake pad if the gap | gets bigger": a clause just opened by "if" has no verb yet.
  else if (
    lex.subordinators.has(words[b - 2] ?? "") ||
    (lex.subordinators.has(words[b - 3] ?? "") && DETERMINERS.has(words[b - 2]))
  )
    s -= 1.2;
  if (lex.rarelyEnd.has(before)) s -= 1.2;
  if (lex.noStart.has(w1)) s -= 1.5;
  // A repeat ("I know | I know") is one stutter, not two sentences.
  if (w1 === before) s -= 3;
  if (lex.prepositions.has(w1)) s -= lex.prepositions.has(w2) || lex.conjunctions.has(w2) ? 3 : 0.5;
  // An auxiliary opens only a question ("should we…"): "…domed it | should have bubbles" is one sentence.
  if (lex.auxiliaries.has(w1) && !lex.subjects.has(w2)) s -= 2.5;
  // "…put the pot | in and start…": the particle belongs to the clause before.
  if (lex.particles.has(w1) && lex.conjunctions.has(w2)) s -= 3;
  // "…that's it | for today": the phrase opens what follows.
  if (before === "it" && words[b - 2] === "that's" && (lex.noStart.has(w1) || w1 === "for" || w1 === "from")) s -= 3;
  return s;
}

/**
 * Where sentences end in unpunctuated speech, as indexes into `words` (lowercase, bare words;
 * each unit is words[from, to)). Every gap between two words gets a score (pauseScore at caption
 * line ends, wordScore everywhere); the units are then the segmentation into pieces of 3 to 30
 * words (a closer like "that's it" may stand alone) with the best total score, by dynamic
 * programming over at most 30 lengths per word, so linear in the words. Every cut costs 1, so
 * it needs real evidence; pieces under 6 or over 22 words pay a little more, and so does an "if" clause of 10
 * words or fewer alone, so a long run
 * without evidence is cut where the evidence is best. `typicalGap` is the speaker's usual pause
 * between caption lines (the median of `gapAfter` when not given).
 */
export function segmentUnpunctuated(
  words: readonly string[],
  gapAfter: readonly (number | null | undefined)[],
  timed: boolean,
  options: { language?: string | null; typicalGap?: number } = {},
): Array<[number, number]> {
  const lex = lexiconFor(options.language);
  const n = words.length;
  const typical = options.typicalGap ?? medianGap(gapAfter);
  const score = new Float64Array(n + 1);
  for (let b = 1; b < n; b++) {
    const gap = gapAfter[b - 1];
    score[b] += (gap === undefined ? 0 : pauseScore(gap, timed, typical)) + wordScore(words, b, lex);
    // Never cut inside a two-word marker ("okay | so").
    if (b + 1 < n && lex.markers2.has(`${words[b]} ${words[b + 1]}`)) score[b + 1] -= 2;
  }
  const MIN = 3;
  const MAX = 30;
  if (n <= MIN) return n > 0 ? [[0, n]] : [];
  const best = new Float64Array(n + 1).fill(Number.NEGATIVE_INFINITY);
  const from = new Int32Array(n + 1).fill(-1);
  best[0] = 0;
  for (let j = 2; j <= n; j++) {
    const gain = (j === n ? 0 : score[j]) - 1;
    for (let i = Math.max(0, j - MAX); i <= j - 2; i++) {
      if (best[i] === Number.NEGATIVE_INFINITY) continue;
      const len = j - i;
      if (len < MIN && !CLOSERS.has(`${words[i]} ${words[i + 1]}`)) continue;
      // "If you want the recipe | I've put it…": a short "if" clause is not a sentence yet.
      const subordinate =
        len <= 10 &&
        (lex.subordinators.has(words[i]) || (lex.conjunctions.has(words[i]) && lex.subordinators.has(words[i + 1])));
      // "Why does it matter | and it's true…": a question is short, or it reads as a statement.
      const question = len > 10 && questionAt(words, i, lex);
      const value =
        best[i] +
        gain -
        (len < 6 && len >= MIN ? 0.2 * (6 - len) : len > 22 ? 0.12 * (len - 22) : 0) -
        (subordinate ? 1.2 : 0) -
        (question ? 1 : 0);
      if (value > best[j]) {
        best[j] = value;
        from[j] = i;
      }
    }
  }
  const units: Array<[number, number]> = [];
  for (let j = n; j > 0; j = from[j]) {
    if (from[j] < 0) {
      units.push([0, j]);
      break;
    }
    units.push([from[j], j]);
  }
  return units.reverse();
}

const WH_WORDS = new Set("what why how who where when which".split(" "));

/** Whether a question opens at words[i] ("why does it…", "so do you…", "is it…"), English only. */
function questionAt(words: readonly string[], i: number, lex: Lexicon): boolean {
  if (lex !== ENGLISH) return false;
  const k = words[i] === "so" || words[i] === "and" || words[i] === "but" ? i + 1 : i;
  const first = words[k] ?? "";
  const second = words[k + 1] ?? "";
  if (WH_WORDS.has(first)) return lex.auxiliaries.has(second);
  return lex.auxiliaries.has(first) && lex.subjects.has(second);
}

/** The median pause between caption lines: what counts as this speaker's usual gap. */
export function medianGap(gapAfter: readonly (number | null | undefined)[]): number {
  const gaps = gapAfter.filter((g): g is number => typeof g === "number").map((g) => Math.max(0, g));
  gaps.sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
}

const NO_COMMA_BEFORE = new Set([...ENGLISH.noEnd, "not", "all", "anything", "nothing", "everything"]);

// A subject and its verb in one word: after a clause, it opens the next ("…an expert, I'm a nurse").
const CONTRACTED_SUBJECT = new Set(
  "it's i'm there's that's we're they're you're he's she's i've we've you've they've i'll we'll you'll they'll i'd".split(
    " ",
  ),
);
const SUBJECT_WORD = new Set([...ENGLISH.subjects, ...CONTRACTED_SUBJECT]);
// Words a clause hangs on rather than ends with ("I think it's", "told us they're", "the way it's done").
const TAKES_CLAUSE = new Set(
  `think thinks thought know knew say said says guess mean sure hope believe feel felt realise realize means
  confirm confirmed tell told show shows showed us them me him her you`.split(/\s+/),
);

/**
 * A comma before a contracted subject that opens a second clause: after a clause with its own
 * subject ("I'm not a finance expert, I'm a nurse") or after an opening "if"/"when" clause ("If it
 * floats, it's ready"). Not after a word that takes a clause ("I think it's"), a noun a relative
 * clause hangs on ("the way it's done"), an adverb ("honestly it's") or a function word.
 */
function clauseCommas(text: string): string {
  const tokens = text.split(" ");
  let subject = false;
  let due = ENGLISH.subordinators.has(tokens[0]?.toLowerCase() ?? "");
  for (let i = 1; i < tokens.length; i++) {
    const before = tokens[i - 1].toLowerCase();
    const word = tokens[i].toLowerCase();
    if (SUBJECT_WORD.has(before)) subject = true;
    if (!CONTRACTED_SUBJECT.has(word) || i + 1 >= tokens.length || /[,.;:!?]$/.test(before)) continue;
    const clean = before.replace(/[^\p{L}']/gu, "");
    if (
      NO_COMMA_BEFORE.has(clean) ||
      TAKES_CLAUSE.has(clean) ||
      ENGLISH.relativeHeads.has(clean) ||
      ENGLISH.prepositions.has(clean) ||
      /ly$/.test(clean)
    )
      continue;
    if (subject || due) tokens[i - 1] = `${tokens[i - 1]},`;
    due = false;
  }
  return tokens.join(" ");
}

const LEADS = new Set("okay ok alright so and now then but also".split(" "));

/**
 * A colon after the number of a list item that opens a sentence: "mistake number one: using
 * your starter too early", "step three: hook one lever under the tyre", "paso dos: …".
 */
function enumerationColon(text: string, lex: Lexicon): string {
  const tokens = text.split(" ");
  let k = 0;
  while (k < 2 && LEADS.has(tokens[k]?.toLowerCase() ?? "")) k++;
  if (!lex.enumerators.has(tokens[k]?.toLowerCase() ?? "")) return text;
  const at = tokens[k + 1]?.toLowerCase() === "number" ? k + 2 : k + 1;
  const numeral = tokens[at] ?? "";
  if (!lex.numerals.has(numeral.toLowerCase()) || tokens.length - at <= 2) return text;
  // "mistake number three and this is a big one": the item's name comes later.
  if (lex.conjunctions.has(tokens[at + 1].toLowerCase())) return text;
  tokens[at] = `${numeral}:`;
  return tokens.join(" ");
}

/**
 * Punctuation a reader needs inside a sentence of unpunctuated speech: a colon after a list
 * item's number that opens it ("step three: …"), and in English commas before a contrasting
 * "but", a clause-joining "so" ("it rose, so I baked it"), "and then", and a contracted subject
 * opening a second clause (clauseCommas).
 */
export function addSpokenCommas(text: string, language: string | null = "en"): string {
  const lex = lexiconFor(language);
  const marked = enumerationColon(text, lex);
  if (lex !== ENGLISH) return marked;
  return clauseCommas(marked)
    .replace(/(\S+) (but|and then) (?=\S)/gi, (whole, before: string, word: string) =>
      NO_COMMA_BEFORE.has(before.toLowerCase()) ? whole : `${before}, ${word} `,
    )
    .replace(
      /(\S+) so (?=(?:i|you|we|they|it|that|this|the|if|now|there|he|she|my|your|when)\b)/gi,
      (whole, before: string) =>
        NO_COMMA_BEFORE.has(before.toLowerCase()) || SO_OBJECT.has(before.toLowerCase()) ? whole : `${before}, so `,
    );
}
