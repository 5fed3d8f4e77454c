import { lmBoundaryEvidence } from "./boundary-lm";
import { ENGLISH, type Lexicon, lexiconFor } from "./caption-words";

import {
  clauseCanEnd,
  clauseOpensAt,
  clauseStartAt,
  contractedAt,
  echoAt,
  endsClauseFirmly,
  endsOnAttributive,
  frontedAt,
  frontedPhraseAt,
  isVerb,
  mainClauseAt,
  newClauseAt,
  objectOfVerbAt,
  particleEndsClause,
  particleTakesObject,
  relativeClauseAt,
  trailingModifierAt,
} from "./clauses";

// The language model's evidence (log10 odds, boundary-lm.ts) counts as much as the word lists'
// in English, from 0.75 above its own zero: its ends are where speech stops and starts again,
// which it rates a little below even at a true end (a cut costs 1 in the segmentation). With
// it, English sentence ends from the words alone come back at 66% precision and 60% recall
// (64% and 51% without), and run two sentences together in 15% of units (25% without). With
// pauses, at the line ends that have none only: 88% and 83% (87% and 76% without), run-ons 10%
// (16%); everywhere, it cut too many clauses: `npm run eval:captions`.
const LM_WEIGHT = 1;
const LM_SHIFT = -0.75;
// The same at a caption line end with no pause, in captions that pause elsewhere (boundaryScores).
const LM_LINE_END_SHIFT = -1;

/**
 * Sentence boundaries for auto captions (lower case, no punctuation, lines cut every few
 * seconds), restored by heuristics and, in English, a statistical model: every gap between two
 * words is scored from the pause in the timing (absolute, and against this speaker's usual gap),
 * the word before it (can a sentence end on "the", "of", "because"?), the words after it (an
 * opener such as "okay", "so now", "mistake number two", "step three", or a word no sentence
 * starts with), vetoes inside number phrases ("two hundred and fifty"), and in English a
 * hidden-event language model's odds that speech stops and starts again there (boundary-lm.ts);
 * then dynamic programming picks the sentence lengths with the best total score. Word lists
 * exist for English, Spanish, French, German and Portuguese (caption-words.ts); other languages
 * get the English ones. Linear in the words and deterministic.
 */

/** Words a "so" after them is an object or an intensifier of ("said so", "not so"), not a clause's opener. */
export const SO_OBJECT = new Set(
  "said say says do did does think hope guess believe not and or even just more less much very".split(" "),
);
const SO_OPENS = new Set("let's now that's if here's what anyway".split(" "));
// "…applying from out of state was | so much harder": after a linking verb, "so" before a degree
// word is the intensifier of its complement, not a new clause's opener.
const LINKING = new Set(
  "is are was were be been being feel feels felt seem seems seemed look looks looked sound sounds got get gets".split(
    " ",
  ),
);
const SO_DEGREE = new Set(
  "much many far good bad hard easy long little few weird cool big small fast quick cheap expensive nice happy tired excited glad worth".split(
    " ",
  ),
);
const NOW_OBJECT = new Set("right until till for just even by from up".split(" "));
// Verbs whose object a following "you" is ("I'll show you the…"), not a new subject.
const TAKES_YOU = new Set("show tell give let help ask teach make told gave showed asked thank see got".split(" "));
const DETERMINERS = new Set("the a an your my our their his her this that these those its".split(" "));
// What follows an "and" that opens a sentence: a subject, a determiner or an opener.
const AND_OPENS = new Set(
  `it's that's there's i'm we're they're you're then now so if when once honestly also the a an my your our
  their his her what here's yeah`.split(/\s+/),
);
// Short sentences that stand alone after a clause ("…do all four sides. That's it.").
// Words an adverbial finishing the sentence before opens with ("…every time", "…next week", "…ever").
const FINISHING = new Set(
  "ever never now again too twice once immediately instead either anymore yet later today tonight tomorrow yesterday next last every so".split(
    " ",
  ),
);
const FINISHING_SECOND = new Set("far time times week month year day night morning".split(" "));

/**
 * Whether the word or two at words[i, j), left between two cuts, finish the sentence before them
 * rather than make one: an adverbial of time or frequency ("…a low number | every time", "…two
 * exams | next week", "…one hundred percent | ever") or the object of a verb or particle that
 * ends the sentence before ("…you pay down | the risk", "…it stops and pages | a human"). A noun
 * phrase after a whole clause ("…a third time | same result") is a sentence of its own.
 */
function finishesBefore(words: readonly string[], i: number, j: number): boolean {
  const first = words[i];
  const second = j - i > 1 ? words[i + 1] : "";
  if (first === "so") return second === "far";
  if (/^(?:next|last|every)$/.test(first)) return FINISHING_SECOND.has(second);
  // "…perfectly fine on a small table | now replicas": "now" before a word names the next topic.
  if (first === "now" && second) return false;
  if (FINISHING.has(first) || (j - i === 1 && /..ly$/.test(first))) return true;
  const before = words[i - 1] ?? "";
  const object = DETERMINERS.has(first) || WH_WORDS.has(first);
  return object && (ENGLISH.particles.has(before) || (isVerb(before) && !ENGLISH.auxiliaries.has(before)));
}
const CLOSERS = new Set(["that's it", "that's all", "thank you", "good question"]);
// Subordinators that are not also prepositions: a clause they open has a verb before it ends.
const VERBLESS_IF = new Set("if unless whenever".split(" "));
// Units a number is said with: "fifty | degrees" is one phrase, and so is "minutes | later".
const UNITS = new Set(
  `degrees percent grams kilos kilograms minutes hours seconds days weeks months years dollars euros pounds metres
  meters centimetres centimeters millimetres millimeters kilometres kilometers miles times psi`.split(/\s+/),
);
// Objects a phrasal verb's particle follows at the end of a clause ("put it in", "take them off").
// "kept me going", "keep it going", "get things going": objects after which "going" is complete.
// Subjects no possessive "her" is followed by ("her I", "her we're"): "her" ends its clause there.
const HER_ENDS_BEFORE = new Set(
  "i i'm i've i'd i'll we we're we've we'd we'll they they're they've he he's she she's".split(" "),
);
const KEEPS_GOING = new Set("me it them us you him her things everything".split(" "));
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

// German subject pronouns that open a main clause only with their verb next (subjectVerb).
const INVERTED = new Set("ich man wir ihr du".split(" "));
// "mistake number two", "fehler nummer zwei", "erreur numéro deux": the label before a numeral.
const NUMBER_LABELS = new Set(["number", "nummer", "número", "numéro"]);
// Articles before an ordinal, and the copulas after "la segunda" or "o primeiro" when it stands for an item.
const ROMANCE_ARTICLES = new Set("el la los las lo o a os as le les".split(" "));
const COPULAS = new Set("es son era fue está é são foi est était".split(" "));

/** Whether a sentence boundary before words[b] would cut a spoken number ("two hundred | and fifty"). */
function insideNumber(words: readonly string[], b: number, lex: Lexicon): boolean {
  const before = words[b - 1];
  const w1 = words[b];
  const w2 = words[b + 1] ?? "";
  // "the point | third…", "half | second…": "point", "half" and "quarter" are numbers only after one.
  if (/^(?:point|half|quarter)$/.test(before) && !lex.numberWords.has(words[b - 2] ?? "")) return false;
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
  // "…piling on | it's a cheap way": no clause hangs on a particle or an object pronoun.
  // "…which is what great players do | I'm just so proud": no auxiliary takes a contracted
  // subject and verb after it, so one ends its clause there.
  const contractedAfterEnd =
    lex === ENGLISH && contractedAt(words, b) && (takesNoClause(words, b) || lex.auxiliaries.has(before));
  if (contractedAfterEnd) s += 1.2;
  // "…the customer gets more value | it's easy…": a contracted subject and verb after a word a
  // clause can end on opens a clause of its own; a relative clause rarely starts that way.
  else if (lex === ENGLISH && contractedAt(words, b) && clauseCanEnd(words, b) && !lex.relativeHeads.has(before))
    s += 0.6;
  // "…carry a spare tube anyway | even with tubeless": "anyway" ends that clause.
  if (w1 === "anyway" && lex === ENGLISH && !AND_OPENS.has(w2) && !lex.subjects.has(w2) && !/^(?:let's|back)$/.test(w2))
    s -= 1.7;
  // "…reasonably | well insulated", "…as | well": "well" after a degree word is no opener.
  if (w1 === "well" && lex === ENGLISH && (/ly$/.test(before) || DEGREE.has(before))) s -= 2.5;
  // "mistake number two", "step three": the next item of a list starts here.
  const listItem = (k: number) =>
    lex.enumerators.has(words[k] ?? "") &&
    !NUMBER_LABELS.has(words[k] ?? "") &&
    (lex.numerals.has(words[k + 1] ?? "") ||
      (NUMBER_LABELS.has(words[k + 1] ?? "") && lex.numerals.has(words[k + 2] ?? "")));
  // Romance languages put the ordinal first: "segundo paso", "la deuxième étape", "o terceiro passo".
  const ordinalItem = (k: number) =>
    lex.ordinalFirst && lex.numerals.has(words[k] ?? "") && lex.enumerators.has(words[k + 1] ?? "");
  const item =
    listItem(b) ||
    ordinalItem(b) ||
    (lex.conjunctions.has(w1) && (listItem(b + 1) || ordinalItem(b + 1))) ||
    (ROMANCE_ARTICLES.has(w1) && ordinalItem(b + 1));
  // "…la inflación de demanda | la segunda es…": an article and an ordinal standing for the item.
  if (!item && lex.ordinalFirst && ROMANCE_ARTICLES.has(w1) && lex.numerals.has(w2) && COPULAS.has(words[b + 2] ?? ""))
    s += 1.5;
  if (item) s += 2.5;
  // "…touch the backrest | second pull your chin back": an ordinal before an instruction opens
  // the next step ("the second one" or "second place" does not).
  if (lex === ENGLISH && ORDINAL_STEP.has(w1) && lex.imperatives.has(w2)) s += 2;
  // "…people always ask | I use…": a subject opens a clause, unless a relative clause hangs on
  // the word before ("the thing I want") or "you" is an object ("show you").
  // German: a subject pronoun with its finite verb next ("ihr seht", "wir gehen") opens a main
  // clause; after the verb (V2 inversion, "dann nehmt ihr") the pronoun has no verb after it.
  const subject =
    lex.clauseSubjects.get(`${w1} ${w2}`) ??
    lex.clauseSubjects.get(w1) ??
    (lex.subjectVerb?.test(`${w1} ${w2}`) && !lex.subordinators.has(before) ? 0.9 : undefined);
  // "…there's no tension at all | I'm trying…": "at all" closes its clause, though "all" may
  // head a relative one elsewhere ("all I need").
  const atAll = before === "all" && words[b - 2] === "at";
  if (marker === undefined && subject !== undefined && (atAll || !lex.relativeHeads.has(before))) s += subject;
  if (w1 === "you" && TAKES_YOU.has(before)) s -= 1;
  // "…gebe | ich alle zwei Wochen", "…das muss | man mit": a German subject pronoun with no verb
  // after it is the inverted subject of the verb before, inside that clause.
  else if (subject === undefined && lex.subjectVerb && INVERTED.has(w1)) s -= 1.2;
  // "…i just told them | we were playing…", "…told my mom | i was going…": the clause a verb of
  // telling reports, after its object; "…the best ten minutes | we've played…": a relative clause
  // on a superlative's noun.
  if (
    lex === ENGLISH &&
    (subject !== undefined || contractedAt(words, b)) &&
    (reportedAfterObject(words, b) || relativeOnSuperlative(words, b))
  )
    s -= 2.5;
  // "…and by making coffee | I mean…", "when I say cheap | I mean…": what is meant is the same sentence.
  if (lex === ENGLISH && w1 === "i" && w2 === "mean" && saysWhatItMeans(words, b)) s -= 3;
  // "…a page size of two hundred | and get back a list": "and" before a bare verb joins a
  // predicate to the clause before; a new sentence's "and" has a subject or an opener after it.
  if (lex === ENGLISH && w1 === "and" && !item && !AND_OPENS.has(w2) && !lex.subjects.has(w2)) s -= 1.2;
  if (lex === ENGLISH) s += englishClauseScore(words, b, marker ?? 0);
  // "…lleven zapatos cómodos | empezamos la mañana": a verb that carries its own subject.
  else if (marker === undefined && lex.verbFirst?.test(w1) && !lex.verbContinues.has(before)) s += 1.2;
  // "said so", "right now": not a new sentence.
  // "…ride more | so let's start": what follows can still show the "so" opens a clause.
  if ((w1 === "so" && SO_OBJECT.has(before) && !SO_OPENS.has(w2)) || (w1 === "now" && NOW_OBJECT.has(before))) s -= 2.5;
  else if (w1 === "so" && lex === ENGLISH && LINKING.has(before) && SO_DEGREE.has(w2)) s -= 2.5;
  // "…so much | harder than…": a comparative after its degree word is the same phrase.
  if (
    lex === ENGLISH &&
    /^(?:much|far|way|even|lot|bit|little|slightly)$/.test(before) &&
    /..er$/.test(w1) &&
    !lex.subjects.has(w1)
  )
    s -= 2.5;
  // "…than applying once | I had a local address": "once" before a subject opens that clause.
  if (before === "once" && lex === ENGLISH && lex.subjects.has(w1)) s -= 2.5;
  // "…put a new tube in | replace the pads": a particle after its verb's object can end a clause.
  // "…the fork turns in | on most bikes you loosen…": so can one before a fronted phrase.
  const fronted = lex === ENGLISH && frontedPhraseAt(words, b);
  // "…put the wheel back in | that's the whole job": a particle after another, a clause opening next.
  const particles = lex.particles.has(words[b - 2] ?? "") && (contractedAt(words, b) || clauseStartAt(words, b) >= 1);
  const particleEnd =
    lex.particles.has(before) &&
    (PARTICLE_OBJECTS.has(words[b - 2] ?? "") ||
      (lex === ENGLISH && (particleEndsClause(words, b) || fronted || particles)));
  if (fronted) s += 1.5;
  // "…kept me going | I also told…": "going" ends a clause after its object, before a subject.
  const goingEnds = before === "going" && KEEPS_GOING.has(words[b - 2] ?? "") && subject !== undefined;
  // "…because the recipe said so | but a starter…": "so" after a verb of saying is its object.
  const saidSo = before === "so" && /^(?:said|say|says|do|did|does|think|hope|guess|believe)$/.test(words[b - 2] ?? "");
  // "…good margins | I'm not | when they put…": a reply that leaves its verb to the sentence before.
  const reply =
    lex === ENGLISH && ELLIPTICAL_REPLY.has(`${words[b - 2]}_${before}`) && ellipticalReplyAt(words, b - 2, b);
  // "…you'll have to ask her | I wasn't in there": "her" before a subject is an object, not "her" of a noun.
  const herObject = lex === ENGLISH && before === "her" && HER_ENDS_BEFORE.has(w1);
  if (
    (lex.noEnd.has(before) && !particleEnd && !goingEnds && !saidSo && !contractedAfterEnd && !reply && !herObject) ||
    lex.noEndPairs.has(`${words[b - 2]}_${before}`)
  )
    s -= 3;
  // "…the brake pad if the gap | gets bigger": a clause just opened by "if" has no verb yet,
  // even at a pause (a speaker hesitates there); "before that" and "after it" can end one.
  else if (
    lex.subordinators.has(words[b - 2] ?? "") ||
    (lex.subordinators.has(words[b - 3] ?? "") && DETERMINERS.has(words[b - 2]))
  )
    s -=
      lex === ENGLISH && VERBLESS_IF.has(lex.subordinators.has(words[b - 2]) ? words[b - 2] : words[b - 3]) ? 2.6 : 1.2;
  if (lex.rarelyEnd.has(before) && !saidSo) s -= 1.2;
  // "…ride for a week before | the next change": a noun phrase without its verb is the object of
  // "before", not a new clause.
  if (lex === ENGLISH && /^(?:before|after|until)$/.test(before) && DETERMINERS.has(w1) && clauseStartAt(words, b) < 1)
    s -= 1.5;
  if (lex.noStart.has(w1)) s -= 1.5;
  // "…mil e duzentas | famílias" is not cut, nor is "…seis | metros".
  if (lex.numberWords.has(before) && lex.units.has(w1)) s -= 3;
  // A repeat ("I know | I know") is one stutter, not two sentences, unless a predicate ends on
  // the word and a noun phrase opens with it ("…it's too low | low pressure lets…").
  if (w1 === before)
    s += lex === ENGLISH && echoAt(words, b) ? 0.5 : lex === ENGLISH && objectThenSubjectAt(words, b) ? 1.2 : -3;
  if (lex.prepositions.has(w1) && !fronted) s -= lex.prepositions.has(w2) || lex.conjunctions.has(w2) ? 3 : 0.5;
  // An auxiliary opens only a question ("should we…"): "…domed it | should have bubbles" is one
  // sentence. "Don't" also opens an instruction ("don't go gorilla on it").
  if (lex.auxiliaries.has(w1) && !lex.subjects.has(w2) && w1 !== "don't") s -= 2.5;
  // "…shift through all | the gears", "…in the middle either way | the pads": not an end.
  if (/^(?:all|both|half)$/.test(before) && /^(?:the|my|your|our|their|these|those|this|that)$/.test(w1)) s -= 2;
  if (OPENER_PAIRS.has(`${words[b - 2]} ${before}`)) s -= 3;
  // "…put the pot | in and start…": the particle belongs to the clause before.
  if (lex.particles.has(w1) && lex.conjunctions.has(w2)) s -= 3;
  // "last thing gears | if your gears skip…": a spoken label ("Last thing: gears.") ends on its
  // topic word when a clause opens after it.
  if (lex === ENGLISH && spokenLabelEndsAt(words, b) && (lex.subordinators.has(w1) || lex.subjects.has(w1))) s += 2.5;
  // "…good question | if you can't find anything…": a closer stands alone before a new clause.
  if (
    CLOSERS.has(`${words[b - 2]} ${before}`) &&
    !lex.prepositions.has(w1) &&
    !lex.conjunctions.has(w1) &&
    before !== "you"
  )
    s += 1;
  // "…that's it | for today": the phrase opens what follows.
  if (before === "it" && words[b - 2] === "that's" && (lex.noStart.has(w1) || w1 === "for" || w1 === "from")) s -= 3;
  return s;
}

/**
 * The evidence for a sentence boundary before each word (index b: between words[b - 1] and
 * words[b]; 0 and words.length are unused): the pause at a caption line end plus the words around
 * the gap (wordScore). Positive is evidence for a boundary.
 */
export function boundaryScores(
  words: readonly string[],
  gapAfter: readonly (number | null | undefined)[],
  timed: boolean,
  options: { language?: string | null; typicalGap?: number } = {},
): Float64Array {
  const lex = lexiconFor(options.language);
  const n = words.length;
  const typical = options.typicalGap ?? medianGap(gapAfter);
  const score = new Float64Array(n + 1);
  const noPauses = pauseless(gapAfter, timed, typical);
  const lm = lex === ENGLISH && timed ? lmBoundaryEvidence(words) : null;
  for (let b = 1; b < n; b++) {
    const gap = gapAfter[b - 1];
    const pause = gap === undefined ? 0 : pauseScore(gap, timed, typical);
    score[b] += pause + wordScore(words, b, lex);
    if (lm && noPauses) score[b] += LM_WEIGHT * (lm[b] - LM_SHIFT);
    // Captions with pauses: at a line end without one (a speaker running on into the next
    // sentence) the model weighs in too; inside a line it cut more clauses than sentences.
    else if (lm && gap !== undefined && pause < 1) score[b] += LM_WEIGHT * (lm[b] - LM_LINE_END_SHIFT);
    if (lex === ENGLISH && verdictWaits(words, b)) score[b] -= 2;
    // Never cut inside a two-word marker ("okay | so").
    if (b + 1 < n && lex.markers2.has(`${words[b]} ${words[b + 1]}`)) score[b + 1] -= 2;
  }
  return score;
}

/**
 * Where sentences end in unpunctuated speech, as indexes into `words` (lowercase, bare words;
 * each unit is words[from, to)). Every gap between two words gets a score (pauseScore at caption
 * line ends, wordScore everywhere); the units are then the segmentation into pieces of 3 to 30
 * words (a closer like "that's it" may stand alone) with the best total score, by dynamic
 * programming over at most 30 lengths per word, so linear in the words. Every cut costs 1, so
 * it needs real evidence; pieces under 5 words pay a little more, and so do pieces over 22 words
 * (over 10 in captions without pauses, see pauseless) and an "if" clause of 10 words or fewer
 * alone, so a long run without evidence is cut where the evidence is best. `typicalGap` is the
 * speaker's usual pause between caption lines (the median of `gapAfter` when not given).
 */
// Words before a unit's first phrase that do not make it a clause ("okay so for the dough").
const FRAGMENT_LEAD = new Set("okay ok so and but then now well alright".split(" "));

// A boundary score this high is an opener no sentence runs on through ("okay so").
const STRONG_OPENER = 2.5;

export function segmentUnpunctuated(
  words: readonly string[],
  gapAfter: readonly (number | null | undefined)[],
  timed: boolean,
  options: { language?: string | null; typicalGap?: number } = {},
): Array<[number, number]> {
  const lex = lexiconFor(options.language);
  const n = words.length;
  const score = boundaryScores(words, gapAfter, timed, options);
  const MIN = 3;
  const MAX = 30;
  if (n <= MIN) return n > 0 ? [[0, n]] : [];
  // Where the main clause of an "if" clause opening at each word starts (n when none is in sight).
  const main = new Int32Array(n).fill(n);
  if (lex === ENGLISH)
    for (let i = 0; i < n; i++) if (lex.subordinators.has(words[i])) main[i] = mainClauseAfter(words, i);
  // Without pauses only the words tell where sentences end, and they stay silent at many ends
  // ("…the customer gets more value | the answers were…"): a unit's length is then evidence in
  // itself, so past about ten words (a spoken sentence's usual length) every word counts towards
  // a cut at the best place the words allow. With pauses the words need less help.
  const longCost = pauseless(gapAfter, timed, options.typicalGap)
    ? (len: number) => (len > 10 ? 0.1 * (len - 10) : 0)
    : (len: number) => (len > 22 ? 0.12 * (len - 22) : 0);
  // English: whether a unit opening at a word opens on a preposition (after "okay so", "and"…),
  // and how many words before each index can carry a clause (a verb, a subject pronoun).
  const frontedPreposition = new Uint8Array(n);
  const clauseWords = new Int32Array(n + 1);
  for (let k = 0; k < n; k++) {
    const w = words[k];
    const carries = lex === ENGLISH && (isVerb(w) || contractedAt(words, k) || lex.subjects.has(w));
    clauseWords[k + 1] = clauseWords[k] + (carries ? 1 : 0);
    if (lex !== ENGLISH) continue;
    let first = k;
    while (first < n && first < k + 2 && FRAGMENT_LEAD.has(words[first])) first++;
    frontedPreposition[k] = lex.prepositions.has(words[first] ?? "") && !FRAGMENT_LEAD.has(words[first]) ? 1 : 0;
  }
  const best = new Float64Array(n + 1).fill(Number.NEGATIVE_INFINITY);
  const from = new Int32Array(n + 1).fill(-1);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    const gain = (j === n ? 0 : score[j]) - 1;
    // "…flat | okay so flat is fine": a word or two may stand alone between strong openers (the
    // next unit opens on one), so the opener is not swallowed into a run-on.
    const strongNext = j < n && score[j] >= STRONG_OPENER;
    for (let i = Math.max(0, j - MAX); i <= j - 1; i++) {
      if (best[i] === Number.NEGATIVE_INFINITY) continue;
      const len = j - i;
      if (
        len < MIN &&
        !(len >= 2 && CLOSERS.has(`${words[i]} ${words[i + 1]}`)) &&
        !(len === 2 && lex === ENGLISH && ellipticalReplyAt(words, i, j)) &&
        !(strongNext && (i === 0 || score[i] >= 1))
      )
        continue;
      // "If you want the recipe | I've put it…": a short "if" clause is not a sentence yet, unless
      // its main clause is in it ("if it's dry every few hundred kilometres is fine").
      const opener = lex.conjunctions.has(words[i]) ? i + 1 : i;
      // (A main clause cut off after its first word is not in it: "if you can't load it show | the…".)
      const subordinate = len <= 10 && lex.subordinators.has(words[opener]) && main[opener] >= j - 1;
      // "Why does it matter | and it's true…": a question is short, or it reads as a statement.
      const question = len > 10 && questionAt(words, i, lex);
      // "On rim brake pads. | There are…", "Okay, so for the dough. | We weigh…": a phrase
      // fronted by its preposition, with no verb before the cut, is no sentence yet.
      const fragment = frontedPreposition[i] && clauseWords[j] === clauseWords[i];
      const value =
        best[i] +
        gain -
        (len < 5 && len >= MIN && !shortClause(words, i, j) ? 0.25 * (5 - len) : longCost(len)) -
        (subordinate ? 1.2 : 0) -
        (question ? 1 : 0) -
        (fragment ? 1.5 : 0);
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
  units.reverse();
  if (lex !== ENGLISH) return units;
  // "…i have two exams | next week | i haven't decided…": a word or two left between two cuts
  // that finish the sentence before (finishesBefore) belong to it, rather than being dropped as
  // too short to print. (At the turn's start a word may answer a question: "Flat.")
  for (let k = units.length - 1; k > 0; k--) {
    const [i, j] = units[k];
    if (j - i >= MIN || j - units[k - 1][0] > MAX || !finishesBefore(words, i, j)) continue;
    units[k - 1][1] = j;
    units.splice(k, 1);
  }
  // "If they hit two threes against it. | We lose and everybody asks…": a short condition with
  // no main clause of its own is never a sentence alone; it opens the one after it (which,
  // read alone, would state as fact what was only supposed).
  const out: Array<[number, number]> = [];
  for (const unit of units) {
    const last = out[out.length - 1];
    if (last) {
      const [i, j] = last;
      const opener = lex.conjunctions.has(words[i]) ? i + 1 : i;
      const bare = j - i <= 10 && CONDITION_ALONE.has(words[opener]) && main[opener] >= j - 1;
      if (bare && unit[1] - i <= MAX && lex.subjects.has(words[unit[0]])) {
        last[1] = unit[1];
        continue;
      }
    }
    out.push([unit[0], unit[1]]);
  }
  return out;
}

// Conditions whose main clause must follow them ("when" and "once" may also close a clause).
const CONDITION_ALONE = new Set(["if", "unless"]);

// Ordinals a speaker counts later steps with ("first" and "then" as often end a clause: "clean
// it first | wipe…").
const ORDINAL_STEP = new Set("second third fourth fifth sixth finally lastly".split(" "));

// Words of degree before an adverb or adjective ("pretty well", "as well").
const DEGREE = new Set("as very pretty really quite so too fairly just equally".split(" "));
// Verbs whose object a clause may follow without "that" ("told him it's ready", "show them we're…").
const TELLS = new Set(
  "tell tells told show shows showed remind reminded promise promised warn warned teach taught".split(" "),
);
// Words before a clause that are not its end: conjunctions and words that take a clause ("like it's…").
const OPENS_CLAUSE = new Set(
  "like as than so that because if when once since until before after where while though".split(" "),
);

// Object pronouns, and the words that open a short noun phrase as an object ("my mom", "the team").
const OBJECT_PRONOUNS = new Set("me you him her it us them everyone everybody people".split(" "));
const OBJECT_OPENERS = new Set("my your his her our their the a an".split(" "));

/** Whether words[b] opens the clause a verb of telling reports, right after its object ("told them | we…"). */
function reportedAfterObject(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  if (TELLS.has(words[b - 2] ?? "") && OBJECT_PRONOUNS.has(before)) return true;
  return TELLS.has(words[b - 3] ?? "") && OBJECT_OPENERS.has(words[b - 2] ?? "") && !isVerb(before);
}

// Words that make the noun after them one a relative clause may describe ("the best ten minutes we've…").
const SUPERLATIVE = /^(?:best|worst|first|last|only|most|least|biggest|hardest|greatest|\p{L}+est)$/u;

/** Whether words[b] opens a relative clause on "the best … <noun>" just before it (no verb between). */
function relativeOnSuperlative(words: readonly string[], b: number): boolean {
  for (let k = b - 2; k >= Math.max(0, b - 4); k--) {
    if (isVerb(words[k] ?? "")) return false;
    if (SUPERLATIVE.test(words[k] ?? "") && words[k - 1] === "the") return true;
  }
  return false;
}

/**
 * Whether the contracted subject at words[b] ("it's", "we're") cannot belong to the clause before:
 * that clause ends on an object pronoun ("…when latency is good it raises it | it's the same idea")
 * or on a particle or preposition ("…the client stops piling on | it's a cheap way"), neither of
 * which a clause follows, unless a verb of telling has the pronoun as its object.
 */
function takesNoClause(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  if (OPENS_CLAUSE.has(before)) return false;
  if (/^(?:it|them|me|him|us)$/.test(before)) return !TELLS.has(words[b - 2] ?? "");
  return ENGLISH.particles.has(before) || ENGLISH.prepositions.has(before);
}

/**
 * Whether "it it" is an object and then a new subject, not a stutter: "…seven items on it | it
 * takes two minutes" (a preposition or verb before the first, a verb after the second).
 */
function objectThenSubjectAt(words: readonly string[], b: number): boolean {
  const ahead = words[b - 2] ?? "";
  return (
    words[b] === "it" &&
    (ENGLISH.prepositions.has(ahead) || ENGLISH.particles.has(ahead) || isVerb(ahead)) &&
    isVerb(words[b + 1] ?? "") &&
    !ENGLISH.auxiliaries.has(words[b + 1] ?? "")
  );
}

/**
 * Whether words[i, j) is a whole short clause: a subject and verb in one word, ending on a word
 * clauses end on ("I've done it"), or a "what about" question ("what about cost").
 */
function shortClause(words: readonly string[], i: number, j: number): boolean {
  // "What about cost?": a short question is a sentence.
  if (j - i <= 4 && /^(?:what|how)$/.test(words[i]) && words[i + 1] === "about") return true;
  return contractedAt(words, i) && endsClauseFirmly(words, j);
}

/** Whether "by …" or "when I say …" opens the few words before words[b] ("by making coffee | I mean"). */
function saysWhatItMeans(words: readonly string[], b: number): boolean {
  for (let k = b - 1; k >= Math.max(0, b - 5); k--) {
    if (words[k] === "by" || (words[k] === "say" && words[k - 1] === "i")) return true;
  }
  return false;
}

// The main clause a long condition waits for when a speaker gives a verdict: "…if your house is
// well insulated and your boiler is old | I think the answer is yes".
const VERDICT = new Set(["i think", "i'd say", "i would", "i'd go", "you should", "you'd", "i'd", "we'd", "i say"]);

/**
 * Whether a verdict at words[b] is the main clause of a long "if" clause before it, up to 22 words
 * back, that has no clause of its own yet (no subject pronoun with a verb): a cut there would
 * leave the condition as a sentence alone.
 */
function verdictWaits(words: readonly string[], b: number): boolean {
  const next = `${words[b] ?? ""} ${words[b + 1] ?? ""}`;
  if (!VERDICT.has(next) && !VERDICT.has(words[b] ?? "")) return false;
  let opener = -1;
  for (let k = b - 4; k >= Math.max(0, b - 22) && opener < 0; k--) if (ENGLISH.subordinators.has(words[k])) opener = k;
  if (opener < 0 || !VERBLESS_IF.has(words[opener])) return false;
  for (let k = opener + 3; k < b; k++) if (mainClauseAt(words, opener, k, true)) return false;
  return true;
}

// A reply that leaves its verb to the sentence before ("I'm not.", "We can't.", "I didn't.").
const ELLIPTICAL_REPLY = new Set(
  `i'm_not you're_not we're_not they're_not it's_not he's_not she's_not that's_not i_can't i_don't i_didn't
  i_won't we_can't we_don't we_didn't we_won't they_can't they_don't they_didn't it_can't it_doesn't it_didn't`.split(
    /\s+/,
  ),
);

/**
 * Whether words[i, j) are a two-word reply standing alone before a new clause: "…with good
 * margins | I'm not | when they put the bypass in…", not "I'm not | sure".
 */
function ellipticalReplyAt(words: readonly string[], i: number, j: number): boolean {
  const next = words[j] ?? "";
  return (
    ELLIPTICAL_REPLY.has(`${words[i]}_${words[i + 1]}`) &&
    (ENGLISH.subordinators.has(next) || (ENGLISH.subjects.has(next) && !ENGLISH.auxiliaries.has(words[j + 1] ?? "")))
  );
}

// Labels a speaker puts before a part's topic ("last thing, gears", "next up, brakes").
const LABEL_ORDINALS = new Set("first next last final".split(" "));

/**
 * Whether words[b - 1] is the topic of a spoken label that opens its unit: "last thing gears",
 * "one more thing brakes", "next up chains" (the label, then one word that is no function word).
 */
function spokenLabelEndsAt(words: readonly string[], b: number): boolean {
  const topic = words[b - 1] ?? "";
  if (!topic || ENGLISH.noEnd.has(topic) || ENGLISH.rarelyEnd.has(topic) || ENGLISH.subjects.has(topic)) return false;
  const [a, c] = [words[b - 3] ?? "", words[b - 2] ?? ""];
  if (LABEL_ORDINALS.has(a) && (c === "thing" || c === "up")) return !DETERMINERS.has(words[b - 4] ?? "");
  return a === "more" && c === "thing" && words[b - 4] === "one";
}

// Two-word openers a sentence does not end on ("…in the middle either way | the pads wear").
const OPENER_PAIRS = new Set(["either way", "that said", "okay so", "alright so", "so now", "now let's"]);
/** Subordinators whose clause often opens a sentence ("if", "when"). */
export const SUBORDINATE_OPENERS = new Set("if when once unless whenever".split(" "));

/**
 * English evidence for a boundary before words[b] from the clauses around it (clauses.ts), beyond
 * what a marker word already gave (`marker`): a new clause after one that can end ("…the links
 * get longer | we have a checker"), weaker after a noun a relative clause may hang on ("the tools
 * | you need") and inside an opening "if" clause's sentence ("if the wheel turns | you're not
 * done"); an "if" clause followed by its own main clause ("…nothing should move | if the wheel
 * turns you're not done"); an adverb before its clause ("…eleven years | today we're going");
 * and a sentence that would end on "a modern" or "a few".
 */
function englishClauseScore(words: readonly string[], b: number, marker: number): number {
  let s = 0;
  const w1 = words[b];
  if (clauseCanEnd(words, b) && !awaitsItsVerb(words, b)) {
    let start = newClauseAt(words, b);
    if (start > 0 && insideOpeningClause(words, b)) start *= 0.3;
    // "…before you ride | then lift the front": "then" opens the instruction after it.
    if (w1 === "then") start = Math.max(start, clauseStartAt(words, b + 1));
    s += Math.max(0, start - marker);
    if (SUBORDINATE_OPENERS.has(w1) && mainClauseAfter(words, b) < words.length) s += 0.7;
    if (frontedAt(words, b) && (contractedAt(words, b + 1) || clauseStartAt(words, b + 1) >= 0.8)) s += 0.6;
  }
  // "…eleven years today | we're going", "okay so today | we are": the adverb opens the clause after it.
  if (frontedAt(words, b - 1)) s -= clauseCanEnd(words, b - 1) ? 0.6 : 2;
  if (endsOnAttributive(words, b)) s -= 2;
  if (trailingModifierAt(words, b)) s -= 2;
  // "let out | whatever air is left": a particle straight after its verb takes the object after it.
  if (isVerb(words[b - 2] ?? "") && particleTakesObject(words, b)) s -= 2;
  if (particleEndsClause(words, b)) s += clauseStartAt(words, b);
  if (danglingClause(words, b)) s -= 1.5;
  if (relativeClauseAt(words, b)) s -= 1.5;
  // "…if you travel | a lot and…": "a lot" and "a bit" close the clause before them, unless a
  // noun follows ("a lot of people").
  if (w1 === "a" && /^(?:lot|bit)$/.test(words[b + 1] ?? "") && words[b + 2] !== "of") s -= 2;
  // "…if you travel | a lot", "…or wear | glasses all day": the verb's object, not a new clause.
  if (objectOfVerbAt(words, b)) s -= 0.8;
  // "coach what a night | how does it feel": a question opening on its wh-word, auxiliary and
  // subject starts a sentence of its own.
  if (
    b >= 2 &&
    WH_WORDS.has(w1) &&
    ENGLISH.auxiliaries.has(words[b + 1] ?? "") &&
    ENGLISH.subjects.has(words[b + 2] ?? "")
  )
    s += 1.6;
  // "…a dirty chain | which just makes a paste": "which" after a word goes on as a relative
  // clause; a sentence opens on it only as "which is why", "which means", "which brings us".
  if (w1 === "which" && !WHICH_OPENS.has(words[b + 1] ?? "") && !/^(?:why|what|where|how)$/.test(words[b + 2] ?? ""))
    s -= 1.5;
  // "two hundred and fifty | degrees", "fifteen minutes | later": a measure is one phrase.
  if (ENGLISH.numberWords.has(words[b - 1]) && UNITS.has(w1)) s -= 3;
  if (UNITS.has(words[b - 1]) && /^(?:later|ago|earlier|long|old)$/.test(w1)) s -= 2;
  return s;
}

// What follows a "which" that opens a sentence ("which means…", "which brings us to…").
const WHICH_OPENS = new Set("means meant brings brought leads led explains".split(" "));

// Subordinators whose clause must have its own verb before the sentence goes on.
const NEEDS_VERB = new Set("because if when since although though while unless whenever once".split(" "));

/**
 * Whether a clause a subordinator opened a few words back has no verb yet, a phrase fronted in it
 * ("…because in the first year | my car broke down"): what follows is its subject, not a new
 * sentence.
 */
function awaitsItsVerb(words: readonly string[], b: number): boolean {
  for (let k = b - 1; k >= Math.max(0, b - 7); k--) {
    const w = words[k];
    if (isVerb(w) || contractedAt(words, k) || ENGLISH.subjects.has(w)) return false;
    if (NEEDS_VERB.has(w)) return k < b - 2;
  }
  return false;
}

/**
 * Whether words[b] would open the main clause of a sentence an "if"/"when" clause opened a few
 * words back ("if the wheel turns | you're not done"), not a clause after that main clause
 * ("if you've run out of adjustment you loosen the bolt | pull it tighter").
 */
function insideOpeningClause(words: readonly string[], b: number): boolean {
  let opener = -1;
  for (let k = b - 2; k >= Math.max(0, b - 16) && opener < 0; k--) if (SUBORDINATE_OPENERS.has(words[k])) opener = k;
  if (opener < 0) return false;
  for (let k = opener + 2; k < b; k++) if (mainClauseAt(words, opener, k, true)) return false;
  return true;
}

/**
 * Whether a sentence would end inside a "when"/"if" clause that a conjunction opened and whose
 * main clause has not come yet: "…and when you give the bowl | a little shake it should wobble".
 */
function danglingClause(words: readonly string[], b: number): boolean {
  for (let k = b - 2; k >= Math.max(1, b - 7); k--) {
    if (clauseOpensAt(words, k)) return false;
    if (SUBORDINATE_OPENERS.has(words[k])) return ENGLISH.conjunctions.has(words[k - 1]);
  }
  return false;
}

/**
 * Where the main clause of an "if" clause at words[b] opens, a few words on (its index), or
 * words.length when none is in sight. Instructions and clauses with a noun subject count, not a
 * bare pronoun after a noun, which may as well be a relative clause (mainClauseAt).
 */
function mainClauseAfter(words: readonly string[], b: number): number {
  for (let k = b + 3; k <= b + 10 && k < words.length; k++) if (mainClauseAt(words, b, k, false)) return k;
  return words.length;
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

/**
 * Whether timed captions carry no pauses to speak of: fewer than one line end in twenty-five is
 * followed by a silence pauseScore counts. YouTube's automatic captions usually arrive so (each
 * line shown until the next starts). Untimed lines are typed transcripts, not this.
 */
export function pauseless(
  gapAfter: readonly (number | null | undefined)[],
  timed: boolean,
  typicalGap?: number,
): boolean {
  if (!timed) return false;
  const typical = typicalGap ?? medianGap(gapAfter);
  let lineEnds = 0;
  let pauses = 0;
  for (const gap of gapAfter) {
    if (gap === undefined) continue;
    lineEnds++;
    if (pauseScore(gap, true, typical) >= 1) pauses++;
  }
  return lineEnds > 0 && pauses * 25 < lineEnds;
}

/** The median pause between caption lines: what counts as this speaker's usual gap. */
export function medianGap(gapAfter: readonly (number | null | undefined)[]): number {
  const gaps = gapAfter.filter((g): g is number => typeof g === "number").map((g) => Math.max(0, g));
  gaps.sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
}
