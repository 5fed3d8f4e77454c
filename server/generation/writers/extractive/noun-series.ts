import { ENGLISH } from "./caption-words";
import { isVerb } from "./clauses";

/**
 * Commas in a spoken series of bare plural nouns, for unpunctuated English speech: "you need
 * tubeless rims tubeless tyres valves and sealant" -> "you need tubeless rims, tubeless tyres,
 * valves and sealant". In speech a plural noun straight before another noun phrase is mostly a
 * list's seam; a wrong comma reads worse than none, so it takes two such seams in a row and an
 * "and" closing the series, and every word in it must be a content word these lists do not know
 * as a verb or an adverb.
 */

const list = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

// Determiners an item may open with ("brakes | the chain and the gears").
const ITEM_DETERMINERS = list("the a an your my our their his her some");
// Words with a plural's ending that are not plural nouns.
const NOT_PLURAL = list(`always sometimes perhaps besides afterwards towards nowadays whereas anyways various
  serious previous obvious famous nervous`);
const FUNCTION_WORDS = new Set([
  ...ENGLISH.noEnd,
  ...ENGLISH.rarelyEnd,
  ...ENGLISH.prepositions,
  ...ENGLISH.subjects,
  ...ENGLISH.auxiliaries,
  ...ENGLISH.conjunctions,
  ...ENGLISH.particles,
  ...list("it them me him us not no too also just only still even really very much more most less"),
]);
// Longest item, in words, and longest series, in items.
const MAX_ITEM = 3;
const MAX_ITEMS = 12;

/** A word an item of the series can hold: not a function word, a verb, an imperative or an adverb. */
function contentWord(word: string): boolean {
  return (
    !!word &&
    !FUNCTION_WORDS.has(word) &&
    !ITEM_DETERMINERS.has(word) &&
    !isVerb(word) &&
    !ENGLISH.imperatives.has(word) &&
    !/ly$/.test(word) &&
    !/^\d/.test(word)
  );
}

// Words a verb in -s follows ("what generates support tickets", "it needs"): not a list's noun.
const SUBJECT_BEFORE = list("what which who that it he she this there everything nothing something someone everyone");
// Openers before a sentence's subject.
const LEADS = list("okay ok alright so and but now then well");

/** Whether words[k] reads as a plural noun: an "-s" word that is no verb, adverb or function word here. */
const pluralNoun = (words: readonly string[], k: number) =>
  words[k].length >= 4 &&
  /[^su'i]s$/.test(words[k]) &&
  !NOT_PLURAL.has(words[k]) &&
  contentWord(words[k]) &&
  !SUBJECT_BEFORE.has(words[k - 1] ?? "");

/**
 * Whether the series' first item, which ends at words[k], opens the sentence: then it is the
 * subject and the next word its verb ("dogs chase cats birds and mice").
 */
function opensSentence(words: readonly string[], k: number): boolean {
  let j = k;
  while (j > 0 && k - j < MAX_ITEM && contentWord(words[j - 1])) j--;
  if (j > 0 && ITEM_DETERMINERS.has(words[j - 1])) j--;
  while (j > 0 && LEADS.has(words[j - 1])) j--;
  return j === 0;
}

/** The length of the item opening at words[k] (a determiner and up to three content words), 0 if none. */
function itemAt(words: readonly string[], k: number): number {
  let j = ITEM_DETERMINERS.has(words[k] ?? "") ? k + 1 : k;
  const from = j;
  while (j < words.length && j - from < MAX_ITEM && contentWord(words[j])) j++;
  return j > from ? j - k : 0;
}

/**
 * Commas after the items of a series of noun phrases joined by plural nouns ("flat tyres brakes
 * the chain and the gears"), English only. Linear: each word is looked at a bounded number of times.
 */
export function nounSeriesCommas(text: string): string {
  const tokens = text.split(" ");
  const words = tokens.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""));
  const punctuated = (k: number) => /[,;:.!?]$/.test(tokens[k] ?? "");
  // A seam: a plural noun at k with the next item straight after it.
  const seam = (k: number) => pluralNoun(words, k) && !punctuated(k) && itemAt(words, k + 1) > 0;
  let k = 0;
  while (k < words.length) {
    if (!seam(k) || opensSentence(words, k)) {
      k++;
      continue;
    }
    // Follow the series: each item after a seam either ends on the next seam or is the last
    // before "and", which the final item follows.
    const seams = [k];
    let at = k + 1;
    let closed = false;
    while (seams.length <= MAX_ITEMS) {
      const size = itemAt(words, at);
      const end = at + size - 1;
      if (size === 0 || punctuated(end)) break;
      // The seam may fall inside the item ("tubeless tyres | valves"): find the plural noun that ends it.
      let next = -1;
      for (let j = at; j <= end && next < 0; j++) if (seam(j) && !ITEM_DETERMINERS.has(words[j])) next = j;
      if (next >= 0) {
        seams.push(next);
        at = next + 1;
        continue;
      }
      closed = words[end + 1] === "and" && itemAt(words, end + 2) > 0;
      break;
    }
    if (closed && seams.length >= 2) for (const s of seams) tokens[s] = `${tokens[s]},`;
    k = seams[seams.length - 1] + 1;
  }
  return tokens.join(" ");
}

// Units a spoken quantity is measured in before "of" ("fifty grams of water").
const MEASURES = list(`grams gram kilos kilo kilograms cups cup tablespoons tablespoon teaspoons teaspoon litres liters
  litre liter millilitres milliliters ounces ounce pounds pound pinches pinch handfuls handful slices cloves sheets
  drops spoons scoops pieces bits parts minutes hours`);
const MAX_NUMBER = 6;

/**
 * Commas between spoken quantities of things ("five hundred grams of flour three hundred and fifty
 * grams of water" -> "…of flour, three hundred and fifty grams of water"): where a number phrase
 * with its unit and "of" follows the thing of another such quantity a few words back.
 */
export function quantityCommas(text: string): string {
  const tokens = text.split(" ");
  const words = tokens.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""));
  const numeral = (w: string) => ENGLISH.numberWords.has(w) || /^\d+$/.test(w);
  // Whether a quantity ("N units of") opens at words[k], and where its unit is.
  const quantityAt = (k: number) => {
    let j = k;
    while (j < words.length && j - k < MAX_NUMBER && (numeral(words[j]) || (words[j] === "and" && j > k))) j++;
    return j > k && MEASURES.has(words[j] ?? "") && words[j + 1] === "of" ? j : -1;
  };
  for (let k = 2; k < words.length; k++) {
    const before = words[k - 1];
    if (!numeral(words[k]) || numeral(before) || !contentWord(before) || /[,;:.]$/.test(tokens[k - 1])) continue;
    if (quantityAt(k) < 0) continue;
    // The thing of the quantity before: "grams of | bread flour", one to three words.
    let j = k - 1;
    while (j > k - 4 && j > 0 && contentWord(words[j - 1]) && words[j - 1] !== "of") j--;
    if (words[j - 1] === "of" && MEASURES.has(words[j - 2] ?? "")) tokens[k - 1] = `${tokens[k - 1]},`;
  }
  return tokens.join(" ");
}
