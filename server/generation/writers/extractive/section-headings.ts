import type { FrameLanguage } from "./frames";
import { withArticleFrom } from "./headline-lang";
import { instructionHeading } from "./instruction-headings";
import { headingFromPhrases, isNounPhrase, type KeyPhrase } from "./keyphrases";
import { nameWordsOf } from "./name-parts";
import { spokenHeadings } from "./spoken-headings";
import { capitalise, isGenreWord, isStopword, STOPWORDS, stem } from "./tokens";

/**
 * Headings for sections found by topic (a video without chapters), the way an editor writes them:
 * the speaker's own announcement of the part ("Fixing a flat", "Which loan to pay first") or a
 * question they ask ("Is tubeless worth it?"), else the section's strongest noun phrase with its
 * article ("The rim brake"), two phrases only when the speaker names them together ("Timeouts and
 * retries"), and only then the older pair of key phrases.
 */

export interface SectionHeadingInput {
  /** Every sentence of the source, by index. */
  sentences: readonly string[];
  from: number;
  to: number;
  /** No section follows (an announcement at the very end still belongs to this one). */
  last: boolean;
  /** The section's distinct key phrases, best first, and all of them (see headingFromPhrases). */
  phrases: readonly KeyPhrase[];
  all: readonly KeyPhrase[];
  lang: FrameLanguage | null;
  /** headingKey of the headings of earlier sections. */
  taken: ReadonlySet<string>;
  /** The article's title, which no heading repeats. */
  title: string;
  /**
   * The channel and the person who speaks: their names head no section ("Sonne und Jonas Weber"),
   * nor (the person's) any part of one ("Sonne und Jonas"); nor does anyone the video quotes by
   * name (`people`: "Claire Fontaine", "Dank und Keller"), since a name says who, not what.
   */
  names?: { channel: string; person: string | null; people?: readonly string[] };
  /** What the description says the video covers, item by item (describedTopics). */
  described?: readonly string[];
  /** What the title lists the video covers (titleListTopics): a heading only on a long word said. */
  titleListed?: readonly string[];
  /** An interviewer's sentences, by index, with the person each calls on (spokenHeading). */
  asked?: ReadonlyMap<number, { name: string | null }>;
}

export interface ChosenHeading {
  heading: string;
  /** The heading as it reads in running text, or null when it does not read there. */
  topic: string | null;
  /**
   * The sentence the heading restates whole ("Mistake number one: using your starter before it's
   * ready."), which the section then leaves out rather than say twice; null when there is none.
   */
  restated?: number | null;
}

/** A heading's identity for telling repeats: the stems of its content words. */
export function headingKey(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // "The value metric" repeats "Value metrics": articles and endings aside, the same words.
  const content = words.filter((w) => !STOPWORDS.has(w));
  return (content.length > 0 ? content : words).map(stem).join(" ");
}

const CONJUNCTIONS: Record<FrameLanguage, readonly string[]> = {
  en: ["and", "or"],
  es: ["y", "o", "e"],
  fr: ["et", "ou"],
  de: ["und", "oder"],
  pt: ["e", "ou"],
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Stems said at least twice in the section, plus those of its key phrases. */
function relevance(texts: readonly string[], phrases: readonly KeyPhrase[]): (s: string) => boolean {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []) {
      const s = stem(word);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  }
  const keyStems = new Set(phrases.slice(0, 6).flatMap((p) => p.key.split(" ")));
  return (s) => keyStems.has(s) || (counts.get(s) ?? 0) >= 2;
}

/** The speaker's own name for the part that covers most of the section. */
function spokenChoice(input: SectionHeadingInput, relevant: (s: string) => boolean): ChosenHeading | null {
  if (!input.lang) return null;
  const { from, to } = input;
  const size = to - from;
  // A line in the last two sentences announces the next section; one just before this one, this.
  const end = input.last || size <= 4 ? to : to - 2;
  const all = spokenHeadings(input.sentences, from > 0 ? from - 2 : from, end, input.lang, relevant, input.asked);
  // An interview's part is headed by the question that opens it, or by none of its questions: a
  // later one ("What's next for Bello?") would head answers to another.
  const asked = input.asked;
  let opening = from;
  while (opening < to && asked && !asked.has(opening)) opening++;
  let answered = opening;
  while (answered < to && asked?.has(answered)) answered++;
  const found = asked ? all.filter((h) => !asked.has(h.at) || (h.at >= opening && h.at < answered)) : all;
  const minimum = Math.max(2, Math.ceil(size * 0.25));
  const parts = found
    .map((candidate, k) => ({
      candidate,
      cover: (k + 1 < found.length ? found[k + 1].at : to) - Math.max(candidate.at, from),
    }))
    .filter((p) => p.cover >= minimum && fresh(input, p.candidate.heading));
  if (parts.length === 0) return null;
  const best = parts.reduce((a, b) => (b.cover > a.cover ? b : a));
  // No topic: a transition ("Next, she turns to fixing a flat.") would echo the speaker's own
  // announcement ("Alright, fixing a flat.").
  // The announcing line adds nothing under a heading that says it ("Now, the chain.").
  const line = input.sentences[best.candidate.at] ?? "";
  const restated = wordCount(line) <= wordCount(best.candidate.heading) + 4 ? best.candidate.at : null;
  const chosen = { heading: best.candidate.heading, topic: null, restated };
  // A section holding two announced parts, neither most of it, names both, in order ("The
  // cable stretching and the chain"), when both are names rather than questions or labels.
  const other = parts.find((p) => p !== best);
  if (best.cover * 2 > size || !other || !best.candidate.topic || !other.candidate.topic) return chosen;
  const [first, second] = other.candidate.at < best.candidate.at ? [other, best] : [best, other];
  const joined = `${first.candidate.heading} ${CONJUNCTIONS[input.lang][0]} ${second.candidate.topic}`;
  return wordCount(joined) <= 7 && fresh(input, joined) ? { heading: joined, topic: null } : chosen;
}

/** A how-to section that opens on an instruction about its key thing: "Replacing the chain". */
function instructionChoice(input: SectionHeadingInput, usable: readonly KeyPhrase[]): ChosenHeading | null {
  const central = new Set(usable.slice(0, 2).flatMap((p) => p.key.split(" ")));
  for (let i = input.from; i < Math.min(input.to, input.from + 2); i++) {
    const found = instructionHeading(input.sentences[i], (s) => central.has(s));
    if (!found) continue;
    const { heading, verb } = found;
    // The section keeps doing it ("replace" again later), not one step among many.
    const again = input.sentences.slice(i + 1, input.to).some((t) => ` ${t.toLowerCase()} `.includes(` ${verb} `));
    if (again && fresh(input, heading)) {
      return { heading, topic: heading.charAt(0).toLowerCase() + heading.slice(1) };
    }
  }
  return null;
}

/** Two phrases the speaker names together ("timeouts and retries"): parallel things. */
function pairedChoice(input: SectionHeadingInput, usable: readonly KeyPhrase[], text: string): ChosenHeading | null {
  const top = usable.slice(0, 4);
  const conjunctions = CONJUNCTIONS[input.lang ?? "en"];
  for (let i = 0; i < top.length; i++) {
    for (let j = 0; j < top.length; j++) {
      if (i === j || (i > 0 && j > 0)) continue;
      const [a, b] = [top[i], top[j]];
      if (a.key.split(" ").some((w) => b.key.split(" ").includes(w))) continue;
      const joined = conjunctions.find((c) => text.includes(`${a.text.toLowerCase()} ${c} ${b.text.toLowerCase()}`));
      if (!joined) continue;
      const heading = capitalise(`${a.text} ${joined} ${b.text}`);
      if (wordCount(heading) <= 7 && fresh(input, heading)) return { heading, topic: null };
    }
  }
  return null;
}

/** "and" in the article's language; Spanish "e" before an "i" sound ("precios e impuestos"). */
export function conjunction(glued: string, lang: Exclude<FrameLanguage, "en">): string {
  const next = glued.split(" and ")[1] ?? "";
  if (lang === "es" && /^h?i(?!e)/i.test(next)) return "e";
  return CONJUNCTIONS[lang][0];
}

// Irregular past forms: a phrase ending in one is a clause ("customers chose"), not a name.
const PAST_FORMS = new Set(
  "chose knew grew drew threw wrote rode drove ran began became broke spoke froze fell held led lost meant met sat stood taught understood won wore hung hit did saw".split(
    " ",
  ),
);

/**
 * The item of the description's list of what the video covers that this section talks about
 * most ("The first year's losses", "Why wholesale comes first"): at least half its content words
 * said in the section (by their first five letters: "accounting" and "accountant"), the first
 * such item on a tie (descriptions list them in the video's order, and a used one is taken).
 */
function describedChoice(input: SectionHeadingInput, texts: readonly string[]): ChosenHeading | null {
  const listed = input.titleListed ?? [];
  if (!input.described?.length && listed.length === 0) return null;
  const root = (word: string) => stem(word.replace(/['’]s$/, "")).slice(0, 5);
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const said = new Set(words(texts.join(" ")).map(root));
  let best: { item: string; score: number } | null = null;
  for (const item of [...(input.described ?? []), ...listed]) {
    const content = words(item).filter((w) => !STOPWORDS.has(w) && w.length > 2);
    // A single word ("rent") makes a one-word heading, which says less than an editor's would.
    if (content.length === 0 || item.trim().split(/\s+/).length < 2 || !fresh(input, item)) continue;
    const found = content.filter((w) => said.has(root(w)));
    // Half its words, and two of them or one long one ("accounting"), not "do" and "work" alone.
    if (found.length * 2 < content.length || (found.length < 2 && !found.some((w) => w.length >= 5))) continue;
    // A title's item needs a long word of its own ("friends", not "first week") said where the
    // part opens, or it heads a part about something else that mentions it at the end.
    if (!input.described?.includes(item)) {
      const opening = new Set(words(texts.slice(0, 3).join(" ")).map(root));
      if (!found.some((w) => w.length >= 6 && opening.has(root(w)))) continue;
    }
    const score = found.length / content.length;
    if (!best || score > best.score) best = { item, score };
  }
  return best ? { heading: capitalise(best.item), topic: best.item } : null;
}

/** Neither a repeat of an earlier heading nor the title itself. */
function fresh(input: SectionHeadingInput, heading: string): boolean {
  return !isTaken(input.taken, heading) && headingKey(heading) !== headingKey(input.title);
}

/**
 * Whether a heading repeats one already used, or one says all the other says ("The customers"
 * after "Existing customers").
 */
export function isTaken(taken: ReadonlySet<string>, heading: string): boolean {
  const key = headingKey(heading);
  if (taken.has(key)) return true;
  const words = key.split(" ");
  return [...taken].some((other) => {
    const otherWords = other.split(" ");
    return words.every((w) => otherWords.includes(w)) || otherWords.every((w) => words.includes(w));
  });
}

const NUMBER_WORD =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)(?:-|$)/;

/** A key phrase that can name a section: no function word ("qué"), no clause ("customers chose"). */
function isNamingPhrase(phrase: KeyPhrase): boolean {
  if (!isNounPhrase(phrase)) return false;
  const words = phrase.text.toLowerCase().split(" ");
  if (words.some(isStopword)) return false;
  // "Queijo mineiro e canal Cozinha", "Sonne und Kanal": the channel or the kind of video names no section.
  if (words.some((w) => isGenreWord(w))) return false;
  // "twenty-nine dollars" is an amount, not a subject.
  if (NUMBER_WORD.test(words[0])) return false;
  return !(words.length > 1 && PAST_FORMS.has(words[words.length - 1]));
}

/** How often a word follows a determiner ("the chain", "a worn chain"): a noun, not "inside". */
function determined(word: string, texts: readonly string[], adjective = true): number {
  const pattern = new RegExp(
    `(?:^|\\s)(?:the|a|an|your|this|that|our|my|their)\\s${adjective ? "(?:\\p{L}+\\s)?" : ""}${word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\\s.,;:!?]|$)`,
    "gu",
  );
  return texts.reduce((n, t) => n + (t.toLowerCase().match(pattern)?.length ?? 0), 0);
}

// Forms of address: "Frau" in "Frau Keller" names no subject, nor does "señora" or "Mr".
const ADDRESS = new Set(
  "mr mrs ms miss sir madam dr frau herr fräulein señor señora señorita don doña monsieur madame mademoiselle senhor senhora dona".split(
    " ",
  ),
);

/** The section's strongest noun phrase on its own, with its article ("The rim brake"). */
function phraseChoice(
  input: SectionHeadingInput,
  usable: readonly KeyPhrase[],
  texts: readonly string[],
): ChosenHeading | null {
  const top = usable[0];
  if (!top) return null;
  const english = input.lang === "en";
  // "cooking inside", "stale faster": no thing to name.
  const multiword = usable.filter(
    (p) =>
      p.key.includes(" ") &&
      // Said once, only the strongest, and only as a noun ("of student loans", "the rim tape").
      (p.count >= 2 || (p === top && (/[^s]s$/.test(p.text) || determined(p.text, texts, false) >= 1))) &&
      p.score >= top.score * 0.4 &&
      !/(?:ing|ed|ly|er)$/.test(p.text) &&
      // "existing customers" names people; "cooking inside" names nothing.
      (!/^\S+ing\s/.test(p.text) || /[^s]s$/.test(p.text) || determined(p.text, texts, false) >= 1),
  );
  // A lone word with its article ("the chain", "la inflación"), when the text uses it as a noun.
  const single = usable
    .slice(0, 3)
    .filter(
      (p) =>
        !p.key.includes(" ") &&
        p.count >= 2 &&
        p.score >= top.score * 0.5 &&
        (english ? p.text === p.text.toLowerCase() && determined(p.text, texts) >= 2 : p === top),
    );
  for (const phrase of [...multiword, ...single]) {
    let topic = phrase.text;
    if (input.lang === "en") topic = phrase.key.includes(" ") ? withArticle(phrase.text) : `the ${phrase.text}`;
    else if (input.lang) topic = withArticleFrom(phrase.text, texts, input.lang);
    if (wordCount(topic) < 2 || wordCount(topic) > 7) continue;
    const heading = capitalise(topic);
    if (fresh(input, heading)) return { heading, topic };
  }
  return null;
}

/**
 * An English key phrase as it reads in a sentence: a lowercase phrase ending in a singular noun
 * gets "the" ("the avalanche method"); plurals and names stay as they are.
 */
export function withArticle(phrase: string): string {
  const words = phrase.split(" ");
  const last = words[words.length - 1];
  const plural = /s$/.test(last) && !/(?:ss|us|is)$/.test(last);
  // A common noun led by a proper adjective ("Dutch oven", "French press") takes "the" too; a
  // name ("Mill Street", "Maya Chen") does not.
  const rest = words.slice(1).join(" ");
  const common = phrase === phrase.toLowerCase() || (words.length > 1 && rest === rest.toLowerCase());
  if (!common || plural || /^\d/.test(phrase) || /^(?:the|a|an)\s/i.test(phrase)) {
    return phrase;
  }
  return `the ${phrase}`;
}

// The words that join a noun to its complement ("golpe de calor", "pão de queijo", "cost of writes").
const OF = ["de", "of", "do", "da", "du", "des", "del"];

/**
 * "Golpe de calor" for the pair "Golpe and calor" when the section's words (lower case) say the
 * two as one phrase; null otherwise.
 */
function compound(glued: string | null, text: string): string | null {
  const m = glued ? /^(.+?) and (.+)$/.exec(glued) : null;
  if (!m) return null;
  const [first, second] = [m[1], m[2]];
  for (const of of OF) {
    if (
      text.includes(` ${first.toLowerCase()} ${of} ${second.toLowerCase()}`) ||
      text.startsWith(`${first.toLowerCase()} ${of} ${second.toLowerCase()}`)
    )
      return `${first} ${of} ${second}`;
  }
  return null;
}

/** The heading of a section found by topic, or null when nothing fits (the caller numbers it). */
export function sectionHeading(input: SectionHeadingInput): ChosenHeading | null {
  const texts = input.sentences.slice(input.from, input.to);
  const text = texts.join(" ").toLowerCase();
  const people = [input.names?.person ?? "", ...(input.names?.people ?? [])].filter(Boolean);
  const whole = new Set([input.names?.channel ?? "", ...people].filter(Boolean).map((n) => n.toLowerCase()));
  const parts = nameWordsOf(people);
  const naming = (p: KeyPhrase) =>
    isNamingPhrase(p) &&
    !whole.has(p.text.toLowerCase()) &&
    !p.text
      .toLowerCase()
      .split(" ")
      .some((w) => parts.has(w));
  const usable = input.phrases.filter(naming);
  // Relevance counts the lines just before the section too, where its announcement may be.
  const around = input.sentences.slice(Math.max(0, input.from - 2), input.to);
  const spoken = spokenChoice(input, relevance(around, input.phrases));
  if (spoken) return spoken;
  const described = describedChoice(input, texts);
  if (described) return described;
  const instruction = input.lang === "en" ? instructionChoice(input, usable) : null;
  if (instruction) return instruction;
  const chosen = pairedChoice(input, usable, text) ?? phraseChoice(input, usable, texts);
  if (chosen) return chosen;
  // The older pair of key phrases, with no form of address in it ("Dank und Frau").
  const named = (p: KeyPhrase) => naming(p) && !ADDRESS.has(p.text.toLowerCase());
  const glued = headingFromPhrases(usable.filter(named), input.all.filter(named), { sentenceCase: true });
  // The pair is joined in the article's language ("Tasa y precios", "Hefe und Mehl"), unless the
  // video says it as one thing ("golpe de calor", "pão de queijo"): then that is the heading.
  const compounded = compound(glued, text);
  const heading =
    compounded ??
    (glued && input.lang && input.lang !== "en"
      ? glued.replace(" and ", ` ${conjunction(glued, input.lang)} `)
      : glued);
  if (!heading || !fresh(input, heading)) return null;
  // In running text the first word keeps the case the section gives it ("the chart", "Mill Street").
  const first = heading.split(" ")[0];
  const lowered = heading.charAt(0).toLowerCase() + heading.slice(1);
  const topic =
    text.includes(` ${first.toLowerCase()} `) && !/^\p{Lu}/u.test(input.phrases[0]?.text ?? "") ? lowered : heading;
  // A pair reads in running text in no language ("Stadtgespräch spricht auch über Kaffee und
  // Brötchen" said what the heading guessed as if the video had said it).
  const paired = !compounded && / and /.test(glued ?? "");
  return { heading, topic: paired ? null : input.lang === "en" ? withArticle(topic) : topic };
}
