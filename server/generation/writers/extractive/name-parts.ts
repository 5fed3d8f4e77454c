/*
 * Parts of names: a capitalised word the video only ever writes beside another ("Table" of
 * Table Talk, "Co" of Crumb and Co) is part of a longer name, no topic or tag of its own.
 */

// Words that join the parts of one name ("Crumb and Co", "Marks & Spencer", "Bank of England").
const NAME_JOINERS = new Set(["and", "&", "of", "de", "da", "del", "du", "von", "van"]);
// Longest text read for a word's company, in characters.
const MAX_NAME_SCAN = 20_000;

/**
 * Which capitalised words the texts only ever write next to another capitalised word (across a
 * joiner such as "and"): parts of a longer name, never names of their own. One pass over the
 * texts; the answer is asked of each one-word topic or tag.
 */
export function namePartsOf(texts: readonly string[]): (word: string) => boolean {
  const inName = new Set<string>();
  const alone = new Set<string>();
  const capital = (t: string | undefined) => t !== undefined && /^\p{Lu}/u.test(t);
  for (const text of texts) {
    const tokens = text.slice(0, MAX_NAME_SCAN).split(/[\s,;:!?()"“”]+/);
    for (let k = 0; k < tokens.length; k++) {
      const word = tokens[k].replace(/[.'’]s?$/, "");
      if (!capital(word)) continue;
      const after = NAME_JOINERS.has(tokens[k + 1] ?? "") ? tokens[k + 2] : tokens[k + 1];
      const before = NAME_JOINERS.has(tokens[k - 1] ?? "") ? tokens[k - 2] : tokens[k - 1];
      // A capital after a full stop only starts a sentence.
      const beforeName = capital(before) && !/[.!?]$/.test(before ?? "");
      (capital(after) || beforeName ? inName : alone).add(word);
    }
  }
  return (word) => inName.has(word) && !alone.has(word);
}

/** The words of people's names, lower case, of three letters or more ("marcus", "bell"). */
export function nameWordsOf(names: readonly string[]): Set<string> {
  return new Set(
    names
      .join(" ")
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length >= 3),
  );
}
