import { cleanTitle } from "./title";

/*
 * How much of a headline is the video's title again. A headline that repeats the title, or
 * dresses it in a prefix or suffix ("Bancos centrales: qué es la inflación…", "…, según
 * Economía en 10 minutos"), is copied, not written. Words are compared after folding case,
 * accents, plurals and number words, so "5 Most Common Mistakes" and "Five Common Mistake"
 * count as the same words.
 */

// Function words of the five frame languages: they say nothing about whether a headline is new.
const FUNCTION_WORDS = new Set(
  `a an the and or but of to in on at for with from by as is are was were be been it its this that these those
  i me my we our us you your he she they them their his her how what why when who which where vs via per not
  no so do does did has have had will can just about into over after before than then there here all any
  el la los las un una unos unas de del al y o u pero que en por para con sin se su sus es son fue era lo le
  les mi mis tu tus nos este esta estos estas ese esa eso como mas muy ya
  le la les un une des du de et ou mais que qui dans par pour avec sans se sa son ses est sont au aux ce cet
  cette ces il elle ils elles nous vous je tu on ne pas plus tres comme
  der die das den dem des ein eine einen einem einer und oder aber dass im mit ohne von zu zum zur fur auf
  aus bei nach uber ist sind war ich du er sie es wir ihr man nicht wie was wer wo warum
  o os as um uma uns umas do da dos das e em no na nas por para com sem seu sua sao foi era eu ele ela isso
  isto porque quando onde como`
    .split(/\s+/)
    .filter(Boolean),
);

// The framing words headlines wrap a title in ("… Explains How to…", "…, según…", "What to Know"):
// they add no content of their own, so they do not make a copied title new. A promise of what the
// reader can do ("… and How to Fix Them", "How to Use It") is content: the title did not make it.
const FRAME_WORDS = new Set(
  `explain explained explaining walk walks through guide beginner beginners know knowing truth
  behind inside discus discussion talk talks say says said according look
  segun explica explicado explicada lo esencial sobre selon explique explication essentiel laut erklart
  erklaert wichtigste wissen segundo essencial sobre guia`
    .split(/\s+/)
    .filter(Boolean),
);

// Number words up to twelve in the five languages, folded to digits.
const NUMBERS: Record<string, string> = {};
for (const [digit, names] of Object.entries({
  0: "zero cero zéro null",
  1: "one uno una un une eins ein eine um uma",
  2: "two dos deux zwei dois duas",
  3: "three tres trois drei três",
  4: "four cuatro quatre vier quatro",
  5: "five cinco cinq fünf",
  6: "six seis sechs",
  7: "seven siete sept sieben sete",
  8: "eight ocho huit acht oito",
  9: "nine nueve neuf neun nove",
  10: "ten diez dix zehn dez",
  11: "eleven once onze elf",
  12: "twelve doce douze zwölf",
})) {
  for (const name of names.split(" ")) NUMBERS[fold(name)] = digit;
}

function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** A word as compared: folded, number words as digits, a plural or verb "-s" dropped, long words cut to five letters. */
function key(word: string): string {
  const w = fold(word).replace(/['’]s$/, "");
  // Function and framing words are marked, not cut: they count in runs, not as content.
  const singular = w.replace(/s$/, "");
  if (FUNCTION_WORDS.has(w) || FRAME_WORDS.has(w) || FRAME_WORDS.has(singular)) return `_${w}`;
  if (NUMBERS[w]) return NUMBERS[w];
  if (w.length > 4 && /(?:ies)$/.test(w)) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:es)$/.test(w)) return w.slice(0, -2);
  const base = w.length > 3 && /[^su]s$/.test(w) ? w.slice(0, -1) : w;
  // Five letters tell most word families apart ("designing"/"design", "inflación"/"inflation").
  return base.length >= 6 ? base.slice(0, 5) : base;
}

/** The words of a text as compared (at most 60: a headline or title is short). */
function wordsOf(text: string): string[] {
  return (fold(text).match(/[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu) ?? []).slice(0, 60).map(key);
}

const content = (words: readonly string[]) => words.filter((w) => w.length > 0 && !w.startsWith("_"));

/** How a headline relates to the title it must not copy. */
export interface TitleEcho {
  /** Share of the title's content words the headline repeats (0-1). */
  containment: number;
  /** Share of the headline's content words the title does not have (0-1). */
  novelty: number;
  /** The longest run of words (function words included) the two share, in order. */
  run: number;
  /** The headline's content words, counted once. */
  headlineWords: number;
}

/** The longest run of equal words in order (linear in the product of two capped lengths). */
function longestRun(a: readonly string[], b: readonly string[]): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        row[j] = previous[j - 1] + 1;
        if (row[j] > best) best = row[j];
      }
    }
    previous = row;
  }
  return best;
}

/**
 * Measures a headline against a video title: how much of the title it repeats, how much of it is
 * new, and its longest run of the title's words. The title is cleaned as a headline would be
 * (emoji, hashtags, "| Channel" and packaging asides removed, shouting calmed); `names` (the
 * channel first, then the speaker) and framing words ("explains", "how to fix", "según") count
 * as neither repeated nor new.
 */
export function titleEcho(headline: string, title: string, names: string | readonly string[] = ""): TitleEcho {
  // The channel's and the speaker's names are attribution, in the headline or the title, not content.
  const list = (typeof names === "string" ? [names] : names).map((n) => wordsOf(n).join(" ")).filter(Boolean);
  const channel = typeof names === "string" ? names : (names[0] ?? "");
  const unnamed = (words: string[]) => {
    let text = ` ${words.join(" ")} `;
    for (const name of list) text = text.split(` ${name} `).join(" ");
    return text.trim().replace(/\s+/g, " ");
  };
  const heads = unnamed(wordsOf(headline)).split(" ").filter(Boolean);
  const cleaned = cleanTitle(title, channel);
  const titleSet = new Set(content(unnamed(wordsOf(cleaned)).split(" ")));
  // Words of the title's packaging ("[NOT CLICKBAIT]", "#shorts") are not new either.
  const rawSet = new Set(content(unnamed(wordsOf(title)).split(" ")));
  const headSet = new Set(content(heads));
  const repeated = [...titleSet].filter((w) => headSet.has(w)).length;
  const novel = [...headSet].filter((w) => !titleSet.has(w) && !rawSet.has(w)).length;
  return {
    containment: titleSet.size === 0 ? 0 : repeated / titleSet.size,
    novelty: headSet.size === 0 ? 0 : novel / headSet.size,
    run: longestRun(wordsOf(headline), wordsOf(cleaned)),
    headlineWords: headSet.size,
  };
}

/**
 * Whether a headline is the video's title copied or lightly edited: almost nothing in it is new
 * (under 20% of its content words), or it repeats half the title or more and adds little
 * (under a third new), or it carries a run of five or more of the title's words in order
 * that makes up most of it. A headline may name the title's subject; it must say something of
 * its own about it.
 */
export function isTitleCopy(headline: string, title: string, names: string | readonly string[] = ""): boolean {
  const echo = titleEcho(headline, title, names);
  if (echo.headlineWords === 0) return true;
  if (echo.novelty < 0.2) return true;
  if (echo.containment >= 0.5 && echo.novelty * 3 < 1) return true;
  const length = wordsOf(headline).length;
  return echo.run >= 5 && echo.run >= length * 0.5;
}
