import { clauseBoundaries, opensClause } from "./fit";
import { hasVerb } from "./rank";
import { dependsOnPrevious } from "./story";

/*
 * Short quotations for a terse reference style, as a news briefing quotes: a spoken sentence
 * quoted as its shortest clause that stands alone ("I'm a nurse" of "I'm not a finance expert,
 * I'm a nurse."). The fragment is a contiguous piece of the sentence, so the words inside the
 * quotation marks stay word for word what was said.
 */

// Longest sentence cut into fragments; a longer one is quoted whole or not at all (the scan is
// linear either way, this bounds the work on untrusted text).
const MAX_CHARS = 2000;
// A fragment of fewer words rarely says anything alone ("It was.").
const MIN_WORDS = 3;
// In a language without the English clause checks a fragment needs a few more words to stand.
const MIN_WORDS_OTHER = 4;

const wordsIn = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

// A condition, or the time something holds: "If you refinance, you lose the protections" without
// its "if" says the opposite of what was meant, so such a sentence is quoted whole or not at all.
const CONDITION =
  /(?<![\p{L}'’])(?:if|unless|when|whenever|as long as|provided|si|cuando|siempre que|a menos que|quand|lorsque|sauf si|wenn|falls|sofern|quando|caso|desde que)(?![\p{L}'’])/iu;
// Portuguese "se" is "if" only opening a sentence (elsewhere mostly a pronoun).
const CONDITION_START = /^(?:se)\s/i;

// A figure, in digits or words (the framed languages): a fragment never leaves one out.
const FIGURE =
  /\d|(?<![\p{L}'’])(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|half|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|cien|ciento|mil|millones|deux|trois|quatre|cinq|dix|cent|mille|zwei|drei|vier|fünf|zehn|hundert|tausend|dois|duas|três|quatro|dez|cem)(?![\p{L}'’])/iu;

// A negation (the framed languages): "I'm not a finance expert, I'm a nurse" is one thought, and
// a fragment never leaves the denial out.
const NEGATION =
  /(?<![\p{L}'’])(?:not|never|no|nobody|nothing|none|neither|nor|without|\p{L}+n['’]t|nunca|nada|nadie|ni|jamás|sin|ne|n['’]|pas|jamais|rien|sans|nicht|nie|kein|keine|keinen|nichts|niemand|ohne|não|nem|ninguém|sem)(?![\p{L}'’])/iu;

// What a fragment never opens on: a conjunction, or a word that points back to what came before.
const OPENS_BADLY =
  /^(?:and|but|or|so|because|then|which|who|where|that|this|these|those|y|pero|o|porque|que|eso|esto|et|mais|ou|car|donc|qui|cela|ça|und|aber|oder|denn|weil|das|dies|e|mas|ou|pois|isso|isto)(?![\p{L}'’])/iu;

/**
 * The shortest clause of a spoken sentence that stands alone as a quotation, as a contiguous
 * piece of `sentence` (its closing mark kept only when it ends the sentence), or null when no
 * part of it stands alone. A sentence with a condition is offered only whole; a fragment never
 * leaves a figure of the sentence out, nor a denial it is set against, nor opens on a
 * conjunction or a pointer back ("that", "this"). `english` allows the English clause checks (fit.ts clauseBoundaries).
 */
export function quoteFragment(sentence: string, english = true): string | null {
  const text = sentence.trim();
  if (!text || text.length > MAX_CHARS) return null;
  const whole = CONDITION.test(text) || CONDITION_START.test(text);
  const cuts = whole ? [] : clauseBoundaries(text, english, true);
  // Clauses between the cuts, each with the joining words on either side ("" for a bare comma).
  const spans: Array<{ from: number; to: number; before: string | null; after: string | null }> = [];
  let from = 0;
  let before: string | null = null;
  for (const cut of cuts) {
    spans.push({ from, to: cut.at, before, after: cut.word });
    from = cut.next;
    before = cut.word;
  }
  spans.push({ from, to: text.length, before, after: null });
  // The whole sentence stands as itself when no clause of it does alone.
  if (spans.length > 1) spans.push({ from: 0, to: text.length, before: null, after: null });
  let best: string | null = null;
  spans.forEach((span, k) => {
    // The clause a reason or a result opens ("…, because my rate was highest", "…, so I
    // couldn't spend it") leans on the one before it.
    if (span.before !== null && LEANS.test(span.before)) return;
    const piece = text
      .slice(span.from, span.to)
      .trim()
      .replace(/[\s,;:—–-]+$/u, "");
    if (!stands(piece, english)) return;
    // What the fragment leaves out holds no figure ("…paid off forty two thousand…"), and no
    // denial it stands against ("I'm not a finance expert, I'm a nurse", "…, but not…").
    const left = `${text.slice(0, span.from)} ${text.slice(span.to)}`;
    if (FIGURE.test(left)) return;
    const contrast = (word: string | null) => word !== null && CONTRAST.test(word);
    const deniesBefore = k > 0 && contrast(span.before) && NEGATION.test(text.slice(spans[k - 1].from, span.from));
    const deniesAfter = contrast(span.after) && NEGATION.test(text.slice(span.to, spans[k + 1]?.to ?? text.length));
    if (deniesBefore || deniesAfter) return;
    if (best === null || wordsIn(piece) < wordsIn(best)) best = piece;
  });
  return best;
}

// Joining words after which a clause gives the reason or the result of the one before.
const LEANS = /^(?:because|so)$/i;

// What sets two clauses against each other: a bare comma, semicolon, colon or dash (""), or "but".
const CONTRAST = /^(?:|but|pero|mais|aber|mas)$/i;

/** Whether a piece of a sentence reads as a sentence alone: long enough, a subject and verb, no lean back. */
function stands(piece: string, english: boolean): boolean {
  const n = wordsIn(piece);
  if (n < (english ? MIN_WORDS : MIN_WORDS_OTHER)) return false;
  if (OPENS_BADLY.test(piece) || dependsOnPrevious(piece)) return false;
  // Subject and verb: "Did the same" or "Saved my ride home" leaves its subject behind.
  if (english && (!hasVerb(piece) || !opensClause(piece))) return false;
  // A bracket or a nested quotation cut in half.
  if ((piece.match(/\(/g) ?? []).length !== (piece.match(/\)/g) ?? []).length) return false;
  if ((piece.match(/‘/g) ?? []).length !== (piece.match(/’(?![\p{L}])/gu) ?? []).length) return false;
  return true;
}

/** A fragment written as a sentence: a capital first, an end mark last. */
export function asQuotedSentence(fragment: string): string {
  const capital = fragment.replace(/^(\p{Ll})/u, (c) => c.toUpperCase());
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The sentences of one quotation cut down for a terse style: the fragments of at most `most` of
 * them (the shortest, shown in the order spoken) of at most `maxWords` words, with the place of
 * each in `sentences`. Empty when no sentence has a part that short that stands alone.
 */
export function shortQuotation(
  sentences: readonly string[],
  english = true,
  most = 2,
  maxWords = Number.POSITIVE_INFINITY,
): Array<{ at: number; text: string }> {
  const found = sentences.flatMap((sentence, at) => {
    const text = quoteFragment(sentence, english);
    return text === null || wordsIn(text) > maxWords ? [] : [{ at, text }];
  });
  return found
    .sort((a, b) => wordsIn(a.text) - wordsIn(b.text) || a.at - b.at)
    .slice(0, most)
    .sort((a, b) => a.at - b.at);
}

/**
 * A short passage (a viewer's comment) quoted for a terse style: the shortest clause of its first
 * sentence that stands alone and has at most `maxWords` words, or the passage as it is. Only the
 * first: a later sentence leans on it ("Se lo voy a enseñar a mi jefe" after the figures it means).
 */
export function shortPassage(text: string, english = true, maxWords = 12): string {
  if (text.length > MAX_CHARS) return text;
  const [first] = text.split(/(?<=[.!?…])\s+(?=\p{Lu})/u);
  if (first === text && wordsIn(text) <= maxWords) return text;
  const [best] = shortQuotation([first], english, 1, maxWords);
  return best ? asQuotedSentence(best.text) : text;
}
