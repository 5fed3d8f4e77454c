/*
 * Parts of names: a capitalised word the video only ever writes beside another ("Table" of
 * Table Talk, "Co" of Crumb and Co) is part of a longer name, no topic or tag of its own.
 */

// Words that join the parts of one name ("Crumb and Co", "Marks & Spencer", "Bank of England").
const NAME_JOINERS = new Set(["and", "&", "of", "de", "da", "del", "du", "von", "van"]);
// Longest text read for a word's company, in characters.
const MAX_NAME_SCAN = 20_000;

/**
 * Whether a capitalised word appears, every time the texts write it capitalised, next to another
 * capitalised word (across a joiner such as "and"): part of a longer name, never a name of its own.
 */
export function onlyInLongerNames(word: string, texts: readonly string[]): boolean {
  if (!/^\p{Lu}/u.test(word)) return false;
  let seen = 0;
  for (const text of texts) {
    const tokens = text.slice(0, MAX_NAME_SCAN).split(/[\s,;:!?()"“”]+/);
    for (let k = 0; k < tokens.length; k++) {
      if (tokens[k].replace(/[.'’]s?$/, "") !== word) continue;
      seen += 1;
      const capital = (t: string | undefined) => t !== undefined && /^\p{Lu}/u.test(t);
      const after = NAME_JOINERS.has(tokens[k + 1] ?? "") ? tokens[k + 2] : tokens[k + 1];
      const before = NAME_JOINERS.has(tokens[k - 1] ?? "") ? tokens[k - 2] : tokens[k - 1];
      // A capital after a full stop only starts a sentence.
      const beforeName = capital(before) && !/[.!?]$/.test(before ?? "");
      if (!capital(after) && !beforeName) return false;
    }
  }
  return seen > 0;
}
