import type { Plan } from "./plan";
import { STEP_WORDS } from "./spoken-commas";

// A method the speaker reads out as numbered steps ("Step 1: mix…", "2. Add…"), found in the
// transcript's own lines: the sentences it became, in order, so an article can list them all.

const STEP =
  /^\s*(?:(?:step|paso|étape|etape|schritt|passo)\s*(\d{1,2})\s*[:.)–—-]?|(\d{1,2})\s*[.)](?!\d))\s*(\S.*)$/iu;
// Longest transcript read for steps, in caption lines.
const MAX_LINES = 5000;

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .join(" ");

/**
 * The sentences of a method read out as numbered steps, in step order: at least three caption
 * lines that open with "Step 1", "1." or "1)" and count up from 1 (a later "1" starts over).
 * Empty when the transcript has no such run.
 */
export function transcriptSteps(plan: Plan): number[] {
  const segments = plan.request.transcript?.segments ?? [];
  if (plan.source !== "transcript" || segments.length === 0) return [];
  const byStart = new Map<string, number>();
  for (const sentence of plan.analysis.sentences) {
    const k = key(sentence.text);
    if (k && !byStart.has(k)) byStart.set(k, sentence.index);
  }
  const labelled: StepMark[] = [];
  for (const segment of segments.slice(0, MAX_LINES)) {
    const m = STEP.exec(segment.text);
    if (m) labelled.push({ n: Number(m[1] ?? m[2]), index: byStart.get(key(m[3])) });
  }
  let best = longestCountingRun(labelled);
  if (best.length < 3 && plan.unpunctuated) best = spokenSteps(plan);
  return best.length >= 3 ? best : [];
}

// Step numbers as auto captions spell them, 1 to 10, in the languages the caption repair knows.
const NUMBER_WORDS = new Map<string, number>();
for (const names of [
  "one two three four five six seven eight nine ten",
  "uno dos tres cuatro cinco seis siete ocho nueve diez",
  "un deux trois quatre cinq six sept huit neuf dix",
  "eins zwei drei vier fünf sechs sieben acht neun zehn",
  "um dois três quatro cinco seis sete oito nove dez",
])
  for (const [k, name] of names.split(" ").entries()) NUMBER_WORDS.set(name, k + 1);
for (const [name, n] of [
  ["une", 1],
  ["uma", 1],
  ["duas", 2],
  ["first", 1],
  ["second", 2],
  ["third", 3],
  ["fourth", 4],
  ["fifth", 5],
  ["sixth", 6],
] as const)
  NUMBER_WORDS.set(name, n);
const NUMBER_LABEL = new Set("number número numéro nummer".split(" "));
const FILLER = new Set("um uh erm hmm".split(" "));
// Longest caption text read for spoken steps, in words.
const MAX_WORDS = 60000;

/**
 * A method read out as steps in auto captions ("step one take the wheel off … step two let out
 * the air"): the caption repair drops each label (spoken-commas.ts), so the sentence a step
 * became is the one that opens with the words said after its label. Same run rule as typed steps.
 */
function spokenSteps(plan: Plan): number[] {
  const words: string[] = [];
  for (const segment of plan.request.transcript?.segments ?? []) {
    for (const word of segment.text
      .replace(/\[[^\]]*\]/g, " ")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]/gu, " ")
      .split(/\s+/))
      if (word && !FILLER.has(word) && words.length < MAX_WORDS) words.push(word);
  }
  // Sentences by their first words, less a leading "and"/"so" the label stood after.
  const byBody = new Map<string, number>();
  for (const sentence of plan.analysis.sentences) {
    const body = prefix4(key(sentence.text).replace(/^(?:and|so|then|now|okay|y|et|und|e) /, ""));
    if (body && !byBody.has(body)) byBody.set(body, sentence.index);
  }
  const spoken: StepMark[] = [];
  for (let i = 0; i + 2 < words.length; i++) {
    if (!STEP_WORDS.has(words[i])) continue;
    const at = NUMBER_LABEL.has(words[i + 1]) ? i + 2 : i + 1;
    const n = NUMBER_WORDS.get(words[at]) ?? (/^\d{1,2}$/.test(words[at]) ? Number(words[at]) : 0);
    if (n === 0) continue;
    const index = byBody.get(words.slice(at + 1, at + 5).join(" ")) ?? byBody.get(withoutYouKnow(words, at + 1));
    spoken.push({ n, index });
  }
  return longestCountingRun(spoken);
}

/** A step label found in the source: its number, and the sentence it opens (if one was found). */
interface StepMark {
  n: number;
  index: number | undefined;
}

/**
 * The longest run of steps counting up from 1 (a later 1 starts over), as sentence indexes: a
 * step out of order, without its sentence, or repeating one already in the run is passed over.
 */
function longestCountingRun(marks: readonly StepMark[]): number[] {
  let best: number[] = [];
  let run: number[] = [];
  let expected = 1;
  for (const { n, index } of marks) {
    if (n === 1) {
      run = [];
      expected = 1;
    }
    if (n !== expected || index === undefined || run.includes(index)) continue;
    run.push(index);
    expected++;
    if (run.length > best.length) best = [...run];
  }
  return best;
}

const prefix4 = (text: string) => text.split(" ").slice(0, 4).join(" ");

/** The four words from words[from] on without a filler "you know" ("let out you know whatever"), as a sentence's text has them. */
function withoutYouKnow(words: readonly string[], from: number): string {
  const out: string[] = [];
  for (let j = from; j < words.length && out.length < 4; j++) {
    if (words[j] === "you" && words[j + 1] === "know") j++;
    else out.push(words[j]);
  }
  return out.join(" ");
}

// The article's own words that carry a reader from one step to the next, in order.
const STEP_LEADS = ["First,", "Then", "Next,", "After that,"];

/**
 * A method told as sentences, for a style without lists (a news story, a reference that uses
 * none): "The method runs to six steps. First, take the wheel off. Then let out the air… Finally,
 * pump it up." Each step stays a sentence of its own, so a long method is never one run-on.
 * English only (null otherwise): the leads are English words.
 */
export function stepsAsSentences(steps: readonly string[], lang: string | null): string | null {
  if ((lang !== null && lang !== "en") || steps.length < 2) return null;
  const count = STEP_COUNT[steps.length] ?? String(steps.length);
  const sentences = steps.map((step, k) => {
    const body = step.trim().replace(/[.;:,]+$/, "");
    const lead = k === steps.length - 1 ? "Finally," : k === 0 ? STEP_LEADS[0] : STEP_LEADS[1 + ((k - 1) % 3)];
    const text =
      /^\p{Lu}\p{Ll}/u.test(body) && !/^I\b/.test(body) ? body.charAt(0).toLowerCase() + body.slice(1) : body;
    return `${lead} ${text}.`;
  });
  return [`The method runs to ${count} steps.`, ...sentences].join(" ");
}

const STEP_COUNT = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
