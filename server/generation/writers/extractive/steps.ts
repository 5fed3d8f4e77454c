import { ENGLISH } from "./caption-words";
import { isFirstPerson } from "./filters";
import { isImperative } from "./instruction-promise";
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
 * One step of a method the speaker reads out: the sentence it starts at and, when that sentence
 * only names the step ("Step two is getting the tire off the rim."), the name and the sentence
 * after it, which says what to do.
 */
export interface SpokenStep {
  index: number;
  name?: string;
  does?: number;
  /** The sentences after the step that say more on it ("Quando levantar fervura, desliga o fogo."). */
  details?: number[];
  /** The sentence after the name keeps its capital (German, where nouns have one). */
  keepsCapital?: true;
}

/** The sentences a method's list is made of, kept out of the article's running text. */
export const stepSentences = (steps: readonly SpokenStep[]): number[] =>
  steps.flatMap((step) => [step.index, step.does, ...(step.details ?? [])].filter((i): i is number => i !== undefined));

/**
 * A step as a list item: the sentence it is ("Take the wheel off."), or its name and what to do
 * ("Getting the tire off the rim: push the bead into the center…").
 */
export function stepText(
  step: SpokenStep,
  sentence: (index: number) => string,
  /** Told in running text ("Then push the bead…"), the step's name is left out. */
  told = false,
): string {
  const more = (step.details ?? []).map((i) => ` ${sentence(i)}`).join("");
  return `${stepItem(step, sentence, told)}${more}`;
}

/** A step as stepText shows it, without the sentences that say more on it. */
function stepItem(step: SpokenStep, sentence: (index: number) => string, told: boolean): string {
  if (step.name === undefined) return withoutLabel(sentence(step.index));
  if (told && step.does !== undefined) return sentence(step.does);
  const name = step.name.charAt(0).toUpperCase() + step.name.slice(1).replace(/[\s.!?…,;:]+$/u, "");
  if (step.does === undefined) return `${name}.`;
  const then = sentence(step.does);
  return `${name}: ${step.keepsCapital || /^I\b/.test(then) ? then : then.charAt(0).toLowerCase() + then.slice(1)}`;
}

/**
 * The steps of a method read out in order, at least three counting up from 1 (a later "1" starts
 * over): caption lines that open with "Step 1", "1." or "1)"; else sentences that open on a step's
 * label ("Step two is…", "The first thing you need to do is…"); else, in auto captions, labels
 * said between the words. Empty when the transcript has no such run.
 */
export function transcriptSteps(plan: Plan): SpokenStep[] {
  return withDetails(plan, foundSteps(plan));
}

function foundSteps(plan: Plan): SpokenStep[] {
  if (plan.source !== "transcript") return [];
  // Labels that open sentences first: they tell a step's name from what to do.
  const named = namedSteps(plan);
  if (named.length >= 3) return named;
  const found = typedSteps(plan);
  if (found.length >= 3) return withTheirActions(plan, found);
  const spoken = plan.unpunctuated ? spokenSteps(plan) : [];
  if (spoken.length >= 3) return withTheirActions(plan, spoken);
  const counted = countedInstructions(plan);
  return counted.length >= 3 ? counted.map((index) => ({ index })) : [];
}

// Most sentences, and words, taken into a step as what the speaker says more on it.
const MAX_DETAILS = 2;
const MAX_DETAIL_WORDS = 40;
// Words of detail a whole method takes at most, by the article's length: the list is shown
// whole, so in a short article its details leave room for the rest.
const METHOD_DETAIL_WORDS = { short: 40, medium: 120, long: 300 } as const;
// A tip or an aside opens on its own label: it is no part of the step before it.
const OWN_LABEL =
  /^(?:(?:a|one|my|quick|pro|little)\s+)?(?:tip|note|warning|bonus)\b|^(?:(?:un|una|uma|ein|eine)\s+)?(?:consejo|truco|dica|conseil|astuce|tipp|hinweis)\b/iu;

/**
 * Each step with the sentences right after it (two at most) that say more on it before the next
 * step ("Primeiro passo: ferver o leite com o óleo e o sal. Quando levantar fervura,
 * desliga o fogo."): a recipe's step is read with its detail, not the detail in a paragraph
 * after the list. Not a label, a question, a tip of its own, another speaker's words, nor the
 * speaker's own "I" (which only a quotation may say).
 */
function withDetails(plan: Plan, steps: SpokenStep[]): SpokenStep[] {
  const sentences = plan.analysis.sentences;
  const language = plan.request.transcript?.language;
  const taken = new Set(stepSentences(steps));
  let left: number = METHOD_DETAIL_WORDS[plan.request.length];
  return steps.map((step, k) => {
    const bound = steps[k + 1]?.index ?? Number.POSITIVE_INFINITY;
    const details: number[] = [];
    let words = 0;
    for (let i = (step.does ?? step.index) + 1; details.length < MAX_DETAILS; i++) {
      const next = sentences[i];
      if (
        !next ||
        next.index >= bound ||
        taken.has(next.index) ||
        next.turn !== sentences[step.index].turn ||
        words + next.wordCount > Math.min(MAX_DETAIL_WORDS, left) ||
        isLabel(next.text) ||
        /\?["”]?\s*$/.test(next.text) ||
        OWN_LABEL.test(next.text) ||
        // "Yeah it looks silly.": a remark on the step, not more of it.
        /^(?:yeah|yes|yep|okay|ok|oh|wow|haha|right|sí|oui|ja|sim)\b/iu.test(next.text) ||
        // "Ab Juni gebe ich…" is the speaker's, not the article's: it stays a quotation.
        isFirstPerson(next.text, language)
      )
        break;
      taken.add(next.index);
      details.push(next.index);
      words += next.wordCount;
    }
    left -= words;
    return details.length ? { ...step, details } : step;
  });
}

/**
 * Steps at the sentences they open, where a sentence that only names its step ("Le repos.",
 * "The glaze.") takes the sentence after it as what to do, as a named label does.
 */
function withTheirActions(plan: Plan, indexes: readonly number[]): SpokenStep[] {
  const sentences = plan.analysis.sentences;
  const german = (plan.request.transcript?.language ?? "").toLowerCase().startsWith("de");
  const starts = new Set(indexes);
  return indexes.map((index) => {
    const said = withoutLabel(sentences[index].text)
      .replace(/[\s.!?…]+$/u, "")
      .trim();
    const words = said.split(/\s+/).filter(Boolean).length;
    const next = sentences[index + 1];
    const onlyNames = words > 0 && words <= SHORT_NAME_WORDS && !/[,;:]/.test(said);
    if (!onlyNames || !next || starts.has(next.index) || isLabel(next.text) || /\?\s*$/.test(next.text))
      return { index };
    return { index, name: said, does: next.index, ...(german ? { keepsCapital: true as const } : {}) };
  });
}

// "First, scoot all the way back…", "Second pull your chin back…": an instruction its ordinal counts.
const COUNTED =
  /^(?:(?:and|so|okay|ok|now|then)[,]?\s+)?(first|second|third|fourth|fifth|sixth)(?:ly)?\b,?\s+([\s\S]*)$/i;

/** Sentences that open on an ordinal and then say what to do, counting up from "first". */
function countedInstructions(plan: Plan): number[] {
  const marks: StepMark[] = [];
  for (const sentence of plan.analysis.sentences.slice(0, MAX_LINES)) {
    const m = COUNTED.exec(sentence.text);
    const verb = (/^\p{L}+/u.exec(m?.[2] ?? "")?.[0] ?? "").toLowerCase();
    if (!m || !(isImperative(m[2]) || ENGLISH.imperatives.has(verb))) continue;
    marks.push({ n: NUMBER_WORDS.get(m[1].toLowerCase()) ?? 0, index: sentence.index });
  }
  return longestCountingRun(marks);
}

// A sentence that opens on a step's label, after a filler ("So step two is getting the tire
// off", "Step 4: the patch.", "Paso tres, …"): the number, and what the sentence says after it.
const STEP_LABEL =
  /^(?:(?:so|and|okay|ok|now|alright|right|then|y|et|und|e|entonces|alors|dann)\b[,]?\s+){0,2}(?:step|paso|étape|etape|schritt|passo)\s+(?:number\s+|número\s+|numéro\s+|nummer\s+)?(\p{L}{1,12}|\d{1,2})\b\s*(?:[,:.–—-]\s*|(?:is|es|est|ist|é)\s+)?([\s\S]*)$/iu;
// "The first step is…", "The third step: …".
// "Primeiro passo: …", "Segundo paso, …", "Première étape : …", "Erster Schritt: …".
const ORDINAL_STEP =
  /^(?:(?:so|and|okay|ok|now|alright|then|y|e|et|und|entonces|alors|dann)\b[,]?\s+){0,2}(?:(?:the|el|la|o|a|le|der|die)\s+)?(first|second|third|fourth|fifth|sixth|primer|primero|primera|segundo|segunda|tercer|tercero|tercera|cuarto|cuarta|quinto|quinta|sexto|sexta|primeiro|primeira|terceiro|terceira|quarto|quarta|premier|première|deuxième|troisième|quatrième|cinquième|sixième|erster|erste|zweiter|zweite|dritter|dritte|vierter|vierte|fünfter|fünfte|sechster|sechste)\s+(?:step|paso|passo|étape|etape|schritt)\s*(?:[,:.–—-]\s*|(?:is|es|est|é|ist)\s+)([\s\S]*)$/iu;
// "The first thing you need to do is…": a method's first step, said without its number.
const FIRST_THING =
  /^(?:(?:so|and|okay|ok|now|alright|right)\b[,]?\s+){0,2}the\s+(?:very\s+)?first\s+thing\s+(?:you|we|I)(?:['’]ll|['’]re going to|\s+will|\s+need to|\s+have to|\s+want to|\s+should|\s+gotta|\s+got to)?\s+(?:do|want to do)\s+is\s+(?:to\s+)?([\s\S]*)$/iu;
// What a label sentence says after its number: the step's name ("getting the tire off the rim",
// "the patch") when it is a gerund or a few words, else an instruction of its own.
const NAME_LIKE =
  /^(?:\p{L}+ing|the|a|an|your|our|my|el|la|los|las|un|una|le|les|l['’]|une|der|die|das|den|dem|ein|eine|o|os|as|um|uma)(?![\p{L}])/iu;
// A name of a few words ("Gute Erde", "Düngen", "Richtig gießen") is a name too.
const SHORT_NAME_WORDS = 3;
const MAX_NAME_WORDS = 6;
// Longest sentence read as a step's label, in characters.
const MAX_LABEL_CHARS = 300;

function namedSteps(plan: Plan): SpokenStep[] {
  const sentences = plan.analysis.sentences;
  const language = (plan.request.transcript?.language ?? "en").slice(0, 2).toLowerCase();
  const german = language === "de";
  const marks: Array<StepMark & { step: SpokenStep }> = [];
  for (const sentence of sentences.slice(0, MAX_LINES)) {
    const text = sentence.text.slice(0, MAX_LABEL_CHARS);
    let n = 0;
    let rest = "";
    const label = STEP_LABEL.exec(text);
    const ordinal = label ? null : ORDINAL_STEP.exec(text);
    const first = label || ordinal ? null : FIRST_THING.exec(text);
    if (label) {
      n = NUMBER_WORDS.get(label[1].toLowerCase()) ?? (/^\d{1,2}$/.test(label[1]) ? Number(label[1]) : 0);
      rest = label[2];
    } else if (ordinal) {
      n = NUMBER_WORDS.get(ordinal[1].toLowerCase()) ?? 0;
      rest = ordinal[2];
    } else if (first) {
      n = 1;
      rest = first[1];
    }
    if (n === 0) continue;
    const said = rest.replace(/[\s.!?…]+$/u, "").trim();
    const words = said.split(/\s+/).filter(Boolean).length;
    if (words === 0) continue;
    const next = sentences[sentence.index + 1];
    const instruction = isInstruction(said, language);
    const names =
      words <= MAX_NAME_WORDS && (NAME_LIKE.test(said) || words <= SHORT_NAME_WORDS) && !first && !instruction;
    const step: SpokenStep =
      names && next && !isLabel(next.text) && !/\?\s*$/.test(next.text)
        ? { index: sentence.index, name: said, does: next.index, ...(german ? { keepsCapital: true as const } : {}) }
        : { index: sentence.index, name: said };
    marks.push({ n, index: sentence.index, step });
  }
  const run = longestCountingRun(marks);
  return run.map((index) => marks.find((m) => m.index === index)!.step);
}

/**
 * Whether what a label says is an instruction of its own, not a step's name: an English
 * imperative ("Remove the tire"), a Romance infinitive first ("escaldar o polvilho", "mezclar la
 * harina"), a German one last ("die Milch aufkochen").
 */
function isInstruction(said: string, language: string): boolean {
  if (language === "de") return /(?:^|\s)\p{Ll}+en$/u.test(said);
  if (language === "es" || language === "pt" || language === "fr")
    return /^\p{L}+(?:ar|er|ir|re)(?![\p{L}])/iu.test(said);
  return isImperative(said);
}

/** Whether a sentence opens on a step's label of any kind. */
const isLabel = (text: string) => {
  const head = text.slice(0, MAX_LABEL_CHARS);
  return STEP_LABEL.test(head) || ORDINAL_STEP.test(head) || FIRST_THING.test(head) || STEP.test(head);
};

/** A step's sentence without the label it opens with ("Step 1: Mix…", "Erster Schritt: die Milch…"). */
function withoutLabel(text: string): string {
  const head = text.slice(0, MAX_LABEL_CHARS);
  const counted = COUNTED.exec(head);
  const rest =
    STEP.exec(head)?.[3] ??
    ORDINAL_STEP.exec(head)?.[2] ??
    // "First, scoot all the way back…": the list's number says "first".
    (counted && NUMBER_WORDS.has(counted[1].toLowerCase()) ? counted[2] : undefined) ??
    // "Sixième et dernière étape la cuisson" (captions without punctuation).
    spokenOrdinalRest(head);
  if (rest === undefined || rest.trim() === "") return text;
  const body = rest + text.slice(MAX_LABEL_CHARS);
  return body.charAt(0).toUpperCase() + body.slice(1);
}

const SPOKEN_ORDINAL =
  /^(\p{L}+)\s+(?:(?:and|et|y|e|und)\s+(\p{L}+)\s+)?(?:step|paso|étape|etape|schritt|passo)\s+([\s\S]+)$/iu;

/** What follows "Deuxième étape" in a sentence that opens on it, or undefined. */
function spokenOrdinalRest(head: string): string | undefined {
  const m = SPOKEN_ORDINAL.exec(head);
  if (!m || !ORDINAL_WORDS.has(m[1].toLowerCase()) || (m[2] && !LAST_WORDS.has(m[2].toLowerCase()))) return undefined;
  return m[3];
}

/** Caption lines that open with "Step 1", "1." or "1)": the sentences they became. */
function typedSteps(plan: Plan): number[] {
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
    // The sentence a step became opens with the words after its label, or with the label itself.
    const sentenceOf = (rest: string) => byStart.get(key(rest)) ?? byStart.get(key(segment.text));
    if (m) labelled.push({ n: Number(m[1] ?? m[2]), index: sentenceOf(m[3]) });
    const ordinal = m ? null : ORDINAL_STEP.exec(segment.text.slice(0, MAX_LABEL_CHARS));
    const n = ordinal ? (NUMBER_WORDS.get(ordinal[1].toLowerCase()) ?? 0) : 0;
    if (ordinal && n > 0) labelled.push({ n, index: sentenceOf(ordinal[2]) });
  }
  return longestCountingRun(labelled);
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
// Ordinals that open a step in the other framed languages ("Primeiro passo", "Erster Schritt").
for (const [names, n] of [
  ["primer primero primera primeiro primeira premier première erster erste", 1],
  ["segundo segunda deuxième zweiter zweite", 2],
  ["tercer tercero tercera terceiro terceira troisième dritter dritte", 3],
  ["cuarto cuarta quarto quarta quatrième vierter vierte", 4],
  ["quinto quinta cinquième fünfter fünfte", 5],
  ["sexto sexta sixième sechster sechste", 6],
] as const)
  for (const name of names.split(" ")) NUMBER_WORDS.set(name, n);
const NUMBER_LABEL = new Set("number número numéro nummer".split(" "));
// Ordinal words (not cardinals: "deux étapes" counts steps, it does not name one).
const ORDINAL_WORDS = new Set(
  [...NUMBER_WORDS.keys()].filter(
    (w) =>
      !/^(?:one|two|three|four|five|six|seven|eight|nine|ten|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|un|une|deux|trois|quatre|cinq|sept|huit|neuf|dix|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|um|uma|dois|duas|três|sete|oito|nove|dez)$/.test(
        w,
      ),
  ),
);
const LAST_WORDS = new Set("last final dernière dernier última último letzte letzter".split(" "));
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
    // "première étape la pâte", "sixième et dernière étape", "second step": the ordinal first.
    const ordinal = ORDINAL_WORDS.has(words[i]) ? (NUMBER_WORDS.get(words[i]) ?? 0) : 0;
    if (ordinal > 0) {
      const last = /^(?:and|et|y|e|und)$/.test(words[i + 1]) && LAST_WORDS.has(words[i + 2]) ? i + 3 : i + 1;
      if (!STEP_WORDS.has(words[last] ?? "")) continue;
      const index =
        byBody.get(words.slice(last + 1, last + 5).join(" ")) ?? byBody.get(words.slice(i, i + 4).join(" "));
      spoken.push({ n: ordinal, index });
      continue;
    }
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

// The article's own words for a method told in sentences, in each framed language: how many
// steps it runs to, and the words that carry a reader from one step to the next.
interface MethodWords {
  intro(count: string): string;
  first: string;
  next: readonly string[];
  last: string;
  /** Counts as words, 0 to 12. */
  counts: readonly string[];
  /** Whether a step's first word may go to lower case after a lead (not German nouns). */
  lowers: boolean;
}

const METHOD_WORDS: Record<string, MethodWords> = {
  en: {
    intro: (count) => `The method runs to ${count} steps.`,
    first: "First,",
    next: ["Then", "Next,", "After that,"],
    last: "Finally,",
    counts: "zero one two three four five six seven eight nine ten eleven twelve".split(" "),
    lowers: true,
  },
  es: {
    intro: (count) => `El método tiene ${count} pasos.`,
    first: "Primero,",
    next: ["Después,", "A continuación,", "Luego,"],
    last: "Por último,",
    counts: "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce".split(" "),
    lowers: true,
  },
  pt: {
    intro: (count) => `O método tem ${count} passos.`,
    first: "Primeiro,",
    next: ["Depois,", "Em seguida,", "Logo após,"],
    last: "Por fim,",
    counts: "zero um dois três quatro cinco seis sete oito nove dez onze doze".split(" "),
    lowers: true,
  },
  fr: {
    intro: (count) => `La méthode compte ${count} étapes.`,
    first: "D'abord,",
    next: ["Ensuite,", "Puis,", "Après cela,"],
    last: "Enfin,",
    counts: "zéro une deux trois quatre cinq six sept huit neuf dix onze douze".split(" "),
    lowers: true,
  },
  de: {
    intro: (count) => `Die Methode hat ${count} Schritte.`,
    first: "Zuerst:",
    next: ["Dann:", "Danach:", "Anschließend:"],
    last: "Zum Schluss:",
    counts: "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split(" "),
    lowers: false,
  },
};

/** Whether a method can be told in sentences in a language (its words are above). */
export const tellsSteps = (lang: string | null) => (lang ?? "en") in METHOD_WORDS;

/**
 * A method told as sentences, for a style without lists (a news story, a reference that uses
 * none): "The method runs to six steps. First, take the wheel off. Then let out the air…
 * Finally, pump it up." Each step stays a sentence of its own, so a long method is never one
 * run-on. In English, Spanish, Portuguese, French and German; null in other languages.
 */
export function stepsAsSentences(steps: readonly string[], lang: string | null): string | null {
  const words = METHOD_WORDS[lang ?? "en"];
  if (!words || steps.length < 2) return null;
  const count = words.counts[steps.length] ?? String(steps.length);
  const sentences = steps.map((step, k) => {
    const body = step.trim().replace(/[.;:,]+$/, "");
    const lead = k === steps.length - 1 ? words.last : k === 0 ? words.first : words.next[(k - 1) % words.next.length];
    const text =
      words.lowers && /^\p{Lu}\p{Ll}/u.test(body) && !/^I\b/.test(body)
        ? body.charAt(0).toLowerCase() + body.slice(1)
        : body;
    return `${lead} ${text}.`;
  });
  return [words.intro(count), ...sentences].join(" ");
}
