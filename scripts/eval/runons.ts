import { splitBlocks } from "../../server/generation/receipts/markdown";

/**
 * Run-on sentences in a finished article: what an auto-captioned transcript becomes when its
 * sentence boundaries are not restored. Linear scans of the markdown, no model.
 */

/** Longer than this and a sentence reads as several glued together, however it is punctuated. */
export const RUN_ON_WORDS = 50;
/**
 * More words than this with no punctuation between them (no comma, colon, dash or quote mark)
 * read as a run-on: a long sentence an editor wrote carries commas, an unrepaired caption does not.
 */
export const UNPUNCTUATED_WORDS = 30;

/**
 * The run-on line for an article imitating references whose sentences average `referenceMean`
 * words: a reference of 50-word sentences asks for sentences that long, so the line moves to half
 * again its average (as the writer's join cap does), never below RUN_ON_WORDS.
 */
export const runOnLine = (referenceMean: number) => Math.max(RUN_ON_WORDS, Math.round(referenceMean * 1.5));

// Words after which a clause has not ended: articles, prepositions, conjunctions, auxiliaries,
// copulas, and the words a following "okay" or "step two" completes ("that's okay", "skip step two").
const OPEN_ENDED = new Set(
  `a an the this that these those my your our their his her its and or but nor so then if because than as
  of to in on at for with from by into onto about over under after before through between without is are
  was were be been being am it's that's there's what's feel feels felt look looks looked seem seems seemed
  sound sounds totally perfectly pretty fine all not just very really do does did can could will would
  should must may might have has had skip skipped skipping repeat repeated repeating see saw redo called
  call named name at like until while whether which who where when how what why`.split(/\s+/),
);

const NUMERAL =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2})$/;
const ENUMERATED = /^(?:mistake|step|tip|rule|lesson|reason|stage|phase)$/;
const SO_OPENED = /^(?:that's|now|if|here's|let's|what|anyway)$/;
// A subject with its verb in one word, which opens a clause of its own ("…a basic recipe it's
// five hundred grams…"), unless the word before takes a clause ("I think it's", "told us
// they're") or a relative clause hangs on it ("the way it's done"). Nouns take relative clauses
// too ("the query they're for"), so this counts only in a sentence with no punctuation inside.
const CONTRACTED_SUBJECT = /^(?:it's|i'm|there's|that's|we're|they're|you're|he's|she's)$/;
const SUBJECT = /^(?:i|you|we|they|he|she|it|people|it's|i'm|there's|that's|we're|they're|you're|he's|she's)$/;
const SUBORDINATOR = /^(?:if|when|once|because|after|before|as|while|whenever|unless|although|since)$/;
const TAKES_CLAUSE = new Set(
  `think thinks thought know knew say said says saying guess mean sure hope believe feel felt realise realize means
  confirm confirmed tell told show shows showed us them me him her you
  way thing things one time reason place day everything something anything nothing all stuff much`.split(/\s+/),
);

// An object pronoun a clause ends on, and a subject pronoun with its verb opening the next:
// "…I've done it we all have", "…fix it you need a new one". Not after a verb whose object the
// pronoun is before a clause of its own ("tell them we can", "let it you know").
const OBJECT_END = /^(?:it|them)$/;
const PRONOUN = /^(?:i|we|you|they|he|she)$/;
const VERB_AFTER_PRONOUN =
  /^(?:can|can't|will|won't|should|need|needs|have|had|don't|didn't|just|always|never|want|know|got|get|go|put|use|make|take|see|think)$/;
const OBJECT_THEN_CLAUSE =
  /^(?:tell|told|show|showed|let|lets|make|made|help|helped|remind|ask|asked|teach|taught|warn|promise|convince|give|gave|bet|find|found|see|saw|hope|wish|know|knew|think)$/;

// Words no sentence ends on: articles, possessives, "and", "than", "because", "every".
const NEVER_LAST = /^(?:a|an|the|my|your|our|their|its|and|or|nor|than|because|every|whose)$/;
const DETERMINER = /^(?:a|an|the|my|your|our|their|this|that|these|those|its)$/;
// Words that pick one thing out between a determiner and its noun ("the only part that's…").
const LIMITING = /^(?:only|one|first|last|same|other|main|whole|very)$/;

/**
 * The words a sentence ends on when it stops before it is finished, which is where a repair cut
 * one sentence in two: a word no sentence ends on ("…every bolt on a.", "…and the."), or an "if"
 * clause with its subject and no verb ("…watch the gap if the gap."). Null for a sentence ending
 * otherwise, or on a question mark.
 */
export function unfinishedEnding(sentence: string): string | null {
  if (!/[.!…]["”’)]*$/u.test(sentence.trim())) return null;
  const words = sentence.split(/\s+/).filter(Boolean).map(bare).filter(Boolean);
  const last = words[words.length - 1] ?? "";
  if (NEVER_LAST.test(last)) return last;
  const tail = words.slice(-3);
  if (tail.length === 3 && /^(?:if|unless|although|whereas)$/.test(tail[0]) && DETERMINER.test(tail[1]))
    return tail.join(" ");
  return null;
}

/** The bare lower-case word of a token ("Flat," -> "flat"). */
const bare = (token: string) =>
  token
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");

/** Whether a token carries punctuation after it (or a dash or quote mark before the next). */
const closesClause = (token: string) => /[.!?…,;:—–\-"”»)]$/u.test(token);

/**
 * Where, if anywhere, a sentence glues a new clause onto a finished one without punctuation: a
 * discourse opener ("okay", "alright", "so now", "so that's", "now let's") or an enumeration
 * ("mistake two", "step number three") straight after a word a clause can end on ("…flat mistake
 * two no folds…"), a contracted subject and verb after a clause that had its own subject ("I
 * use a basic recipe it's five hundred grams…"; not "Honestly it's…" nor "If it floats it's…"),
 * a closing "that's it" after one ("…all four sides that's it."), or, in a sentence with no
 * punctuation inside, a subject pronoun and its verb after an object pronoun a clause ended on
 * ("…I've done it you need a new one"). "And then
 * I…" is left alone: coordination is grammatical, however long, and the length rule catches the
 * excess. Returns the glued words, or null.
 */
export function gluedClause(sentence: string): string | null {
  const tokens = sentence.split(/\s+/).filter(Boolean);
  const words = tokens.map(bare);
  const unpunctuated = tokens.slice(0, -1).every((token) => !closesClause(token));
  // A sentence opening on "if" has its main clause still to come ("If it floats it's full").
  let mainClauseDue = SUBORDINATOR.test(words[0] ?? "");
  let subjectSeen = false;
  for (let i = 1; i < tokens.length; i++) {
    if (SUBJECT.test(words[i - 1])) subjectSeen = true;
    const before = words[i - 1];
    if (!before || OPEN_ENDED.has(before) || closesClause(tokens[i - 1]) || /^["“«(—–-]/u.test(tokens[i])) continue;
    const w = words[i];
    const next = words[i + 1] ?? "";
    const last = i + 1 >= tokens.length;
    if ((w === "okay" || w === "alright") && !last) return `${before} ${w}`;
    if (w === "so" && SO_OPENED.test(next)) return `${before} so ${next}`;
    if (w === "now" && next === "let's") return `${before} now let's`;
    if (ENUMERATED.test(w)) {
      const numeral = next === "number" ? (words[i + 2] ?? "") : next;
      const after = next === "number" ? i + 3 : i + 2;
      if (NUMERAL.test(numeral) && after < tokens.length)
        return `${before} ${w} ${next === "number" ? "number " : ""}${numeral}`;
    }
    if (w === "that's" && next === "it" && i + 2 === tokens.length) return `${before} that's it`;
    // "a line that's been stated", "the query they're for", "a thorn that's still stuck", "the
    // only part that's about…": a relative clause on the noun before (a word may stand between
    // the determiner and the noun when it picks one out: "a basic recipe that's five hundred
    // grams" is two clauses).
    const relative =
      (w === "that's" &&
        (next === "been" ||
          DETERMINER.test(words[i - 2] ?? "") ||
          (LIMITING.test(words[i - 2] ?? "") && DETERMINER.test(words[i - 3] ?? "")))) ||
      (i + 2 === tokens.length && OPEN_ENDED.has(next));
    if (
      unpunctuated &&
      CONTRACTED_SUBJECT.test(w) &&
      !TAKES_CLAUSE.has(before) &&
      !last &&
      !/ly$/.test(before) &&
      !relative
    ) {
      if (subjectSeen && !mainClauseDue) return `${before} ${w}`;
      mainClauseDue = false;
    }
    if (
      unpunctuated &&
      subjectSeen &&
      OBJECT_END.test(before) &&
      PRONOUN.test(w) &&
      VERB_AFTER_PRONOUN.test(next) &&
      !OBJECT_THEN_CLAUSE.test(words[i - 2] ?? "")
    )
      return `${before} ${w} ${next}`;
    if (SUBJECT.test(w)) subjectSeen = true;
  }
  return null;
}

// A link that is only a moment in the video ("4:10", "▶ 0:20", "Watch from 2:16").
const MOMENT_LABEL = /^(?:[▶►]\s*|watch from\s+)?\d{1,2}(?::\d{2}){1,2}$/i;

/**
 * The article's sentences as a reader meets them: paragraphs, list items and block quotes (quoted
 * words and link text included; headings, code, images, links that are only a moment and a pull
 * quote's attribution line left out), split at sentence punctuation followed by a space.
 */
export function articleSentences(markdown: string): string[] {
  const out: string[] = [];
  for (const block of splitBlocks(markdown)) {
    if (block.kind === "code" || block.kind === "heading") continue;
    const lines = block.text
      .split("\n")
      .map((line) => line.replace(/^\s{0,3}(?:>\s*)*(?:[-*+]|\d{1,3}[.)])?\s*/, ""))
      .filter((line) => !/^[—–]\s/.test(line));
    // A list's items are sentences of their own; a paragraph's lines run on.
    const units = block.kind === "list" ? lines : [lines.join(" ")];
    for (const unit of units) {
      const text = unit
        .replace(/(!?)\[([^\]\n]*)\]\([^)\s]*\)/g, (_, image: string, label: string) =>
          image || MOMENT_LABEL.test(label.trim()) ? " " : label,
        )
        .replace(/\(\s*\)/g, " ")
        .replace(/[*_`]+/g, "")
        .replace(/\s+/g, " ")
        .trim();
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        if (!/[.!?…]/u.test(text[i])) continue;
        let end = i + 1;
        while (end < text.length && /[.!?…"”»’)]/u.test(text[end])) end++;
        if (end < text.length && text[end] !== " ") continue;
        const sentence = text.slice(from, end).trim();
        if (/[\p{L}\p{N}]/u.test(sentence)) out.push(sentence);
        from = end;
        i = end - 1;
      }
      const rest = text.slice(from).trim();
      if (/[\p{L}\p{N}]/u.test(rest)) out.push(rest);
    }
  }
  return out;
}

const wordCount = (sentence: string) => sentence.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The most words a sentence has in a row with no punctuation between them. */
export function longestUnpunctuated(sentence: string): number {
  let longest = 0;
  let run = 0;
  for (const token of sentence.split(/\s+/)) {
    if (/^["“«(—–-]/u.test(token)) run = 0;
    if (/[\p{L}\p{N}]/u.test(token)) run++;
    longest = Math.max(longest, run);
    if (closesClause(token)) run = 0;
  }
  return longest;
}

/**
 * The article's sentences that read as run-ons, quotations included: over `longest` words
 * (RUN_ON_WORDS, or what a custom style's references write; see runOnLine),
 * over UNPUNCTUATED_WORDS words in a row without punctuation, gluing a new clause onto a
 * finished one without punctuation (gluedClause), or stopping before they are finished
 * (unfinishedEnding: the other half of a run-on, where a repair cut in the wrong place). Each as "why: sentence" (the sentence cut to
 * 100 characters), for the report.
 */
export function runOnSentences(markdown: string, longest = RUN_ON_WORDS): string[] {
  const out: string[] = [];
  for (const sentence of articleSentences(markdown)) {
    const words = wordCount(sentence);
    const bare = longestUnpunctuated(sentence);
    const glued = gluedClause(sentence);
    const unfinished = unfinishedEnding(sentence);
    if (words > longest) out.push(`${words} words: ${sentence.slice(0, 100)}`);
    else if (bare > UNPUNCTUATED_WORDS) out.push(`${bare} words unpunctuated: ${sentence.slice(0, 100)}`);
    else if (glued) out.push(`"${glued}": ${sentence.slice(0, 100)}`);
    else if (unfinished) out.push(`ends on "${unfinished}": ${sentence.slice(0, 100)}`);
  }
  return out;
}
