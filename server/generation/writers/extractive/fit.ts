import { ENGLISH } from "./caption-words";
import {
  commonStart,
  endsOnCredit,
  joinCap,
  lengthenParagraph,
  NO_WORDS,
  readsAsTitle,
  sentenceSizes,
  wordsIn,
} from "./lengthen";
import { hasVerb } from "./rank";

/**
 * Sentences fitted to a reference style's length: a long sentence is cut at its clause
 * boundaries (", and", ", but", "; "…) into whole sentences, and short plain ones are joined with
 * a semicolon. Inside quotation marks only punctuation and case change ("…, and we…" becomes
 * "…. And we…"), so a quotation keeps the speaker's exact words; outside them a dropped "and"
 * is the article's own wording.
 */

// Longest sentence a first-pass join makes, below the run-on line (lengthen.ts may go on to it).
const MAX_JOINED = 45;

// Longest paragraph fitted; anything longer is left as it is (the scan is linear either way).
const MAX_CHARS = 6000;

interface Unit {
  text: string;
  /** The unit lies wholly inside one quotation (its marks not included). */
  quoted: boolean;
}

/**
 * A paragraph as sentence-sized pieces: plain prose sentences, and the text inside each
 * quotation cut at its sentence ends, with the marks and whatever joins them kept as they were.
 * Joining the pieces' texts in order gives the paragraph back.
 */
function pieces(paragraph: string): Array<string | Unit> {
  const parts: Array<string | Unit> = [];
  let plain = "";
  let k = 0;
  while (k < paragraph.length) {
    const c = paragraph[k];
    if (c === '"' || c === "“") {
      const close = paragraph.indexOf(c === '"' ? '"' : "”", k + 1);
      if (close < 0) {
        plain += paragraph.slice(k);
        break;
      }
      // A quoted title stays as written: its sentences are the title's (readsAsTitle).
      parts.push(...sentenceUnits(plain, false));
      plain = "";
      if (readsAsTitle(paragraph.slice(k + 1, close))) {
        parts.push(paragraph.slice(k, close + 1));
        k = close + 1;
        continue;
      }
      parts.push(c);
      parts.push(...sentenceUnits(paragraph.slice(k + 1, close), true));
      parts.push(paragraph[close]);
      k = close + 1;
      continue;
    }
    // A markdown link is kept whole (its address has dots and question marks).
    if (c === "[") {
      const end = /^\[[^\]\n]{0,300}\]\([^)\s]{0,500}\)/.exec(paragraph.slice(k, k + 820));
      if (end) {
        plain += end[0];
        k += end[0].length;
        continue;
      }
    }
    plain += c;
    k++;
  }
  parts.push(...sentenceUnits(plain, false));
  return parts;
}

/** Text cut after each sentence end (the spaces after it kept as separators). */
function sentenceUnits(text: string, quoted: boolean): Array<string | Unit> {
  if (!text) return [];
  const out: Array<string | Unit> = [];
  const re = /(?<=[.!?…])(?:["'”’)]*)(\s+)(?=["“'‘([¿¡]?[\p{Lu}\p{N}])/gu;
  let from = 0;
  for (const m of text.matchAll(re)) {
    const at = (m.index ?? 0) + m[0].length - m[1].length;
    out.push({ text: text.slice(from, at), quoted }, m[1]);
    from = at + m[1].length;
  }
  if (from < text.length) out.push({ text: text.slice(from), quoted });
  return out;
}

// Where a sentence may be cut into two: a semicolon, a comma before a conjunction, or a dash;
// for a terse reference (EAGER) also a colon before a clause, and a bare "and" or "then" before a
// subject ("…broke down and the repair was…"); not a bare "so", which may mean "so that".
const BOUNDARY =
  /(;|:|\s[—–]|,\s+(?:and|but|so|then|or|y|pero|et|mais|und|aber|e|mas)|\s+(?:because|but)|,(?=\s+(?:i|you|we|they|he|she|it|there|that)(?:['’]\p{L}+)?\s)|\s+(?:and|then)(?=\s+(?:i|you|we|they|he|she|it|there|the|my|our|your|his|her|their|this|that|these|those)(?:['’]\p{L}+)?\s))\s+(?=\S)/giu;
/** Targets at or under this many words cut at every clause boundary (see BOUNDARY). */
export const EAGER = 9;
// Joining words that stay at the head of the second sentence in the article's own words (inside
// a quotation every word stays).
const KEEP_WORD = /^(?:but|so|then|or|because|pero|mais|aber|mas)$/i;
// An English clause starts with its subject: a pronoun, or a determiner with a verb soon after.
const SUBJECT =
  /^(?:i|you|we|they|he|she|it|there|this|that|these|those|people|everyone|everybody|nobody|someone|i'm|you're|we're|they're|it's|that's|there's|he's|she's|i've|you've|we've|they've|i'll|you'll|we'll|they'll)\b/i;
const SUBORDINATE =
  /^(?:if|when|whenever|while|although|though|even if|even though|because|since|as|as long as|unless|until|once|after|before|whether|so that|(?:(?:the )?(?:first|next|last)|every|each|any|by the) ?time(?= (?:i|you|we|they|he|she|it|the|a|my|your|our|their|this|that)\s)|si|quand|lorsque|bien que|parce que|cuando|aunque|porque|mientras|wenn|als|obwohl|weil|während|quando|embora|porque|enquanto)(?![\p{L}'’])/iu;
const COMPLEMENT =
  /^that\s+(?:i|you|we|they|he|she|it|there|the|a|an|this|these|those|its|their|our|his|her|my|your|no|every|some|any|anyone|anybody|everyone|everybody|someone|somebody|nobody|people|all|each)\b/i;
const NUMBER_WORDS = /\b(?:hundred|thousand|million|billion)\b/gi;
// A sentence that opens on a preposition: what follows up to the comma is a phrase.
const FRONTED_PHRASE =
  /^(?:on|in|at|for|with|by|during|after|before|under|over|from|through|without|within|across|among|between|despite|like|near|inside|outside)\s/i;
// A condition or time clause that may still wait for its main clause (see boundaries).
const UNFINISHED_OPENER = /\s(?:if|when|whenever|unless|so that|as soon as)\s/i;
// Words before a colon that wait for what follows it (a copula, "like", a verb of saying).
const INTRODUCING =
  /\b(?:is|are|was|were|be|been|like|as|says|said|say|asks|asked|ask|including|include|includes|namely|following|means|meant)\s*$/i;
const PRONOUN = /\b(?:i|you|we|they|he|she|it)\b/i;
// Common finite verbs of the other framed languages (Spanish, French, German, Portuguese): a
// rough sign that words around a colon make a clause, as hasVerb is for English.
const FINITE_VERB =
  /(?<![\p{L}'’])(?:es|son|está|están|era|eran|fue|fueron|hay|había|ha|han|tiene|tienen|puede|pueden|va|van|hace|hacen|sube|suben|baja|bajan|est|sont|était|étaient|ont|avait|fait|peut|peuvent|va|vont|faut|ist|sind|war|waren|hat|haben|hatte|wird|werden|kann|können|gibt|muss|é|são|estava|foi|foram|tem|têm|há|pode|podem|vai|vão|faz|fazem)(?![\p{L}'’])/iu;

// A finite auxiliary among a clause's first words ("drivers this week have been…").
const AUXILIARY_SOON = /^(?:\S+\s+){1,3}(?:is|are|was|were|has|have|had|will|would|can|could|should|must)\s/i;

/** Whether a sentence that opens on a subordinate clause ("Once…, ") goes on to its main clause. */
function mainClauseFollows(opening: string): boolean {
  let from = 0;
  for (let k = 0; k < 4; k++) {
    const comma = opening.indexOf(",", from);
    if (comma < 0) return false;
    const after = opening.slice(comma + 1).trim();
    const clause =
      opensClause(after) || (hasVerb(after) && !FRONTED_PHRASE.test(after) && !/^\S+(?:ed|ing)\b/i.test(after));
    if (wordsIn(opening.slice(0, comma)) >= 3 && wordsIn(after) >= 3 && clause) return true;
    from = comma + 1;
  }
  return false;
}

/** Whether text ends inside a quotation it opened with ' or ‘ (apostrophes inside words ignored). */
function insideNestedQuote(text: string): boolean {
  let open = false;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === "‘") open = true;
    else if (c === "’" && open) open = false;
    else if (c === "'") {
      const before = k > 0 ? text[k - 1] : " ";
      const after = k + 1 < text.length ? text[k + 1] : " ";
      const letterBefore = /[\p{L}\p{N}]/u.test(before);
      const letterAfter = /[\p{L}\p{N}]/u.test(after);
      if (!letterBefore && letterAfter) open = true;
      else if (letterBefore && !letterAfter && open) open = false;
    }
  }
  return open;
}

// A clause that denies: a reason after it is what is denied, not why ("never … because").
const NEGATION = /\s(?:not|never|no|nobody|nothing|none|neither|nor|hardly|rarely|\p{L}+n['’]t)\s/iu;
// A main clause's verb after an aside: "…, is three letters", "…, was the hardest part".
const RESUMED_VERB = /^[^.;:!?]*?,\s+(?:is|are|was|were|has|have|had)\s/i;

/**
 * Whether English text opens with a clause of its own: a subject pronoun, or a few words (a
 * subject) and then a verb ("inserts had become…"), not a verb first ("bake the loaf…").
 */
export function opensClause(text: string): boolean {
  if (SUBJECT.test(text)) return true;
  const words = text.split(/\s+/);
  // The subject ends at a comma or a conjunction: "bass, Ruairidh Innes – drums" and "the fiddle
  // and you can hear…" open with a noun, and the verb after them is another clause's.
  if (/,$/.test(words[0] ?? "")) return false;
  const head: string[] = [];
  for (const word of words.slice(1, 5)) {
    if (/^(?:and|or|but|nor|y|et|und|e|o|ou|oder)$/i.test(word)) break;
    head.push(word.replace(/,$/, ""));
    if (/,$/.test(word)) break;
  }
  return !/^\S+(?:ed|ing)\b/i.test(text) && hasVerb(head.join(" ").replace(NUMBER_WORDS, ""));
}

/** A cut point of a sentence: start of the boundary, start of the next clause, joining word. */
export interface ClauseBoundary {
  at: number;
  next: number;
  word: string;
}

/**
 * Cut points of a sentence between two clauses that each stand as a sentence (see BOUNDARY and
 * the checks below); `eager` (a terse reference) allows the colon and a bare "and" too.
 */
export function clauseBoundaries(text: string, english: boolean, eager: boolean, fragments = false): ClauseBoundary[] {
  const out: ClauseBoundary[] = [];
  if (text.length > MAX_CHARS) return out;
  for (const m of text.matchAll(BOUNDARY)) {
    const word = m[1].replace(/^[;:,—–]?\s*[—–]?\s*/, "").toLowerCase();
    // A bare comma before a pronoun is a boundary only in English ("You add up the costs, you add a margin").
    if (m[1] === "," && !english) continue;
    // "…in database work and I've been there": cut only for a terse reference, and only in
    // English (where a clause is checked).
    if (/^\s+(?:and|then)$/i.test(m[1]) && !(eager && english)) continue;
    // "Here's the part people forget: indexes are not free": only for a terse reference; in
    // another language only after words with a finite verb of their own ("Es como una subasta:
    // si hay…"), not after a label ("Un detalle importante: la cesta…").
    if (m[1] === ":" && !(eager && (english || FINITE_VERB.test(text.slice(0, m.index ?? 0))))) continue;
    const at = m.index ?? 0;
    const left = text.slice(0, at);
    const right = text.slice(at + m[0].length);
    // Only between two clauses that stand alone: each has a few words and (in English) a verb,
    // and the second its own subject; "A, B, and C" is a list, not two clauses.
    // A terse target takes a three-word clause as a sentence ("I'm a nurse.").
    if (wordsIn(left) < 3 || wordsIn(right) < (eager ? 3 : 4)) continue;
    // "…mix it and then the dough rests": the cut is before "and", not after it.
    if (/(?:^|\s)(?:and|or|but|so|y|et|und|e)$/iu.test(left)) continue;
    // "If your query sorts, and there's an index…": the first part is not a sentence alone.
    // (What opens the sentence, past a moment link left before it: "([17:55](…)) If any…".)
    const opening = left.replace(/^\s*(?:\(?\[[^\]]{0,300}\]\([^)\s]{0,500}\)\)?\s*)*/, "").replace(/^["“'‘(]+/u, "");
    // "Once the water went down, engineers inspected it, and they found…": the opening clause
    // has its main clause after the comma, so the first part is a sentence after all (English).
    if (SUBORDINATE.test(opening) && !(english && mainClauseFollows(opening))) continue;
    if (/\s(?:because|but)$/.test(m[1]) && !english) continue;
    // "our 'expensive but acceptable' range": never inside a quotation within the text.
    if (insideNestedQuote(left)) continue;
    if (english) {
      // "The question I get most is: can't I…", "questions like: how did you…": the colon opens
      // what the words before it wait for, so they are no sentence alone.
      if (m[1] === ":" && INTRODUCING.test(left)) continue;
      // "At a manager's hourly cost, that's…": a short fronted phrase, whatever word in it looks
      // like a verb, unless a subject of its own says it is a clause ("At first it failed, and…").
      // "Then, in the second week of March, it turned warm": the phrase after a connective too.
      const fronted = opening.replace(/^(?:and then|then|so|and|but|now|later|still|yet),?\s+/i, "");
      if (FRONTED_PHRASE.test(fronted) && wordsIn(fronted) <= 6 && !/,/.test(fronted) && !PRONOUN.test(fronted))
        continue;
      const found = hasVerb(left.replace(NUMBER_WORDS, ""));
      // "On the production table with four hundred million rows, it takes…": a phrase, not a clause.
      if (!found && FRONTED_PHRASE.test(fronted)) continue;
      // "…every quarter, so that when we needed it…": a purpose, not a new sentence.
      if (word === "so" && /^that\b/i.test(right)) continue;
      // "Engineers call that scour, and it means…": before a comma, "and" and a subject pronoun
      // a short first part is a clause whatever its verb (the verb list misses many).
      const verbed = found || wordsIn(left) >= 6 || (eager && /^,\s+(?:and|but)$/i.test(m[1]) && SUBJECT.test(right));
      // "…told the council that the bridge is safe, but that they cannot…": reported speech goes on.
      if (!verbed || !opensClause(right) || COMPLEMENT.test(right)) continue;
      const lastClause = left.split(/[;:]/).pop() ?? left;
      // "That means if you ask for the user… and there is no index": the "if" has not ended.
      const lastPart = lastClause.split(",").pop() ?? lastClause;
      if (/\s(?:if|when|whenever|unless|whether|although|though|because|until)\s/i.test(` ${lastPart} `)) continue;
      // "…so that when we needed it, during the outage, it took six minutes", "if three people
      // are involved, or customers are affected, or…": a clause that opened on "when" or "if"
      // waits for its main clause past a comma, so no comma of its own ends a sentence.
      if (m[1] !== ";" && UNFINISHED_OPENER.test(` ${lastClause} `)) continue;
      // "The framework I use, and it's not mine, it comes from…, is three letters": an aside
      // whose sentence goes on with its verb after a comma ("…, is"); cut, the verb loses its subject.
      if (RESUMED_VERB.test(right.slice(0, 400))) continue;
      // "Nobody buys a tool because it is cheap": the negation covers the reason, so "Nobody buys
      // a tool. That is because it is cheap." would say the opposite.
      if (/because$/i.test(m[1]) && NEGATION.test(` ${lastClause} `)) continue;
      // "…not just for equality, but also for ranges": one clause, not two.
      if (/but$/i.test(m[1]) && /\bnot (?:just|only|merely)\b/i.test(lastClause)) continue;
      const listLike = /,/.test(lastClause.split(/\s+/).slice(-10).join(" "));
      // (Unless what follows has its own finite verb at once: "…crossing, about three
      // kilometres upstream, and drivers this week have been reporting delays".)
      if (/^,\s+(?:and|so|then)$/i.test(m[1]) && listLike && !SUBJECT.test(right) && !AUXILIARY_SOON.test(right))
        continue;
    }
    // "Zwei Dinge: Preis und Qualität", "Ejemplo: el pan": what follows a colon is a clause only
    // with a verb of its own.
    if (!english && m[1] === ":" && !FINITE_VERB.test(right.slice(0, 300))) continue;
    out.push({ at, next: at + m[0].length, word });
  }
  if (eager && english) out.push(...instructionBoundaries(text));
  if (fragments) out.push(...fragmentBoundaries(text, english));
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Targets at or under this many words (a reference of five-word sentences: "The old bridge held.")
 * also cut at a bare comma, where what follows may be a fragment ("…teurer geworden. Beim
 * Roggenmehl sogar noch mehr."), as such writing has them.
 */
export const FRAGMENT = 6;

// Words that open a part leaning on the clause before it (a relative or subordinate clause, a
// list's next item, a comparison): such a part is no fragment of its own.
const LEANING =
  /^(?:which|who|whom|whose|where|how|what|why|once|then|right|okay|ok|yeah|when|whenever|while|whereas|if|unless|because|since|as|though|although|that|than|until|till|so|or|and|but|nor|to|including|especially|except|like|such|whether|plus|que|qui|dont|où|quand|lorsque|si|comme|parce|pour|sans|mais|et|ou|quien|quienes|cuyo|cuya|donde|cuando|como|porque|aunque|mientras|para|sin|pero|y|o|ni|dass|die|der|das|dem|den|deren|dessen|wenn|weil|ob|als|wie|wo|obwohl|damit|sodass|nachdem|bevor|während|statt|um|ohne|und|aber|oder|sondern|quem|onde|quando|se|enquanto|até|cujo|cuja|mas|e|ou|nem)(?![\p{L}'’])/iu;
// An English part opening on a verb's -ing or -ed form, or a finite verb, still has its subject
// before the comma ("…, starting at the valve", "…, said it was").
const VERB_FIRST =
  /^(?:\p{L}+(?:ing|ed)|is|are|was|were|has|have|had|will|would|can|could|should|must|does|did|do|says|said)(?![\p{L}'’])/iu;

// "…der Abend, an dem wir…", "…the day, on which…": a relative clause after its preposition.
const RELATIVE_AFTER_PREPOSITION =
  /^\p{L}+\s+(?:dem|der|denen|dessen|deren|welche[mrns]?|que|quien|quienes|cual|cuales|qual|quais|lequel|laquelle|lesquels|lesquelles|quoi|qui|which|whom)(?![\p{L}'’])/iu;

// A list's joining word inside a part ("…, a patch kit and a pump"): the part ends a list.
const LIST_WORDS = "and|or|y|o|et|ou|und|oder|e";
const LIST_JOIN = new RegExp(`\\s(?:${LIST_WORDS})\\s`, "iu");
// A part opening on one ("…, and Z"): the end of the list the commas before it make.
const LIST_END = new RegExp(`^\\s*(?:${LIST_WORDS})\\s`, "iu");
// A word a clause does not end on ("…was now,", "…the,"): the sentence goes on past the comma.
const OPEN_END =
  /(?:^|\s)(?:is|are|was|were|be|been|the|a|an|of|to|for|with|in|on|at|by|from|that|than|and|or|but|now|just|very|so|my|your|our|their|its|his|her)$/i;
// Commas looked at in one sentence: enough for any sentence a person says.
const MAX_FRAGMENT_COMMAS = 40;

/**
 * For a very terse target (FRAGMENT): bare commas between a clause and a part of at least three
 * words that stands as a fragment ("For most road bikes that's eighty psi. For mountain bikes
 * more like thirty."). Never in a list ("A, B and C", noun phrases either side), around a short
 * aside ("The company, let's call them Shiftwise, makes…"), after a fronted phrase or a condition
 * still waiting for its main clause, after a colon, or before a part that leans on what came
 * before (LEANING) or still needs the subject before the comma.
 */
function fragmentBoundaries(text: string, english: boolean): ClauseBoundary[] {
  const out: ClauseBoundary[] = [];
  const commas: number[] = [];
  for (let k = text.indexOf(","); k >= 0 && commas.length < MAX_FRAGMENT_COMMAS; k = text.indexOf(",", k + 1))
    commas.push(k);
  const verbIn = (part: string) => (english ? hasVerb(part.replace(NUMBER_WORDS, "")) : FINITE_VERB.test(part));
  const segment = (k: number) =>
    text.slice(k < 0 ? 0 : commas[k] + 1, k + 1 < commas.length ? commas[k + 1] : text.length).trim();
  // "X, Y, and Z": a later part opening on "and" makes every comma before it a list's.
  const lastListJoin = commas.reduce((last, at, k) => (LIST_END.test(text.slice(at + 1, at + 12)) ? k : last), -1);
  commas.forEach((comma, k) => {
    if (k < lastListJoin) return;
    // "…2,400…": a comma inside a number, not between words.
    if (!/\s/.test(text[comma + 1] ?? "")) return;
    const before = segment(k - 1);
    const after = segment(k);
    if (wordsIn(before) < 3 || wordsIn(after) < 3) return;
    // A short aside between two commas: "…, in one form or another, …".
    if ((k + 1 < commas.length && wordsIn(after) <= 6) || (k > 0 && wordsIn(before) <= 6)) return;
    const left = text.slice(0, comma);
    const right = text.slice(comma + 1).replace(/^\s+/, "");
    if (/^["“'‘(]/u.test(right) || /["“'‘(]$/u.test(left) || left.includes(":") || OPEN_END.test(left)) return;
    // "Die Sorten, die kaum jemand gekauft hat, haben…": a part that leaned on what came before
    // ends where its sentence goes on, so it is no sentence either.
    if (LEANING.test(right) || (k > 0 && LEANING.test(before)) || RELATIVE_AFTER_PREPOSITION.test(right)) return;
    // "…, starting at the valve", "…, haben uns gekostet": the part's subject came before the comma.
    if (english ? VERB_FIRST.test(right) : FINITE_VERB.test(/^\p{L}+/u.exec(right)?.[0] ?? "")) return;
    // "…, the labour forecasting and the point-of-sale integration", "banks, email providers, …".
    if (LIST_JOIN.test(` ${after} `)) return;
    if (commas.length > 1 && !verbIn(before) && !verbIn(after)) return;
    if (english && /^\p{L}+(?:ing|ed)\b/iu.test(before)) return;
    if (insideNestedQuote(left)) return;
    const opening = left.replace(/^\s*(?:\(?\[[^\]]{0,300}\]\([^)\s]{0,500}\)\)?\s*)*/, "").replace(/^["“'‘(]+/u, "");
    if (SUBORDINATE.test(opening) && !(english && mainClauseFollows(opening))) return;
    // "For most software companies, it's…": a fronted phrase, not a clause.
    if (FRONTED_PHRASE.test(opening) && wordsIn(opening) <= 6) return;
    // "If you walk down Finch Street tonight, and yes, …": a condition still waiting.
    const lastClause = left.split(/[;:]/).pop() ?? left;
    if (
      /\s(?:if|when|whenever|unless|whether|although|though|because|until|once|si|cuando|quand|lorsque|wenn|weil|se|quando)\s/i.test(
        ` ${lastClause} `,
      )
    )
      return;
    // The part before the cut is a clause: it has a verb of its own.
    if (!verbIn(left) || RESUMED_VERB.test(right.slice(0, 400))) return;
    out.push({ at: comma, next: comma + 1 + (text.length - comma - 1 - right.length), word: "" });
  });
  return out;
}

// Verbs an instruction opens on, beyond the caption repair's list (caption-words.ts).
const MORE_INSTRUCTIONS = new Set(
  `find slide clip wait make get give pop fit screw spray apply brush rinse dry chop slice season serve cover whisk
  knead melt fill empty move start stop plug connect install run save select enter write call note mark measure
  weigh sprinkle drain boil simmer fry toss scrape sand paint glue tape trim line hook let`.split(/\s+/),
);
const instructionVerb = (word: string) => {
  const w = word.toLowerCase();
  return ENGLISH.imperatives.has(w) || MORE_INSTRUCTIONS.has(w);
};
// What may come before an instruction's verb: a step word, or a condition ending at its comma.
const STEP_LEAD =
  /^(?:(?:then|next|first|finally|now|and|after that|once that's done),?\s+)?(?:(?:if|when|once)\s[^,]{1,80},\s+)?/i;
// "…the valve and clip it to a spoke": "and" before an instruction's verb and its object.
const AND_INSTRUCTION =
  /\s+and\s+(?=(\p{L}+)\s+(?:it|them|the|a|an|one|your|this|that|those|these|out|up|off|in|on|down|back|some|all)\s)/giu;

/**
 * For a terse target: between two instructions joined by "and" ("Hook one lever under the tyre
 * and clip it to a spoke"), when the sentence opens on an instruction's verb (after a step word or
 * a condition) and a verb with its object follows the "and".
 */
function instructionBoundaries(text: string): ClauseBoundary[] {
  const opening = text.replace(/^["“'‘(]+/u, "");
  const lead = STEP_LEAD.exec(opening)?.[0] ?? "";
  const first = /^\p{L}+/u.exec(opening.slice(lead.length))?.[0] ?? "";
  if (!instructionVerb(first)) return [];
  const out: ClauseBoundary[] = [];
  for (const m of text.matchAll(AND_INSTRUCTION)) {
    const at = m.index ?? 0;
    if (!instructionVerb(m[1]) || wordsIn(text.slice(0, at)) < 3 || wordsIn(text.slice(at + m[0].length)) < 3) continue;
    out.push({ at, next: at + m[0].length, word: "and" });
  }
  return out;
}

const capital = (text: string) =>
  text.replace(/^(["“'‘(]?)(\p{Ll})/u, (_m, a: string, b: string) => a + b.toUpperCase());

/** One sentence cut in two at a boundary, words kept inside quotations. */
function cutAt(text: string, cut: ClauseBoundary, quoted: boolean): [string, string] {
  const left = `${text.slice(0, cut.at).replace(/[,\s]+$/, "")}.`;
  const rest = text.slice(cut.next);
  if (!cut.word) return [left, capital(rest)];
  if (quoted || KEEP_WORD.test(cut.word)) {
    const word = cut.word === "because" && !quoted ? "That is because" : cut.word;
    return [left, capital(`${word} ${rest}`)];
  }
  return [left, capital(rest)];
}

/**
 * A sentence cut into pieces of about `target` words, or left whole. `eager` cuts at every clause
 * boundary (a terse target, or an article still well over its target after a first pass).
 */
export function splitSentence(
  text: string,
  target: number,
  quoted = false,
  english = true,
  eager = target <= EAGER,
): string[] {
  const n = wordsIn(text);
  if (n <= Math.max(target * 1.4, target + 3) || text.length > MAX_CHARS) return [text];
  // Inside a quotation "because" cannot become "That is because": the cut would leave "Because
  // one of our services…" standing alone, so a quotation keeps its reasons.
  const cuts = clauseBoundaries(text, english, eager, target <= FRAGMENT).filter(
    (cut) => !(quoted && cut.word === "because"),
  );
  if (cuts.length === 0) return [text];
  // The cut nearest the middle, then each half again.
  const middle = text.length / 2;
  const best = cuts.reduce((a, b) => (Math.abs(b.at - middle) < Math.abs(a.at - middle) ? b : a));
  const [left, right] = cutAt(text, best, quoted);
  return [
    ...splitSentence(left, target, quoted, english, eager),
    ...splitSentence(right, target, quoted, english, eager),
  ];
}

// A conjunction that opens a sentence joins it to the one before with a comma.
const CONJUNCTION = /^(?:And|But|So|Yet|Or|Y|Pero|Et|Mais|Und|Aber|E|Mas)$/;

// Words that may follow a semicolon in lower case ("; the second…").
const JOINABLE =
  /^(?:the|a|an|it|its|this|that|these|those|there|they|their|we|our|you|your|he|she|his|her|most|many|some|each|every|one|no|not|then|so|but|yet|and|in|on|at|for|with|by|to|after|before|when|if|all|any|both|more|much|once|now|only|even|what|how|why|here|next|as|from|also|still|just|however|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)\b/i;

/**
 * Two short sentences as one, joined by a semicolon, or null when they do not join well. The
 * second's first word goes to lower case, so it must be a common word (a function word, or one
 * the source writes in lower case).
 */
function join(a: string, b: string, common: ReadonlySet<string>): string | null {
  // A credit closing the second ("…, Moreno notes.") would take the first's words too.
  if (!/[^.!?…]\.$/.test(a) || /["“”]/.test(a + b) || endsOnCredit(b)) return null;
  const first = /^\p{Lu}[\p{Ll}'’-]*/u.exec(b)?.[0];
  if (!first) return null;
  const lower = first.toLowerCase();
  // One semicolon to a sentence: "A; b; c" reads as a list of remarks, not a sentence.
  if ((a.includes(";") || b.includes(";")) && !CONJUNCTION.test(first)) return null;
  // "It is cheap. But it is slow." reads as one sentence with a comma: "…cheap, but it is slow."
  if (CONJUNCTION.test(first)) return `${a.slice(0, -1)}, ${lower}${b.slice(first.length)}`;
  // A capital that cannot go to lower case (a name, or a word the source only ever opens a
  // sentence with, "Primero, …") would read as a typo after a semicolon: those stay apart.
  if (!JOINABLE.test(b) && !commonStart(b, first, common)) return null;
  return `${a.slice(0, -1)}; ${lower}${b.slice(first.length)}`;
}

/**
 * Words the texts write in lower case somewhere (so not names), for joining sentences; and, as
 * written, the capitalised words they write in the middle of a sentence ("…told Shiftwise…"):
 * names, which keep their capital after a joining mark ("…; Shiftwise charged…").
 */
export function commonWords(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    const head = text.slice(0, 5000);
    for (const word of head.match(/(?<![\p{L}'’-])\p{Ll}[\p{Ll}'’-]*/gu) ?? []) out.add(word);
    for (const word of head.match(/(?<=[\p{Ll},] )\p{Lu}\p{Ll}[\p{Ll}'’-]*/gu) ?? []) out.add(word);
  }
  return out;
}

// A spoken opener that says nothing in a terse sentence ("So you can check…", "Well, it…"); not
// "So far", "So much", "Now that…", where the word carries meaning.
const FILLER =
  /^(?:(?:So|And)\s+(?!far\b|much\b|many\b|long\b|that\b|too\b)|(?:Well|Now|Basically|Honestly|Okay|OK|Alright|Anyway),\s+)(?=\p{L})/u;

// The same openers in the other framed languages ("Pues, …", "Alors, …", "Na ja, …", "Então, …")
// and a bare "and" opening a sentence ("Y así…", "Et puis…", "Und dann…", "E depois…").
const OTHER_FILLER =
  /^(?:(?:Y|Et|Und|E)\s+|(?:Pues|Bueno|Entonces|Vale|Bon|Alors|Eh bien|Enfin|Also|Na ja|Naja|Então|Bem|Olha|Pois)\s*,\s+)(?=\p{L})/u;

// A spoken aside set off by commas that the sentence stands without ("It was, you know, hard"):
// never one that hedges or denies ("I think", "not really"), which would change what is said.
const ASIDE =
  /,\s{0,3}(?:you know|i mean|basically|literally|honestly|obviously|of course|to be honest|o sea|la verdad|tu sais|vous savez|en fait|weißt du|quer dizer|sabe)\s{0,3},(?=\s)/giu;

/**
 * A prose sentence without its spoken opener and asides, when the rest still reads as a
 * sentence of at least three words.
 */
export function withoutFiller(text: string, english = true): string {
  if (text.length > MAX_CHARS) return text;
  const rest = text.replace(english ? FILLER : OTHER_FILLER, "").replace(ASIDE, "");
  return rest !== text && wordsIn(rest) >= 3 ? capital(rest) : text;
}

/** A paragraph cut into pieces, its long sentences cut at their clause boundaries. */
function splitParagraph(paragraph: string, target: number, english: boolean, eager: boolean): Array<string | Unit> {
  if (paragraph.length > MAX_CHARS) return [paragraph];
  const out: Array<string | Unit> = [];
  for (const part of pieces(paragraph)) {
    if (typeof part === "string") {
      out.push(part);
      continue;
    }
    splitSentence(part.text, target, part.quoted, english, eager).forEach((text, k) => {
      if (k > 0) out.push(" ");
      const terse = target <= EAGER && !part.quoted;
      out.push({ text: terse ? withoutFiller(text, english) : text, quoted: part.quoted });
    });
  }
  return out;
}

/**
 * Prose paragraphs with their sentences fitted to about `target` words on average (see the
 * module comment): long sentences are cut at clause boundaries; then, while the average is still
 * short of the target, the shortest neighbouring pairs (both prose, or both in one quotation) are
 * joined. `english` allows the English-only checks and wording ("That is because"); `common`
 * holds the source's lower-case words (commonWords); `cap` is the longest sentence a join makes
 * (joinCap of the reference's own length, when the target is aimed past it).
 */
export function fitParagraphs(
  paragraphs: readonly string[],
  target: number,
  english = true,
  common: ReadonlySet<string> = new Set(),
  cap = joinCap(target),
): string[] {
  if (target <= 0) return [...paragraphs];
  let split = paragraphs.map((p) => splitParagraph(p, target, english, target <= EAGER));
  let units = split.flat().filter((u): u is Unit => typeof u !== "string");
  const words = units.reduce((n, u) => n + wordsIn(u.text), 0);
  // Still well over the target: cut again at every clause boundary.
  if (target > EAGER && words / Math.max(1, units.length) > target * 1.2) {
    split = paragraphs.map((p) => splitParagraph(p, target, english, true));
    units = split.flat().filter((u): u is Unit => typeof u !== "string");
  }
  let count = units.length;
  // Pairs that could be joined, shortest first; each join lengthens the average. A joined
  // sentence may join again in a later pass, so a long target gets sentences of three or four.
  for (let pass = 0; pass < 4 && count > 1 && words / count < target * 0.95; pass++) {
    const pairs: Array<{ p: number; k: number; size: number }> = [];
    split.forEach((parts, p) => {
      for (let k = 2; k < parts.length; k++) {
        const [a, gap, b] = [parts[k - 2], parts[k - 1], parts[k]];
        if (typeof a === "string" || typeof b === "string" || gap !== " " || a.quoted !== b.quoted) continue;
        // Only whole sentences join: not the words around a quotation ('En "…?", Economía…').
        const [before, after] = [parts[k - 3], parts[k + 1]];
        const outside = (part: string | Unit | undefined) => typeof part === "string" && part.trim() !== "";
        if (!a.quoted && (outside(before) || outside(after))) continue;
        const size = wordsIn(a.text) + wordsIn(b.text);
        if (size <= Math.min(target * 1.3, Math.max(MAX_JOINED, cap - 5))) pairs.push({ p, k, size });
      }
    });
    if (pairs.length === 0) break;
    pairs.sort((x, y) => x.size - y.size || x.p - y.p || x.k - y.k);
    const taken = new Set<string>();
    let joined = 0;
    for (const { p, k } of pairs) {
      if (count <= 1 || words / count >= target * 0.95) break;
      if (taken.has(`${p}:${k - 2}`) || taken.has(`${p}:${k}`)) continue;
      const [a, b] = [split[p][k - 2] as Unit, split[p][k] as Unit];
      // Inside a quotation only a function word goes to lower case: whether "Mac" is a name the
      // source also writes as "mac" is a guess the quoted words cannot afford.
      const both = join(a.text, b.text, a.quoted ? NO_WORDS : common);
      if (!both) continue;
      split[p][k - 2] = { text: both, quoted: a.quoted };
      split[p][k - 1] = "";
      split[p][k] = "";
      taken.add(`${p}:${k - 2}`).add(`${p}:${k}`);
      count--;
      joined++;
    }
    if (joined === 0) break;
    split.forEach((parts, p) => {
      split[p] = parts.filter((u) => u !== "");
    });
  }
  const fitted = split.map((parts) => parts.map((u) => (typeof u === "string" ? u : u.text)).join(""));
  // Still well short of a long target (quotations and the writer's own sentences count too):
  // whole sentences join, across quotation marks where the words allow (lengthen.ts).
  const sizes = fitted.flatMap(sentenceSizes);
  const mean = sizes.reduce((n, x) => n + x, 0) / Math.max(1, sizes.length);
  if (mean >= target * 0.85) return fitted;
  return fitted.map((p) => lengthenParagraph(p, target, english, common, cap));
}
