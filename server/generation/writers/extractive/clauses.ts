import { ENGLISH } from "./caption-words";

/**
 * Where a new English clause starts in unpunctuated speech, for the auto-caption repair
 * (captions.ts): a subject with its verb ("…the links get longer | we have a checker"), a noun
 * phrase with a finite verb ("…it can be a fight | the sealant also dries out"), an instruction
 * ("…a loose spoke | squeeze the spokes in pairs", "…that bolt | don't go gorilla on it"), after
 * a word a clause can end on. Closed word lists and a few common verbs, not a tagger: every
 * check looks at a handful of words, so a scan is linear in the words. About 400 lines because
 * its word lists and the checks that read them belong together.
 */

const list = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

// Common verbs in their bare form: what follows "you", "we", "they" or "most people" as a verb.
const VERBS = list(`need want take make get go say mean look feel seem work cost come keep tell give show stop
  start hold let help run sit stay wear dry fit happen depend matter break lose win stretch last change move know
  think like love hate use find put leave bring call try pay buy sell ask play read write eat drink cook bake rise
  grow fall drop turn spin grind slip skip squeak rub seal sound smell taste cause save spend owe earn have do see
  hear feel learn teach build fix check clean wipe open close pull push add mix cut set tighten loosen remove
  replace adjust ride drive walk sleep wait end begin finish become lead carry pick fill pump pour stir heat
  shift press click type apply lift fold spread wash rinse tuck slide hook unscrew insert flip repeat sort`);

// Finite verbs a noun phrase's verb can be: auxiliaries, modals and the third person of VERBS.
const FINITE = new Set([
  ...list(`is are was were can could will would should must might may does did has have had isn't aren't wasn't
    weren't can't won't don't doesn't didn't shouldn't wouldn't couldn't`),
  // Simple pasts that are never participles: "…started queueing | the load balancer saw…".
  ...list("came went saw took gave began ran wrote broke spoke chose drove grew knew threw fell became ate drew flew"),
  ...[...VERBS].map((v) =>
    /(?:s|sh|ch|x|z|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`,
  ),
]);

// Adverbs that sit between a subject and its verb ("a road tyre usually wants").
const MID_ADVERBS = list("usually also always never often just really probably actually still already sometimes");

const PRONOUN_SUBJECTS = list("i we you they he she");
const CONTRACTED = list(`it's i'm there's that's we're they're you're he's she's i've we've you've they've i'll
  we'll you'll they'll he'll she'll i'd we'd they'd`);
// Pronouns that stand for a whole noun phrase as a subject ("everybody in this room will…").
// ("everything", "nothing" are objects as often: "…that sped everything up").
const PRONOUN_PHRASES = list("everybody everyone nobody somebody someone anybody anyone people");
// What opens a noun phrase that can be a subject.
const NOUN_PHRASE_START = list(`the a an my your our their his her this these those most some many every each no two
  three four five six seven eight nine ten`);
// What an instruction's object opens with ("push | the valve", "keep | your tyres").
const OBJECT_START = list("the a an it your my our their them this that these those one all some both each every");
// Function words a noun phrase's words before its verb are not.
const NOT_IN_NOUN_PHRASE = new Set([
  ...ENGLISH.noEnd,
  ...ENGLISH.prepositions,
  ...list("i you we they he she it there and or that which who them him me us"),
]);
// Words a clause goes on after: verbs that take a clause or an object with a verb ("I think |
// the…", "check | the tyre sits", "let | them dry"), auxiliaries and instructions. Other verbs can
// end one ("nothing should move | if the wheel turns…").
const TAKES_MORE = new Set([
  ...list(`think thinks thought know knew say said says guess mean means sure hope believe feel felt realise
    realize confirm tell told show shows showed see saw notice noticed find found hear heard make makes ensure bet
    wish want wants need needs help helps let lets get gets got have has had ask asked expect like likes love
    is are was were be been being do does did can could will would should must may might glad happy sorry afraid
    aware proud surprised`),
  ...ENGLISH.imperatives,
]);

const WH_PHRASE = list("how what which whose");
// Numbers that end a clause as a pronoun ("…takes one | don't buy…"; a number phrase is kept whole elsewhere).
const NUMBER_ENDS = list("one two three");
const OBJECTS = list("it them him her me us this that everything something all");

/**
 * Whether the particle at words[b - 1], straight after its verb, takes the noun phrase at words[b]
 * as its object ("…it wears out | your gears", "let out | whatever air is left"), rather than a
 * new clause opening there ("…lined up | this is the control loaf").
 */
export function particleTakesObject(words: readonly string[], b: number): boolean {
  if (!ENGLISH.particles.has(words[b - 1] ?? "") || OBJECTS.has(words[b - 2] ?? "")) return false;
  const w = words[b] ?? "";
  return (NOUN_PHRASE_START.has(w) || w === "whatever" || w === "everything") && clauseStartAt(words, b) === 0;
}

/**
 * Whether a clause ends on a particle after a noun, with an instruction next: "…before you put a
 * new tube in | replace pads when the grooves are gone".
 */
export function particleEndsClause(words: readonly string[], b: number): boolean {
  const noun = words[b - 2] ?? "";
  return (
    ENGLISH.particles.has(words[b - 1] ?? "") &&
    !!noun &&
    !NOT_IN_NOUN_PHRASE.has(noun) &&
    !isVerb(noun) &&
    ENGLISH.imperatives.has(words[b] ?? "") &&
    clauseStartAt(words, b) >= 1
  );
}

/** Whether a clause can end on words[b - 1]: not a function word, nor a verb still waiting for its object. */
export function clauseCanEnd(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  // "…the one people skip before | you put…": a subordinator opens the clause after it; "…for
  // how much | each mistake matters": a question word's phrase goes on into its clause.
  return (
    !!before &&
    !ENGLISH.noEnd.has(before) &&
    (!ENGLISH.rarelyEnd.has(before) || NUMBER_ENDS.has(before)) &&
    !TAKES_MORE.has(before) &&
    !ENGLISH.subordinators.has(before) &&
    !WH_PHRASE.has(words[b - 2] ?? "") &&
    // "…it wears out | your gears": a particle straight after its verb takes the object after it.
    !particleTakesObject(words, b)
  );
}

/** Whether words[k] is a verb a subject can take ("you loosen", "we have", "it costs"). */
function verbAt(words: readonly string[], k: number): boolean {
  const w = words[k] ?? "";
  if (MID_ADVERBS.has(w)) return verbAt(words, k + 1) && !MID_ADVERBS.has(words[k + 1] ?? "");
  return VERBS.has(w) || FINITE.has(w);
}

const plural = (word: string) => /[^s']s$/.test(word) || /^(?:people|children|men|women)$/.test(word);

/**
 * Whether a finite verb ends the noun phrase that opens at words[k] within `span` words: "the
 * sealant also dries", "most people put", "everybody in this room will" (`phrase`: a pronoun
 * that may take a prepositional phrase). The word after a determiner is read as a noun even
 * when it could be a verb ("the cut is").
 */
function finiteAfter(words: readonly string[], k: number, span: number, phrase: boolean): boolean {
  const determiner = NOUN_PHRASE_START.has(words[k]) && words[k] !== "most";
  for (let j = k + 1; j <= k + span && j < words.length; j++) {
    const w = words[j];
    if (determiner && j === k + 1) {
      if (NOT_IN_NOUN_PHRASE.has(w)) return false;
      continue;
    }
    if (FINITE.has(w)) return true;
    // "the interviews showed it", "customers stayed on", "conversion dropped slightly": a past
    // tense after the noun, known by what follows it (an object, a particle or an adverb; a
    // participle before its noun, "the painted frame", is followed by neither).
    if (j > k + (determiner ? 1 : 0) && PAST.test(w) && !VERBS.has(w) && pastFollows(words[j + 1] ?? "")) return true;
    // "your gears | most people…": a second noun phrase, not this one's verb.
    if (!phrase && NOUN_PHRASE_START.has(w)) return false;
    // "most people put oil…": a plural subject takes the bare verb.
    if (VERBS.has(w)) return plural(words[j - 1]) && (j > k + 1 || (phrase && words[k] === "people"));
    if (MID_ADVERBS.has(w) || (phrase && (ENGLISH.prepositions.has(w) || NOUN_PHRASE_START.has(w)))) continue;
    if (NOT_IN_NOUN_PHRASE.has(w)) return false;
  }
  return false;
}

/** What follows a past-tense verb rather than a participle: its object, a particle, a preposition or an adverb. */
function pastFollows(next: string): boolean {
  return (
    FILLED_OBJECTS.has(next) ||
    ENGLISH.particles.has(next) ||
    (ENGLISH.prepositions.has(next) && next !== "by") ||
    /^(?:\p{L}{3,}ly|so|too|again|everything|nothing|something|us|twice|almost|about)$/u.test(next)
  );
}

/**
 * The evidence (0 to 1.2: a boundary costs 1) that a clause of its own starts at words[k]: a subject pronoun
 * with its verb, a noun phrase with a finite verb, an indefinite pronoun's phrase with one
 * ("everybody in this room will"), or an instruction (a verb with its object; "don't" and a
 * verb). Contracted subjects ("it's") are weighed by the lexicon's clause subjects instead.
 */
export function clauseStartAt(words: readonly string[], k: number): number {
  const w = words[k] ?? "";
  const next = words[k + 1] ?? "";
  // "…a new tube in | replace replace pads": a stuttered word starts where its second copy does.
  if (next === w && w && words[k + 2] !== w) return clauseStartAt(words, k + 1);
  if (PRONOUN_SUBJECTS.has(w)) return verbAt(words, k + 1) ? (w === "you" ? 1 : 1.2) : 0;
  // After a noun "it" is a subject, not an object ("…during bulk | it should be domed").
  if (w === "it" && FINITE.has(next)) return 0.9;
  if (/^(?:this|these|those)$/.test(w) && FINITE.has(next)) return 1;
  if (w === "there" && /^(?:is|are|was|were|will|can|should|might)$/.test(next)) return 1;
  // "…before you put a new tube in | replace pads": an instruction whose object is a bare plural.
  if (ENGLISH.imperatives.has(w) && plural(next) && !FINITE.has(next)) return 1.1;
  if (PRONOUN_PHRASES.has(w)) return finiteAfter(words, k, 4, true) ? 1.2 : 0;
  if (NOUN_PHRASE_START.has(w) || w === "most") return finiteAfter(words, k, 4, false) ? 1.2 : 0;
  if (w === "don't" || w === "never") return VERBS.has(next) ? 1.2 : 0;
  if (ENGLISH.imperatives.has(w) && OBJECT_START.has(next)) return 1.1;
  // Instructions that take a preposition: "look at where the hole is", "wait for it".
  if (MOTION.test(w) && /^(?:at|for|to|into|through)$/.test(next)) return 1.1;
  return 0;
}

// Instructions that take a preposition: "look at…", "wait for…", "go to…".
const MOTION = /^(?:look|listen|wait|go|come)$/;

/**
 * Whether words[b] opens the object of the verb before it, not a clause: "…if you travel | a
 * lot", "…or wear | glasses all day" (no verb of its own follows the noun phrase).
 */
export function objectOfVerbAt(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  const w = words[b] ?? "";
  if (!VERBS.has(before) && !FINITE.has(before)) return false;
  if (ENGLISH.auxiliaries.has(before)) return false;
  const opensPhrase = NOUN_PHRASE_START.has(w) || (!NOT_IN_NOUN_PHRASE.has(w) && !isVerb(w) && !OBJECTS.has(w));
  return opensPhrase && clauseStartAt(words, b) === 0;
}

// What follows a verb whose object went missing: the relative clause ends there ("the tool you
// have | and…", "the papers I mentioned | are on…").
const AFTER_GAP = list("and or but is are was were on in at for from with to into");

/**
 * Whether a subject pronoun at words[k] opens a relative clause on the noun before it: its verb
 * comes straight after it with no object, the clause ending at once ("…with the tool | you have
 * and clean the rim"), so it is no sentence of its own.
 */
export function relativeClauseAt(words: readonly string[], k: number): boolean {
  const before = words[k - 1] ?? "";
  const verb = words[k + 1] ?? "";
  return (
    PRONOUN_SUBJECTS.has(words[k] ?? "") &&
    !!before &&
    !isVerb(before) &&
    !NOT_IN_NOUN_PHRASE.has(before) &&
    isVerb(verb) &&
    AFTER_GAP.has(words[k + 2] ?? "")
  );
}

/** Whether a word is a verb as far as these lists tell ("let", "wears", "squeezed"). */
export function isVerb(word: string): boolean {
  return VERBS.has(word) || FINITE.has(word) || TAKES_MORE.has(word) || PAST.test(word);
}

/** Whether words[k] is a contracted subject and verb ("it's", "we'll"). */
export function contractedAt(words: readonly string[], k: number): boolean {
  return CONTRACTED.has(words[k] ?? "");
}

/**
 * The evidence that a new clause starts at words[k] after one that can end there (clauseStartAt),
 * less where the words may rather be a relative clause on the noun before ("the tools | you
 * need": a quarter, unless the verb has its object, `filledObjects`; none after "the thing") or
 * that noun's verb ("most riders | use the front brake").
 */
export function newClauseAt(words: readonly string[], k: number, filledObjects = true): number {
  if (!clauseCanEnd(words, k)) return 0;
  let start = clauseStartAt(words, k);
  // "The first thing | everybody asked me about…": "everybody" opens a relative clause as "I" does.
  // ("…I see this all the time | people put…": the idiom ends its clause.)
  const idiom = words[k - 1] === "time" && words[k - 2] === "the" && words[k - 3] === "all";
  if (
    PRONOUN_PHRASES.has(words[k]) &&
    ENGLISH.relativeHeads.has(words[k - 1] ?? "") &&
    !idiom &&
    !endsClauseFirmly(words, k)
  )
    start = 0;
  else if (PRONOUN_SUBJECTS.has(words[k]) && !endsClauseFirmly(words, k))
    start *= ENGLISH.relativeHeads.has(words[k - 1]) ? 0 : filledObjects && objectFilledAt(words, k) ? 0.9 : 0.25;
  // "…the links get longer | we have a checker", "…checker here | it costs": after a word a
  // clause ends on, a subject pronoun with its verb is a new sentence, pause or none.
  else if (
    (PRONOUN_SUBJECTS.has(words[k]) && isVerb(words[k + 1] ?? "")) ||
    (/^(?:it|this|that)$/.test(words[k]) && FINITE.has(words[k + 1] ?? "") && endsClauseFirmly(words, k))
  )
    start += 0.3;
  // "…those people | go to the big box store": a plural noun's own verb, not an instruction.
  if ((ENGLISH.imperatives.has(words[k]) || MOTION.test(words[k])) && plural(words[k - 1] ?? "")) start *= 0.4;
  return start;
}

// What fills the object after a verb: a pronoun or the start of a noun phrase.
const FILLED_OBJECTS = list("it them me him her us the a an my your our their his its these those");

/**
 * Whether the subject at words[k] has a verb with its object after it ("…a negotiation and they
 * know it | instead…", "…three reasons | you can't see them"): a relative clause on the noun
 * before lacks its object ("the tools you need"), so this is a new clause. Nouns a relative
 * clause hangs on without a gap ("the way you do it") are left out by the caller.
 */
function objectFilledAt(words: readonly string[], k: number): boolean {
  // "…forget about it | in most kitchens we keep": the noun may end a phrase fronting this clause.
  for (let p = Math.max(0, k - 4); p < k - 1; p++) if (ENGLISH.prepositions.has(words[p])) return false;
  let j = k + 1;
  while (j < k + 3 && (MID_ADVERBS.has(words[j] ?? "") || ENGLISH.auxiliaries.has(words[j] ?? ""))) j++;
  return isVerb(words[j] ?? "") && FILLED_OBJECTS.has(words[j + 1] ?? "");
}

/** Whether a clause plainly opens at words[k]: a new clause (newClauseAt) or a contracted subject after a clause. */
export function clauseOpensAt(words: readonly string[], k: number): boolean {
  // Without the filled-object evidence: where a main clause opens decides whether an "if" clause
  // before it ends, and a wrong guess there costs more ("a test if you're not sure is the float
  // test | you take…").
  if (newClauseAt(words, k, false) >= 0.8) return true;
  return contractedAt(words, k) && clauseCanEnd(words, k) && !ENGLISH.relativeHeads.has(words[k - 1]);
}

/**
 * Whether the main clause after an opening "if"/"when" clause starting at words[from] opens at
 * words[k]: a clause opens there (clauseOpensAt), or, once the "if" clause has its verb, an
 * instruction ("if the chain is slow to go to the bigger cogs | turn the adjuster…") or, with
 * `pronouns`, a subject pronoun with its verb ("if you've run out of adjustment | you loosen…";
 * left out where a wrong guess costs more than a comma: "a test if you're not sure is the float
 * test | you take…").
 */
export function mainClauseAt(words: readonly string[], from: number, k: number, pronouns: boolean): boolean {
  if (clauseOpensAt(words, k)) return true;
  if (!clauseCanEnd(words, k) || ENGLISH.relativeHeads.has(words[k - 1])) return false;
  if (PRONOUN_SUBJECTS.has(words[k]) ? !pronouns : !ENGLISH.imperatives.has(words[k]) && !bareInstructionAt(words, k))
    return false;
  let verb = false;
  for (let j = from + 1; j < k && !verb; j++) {
    const w = words[j];
    verb = FINITE.has(w) || VERBS.has(w) || CONTRACTED.has(w) || PAST.test(w) || PRONOUN_SUBJECTS.has(words[j - 1]);
  }
  return verb && (clauseStartAt(words, k) >= 1 || bareInstructionAt(words, k));
}

/**
 * Whether a verb the imperative list lacks opens an instruction at words[k] with its object ("if
 * you buy one tool today | buy the hex keys"): only where a main clause is due, never after a
 * plural noun or an adverb, which it may be the verb of ("if your tyres | need the pump").
 */
function bareInstructionAt(words: readonly string[], k: number): boolean {
  const before = words[k - 1] ?? "";
  // "…you'll probably | need a new one": the verb of a subject a few words back.
  const subjectVerb =
    /ly$/.test(before) || MID_ADVERBS.has(before) || CONTRACTED.has(before) || FINITE.has(before) || plural(before);
  return VERBS.has(words[k] ?? "") && OBJECT_START.has(words[k + 1] ?? "") && !subjectVerb;
}

// Words a clause often ends on: object pronouns, particles and adverbs of time and place. After
// one, a subject pronoun opens a clause; after a noun it may open a relative one ("the tools you need").
const CLAUSE_ENDERS = list(`it them me him us again too here there now today tonight anymore yet though instead
  later ago enough anyway together first already done ready out up down off in on back away over around
  longer shorter bigger smaller better worse faster slower harder easier higher lower cheaper tighter looser
  stronger weaker louder quieter cleaner`);

/** Whether words[b - 1] is a word a clause usually ends on (CLAUSE_ENDERS, or an adverb in -ly). */
export function endsClauseFirmly(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  return CLAUSE_ENDERS.has(before) || (/ly$/.test(before) && before.length > 4 && !ENGLISH.noEnd.has(before));
}

// Adverbs that open a sentence before its subject ("…eleven years | today we're going to…").
const FRONTED = list(`today tomorrow tonight yesterday sometimes usually normally honestly basically obviously
  luckily unfortunately hopefully personally instead otherwise eventually`);

/** Whether words[k] is an adverb that can open a sentence before its subject (FRONTED). */
export function frontedAt(words: readonly string[], k: number): boolean {
  return FRONTED.has(words[k] ?? "");
}

// Adjectives that stand before their noun: a sentence does not end on "a modern" or "the whole"
// ("at the bottom" and "the usual" can end one: not listed).
const ATTRIBUTIVE = list(`modern mini new old big small little tiny huge whole entire main basic quick simple good
  bad great real full empty spare extra single double different special common typical cheap expensive light
  heavy short long high low hard soft wide narrow thin thick outer inner upper lower certain particular various
  several proper decent nice regular local electric plastic few couple brand`);

const INTENSIFIERS = list("really very pretty quite super too so");

/** Whether a sentence would end on a determiner and an adjective ("a modern", "your new", "a few really big"). */
export function endsOnAttributive(words: readonly string[], b: number): boolean {
  if (!ATTRIBUTIVE.has(words[b - 1] ?? "")) return false;
  let j = b - 2;
  while (j > b - 6 && (INTENSIFIERS.has(words[j] ?? "") || ATTRIBUTIVE.has(words[j] ?? ""))) j--;
  return NOUN_PHRASE_START.has(words[j] ?? "");
}

// What opens each item of a spoken list of things: "two levers a pump a patch kit and hex keys".
const ITEM_START = list("a an two three four five six seven eight nine ten some");
// "ninety dollars a month": a rate, not an item.
const RATE = list("week month day year hour minute second night time bit lot little few couple");
// Verbs in the past, before an object: "I bought | a pump".
const PAST =
  /(?:ed|^(?:bought|got|made|took|gave|put|found|left|brought|kept|told|sold|paid|had|did|saw|went|came|ran|set|cut|read|built|sent|spent|won|lost|held|met|thought|caught|taught))$/;
// What an item is made of: not a function word, an auxiliary or a pronoun.
const NOT_IN_ITEM = new Set([...NOT_IN_NOUN_PHRASE, ...ENGLISH.auxiliaries, ...list("it them you")]);

/**
 * Commas in a spoken list of things that each open with "a" or a number ("carry two levers a
 * pump a patch kit and hex keys" -> "carry two levers, a pump, a patch kit and hex keys"): only
 * where at least two items follow one another straight after a noun, nothing but their own
 * words between them, and an "and" closes the list a few words on: the one shape in which a noun
 * is followed by "a" in speech ("give the wheel a spin" has a verb before it).
 */
export function listCommas(text: string): string {
  const tokens = text.split(" ");
  const words = tokens.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""));
  const content = (from: number, to: number) => words.slice(from, to).every((x) => x && !NOT_IN_ITEM.has(x));
  let run: number[] = [];
  const flush = () => {
    const last = run[run.length - 1];
    const and = words.indexOf("and", last + 1);
    if (run.length >= 2 && and > last + 1 && and <= last + 5 && content(last + 1, and))
      for (const k of run) tokens[k - 1] = `${tokens[k - 1]},`;
    run = [];
  };
  for (let k = 1; k < words.length; k++) {
    const junction =
      ITEM_START.has(words[k]) &&
      content(k - 1, k) &&
      !/ly$/.test(words[k - 1]) &&
      !/[,;:.]$/.test(tokens[k - 1]) &&
      !RATE.has(words[k + 1] ?? "");
    if (!junction) continue;
    if (run.length && !content(run[run.length - 1] + 1, k)) flush();
    // The first item follows a noun, not a verb ("carry | two levers"); later ones may end on a
    // word that can be either ("a mini pump | a patch kit").
    const before = words[k - 1];
    if (run.length || !(VERBS.has(before) || FINITE.has(before) || TAKES_MORE.has(before) || PAST.test(before)))
      run.push(k);
  }
  if (run.length) flush();
  return tokens.join(" ");
}

/**
 * Commas in a series of instructions ("list everything build a simple budget pick a method" ->
 * "list everything, build a simple budget, pick a method"): only in a sentence that opens with a
 * verb (any word but a pronoun, a determiner or a function word) and has two more instructions
 * after it, each a verb with its object after a word a clause can end on.
 */
export function instructionCommas(text: string): string {
  const tokens = text.split(" ");
  const words = tokens.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""));
  let first = 0;
  while (first < 2 && /^(?:so|and|okay|alright|now|then)$/.test(words[first] ?? "")) first++;
  // The opening word may be a verb these lists lack ("list everything"), not a noun phrase's.
  const opener = words[first] ?? "";
  if (NOT_IN_NOUN_PHRASE.has(opener) || NOUN_PHRASE_START.has(opener) || CONTRACTED.has(opener)) return text;
  const starts: number[] = [];
  for (let k = first + 2; k < words.length - 1; k++) {
    const w = words[k];
    if (!(ENGLISH.imperatives.has(w) || VERBS.has(w)) || !OBJECT_START.has(words[k + 1])) continue;
    if (clauseCanEnd(words, k) && !plural(words[k - 1]) && !/[,;:.]$/.test(tokens[k - 1])) starts.push(k);
  }
  if (starts.length < 2) return text;
  for (const k of starts) tokens[k - 1] = `${tokens[k - 1]},`;
  return tokens.join(" ");
}

/**
 * Whether a prepositional phrase at words[b] opens the next sentence before its subject: "…the
 * fork turns in | on most bikes you loosen the bolts", "…ask about it | in my second year I
 * refinanced my loans". Only after a word a clause ends on (an object pronoun, an adverb, a
 * particle after its verb), and only when a subject pronoun follows the phrase with a verb that
 * takes an object (not "with the tools you have", a relative clause on the phrase's noun).
 */
export function frontedPhraseAt(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  if (bareFrontedAt(words, b)) return true;
  const particle = ENGLISH.particles.has(before);
  if (particle ? !isVerb(words[b - 2] ?? "") : !endsClauseFirmly(words, b)) return false;
  if (!ENGLISH.prepositions.has(words[b] ?? "") || !NOUN_PHRASE_START.has(words[b + 1] ?? "")) return false;
  for (let s = b + 3; s <= b + 4; s++) {
    const head = words[s - 1] ?? "";
    if (NOT_IN_NOUN_PHRASE.has(head) || isVerb(head) || NOUN_PHRASE_START.has(head)) return false;
    const verb = words[s + 1] ?? "";
    if (PRONOUN_SUBJECTS.has(words[s] ?? "") && (VERBS.has(verb) || PAST.test(verb)))
      return OBJECT_START.has(words[s + 2] ?? "");
  }
  return false;
}

// Prepositions that front a time or place before a clause ("at halftime", "in October").
const FRONTING = list("at in on after before during by");

/**
 * A fronted time or place without an article, then a subject pronoun and its verb: "…you can't
 * do that in a final | at halftime I didn't yell", "…three of them | in October we moved". After a
 * noun only (not "we met | at lunch I think"), and never "in it" or "at all".
 */
function bareFrontedAt(words: readonly string[], b: number): boolean {
  const before = words[b - 1] ?? "";
  const noun = words[b + 1] ?? "";
  if (!FRONTING.has(words[b] ?? "") || isVerb(before) || NOT_IN_NOUN_PHRASE.has(before)) return false;
  if (!noun || NOT_IN_NOUN_PHRASE.has(noun) || NOUN_PHRASE_START.has(noun) || isVerb(noun) || noun === "all")
    return false;
  return PRONOUN_SUBJECTS.has(words[b + 2] ?? "") && FINITE.has(words[b + 3] ?? "");
}

// Words a predicate adjective follows: "it's too low", "the dough feels warm".
const PREDICATE_LEADS = new Set([
  ...INTENSIFIERS,
  ...list("is are was were be been it's that's they're feels looks seems gets stays feel look seem get stay"),
]);

/**
 * Whether a word said twice is one sentence's last word and the next one's first rather than a
 * stutter: "…it's too low | low pressure lets the tube get pinched". The first copy ends a
 * predicate, the second opens a noun phrase with its verb; after a determiner ("the tyre tyre is")
 * it stays a stutter.
 */
export function echoAt(words: readonly string[], b: number): boolean {
  const w = words[b] ?? "";
  if (w !== words[b - 1] || NOT_IN_NOUN_PHRASE.has(w) || isVerb(w) || NOUN_PHRASE_START.has(w)) return false;
  if (!PREDICATE_LEADS.has(words[b - 2] ?? "")) return false;
  const noun = words[b + 1] ?? "";
  const verb = words[b + 2] ?? "";
  if (!noun || NOT_IN_NOUN_PHRASE.has(noun) || isVerb(noun) || NOUN_PHRASE_START.has(noun)) return false;
  return FINITE.has(verb) || (VERBS.has(verb) && plural(noun));
}

/**
 * Whether words[b] is an adverb or adjective that modifies the verb before it, with "and" and
 * the next verb after it ("squeeze both levers | hard and push the bike", "water it | well and
 * keep it…"): no sentence opens there.
 */
export function trailingModifierAt(words: readonly string[], b: number): boolean {
  const w = words[b] ?? "";
  if (words[b + 1] !== "and") return false;
  const modifier = ATTRIBUTIVE.has(w) || w === "well" || (/ly$/.test(w) && w.length > 4 && !ENGLISH.noEnd.has(w));
  const next = words[b + 2] ?? "";
  return modifier && (VERBS.has(next) || ENGLISH.imperatives.has(next));
}
