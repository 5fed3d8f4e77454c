import { ENGLISH, type Lexicon, lexiconFor } from "./caption-words";
import { SO_OBJECT, SUBORDINATE_OPENERS } from "./captions";
import { instructionCommas, listCommas, mainClauseAt } from "./clauses";
import { nounSeriesCommas, quantityCommas } from "./noun-series";

/**
 * Punctuation inside a sentence of unpunctuated speech once the auto-caption repair (captions.ts)
 * has found where it ends: list colons and, in English, clause and list commas. Commas only, so
 * a quotation's words stay the speaker's.
 */

const NO_COMMA_BEFORE = new Set([...ENGLISH.noEnd, "not", "all", "anything", "nothing", "everything"]);

// A subject and its verb in one word: after a clause, it opens the next ("…an expert, I'm a nurse").
const CONTRACTED_SUBJECT = new Set(
  "it's i'm there's that's we're they're you're he's she's i've we've you've they've i'll we'll you'll they'll i'd".split(
    " ",
  ),
);
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
    // A subject, or a verb that had one ("a dirty chain is slow, it's noisy").
    if (SUBJECT_WORD.has(before) || /^(?:is|are|was|were)$/.test(before)) subject = true;
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

// A negated verb, and the pronoun subjects a contrast after it opens with.
const NEGATED = new Set("doesn't don't didn't isn't aren't wasn't weren't can't won't never".split(" "));
const CONTRAST_SUBJECT = new Set("it they you we he she i".split(" "));

/**
 * A comma before the other half of a spoken contrast: "a heat pump doesn't make heat, it moves
 * it", "you don't need underfloor heating, you might need bigger radiators". After a negated
 * clause with its object, a pronoun and a verb open the clause that says what is true instead;
 * not after a verb that takes a clause ("I don't think it works") or a function word.
 */
function contrastCommas(text: string): string {
  const tokens = text.split(" ");
  let negated = -1;
  // (The contrast has words after its verb: "…the parts we need" is a relative clause.)
  for (let i = 0; i + 2 < tokens.length; i++) {
    const word = tokens[i].toLowerCase();
    if (NEGATED.has(word)) {
      negated = i;
      continue;
    }
    if (negated < 0 || i - negated < 3 || i - negated > 7 || !CONTRAST_SUBJECT.has(word)) continue;
    const before = tokens[i - 1].toLowerCase().replace(/[^\p{L}']/gu, "");
    const between = tokens.slice(negated + 1, i).map((t) => t.toLowerCase());
    const verb = tokens[i + 1].toLowerCase();
    if (/[,.;:!?]$/.test(tokens[i - 1]) || between.some((t) => TAKES_CLAUSE.has(t) || SUBORDINATE_OPENERS.has(t)))
      continue;
    if (NO_COMMA_BEFORE.has(before) || ENGLISH.relativeHeads.has(before) || ENGLISH.prepositions.has(before)) continue;
    if (!/^(?:\p{L}+s|might|may|can|could|will|would|should|just|need|have|had|make|made|use|used)$/u.test(verb))
      continue;
    tokens[i - 1] = `${tokens[i - 1]},`;
    negated = -1;
  }
  return tokens.join(" ");
}

const LEADS = new Set("okay ok alright so and now then but also".split(" "));

// Subordinators besides "if" and "when" whose clause, opening a sentence, ends at a comma.
const COMMA_OPENERS = new Set("while before after because although since".split(" "));

/**
 * A comma after an opening "if"/"when"/"while" clause, before its main clause (clauses.ts): "if
 * it's really black, use a bit of degreaser", "when you pedal normally, your knee will have a
 * small bend". English; nothing when the main clause cannot be told or a comma is already there.
 */
function openingClauseComma(text: string): string {
  const tokens = text.split(" ");
  const words = tokens.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ""));
  let k = 0;
  while (k < 2 && LEADS.has(words[k] ?? "")) k++;
  if (!SUBORDINATE_OPENERS.has(words[k] ?? "") && !COMMA_OPENERS.has(words[k] ?? "")) return text;
  for (let j = k + 2; j < Math.min(tokens.length - 1, k + 23); j++) {
    if (/[,.;:!?]$/.test(tokens[j - 1])) return text;
    if (mainClauseAt(words, k, j, true)) {
      tokens[j - 1] = `${tokens[j - 1]},`;
      return tokens.join(" ");
    }
  }
  return text;
}

// Enumerators of a method's steps: their label says only where the step falls, which a reader
// of the step on its own does not need ("step two let out the air" -> "let out the air").
export const STEP_WORDS = new Set("step paso étape etape schritt passo".split(" "));

/**
 * A colon after the number of a list item that opens a sentence: "mistake number one: using
 * your starter too early", "tip three: …"; a method's step label goes instead ("step three hook
 * one lever under the tyre" -> "hook one lever under the tyre"), as a typed "Step 3:" line does,
 * and steps.ts finds the steps again from the captions.
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
  // "mistake number three is under-proofing": the number is the subject, not a label.
  const after = tokens[at + 1].toLowerCase();
  // "step one of the method is…": the label is the subject's head.
  if (
    lex.conjunctions.has(after) ||
    lex.auxiliaries.has(after) ||
    lex.noStart.has(after) ||
    /^(?:'s|would|will)$/.test(after)
  )
    return text;
  if (STEP_WORDS.has(tokens[k].toLowerCase()) && tokens.length - at > 3)
    return [...tokens.slice(0, k), ...tokens.slice(at + 1)].join(" ");
  tokens[at] = `${numeral}:`;
  return tokens.join(" ");
}

// "The part nobody tells you", "the thing most people miss": a label for the point after it.
const REVEAL =
  /^((?:(?:okay|ok|so|and|now|but|alright)\s+){0,2}(?:the|and the)\s+(?:part|thing|problem|point|trick|catch|key|secret|truth|big one|main thing|bottom line|good news|bad news)\s+(?:that\s+)?(?:nobody|no one|people|everyone|everybody|most people|you)\s+(?:tells you|tell you|talks about|talk about|mentions|mention|forgets|forget|skips|skip|misses|miss|realizes|realize|expects|expect|knows|know)(?:\s+about)?)\s+(?=\S+\s+\S)/i;

/**
 * A colon after a spoken label for the point that follows: "now the part nobody tells you:
 * insulation comes first". Not when the label is the subject ("the thing people forget is the
 * tax"): what follows must not open on a verb or a joining word.
 */
function revealColon(text: string): string {
  const m = REVEAL.exec(text.slice(0, 200));
  if (!m) return text;
  const after = text
    .slice(m[0].length, m[0].length + 60)
    .toLowerCase()
    .split(" ");
  const next = after[0];
  if (ENGLISH.auxiliaries.has(next) || ENGLISH.conjunctions.has(next) || ENGLISH.noStart.has(next)) return text;
  // "…nobody tells you about sourdough is the smell": the label is the subject of "is".
  if (after.slice(0, 4).some((w) => /^(?:is|are|was|were)$/.test(w))) return text;
  return `${m[1]}: ${text.slice(m[0].length)}`;
}

/**
 * Punctuation a reader needs inside a sentence of unpunctuated speech: a colon after a list
 * item's number that opens it ("step three: …"), and in English commas between the items of a
 * list of things (listCommas, nounSeriesCommas) or of instructions (instructionCommas), before a contrasting "but", a clause-joining "so" ("it rose, so I
 * baked it"), "and then", a contracted subject opening a second clause (clauseCommas) and the
 * main clause after an opening "if" clause (openingClauseComma).
 */
export function addSpokenCommas(text: string, language: string | null = "en"): string {
  const lex = lexiconFor(language);
  const marked = enumerationColon(text, lex);
  if (lex !== ENGLISH) return marked;
  // Each match below starts at a word's start ((?<!\S)): a long run without spaces is scanned once.
  return openingClauseComma(
    clauseCommas(instructionCommas(quantityCommas(nounSeriesCommas(listCommas(contrastCommas(revealColon(marked))))))),
  )
    .replace(/(?<!\S)(\S+) (but|and then) (?=\S)/gi, (whole, before: string, word: string) =>
      NO_COMMA_BEFORE.has(before.toLowerCase()) ? whole : `${before}, ${word} `,
    )
    .replace(
      /(?<!\S)(\S+) so (?=(?:i|you|we|they|it|that|this|the|if|now|there|he|she|my|your|when)\b)/gi,
      (whole, before: string) =>
        NO_COMMA_BEFORE.has(before.toLowerCase()) || SO_OBJECT.has(before.toLowerCase()) ? whole : `${before}, so `,
    );
}
