import { PHRASE_STOPWORDS, stem } from "./tokens";

export interface KeyPhrase {
  /** As it reads in the text (most frequent spelling). */
  text: string;
  /** Stemmed, lowercase form used to compare phrases. */
  key: string;
  score: number;
  count: number;
}

interface Candidate {
  surface: string;
  key: string;
  stems: string[];
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu;

/**
 * RAKE-style candidate phrases: runs of one to three content words, broken at stopwords, common
 * verbs and adverbs (PHRASE_STOPWORDS) and punctuation.
 */
export function candidatePhrases(text: string, maximalOnly = false): Candidate[] {
  const out: Candidate[] = [];
  for (const clause of text.split(/[.,;:!?()"“”—–]|\s-\s/)) {
    let run: string[] = [];
    const flush = () => {
      for (let start = 0; start < run.length; start++) {
        for (let len = 1; len <= 3 && start + len <= run.length; len++) {
          if (maximalOnly && len < Math.min(3, run.length)) continue;
          const words = run.slice(start, start + len);
          out.push({
            surface: words.join(" "),
            key: words.map((w) => stem(w.toLowerCase())).join(" "),
            stems: words.map((w) => stem(w.toLowerCase())),
          });
        }
      }
      run = [];
    };
    for (const token of clause.match(TOKEN) ?? []) {
      const lower = token.toLowerCase().replace(/’/g, "'");
      const weak =
        PHRASE_STOPWORDS.has(lower) ||
        /^\d+$/.test(lower) ||
        lower.length < 2 ||
        /ly$/.test(lower) ||
        lower.includes("'");
      if (weak) flush();
      else run.push(token);
    }
    flush();
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
export function keyPhrases(texts: readonly string[], options: KeyPhraseOptions = {}): KeyPhrase[] {
  const minCount = options.minCount ?? 2;
  const weight = options.weight ?? (() => 1);
  const stemCounts = new Map<string, number>();
  const phrases = new Map<string, { count: number; surfaces: Map<string, number>; stems: string[] }>();
  for (const text of texts) {
    for (const candidate of candidatePhrases(text)) {
      const entry = phrases.get(candidate.key) ?? { count: 0, surfaces: new Map(), stems: candidate.stems };
      entry.count++;
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
    let score = salience * (1 + 0.5 * Math.log(entry.count)) * lengthBonus * formPenalty;
    if (options.boostPhrases?.has(key)) score *= 2;
    scored.push({ text, key, score, count: entry.count });
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

const SMALL = new Set("a an the and or but of to in on at for with from by as vs via per".split(" "));

/** "write amplification" -> "Write Amplification"; keeps "PostgreSQL", "GPU", "iPhone". */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word, i) => {
      if (word !== word.toLowerCase()) return word;
      if (i > 0 && SMALL.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

/** A descriptive heading from a section's key phrases: "Write Amplification and Index Bloat". */
export function headingFromPhrases(phrases: readonly KeyPhrase[], all: readonly KeyPhrase[] = []): string | null {
  if (phrases.length === 0) return null;
  let first = phrases[0];
  // "Method" says less than "Avalanche Method": prefer a recurring longer phrase around the word.
  if (!first.key.includes(" ")) {
    const top = first;
    const longer =
      all.find((p) => p.count >= 2 && p.key.split(" ").includes(top.key) && p.key.includes(" ")) ??
      phrases.find((p) => p.key.includes(" ") && p.score >= top.score * 0.6);
    if (longer) first = longer;
  }
  const second = phrases.find(
    (p, i) =>
      i > 0 &&
      p.score >= first.score * 0.45 &&
      !p.key.split(" ").some((w) => first.key.split(" ").includes(w)) &&
      p.text.split(" ").length + first.text.split(" ").length <= 5 &&
      first.key.includes(" ") &&
      p.key.includes(" "),
  );
  return titleCase(second ? `${first.text} and ${second.text}` : first.text);
}
