/**
 * Sentence boundaries for auto captions (lower case, no punctuation, lines cut every few
 * seconds), restored by heuristics, not a punctuation model: every gap between two words is
 * scored from the pause in the timing (absolute, and against this speaker's usual gap), the word
 * before it (can a sentence end on "the", "of", "because"?), the words after it (an opener such
 * as "okay", "so now", "mistake number two", "step three", or a word no sentence starts with),
 * and vetoes inside number phrases ("two hundred and fifty"); then dynamic programming picks
 * the sentence lengths with the best total score. Word lists exist for English, Spanish,
 * French, German and Portuguese; other languages get the timing evidence only. Linear in the
 * words and deterministic.
 */

/** What the scorer knows about one language. */
interface Lexicon {
  /** Words a sentence does not end on: articles, prepositions, conjunctions, possessives. */
  noEnd: ReadonlySet<string>;
  /** Words a sentence rarely ends on, though it can ("as they were", "no, I don't"). */
  rarelyEnd: ReadonlySet<string>;
  /** Words a sentence does not start with. */
  noStart: ReadonlySet<string>;
  /** Openers of two words ("okay so", "for example") and of one ("so", "now"), with their weight. */
  markers2: ReadonlyMap<string, number>;
  markers1: ReadonlyMap<string, number>;
  /** Nouns that number a list's items: "mistake", "step", "tip". */
  enumerators: ReadonlySet<string>;
  /** Cardinals and ordinals that follow an enumerator ("step three", "mistake number two"). */
  numerals: ReadonlySet<string>;
  /** Words of a spoken number phrase: never a sentence boundary between two of them. */
  numberWords: ReadonlySet<string>;
  /** The "and" inside a number phrase ("a hundred and fifty", "treinta y cinco"). */
  numberJoin: ReadonlySet<string>;
  /** Subject pronouns: after an auxiliary they make a question ("should I"), not a sentence start. */
  subjects: ReadonlySet<string>;
  /** Auxiliaries that start a sentence only as a question, with a subject next ("is it", "should we"). */
  auxiliaries: ReadonlySet<string>;
  /** Particles a clause ends on when a conjunction follows ("put it in and start"). */
  particles: ReadonlySet<string>;
  conjunctions: ReadonlySet<string>;
  /** Two-word phrases a sentence does not end on ("no matter", "even though"). */
  noEndPairs: ReadonlySet<string>;
  /** Words that open a subordinate clause ("if", "when"): a sentence needs more than that clause. */
  subordinators: ReadonlySet<string>;
  /** Prepositions: a sentence seldom starts on one, and never on one followed by another ("look | for at"). */
  prepositions: ReadonlySet<string>;
  /** Verbs a tutorial's instructions open with ("…the tube | push the valve…"), before an object. */
  imperatives: ReadonlySet<string>;
  /** Nouns a relative clause hangs on ("the thing I want", "everything you need"). */
  relativeHeads: ReadonlySet<string>;
  /** Pronouns that open a clause of their own ("…people always ask | I use…"). */
  clauseSubjects: ReadonlyMap<string, number>;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

const EN_NUMERALS = `one two three four five six seven eight nine ten eleven twelve first second third fourth
  fifth sixth seventh eighth ninth tenth last 1 2 3 4 5 6 7 8 9 10 11 12`;

const ENGLISH: Lexicon = {
  noEnd: set(`the a an to of in on at for with from by and or but so my your our their his her its this
    these those if because very really than as about into onto upon between without during against among
    per via plus i we they he she can will would could should do does did have has had not just like then
    when which who what where how it's there's that's here's what's i'm we're you're they're i've we've
    you've they've i'll we'll you'll they'll i'd we'd gonna wanna gotta going get got some any every each
    either neither another such whose no also even being let's make take until while whether
    am isn't aren't wasn't weren't`),
  rarelyEnd:
    set(`is are was were be been one two three technically basically actually must might may shall you that most
    don't doesn't didn't can't won't haven't hasn't shouldn't wouldn't couldn't`),
  noStart: set(`of to 's than n't or nor ones`),
  markers2: new Map([
    ["okay so", 3],
    ["ok so", 3],
    ["alright so", 3],
    ["all right", 2.5],
    ["so now", 2.5],
    ["and so", 1.6],
    ["and then", 1.4],
    ["but then", 1.4],
    ["so the", 1.6],
    ["so if", 1.6],
    ["so when", 1.6],
    ["so what", 1.8],
    ["so let's", 2],
    ["so that's", 1.8],
    ["now let's", 2.5],
    ["and now", 1.8],
    ["and it's", 1.0],
    ["and that's", 1.2],
    ["and i", 0.8],
    ["and we", 0.8],
    ["the first", 1.0],
    ["the second", 1.2],
    ["the next", 1.2],
    ["the last", 1.0],
    ["the other", 0.8],
    ["the problem", 1.0],
    ["the point", 1.0],
    ["the reason", 1.0],
    ["the thing", 1.0],
    ["the rule", 1.0],
    ["i think", 1.0],
    ["i want", 1.0],
    ["you want", 0.8],
    ["you need", 0.6],
    ["in other", 1.5],
    ["for example", 1.6],
    ["for instance", 1.6],
    ["what happens", 1.2],
    ["here's the", 1.4],
    ["here's my", 1.4],
    ["this is", 0.8],
    ["that's why", 1.4],
    ["that's it", 1.5],
    ["that's all", 1.5],
    ["if you", 0.8],
    ["make sure", 0.8],
    ["don't worry", 1.2],
    ["good question", 2],
  ]),
  markers1: new Map([
    ["okay", 3],
    ["ok", 3],
    ["alright", 3],
    ["so", 1.5],
    ["now", 1.3],
    ["anyway", 2],
    ["well", 1],
    ["but", 1.1],
    ["and", 0.5],
    ["then", 0.6],
    ["however", 1.6],
    ["first", 0.6],
    ["firstly", 1.6],
    ["second", 0.6],
    ["secondly", 1.6],
    ["third", 0.6],
    ["finally", 1.6],
    ["lastly", 1.6],
    ["next", 0.6],
    ["also", 0.3],
    ["actually", 0.3],
    ["basically", 1],
    ["yeah", 1.5],
    ["let's", 1.5],
    ["remember", 0.6],
    ["because", 0],
    ["if", 0.5],
    ["when", 0.5],
    ["what", 0.5],
    ["why", 0.6],
    ["how", 0.5],
    ["it's", 0.6],
    ["there's", 0.8],
    ["that's", 0.8],
    ["this", 0.4],
    ["imagine", 1],
    ["don't", 0.8],
  ]),
  enumerators: set("mistake step tip rule lesson reason stage phase option method question round day"),
  numerals: set(EN_NUMERALS),
  numberWords: set(`${EN_NUMERALS} zero thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty
    forty fifty sixty seventy eighty ninety hundred thousand million billion point half quarter`),
  numberJoin: set("and"),
  subjects: set("i you we they he she it there this that everyone anyone somebody people"),
  auxiliaries: set(`is are was were do does did has have had can could should would will must might shall
    am isn't aren't don't doesn't didn't can't won't`),
  particles: set("in on out up down off over back away through around"),
  conjunctions: set("and or but then so"),
  noEndPairs: set("no_matter even_though so_that rather_than such_as as_well in_order kind_of sort_of a_lot"),
  subordinators: set("if when once because before after while unless although whenever"),
  imperatives: set(`take put push pull turn add mix check use keep try grab squeeze pump cut place open close hold
    remove replace set look watch leave bring press click type fold stretch wipe clean spin drop lift shift pour
    stir heat bake let's tighten loosen unscrew insert flip repeat`),
  prepositions: set(
    "in on at for with from by about into onto over under after before through between without during against among toward towards",
  ),
  relativeHeads: set(`thing things one ones everything something anything nothing way ways time times reason
    stuff all much lot part kind bit place day people person what which`),
  clauseSubjects: new Map([
    ["i", 0.6],
    ["i'm", 0.8],
    ["i've", 0.8],
    ["i'll", 0.8],
    ["we", 0.5],
    ["we're", 0.7],
    ["you're", 0.6],
    ["you", 0.3],
    ["they", 0.4],
    ["they're", 0.6],
    ["he", 0.4],
    ["she", 0.4],
  ]),
};

/** A lexicon from word lists: only the lists that differ by language. */
function lexicon(parts: {
  noEnd: string;
  rarelyEnd?: string;
  noStart: string;
  markers2: Array<[string, number]>;
  markers1: Array<[string, number]>;
  enumerators: string;
  numerals: string;
  numberWords: string;
  numberJoin: string;
  subjects: string;
  auxiliaries?: string;
  conjunctions: string;
  subordinators?: string;
}): Lexicon {
  return {
    noEnd: set(parts.noEnd),
    rarelyEnd: set(parts.rarelyEnd ?? ""),
    noStart: set(parts.noStart),
    markers2: new Map(parts.markers2),
    markers1: new Map(parts.markers1),
    enumerators: set(parts.enumerators),
    numerals: set(parts.numerals),
    numberWords: set(`${parts.numerals} ${parts.numberWords}`),
    numberJoin: set(parts.numberJoin),
    subjects: set(parts.subjects),
    auxiliaries: set(parts.auxiliaries ?? ""),
    particles: new Set(),
    conjunctions: set(parts.conjunctions),
    noEndPairs: new Set(),
    subordinators: set(parts.subordinators ?? ""),
    prepositions: new Set(),
    imperatives: new Set(),
    relativeHeads: new Set(),
    clauseSubjects: new Map(),
  };
}

const SPANISH = lexicon({
  noEnd: `el la los las un una unos unas de del al a en con por para sin sobre entre y e o u pero que porque si
    como mi tu su sus mis tus nuestro nuestra muy se me te le les nos este esta estos estas ese esa esos esas
    cuando donde cual quien hasta desde ni también aunque pues`,
  noStart: "de del y e o u que",
  markers2: [
    ["y luego", 1.4],
    ["y entonces", 1.6],
    ["por ejemplo", 1.6],
    ["así que", 1.5],
    ["lo primero", 1.4],
    ["o sea", 0.8],
    ["en primer", 1.4],
  ],
  markers1: [
    ["entonces", 1.5],
    ["bueno", 2],
    ["vale", 2],
    ["ok", 3],
    ["okay", 3],
    ["pues", 1],
    ["ahora", 1.2],
    ["pero", 1.1],
    ["primero", 1],
    ["segundo", 0.6],
    ["después", 0.8],
    ["además", 1],
    ["finalmente", 1.6],
    ["y", 0.4],
  ],
  enumerators: "paso error consejo regla truco número",
  numerals:
    "uno dos tres cuatro cinco seis siete ocho nueve diez primero segundo tercero cuarto quinto 1 2 3 4 5 6 7 8 9 10",
  numberWords:
    "cero once doce veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento cientos mil millón millones medio coma",
  numberJoin: "y",
  subjects: "yo tú él ella nosotros vosotros ellos ellas usted ustedes",
  conjunctions: "y e o pero",
  subordinators: "si cuando porque aunque mientras",
});

const FRENCH = lexicon({
  noEnd: `le la les l' un une des de du d' au aux à en dans sur sous avec pour par sans et ou mais que qu' qui
    quand si comme mon ma mes ton ta tes son sa ses notre nos votre vos leur ce cet cette ces je j' tu il elle
    on ils elles ne n' se très parce puisque car`,
  noStart: "de du d' et ou que qu' pas",
  markers2: [
    ["et puis", 1.4],
    ["et donc", 1.4],
    ["et alors", 1.4],
    ["par exemple", 1.6],
    ["du coup", 1.2],
    ["tout d'abord", 1.6],
    ["en fait", 0.6],
  ],
  markers1: [
    ["alors", 1.5],
    ["donc", 1.3],
    ["bon", 1.5],
    ["ensuite", 1.3],
    ["puis", 0.8],
    ["mais", 1.1],
    ["maintenant", 1.2],
    ["d'abord", 1.4],
    ["enfin", 1.4],
    ["voilà", 1.5],
    ["ok", 3],
    ["okay", 3],
    ["et", 0.4],
  ],
  enumerators: "étape erreur conseil règle astuce numéro",
  numerals:
    "un une deux trois quatre cinq six sept huit neuf dix premier première deuxième troisième quatrième cinquième 1 2 3 4 5 6 7 8 9 10",
  numberWords:
    "zéro onze douze vingt trente quarante cinquante soixante cent cents mille million millions demi virgule",
  numberJoin: "et",
  subjects: "je j' tu il elle on nous vous ils elles",
  conjunctions: "et ou mais",
  subordinators: "si quand parce lorsque",
});

const GERMAN = lexicon({
  noEnd: `der die das den dem des ein eine einen einem einer eines und oder aber dass weil wenn als wie von zum
    zur für bei durch ohne gegen ich du er wir sehr mein meine dein deine unser unsere`,
  noStart: "und oder dass",
  markers2: [
    ["und dann", 1.4],
    ["und jetzt", 1.6],
    ["zum beispiel", 1.6],
    ["na ja", 1.5],
  ],
  markers1: [
    ["also", 1.3],
    ["dann", 0.8],
    ["jetzt", 1.2],
    ["aber", 1.1],
    ["okay", 3],
    ["ok", 3],
    ["zuerst", 1.3],
    ["erstens", 1.6],
    ["zweitens", 1.6],
    ["drittens", 1.6],
    ["danach", 1.2],
    ["schließlich", 1.4],
    ["und", 0.4],
  ],
  enumerators: "schritt fehler tipp regel nummer",
  numerals:
    "eins zwei drei vier fünf sechs sieben acht neun zehn erste erster zweite zweiter dritte dritter 1 2 3 4 5 6 7 8 9 10",
  numberWords: "null elf zwölf zwanzig dreißig vierzig fünfzig hundert tausend million millionen halb komma",
  numberJoin: "und",
  subjects: "ich du er sie es wir ihr man",
  conjunctions: "und oder aber",
  subordinators: "wenn weil als ob obwohl",
});

const PORTUGUESE = lexicon({
  noEnd: `o a os as um uma uns umas de do da dos das em no na nos nas por pelo pela para com sem e ou mas que
    porque se como meu minha seu sua muito ao à eu`,
  noStart: "de do da e ou que",
  markers2: [
    ["e aí", 1.4],
    ["e depois", 1.4],
    ["e então", 1.6],
    ["por exemplo", 1.6],
  ],
  markers1: [
    ["então", 1.5],
    ["bom", 1.5],
    ["agora", 1.2],
    ["mas", 1.1],
    ["depois", 1],
    ["primeiro", 1],
    ["tá", 1.5],
    ["beleza", 1.5],
    ["ok", 3],
    ["okay", 3],
    ["e", 0.4],
  ],
  enumerators: "passo erro dica regra número",
  numerals: "um uma dois duas três quatro cinco seis sete oito nove dez primeiro segundo terceiro 1 2 3 4 5 6 7 8 9 10",
  numberWords:
    "zero onze doze vinte trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento mil milhão milhões meio vírgula",
  numberJoin: "e",
  subjects: "eu tu ele ela nós vocês eles elas você",
  conjunctions: "e ou mas",
  subordinators: "se quando porque embora",
});

const NONE = lexicon({
  noEnd: "",
  noStart: "",
  markers2: [],
  markers1: [],
  enumerators: "",
  numerals: "",
  numberWords: "",
  numberJoin: "",
  subjects: "",
  conjunctions: "",
});

const LEXICONS: Record<string, Lexicon> = { en: ENGLISH, es: SPANISH, fr: FRENCH, de: GERMAN, pt: PORTUGUESE };

/** The word lists for a transcript language ("en", "pt-BR"): English when unknown, none for others. */
function lexiconFor(language: string | null | undefined): Lexicon {
  if (!language) return ENGLISH;
  return LEXICONS[language.toLowerCase().slice(0, 2)] ?? NONE;
}

const SO_OBJECT = new Set(
  "said say says do did does think hope guess believe not and or even just more less much very".split(" "),
);
const SO_OPENS = new Set("let's now that's if here's what anyway".split(" "));
const NOW_OBJECT = new Set("right until till for just even by from up".split(" "));
// Verbs whose object a following "you" is ("I'll show you the…"), not a new subject.
const TAKES_YOU = new Set("show tell give let help ask teach make told gave showed asked thank see got".split(" "));
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
  const w3 = words[b + 2] ?? "";
  if (insideNumber(words, b, lex)) return -5;
  const marker = lex.markers2.get(`${w1} ${w2}`) ?? lex.markers1.get(w1);
  let s = marker ?? 0;
  // "mistake number two", "step three": the next item of a list starts here.
  if (lex.enumerators.has(w1) && (lex.numerals.has(w2) || (w2 === "number" && lex.numerals.has(w3)))) s += 2.5;
  // "…people always ask | I use…": a subject opens a clause, unless a relative clause hangs on
  // the word before ("the thing I want") or "you" is an object ("show you").
  const subject = lex.clauseSubjects.get(w1);
  if (marker === undefined && subject !== undefined && !lex.relativeHeads.has(before)) s += subject;
  if (w1 === "you" && TAKES_YOU.has(before)) s -= 1;
  // "…a page size of two hundred | and get back a list": "and" before a bare verb joins a
  // predicate to the clause before; a new sentence's "and" has a subject or an opener after it.
  if (lex === ENGLISH && w1 === "and" && !AND_OPENS.has(w2) && !lex.subjects.has(w2)) s -= 1.2;
  if (lex.imperatives.has(w1) && OBJECT_START.has(w2) && !lex.subjects.has(before) && !lex.auxiliaries.has(before))
    s += 0.8;
  // "said so", "right now": not a new sentence.
  // "…ride more | so let's start": what follows can still show the "so" opens a clause.
  if ((w1 === "so" && SO_OBJECT.has(before) && !SO_OPENS.has(w2)) || (w1 === "now" && NOW_OBJECT.has(before))) s -= 2.5;
  // "…put a new tube in | replace the pads": a particle after its verb's object can end a clause.
  const particleEnd = lex.particles.has(before) && PARTICLE_OBJECTS.has(words[b - 2] ?? "");
  if ((lex.noEnd.has(before) && !particleEnd) || lex.noEndPairs.has(`${words[b - 2]}_${before}`)) s -= 3;
  // "…the brake pad if the gap | gets bigger": a clause just opened by "if" has no verb yet.
  else if (lex.subordinators.has(words[b - 2] ?? "") || lex.subordinators.has(words[b - 3] ?? "")) s -= 1.2;
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
const CONTRACTED_SUBJECT = new Set("it's i'm there's that's we're they're you're he's she's".split(" "));
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
