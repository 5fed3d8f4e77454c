/**
 * Words as the receipts compare them: "verbatim up to case, punctuation and um/uh". Each token
 * keeps where it came from in its text, so a matched run can be quoted back exactly.
 *
 * One pass over the text with a regex that cannot backtrack (letters and digits, apostrophes
 * only between them), so the cost is linear in the input.
 */

export interface Token {
  /** Lower case, NFC, apostrophes removed: what two spellings of one word share. */
  norm: string;
  /** Offsets of the word in the text it was read from. */
  from: number;
  to: number;
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’ʼ][\p{L}\p{N}\p{M}]+)*/gu;
/** Scripts written without spaces: every character is a word of its own for matching. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const FILLER = /^(?:u+m+|u+h+|u+h+m+|e+r+m+|u+h+u+h+)$/;

/** Hesitations the quotation policy lets a quote leave out. */
export function isFiller(norm: string): boolean {
  return norm.length <= 6 && FILLER.test(norm);
}

/** The words of a text, fillers included (callers decide whether to skip them). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const word = match[0];
    const from = match.index;
    if (UNSPACED.test(word)) {
      // One token per character of an unspaced script, so a quote can start mid-run.
      let offset = 0;
      for (const char of word) {
        tokens.push({ norm: normalizeWord(char), from: from + offset, to: from + offset + char.length });
        offset += char.length;
      }
      continue;
    }
    tokens.push({ norm: normalizeWord(word), from, to: from + word.length });
  }
  return tokens;
}

/** The words of a text that count for matching: no fillers. */
export function contentTokens(text: string): Token[] {
  return tokenize(text).filter((t) => !isFiller(t.norm));
}

export function normalizeWord(word: string): string {
  return word.normalize("NFC").toLowerCase().replace(/['’ʼ]/g, "");
}

/** Word forms too common to place a passage by (any language the fixtures show, kept short). */
const COMMON = new Set(
  (
    "a an and are as at be been but by can do does for from had has have he her his how i if in into is it its " +
    "just like me my no not of on or our out she so some that the their them then there these they this to up " +
    "us was we were what when which who will with would you your yeah okay ok really very also about all one " +
    "el la los las de del y que en un una es por con para se lo al como más pero sus le les des et est dans pour " +
    "pas qui une sur au du ce il elle der die das und ist ein eine zu den nicht mit von im sie es o e do da em"
  ).split(" "),
);

/** A word that says something about where a passage is (not a function word, not a number). */
export function isTelling(norm: string): boolean {
  return norm.length > 2 && !COMMON.has(norm);
}
