import { PHRASE_STOPWORDS, stem } from "./tokens";

export interface KeyPhrase {
  /** As it reads in the text (most frequent spelling). */
  text: string;
  /** Stemmed, lowercase form used to compare phrases. */
  key: string;
  score: number;
  count: number;
  /**
   * Most of its uses read as a verb phrase, not a noun phrase: its first word follows "to", a
   * subject pronoun or a modal ("to test prices", "you type git"), or its last word takes an
   * object ("the shortcut saves me", "git remembers the branch"). Such fragments make poor
   * headings and tags.
   */
  fragment?: boolean;
}

interface Candidate {
  surface: string;
  key: string;
  stems: string[];
  /** The phrase's first word is used as a verb here, or its last word takes an object. */
  verbal?: boolean;
}

// Words after which a lowercase word is a verb ("to test", "you type", "it jumps", "can cut").
const BEFORE_VERB = new Set(
  "to i you we they he she it can will would should could must might may don't doesn't didn't won't can't i'll you'll we'll let's please just simply then never always".split(
    " ",
  ),
);
// Words that follow a verb taking an object ("saves me", "remembers the", "thinks it's").
const AFTER_VERB = new Set(
  "the a an me him it's us them my your his our their some every which what where how whether why enough any".split(
    " ",
  ),
);

/**
 * Frequent verb forms and adverbs of Spanish, French, German and Portuguese (the English ones are
 * stopwords already): a phrase holding one is a clause fragment ("compost doit", "Hefe sollte",
 * "consome menos"), so phrases break at them. Words that are also English nouns ("war", "hat",
 * "van", "era") are left out.
 */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set(
  `es son está están fue debe deben puede pueden tiene tienen hace hacen va sube suben cuesta come deja hagas
  haz esto eso sigue crece funciona cobra cobran muy mucho más menos siempre nunca ya
  est sont était doit doivent peut peuvent fait font ont vont faut trop très plus moins bien toujours jamais
  déjà marche sent été eu sido worden gewesen
  ist sind wird werden kann können muss müssen soll sollte sollten braucht kommt geht gehen liegt macht sehr
  mehr weniger immer schon nicht auch
  é são estão foi deve devem pode podem tem têm faz fazem vai vão consome consomem gasta gastam fica ficam
  muito mais sempre nunca já`
    .split(/\s+/)
    .filter((w) => w && w !== "es" && w !== "come" && w !== "sent"),
);

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu;

/**
 * RAKE-style candidate phrases: runs of one to three content words, broken at stopwords, common
 * verbs and adverbs (PHRASE_STOPWORDS) and punctuation; in German (`capitalisedNouns`) also at
 * any word in lower case.
 */
export function candidatePhrases(text: string, maximalOnly = false, capitalisedNouns = false): Candidate[] {
  const out: Candidate[] = [];
  for (const clause of text.split(/[.,;:!?()"“”—–]|\s-\s/)) {
    let run: string[] = [];
    let before = "";
    const flush = (after: string) => {
      for (let start = 0; start < run.length; start++) {
        for (let len = 1; len <= 3 && start + len <= run.length; len++) {
          if (maximalOnly && len < Math.min(3, run.length)) continue;
          const words = run.slice(start, start + len);
          const first = words[0];
          const previous = start === 0 ? before : "";
          const next = start + len === run.length ? after : "";
          out.push({
            surface: words.join(" "),
            key: words.map((w) => stem(w.toLowerCase())).join(" "),
            stems: words.map((w) => stem(w.toLowerCase())),
            verbal: (first === first.toLowerCase() && BEFORE_VERB.has(previous)) || AFTER_VERB.has(next),
          });
        }
      }
      run = [];
    };
    for (const token of clause.match(TOKEN) ?? []) {
      const lower = token.toLowerCase().replace(/’/g, "'");
      const weak =
        PHRASE_STOPWORDS.has(lower) ||
        CLAUSE_WORDS.has(lower) ||
        /^\d+$/.test(lower) ||
        // "viendo", "caminando": a Spanish or Portuguese gerund is a verb, not a thing.
        (/^\p{Ll}+(?:ando|iendo)$/u.test(token) && !/^(?:co)?mando$|^bando$/.test(lower)) ||
        // "venían", "estaban", "llegaron", "vinieron": a Spanish or Portuguese verb in the past.
        /^\p{Ll}{2,}(?:ían|aban|aron|ieron|avam|iam)$/u.test(token) ||
        // "quarante-deux", "twenty-nine": a number written with a hyphen is still a number.
        (lower.includes("-") && lower.split("-").every((part) => PHRASE_STOPWORDS.has(part))) ||
        lower.length < 2 ||
        /ly$/.test(lower) ||
        lower.includes("'") ||
        // German writes every noun with a capital: a word in lower case is a verb, an adjective
        // or an adverb ("backt", "mindestens"), never the thing a phrase names.
        (capitalisedNouns && token === lower && /^\p{Ll}/u.test(token));
      // "travaux commencent", "études montrent", "costs went": after a plural noun, a word
      // ending in "-ent" (not "-ment") is its verb; an adjective would agree ("-ents").
      const verbAfterPlural =
        run.length > 0 && /^\p{Ll}{3,}ent$/u.test(token) && !/ment$/.test(lower) && /[sx]$/i.test(run[run.length - 1]);
      if (weak || verbAfterPlural) {
        flush(lower);
        before = lower;
      } else run.push(token);
    }
    flush("");
  }
  return out;
}

export interface KeyPhraseOptions {
  /** Stem -> weight of how distinctive a word is (for example inverse section frequency). */
  weight?: (stem: string) => number;
  /** Stems that deserve a boost (title and chapter words). */
  boost?: ReadonlySet<string>;
  /** Phrase keys the video's own title or description uses: these are what it is about. */
  boostPhrases?: ReadonlySet<string>;
  /** Minimum occurrences for a phrase to count (default 2). */
  minCount?: number;
  max?: number;
  /** Drop phrases contained in a better one (default true). */
  distinct?: boolean;
  /** The texts are German, whose nouns (and only they) are capitalised. */
  capitalisedNouns?: boolean;
  /**
   * Phrase keys the whole video mostly uses as verb phrases (verbPhraseKeys): fragments here too,
   * though a part of it may use them otherwise ("…calls or wear glasses all day").
   */
  verbalKeys?: ReadonlySet<string>;
}

/** The keys of the phrases that at least half of their uses in the texts read as verb phrases. */
export function verbPhraseKeys(texts: readonly string[], capitalisedNouns = false): Set<string> {
  const uses = new Map<string, { count: number; verbal: number }>();
  for (const text of texts) {
    for (const candidate of candidatePhrases(text, false, capitalisedNouns)) {
      const entry = uses.get(candidate.key) ?? { count: 0, verbal: 0 };
      entry.count++;
      if (candidate.verbal) entry.verbal++;
      uses.set(candidate.key, entry);
    }
  }
  return new Set([...uses].filter(([, e]) => e.verbal * 2 >= e.count).map(([key]) => key));
}

/**
 * The stemmed keys of the whole phrases in some texts, not their parts: "student loans" from
 * "paid off my student loans", but not "loans" (for KeyPhraseOptions.boostPhrases).
 */
export function phraseKeys(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((t) => candidatePhrases(t, true).map((c) => c.key)));
}

/**
 * Key phrases of a text: candidate phrases scored by the mean salience of their words (frequency
 * in the text x `weight`, boosted for title words), times a bonus for recurring as a unit and for
 * being two or three words long, doubled for phrases the video's own title or description uses.
 * Phrases ending in a verb or adverb form ("-ed", "-ing", "-ly") make poor headings and tags and
 * are discounted. A phrase contained in a better one is dropped (a longer phrase around a better
 * word is kept: "composite index" after "index").
 */
const HONORIFIC_FIRST =
  /^(?:frau|herr|mr|mrs|ms|miss|madame|monsieur|mme|señora|señor|sra|sr|senhora|senhor|dona|dom|doctora|dra|doutora|profesora|professora)\.?\s/i;

export function keyPhrases(texts: readonly string[], options: KeyPhraseOptions = {}): KeyPhrase[] {
  const minCount = options.minCount ?? 2;
  const weight = options.weight ?? (() => 1);
  const stemCounts = new Map<string, number>();
  const phrases = new Map<string, { count: number; verbal: number; surfaces: Map<string, number>; stems: string[] }>();
  for (const text of texts) {
    for (const candidate of candidatePhrases(text, false, options.capitalisedNouns)) {
      // "Frau Keller", "Mr Bell": a person addressed, never a topic, tag or heading.
      if (HONORIFIC_FIRST.test(candidate.surface)) continue;
      const entry = phrases.get(candidate.key) ?? { count: 0, verbal: 0, surfaces: new Map(), stems: candidate.stems };
      entry.count++;
      if (candidate.verbal) entry.verbal++;
      entry.surfaces.set(candidate.surface, (entry.surfaces.get(candidate.surface) ?? 0) + 1);
      phrases.set(candidate.key, entry);
      if (candidate.stems.length === 1) stemCounts.set(candidate.key, (stemCounts.get(candidate.key) ?? 0) + 1);
    }
  }
  const scored: KeyPhrase[] = [];
  for (const [key, entry] of phrases) {
    if (entry.count < minCount) continue;
    if (entry.stems.length > 1 && new Set(entry.stems).size < entry.stems.length) continue;
    let salience = 0;
    for (const s of entry.stems) {
      salience += Math.log(1 + (stemCounts.get(s) ?? 1)) * weight(s) * (options.boost?.has(s) ? 1.5 : 1);
    }
    salience /= entry.stems.length;
    const lengthBonus = [1, 1, 1.5, 1.3][entry.stems.length] ?? 1;
    const text = bestSurface(entry.surfaces);
    const words = text.split(" ");
    const last = words[words.length - 1].toLowerCase();
    const formPenalty = /(?:ed|ing|ly)$/.test(last) && last.length > 4 ? 0.4 : 1;
    const fragment = entry.verbal * 2 >= entry.count || options.verbalKeys?.has(key) === true;
    let score = salience * (1 + 0.5 * Math.log(entry.count)) * lengthBonus * formPenalty * (fragment ? 0.4 : 1);
    if (options.boostPhrases?.has(key)) score *= 2;
    scored.push({ text, key, score, count: entry.count, ...(fragment ? { fragment } : {}) });
  }
  scored.sort((a, b) => b.score - a.score || b.count - a.count || (a.key < b.key ? -1 : 1));
  const out: KeyPhrase[] = [];
  for (const phrase of scored) {
    const words = phrase.key.split(" ");
    const overlaps = out.some((kept) => {
      const keptWords = kept.key.split(" ");
      return words.every((w) => keptWords.includes(w));
    });
    if (overlaps && options.distinct !== false) continue;
    out.push(phrase);
    if (out.length >= (options.max ?? 10)) break;
  }
  return out;
}

function bestSurface(surfaces: Map<string, number>): string {
  // Most frequent first; between equals the plural ("common mistakes"), which reads better in a list.
  const sorted = [...surfaces].sort(
    (a, b) => b[1] - a[1] || Number(/s$/.test(b[0])) - Number(/s$/.test(a[0])) || (a[0] < b[0] ? -1 : 1),
  );
  // Title Case in a title or heading is not evidence of a name: an all-lowercase spelling wins
  // unless the capitalised one is clearly more common.
  const lower = sorted.find(([surface]) => surface === surface.toLowerCase());
  if (lower && lower[1] * 2 >= sorted[0][1]) return lower[0];
  const best = sorted[0][0];
  // A capital only because the phrase opened a sentence: prefer the lowercase spelling if used.
  const lowered = best.charAt(0).toLowerCase() + best.slice(1);
  return best !== lowered && surfaces.has(lowered) ? lowered : best;
}

// Lowercase in a title as news headlines write them: articles, short conjunctions and
// prepositions of three letters or fewer ("With", "From", "Into" are capitalised, as the
// headline shapes' own "… With the Avalanche Method" is).
const SMALL = new Set("a an the and or but nor if of to in on at for by as vs via per en".split(" "));

/** "write amplification" -> "Write Amplification"; keeps "PostgreSQL", "GPU", "iPhone". */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word, i) => {
      if (word !== word.toLowerCase()) return word;
      if (i > 0 && SMALL.has(word)) return word;
      // "four-day" -> "Four-Day": each part of a hyphenated word, as headline style has it.
      return word.replace(
        /(^|-)(\p{Ll})(?=\p{L})/gu,
        (_m, dash: string, letter: string) => dash + letter.toUpperCase(),
      );
    })
    .join(" ");
}

/** A key phrase fit to name something: not a verb fragment, not a bare number, no markup. */
export function isNounPhrase(phrase: KeyPhrase): boolean {
  return !phrase.fragment && /\p{L}/u.test(phrase.text) && !/[<>{}[\]|=\\/]/.test(phrase.text);
}

const wordsOf = (p: KeyPhrase) => p.key.split(" ");

// Adverbs and adjectives that stand alone in speech ("sounded far away", "the clamp is tight")
// and name no topic: a heading never pairs one with a phrase.
const NO_TOPIC = new Set(
  `far near away outside inside tight loose okay fine good great bad clear close long short high low hard easy
  early late fast slow enough else instead alone together ahead apart back whenever wherever sure quick huge tiny
  big small nice cool weird crazy super pretty`.split(/\s+/),
);

/**
 * A descriptive heading from a section's key phrases, 3 to 7 words: two phrases joined ("Write
 * Amplification and Index Bloat"), or one phrase of three words. Never one word and never a verb
 * fragment ("Phone Thinks"): a lone word gives way to a longer phrase around it ("Method" ->
 * "Avalanche Method") and is paired with the section's next phrase. `all` is every phrase of
 * the section (not only the distinct ones), to find those. Null when nothing fits. Title Case
 * unless `sentenceCase` ("Write amplification and index bloat", each phrase spelt as in the text).
 */
export function headingFromPhrases(
  phrases: readonly KeyPhrase[],
  all: readonly KeyPhrase[] = [],
  options: { sentenceCase?: boolean } = {},
): string | null {
  // Sentence case keeps each phrase's own spelling ("Rim brake and pads", "Mill Street").
  const casing = options.sentenceCase ? (t: string) => t.charAt(0).toUpperCase() + t.slice(1) : titleCase;
  const usable = phrases.filter(isNounPhrase);
  const others = all.filter(isNounPhrase);
  if (usable.length === 0) return null;
  let first = usable[0];
  // "Method" says less than "Avalanche Method": prefer a recurring longer phrase around the word.
  if (!first.key.includes(" ")) {
    const top = first;
    const longer =
      others.find((p) => p.count >= 2 && wordsOf(p).includes(top.key) && p.key.includes(" ")) ??
      usable.find((p) => p.key.includes(" ") && p.score >= top.score * 0.6);
    if (longer) first = longer;
  }
  const length = (p: KeyPhrase) => p.text.split(" ").length;
  if (length(first) >= 3) return casing(first.text);
  const fits = (p: KeyPhrase, minScore: number) =>
    p !== first &&
    p.score >= first.score * minScore &&
    !wordsOf(p).some((w) => wordsOf(first).includes(w)) &&
    length(p) + length(first) <= 6 &&
    (length(first) > 1 || length(p) > 1 || p.count >= 2) &&
    // A lone adjective or adverb is no topic ("Avalanche Method and Highest", "Battery Life and Far").
    (length(p) > 1 ||
      (!/(?:est|ed|ing|ly|ous|ful|ive|ible|able)$/.test(p.text) && !NO_TOPIC.has(p.text.toLowerCase())));
  // A close second phrase first (as before); then, for a heading that would be too short, any
  // phrase of the section that is worth a third of the first.
  const second =
    usable.find((p, i) => i > 0 && fits(p, 0.45) && first.key.includes(" ") && p.key.includes(" ")) ??
    [...usable, ...others].find((p) => fits(p, 0.3)) ??
    others.find((p) => p.count >= 2 && fits(p, 0));
  if (second) return casing(`${first.text} and ${second.text}`);
  // A two-word name of a thing stands on its own with its article ("The Avalanche Method").
  const last = first.text.split(" ").pop() ?? "";
  const gerund = /ing$/.test(first.text.split(" ")[0]);
  if (length(first) === 2 && first.text === first.text.toLowerCase() && !/[^s]s$/.test(last) && !gerund) {
    return casing(`the ${first.text}`);
  }
  return length(first) === 2 ? casing(first.text) : null;
}
