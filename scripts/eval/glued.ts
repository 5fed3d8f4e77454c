import { markdownToPlainText } from "../../server/content/render";

/**
 * Sentences of an article that glue two of the video's sentences together: for videos made from a
 * script as automatic captions (lower case, no punctuation), the script says where each sentence
 * really ends. An article sentence holding `side` words either side of one of those ends runs two
 * sentences into one. Linear in the article and the script (a set of seams, one window a word).
 */

/** A text's words, lower-cased, without punctuation: how a script and an article are compared. */
export const bareWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'’\s-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

/** A script's sentences as written (a ">> " turn marker is not part of them). */
export function scriptSentences(script: string): string[] {
  return script.replace(/(?:^|\n)>> /g, " ").split(/(?<=[.!?])\s+/);
}

/** `side` words either side of each sentence end of the script. */
function seams(script: string, side: number): Set<string> {
  const out = new Set<string>();
  const sentences = scriptSentences(script).map(bareWords);
  for (let k = 0; k + 1 < sentences.length; k++) {
    const [a, b] = [sentences[k], sentences[k + 1]];
    if (a.length >= side && b.length >= side) out.add([...a.slice(-side), ...b.slice(0, side)].join(" "));
  }
  return out;
}

/** An article's sentences, as a reader counts them (headings and list items are lines of their own). */
export function articleSentences(markdown: string): string[] {
  return markdownToPlainText(markdown)
    .split(/(?<=[.!?…]["”»)]?)\s+|\n+/)
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * The article's sentences (counted as articleSentences does) and those that hold one of the
 * script's seams (`side` words either side of an end).
 */
export function gluedSentences(markdown: string, script: string, side = 3): { sentences: number; glued: string[] } {
  const known = seams(script, side);
  const sentences = articleSentences(markdown);
  const glued = sentences.filter((sentence) => {
    const words = bareWords(sentence);
    for (let i = 0; i + 2 * side <= words.length; i++)
      if (known.has(words.slice(i, i + 2 * side).join(" "))) return true;
    return false;
  });
  return { sentences: sentences.length, glued };
}
