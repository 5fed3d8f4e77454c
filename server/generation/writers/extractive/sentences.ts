import type { TranscriptSegment } from "../../types";
import { ENGLISH } from "./caption-words";
import { isInstruction, isUntrusted } from "./filters";

/** One readable sentence of a transcript, with the moment it starts in the video. */
export interface Sentence {
  /** Position in the transcript's sentence list. */
  index: number;
  /** Cleaned, capitalised and punctuated for reading (not for quoting: see `quote`). */
  text: string;
  /**
   * The speaker's own words the sentence was cleaned from, for a quotation that opens with it:
   * verbatim except for um/uh, case and punctuation (shared/design/decisions.md, "Quotation
   * policy"), from the first word the cleaned sentence keeps.
   */
  quote: string;
  /**
   * Every word the speaker said from the end of the sentence before to the end of this one
   * (`from` to `to`), as `quote` shows them: for a quotation that continues into this sentence.
   */
  spoken: string;
  /** Speaker turn; consecutive sentences of one speaker share it (0 when no change is marked). */
  turn: number;
  /**
   * Where the sentence's words are among the transcript's words, [from, to): a sentence follows
   * another directly in the video when its `from` is the other's `to` (see `follows`).
   */
  from: number;
  to: number;
  /** Seconds from the start of the video; null when the transcript has no timings. */
  start: number | null;
  end: number | null;
  wordCount: number;
  /**
   * A sentence too short to keep came right before it and said something ("Thirty-one.", not
   * "Yeah."): a pointer back in this one ("That's how many…") points at words the writer left out.
   */
  afterDropped?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Filler

/** Caption tags: "[Music]", "(applause)", "♪ … ♪". */
export const BRACKET_TAG =
  /\[[^\]\n]{0,40}\]|\((?:music|applause|laughter|laughs|laughing|inaudible|silence|cheering|crosstalk|music playing|upbeat music|intro music)\)|♪[^♪\n]{0,200}♪|[♪♫]/giu;
const HESITATION = /(^|[\s,.!?;:—–-])(?:u+m+|u+h+|uhm+|erm+|hmm+|mhm+)(?=$|[\s,.!?;:—–-])[,.]?/giu;
// German ("um acht Uhr", "um zu") and Portuguese ("um pão", "um de cada vez") write "um" as a
// word: there only a drawn-out "umm" is a hesitation.
const HESITATION_UM_WORD = /(^|[\s,.!?;:—–-])(?:u+m{2,}|u{2,}m+|u+h+|uhm+|erm+|hmm+|mhm+)(?=$|[\s,.!?;:—–-])[,.]?/giu;
/** Whether "um" is a word in a language (BCP 47 code), not a hesitation. */
export const umIsAWord = (language: string | null | undefined) => /^(?:de|pt)(?:$|-)/i.test(language ?? "");
// Hesitations that are words elsewhere: German "er" (he, it), Spanish and Portuguese "ah", "eh".
const ENGLISH_HESITATION = /(^|[\s,.!?;:—–-])(?:ah+|eh+|er)(?=$|[\s,.!?;:—–-])[,.]?/giu;
// Words a speaker of another language may say twice on purpose ("die Frau, die die Katze sah").
const MEANT_TWICE = /^(?:that|had|is|very|so|die|der|das|den|dem|sie|es|que|de|la|le|les|lo|a|o|e)$/i;

/**
 * Removes what a reader should not see from speech: caption tags ("[Music]", "[Applause]",
 * "♪ … ♪"), hesitations ("um", "uh"), discourse filler ("you know", "I mean" and "like" used as
 * filler), stutters ("th- the") and accidental repetitions ("the the", "I I I"). Meaningful uses
 * ("do you know the answer", "I like it") are kept.
 */
export function stripFiller(text: string, english = true, language = ""): string {
  let out = text
    .replace(/&gt;&gt;|>>/g, " ")
    .replace(BRACKET_TAG, " ")
    .replace(/\s+/g, " ");
  out = out.replace(umIsAWord(language) ? HESITATION_UM_WORD : HESITATION, "$1");
  if (english) out = out.replace(ENGLISH_HESITATION, "$1");
  // "you know" as filler: set off by commas, at a clause edge, or "you know what I mean".
  out = out
    .replace(/,?\s*\byou know what i mean\b[,?]?/gi, "")
    .replace(/(^|[.!?]\s+|,\s*)you know,\s*/gi, "$1")
    .replace(/,\s*you know(?=[,.!?]|$)/gi, "")
    .replace(/(^|[.!?]\s+)(?:i mean|like),\s*/gi, "$1")
    .replace(/,\s*like,\s*/gi, ", ")
    .replace(/\blike,? like\b/gi, "like")
    .replace(/^(?:you know|i mean)\s+(?=\p{L})/iu, "")
    // Unpunctuated, "you know" is filler where no clause can start: after a preposition or a
    // determiner ("the end of you know the morning"), before a preposition or "whatever".
    .replace(
      /\b(of|on|in|at|to|the|a|an|your|my|his|her|their|our|its|is|are|was|were|for|with|from|by) you know (?=\p{L})/giu,
      "$1 ",
    )
    .replace(/ you know (?=(?:on|in|at|like|whatever|basically)\b)/gi, " ")
    .replace(/\s+you know$/i, "");
  if (english) out = unpunctuatedFiller(out);
  // Stutters: "th- the", "w- what".
  out = out.replace(/\b([\p{L}]{1,4})-\s+(?=\1)/giu, "");
  // Repeated words or two-word groups: "the the", "I I I", "and then and then". "that that" and
  // "had had" can be grammatical and are kept.
  // The repeat must end where the word does: "the operator, the operator's software" is not one.
  out = out.replace(/\b([\p{L}']+(?:\s+[\p{L}']+)?)(?:[\s,]+\1\b(?!['’-]?\p{L}))+/giu, (whole, group: string) =>
    (english ? /^(that|had|is|very|so)$/i : MEANT_TWICE).test(group) ? whole : group,
  );
  return out
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;:])(?=[,.!?;:])/g, "")
    .replace(/^[\s,;:.]+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

// Words after which "you know" is a question or a clause of its own ("do you know", "if you know").
const KNOW_TAKES = new Set(
  `do did does don't didn't if as when that what how so now and but or because whether why who which where
  all everything thing things anything something nothing than`.split(/\s+/),
);
const KNOW_FILLER_AFTER = new Set(
  "means mean meant like just really basically probably maybe actually literally".split(" "),
);
// What a filler "you know" can be followed by in unpunctuated speech: a verb cannot follow a real
// "you know" ("the last part you know is tight"), nor can a clause after a noun ("pads you know there are").
const AUXILIARY = /^(?:is|are|was|were|has|had|will|would|can|could|should|does|doesn't|isn't|aren't|wasn't)$/;
const CLAUSE_OPENER = /^(?:there|it's|that's|there's|i|we|they|he|she|i'm|we're|they're)$/;
// People a real "you know" can follow, with its clause: "the people you know there".
const TAKES_CLAUSE_BEFORE_KNOW = new Set("people person someone somebody anyone everyone guys".split(" "));
const SUBJECT_AFTER = /^(?:you|i|we|they|he|she|there's|it's|you're|i'm|we're|they're)$/;

/**
 * "You know", "I mean" and "like" as filler inside unpunctuated speech, where no commas mark
 * them: "the last part you know is always tight", "on rim brake pads you know there are little
 * grooves", "clean the chain before you know you lube it", "a big one means you know a broken
 * spoke", "and I mean it's hard", "it's like really hard". Meaningful uses stay: "do you know
 * what", "if you know there's traffic", "what you know is", "before you know it", "I like really
 * spicy food", "I mean it". One pass over the words.
 */
function unpunctuatedFiller(text: string): string {
  const tokens = text.split(" ");
  const out: string[] = [];
  const bare = (k: number) => (tokens[k] ?? "").toLowerCase();
  for (let i = 0; i < tokens.length; i++) {
    const before = out.length ? out[out.length - 1].toLowerCase() : "";
    const plainBefore = /^[\p{L}']+$/u.test(before) ? before : "";
    const next = bare(i + 2);
    const after = bare(i + 3);
    if (bare(i) === "you" && bare(i + 1) === "know" && plainBefore && !KNOW_TAKES.has(plainBefore)) {
      const filler =
        (AUXILIARY.test(next) && !/^(?:what|all|everything)$/.test(plainBefore)) ||
        (CLAUSE_OPENER.test(next) && !TAKES_CLAUSE_BEFORE_KNOW.has(plainBefore) && !!after) ||
        (/^(?:before|until|once|after|while)$/.test(plainBefore) && SUBJECT_AFTER.test(next) && !!after) ||
        (KNOW_FILLER_AFTER.has(plainBefore) && /^(?:a|an|the)$/.test(next));
      if (filler) {
        i++;
        continue;
      }
    }
    if (
      bare(i) === "i" &&
      bare(i + 1) === "mean" &&
      /^(?:and|but|so|because|yeah|okay|well|honestly)$/.test(plainBefore)
    ) {
      if (/^(?:it's|that's|there's|you|we|they|it|he|she|if|this|like|honestly|really|yeah)$/.test(next)) {
        i++;
        continue;
      }
    }
    if (
      bare(i) === "like" &&
      /^(?:it's|that's|was|is|it|just|and|but|so|are|were)$/.test(plainBefore) &&
      /^(?:really|super|totally|literally|basically|actually|so|very|kind|sort|pretty)$/.test(bare(i + 1))
    )
      continue;
    out.push(tokens[i]);
  }
  return out.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Casing and punctuation

const ACRONYMS = `ai api apis aws gpu gpus cpu cpus sql css html http https url urls json xml ui ux usa uk eu
nasa fbi cia ceo ceos cto cfo seo saas roi kpi kpis mvp ios pc pcs tv diy faq ml llm llms gpt nyc covid dna rna
os vpn ssd ram lcd led gps cli ide sdk npm pdf png mp3 mp4 iot vr ar nba nfl fifa bbc cnn dj usb wifi cpu`;

const PROPER = `Google YouTube JavaScript TypeScript Python Postgres PostgreSQL MySQL SQLite MongoDB Redis Linux
Microsoft Facebook Instagram Twitter TikTok Netflix OpenAI ChatGPT GitHub iPhone iPad Android Docker Kubernetes
English Spanish French German Chinese Japanese American European British Africa African Europe America Asia
China India Japan Ghana Nigeria London Paris Celsius Fahrenheit Dutch Spanish Italian Monday Tuesday Wednesday Thursday Friday Saturday Sunday January
February April June July August September October November December Elasticsearch Wikipedia Amazon's Spotify
Tesla Bitcoin Ethereum Figma Reddit LinkedIn Node.js Kotlin Anthropic
Afghanistan Albania Algeria Argentina Armenia Australia Austria Azerbaijan Bangladesh Belarus Belgium Bolivia
Bosnia Brazil Bulgaria Cambodia Cameroon Canada Colombia Croatia Cuba Cyprus Denmark Ecuador Egypt England
Estonia Ethiopia Finland France Germany Greece Guatemala Haiti Honduras Hungary Iceland Indonesia Iran Iraq
Ireland Israel Italy Jamaica Kazakhstan Kenya Korea Kosovo Kuwait Latvia Lebanon Libya Lithuania Luxembourg
Madagascar Malaysia Mexico Moldova Mongolia Morocco Mozambique Myanmar Nepal Netherlands Nicaragua Norway
Pakistan Palestine Panama Paraguay Peru Philippines Poland Portugal Qatar Romania Russia Rwanda Scotland
Senegal Serbia Singapore Slovakia Slovenia Somalia Spain Sudan Sweden Switzerland Syria Taiwan Tanzania
Thailand Tunisia Uganda Ukraine Uruguay Venezuela Vietnam Wales Yemen Zambia Zimbabwe Antarctica Oceania
Australian Brazilian Canadian Mexican Indian Russian Swedish Norwegian Finnish Irish Scottish Welsh Greek
Korean Vietnamese Thai Indonesian Egyptian Kenyan Nigerian Ghanaian Portuguese Swiss Austrian Belgian
Ukrainian Israeli Iranian Pakistani Argentinian Colombian Chilean Peruvian Cuban Asian Arab Arabic Scandinavian
Mediterranean Caribbean Atlantic Pacific Berlin Madrid Rome Tokyo Beijing Shanghai Sydney Melbourne Toronto
Vancouver Montreal Chicago Boston Seattle Texas California Florida Dubai Lisbon Dublin Amsterdam Brussels Vienna
Prague Warsaw Moscow Istanbul Cairo Lagos Nairobi Accra Kumasi Mumbai Delhi Seoul Bangkok Manchester Edinburgh
Glasgow Liverpool Bristol Barcelona Munich Hamburg Milan Naples Athens Stockholm Oslo Copenhagen Helsinki Zurich
Geneva México Perú España Brasil Alemania Francia Inglaterra Italia Japón Sudamérica Latinoamérica Europa África
Allemagne Angleterre Espagne Italie Belgique Suisse Québec Afrique Amérique Deutschland Österreich Schweiz
Frankreich Spanien Italien Alemanha Espanha Itália`;

export const BUILTIN_CASE: ReadonlyMap<string, string> = new Map([
  ...ACRONYMS.split(/\s+/)
    .filter(Boolean)
    .map((w): [string, string] => [w, w === "ios" ? "iOS" : w === "wifi" ? "Wi-Fi" : w.toUpperCase()]),
  ...PROPER.split(/\s+/)
    .filter(Boolean)
    .map((w): [string, string] => [w.toLowerCase(), w]),
]);

const ACRONYM_SET: ReadonlySet<string> = new Set(ACRONYMS.split(/\s+/).filter(Boolean));

/** Whether a lowercase word is a well-known acronym ("api", "gpu", "nasa"). */
export function isKnownAcronym(word: string): boolean {
  return ACRONYM_SET.has(word.toLowerCase());
}

/**
 * Proper nouns and acronyms as the video's own metadata spells them, plus a built-in list, to
 * restore casing in auto captions. From sentence-case prose (the description): words capitalised
 * in the middle of a sentence, mixed-case words ("PostgreSQL") and short all-caps words ("GPU").
 * From title-case text (titles, chapter titles), where every word may be capitalised or shouted:
 * mixed-case words only.
 */
export function buildCaseMap(prose: readonly string[], titles: readonly string[] = []): Map<string, string> {
  const map = new Map(BUILTIN_CASE);
  // Words the prose also writes in lower case are common nouns that a name capitalised ("Main
  // Street" beside "closing the street"): they keep their case.
  const lowered = new Set<string>();
  for (const text of prose)
    for (const word of text.slice(0, 20_000).match(/(?<![\p{L}\p{N}'’.-])\p{Ll}[\p{Ll}'’-]*/gu) ?? [])
      lowered.add(word);
  const scan = (text: string, titleCase: boolean) => {
    // Chapter lists, bullet lists and short unpunctuated lines are title-like, not prose.
    const lines = titleCase
      ? [text]
      : text
          .split(/\n+/)
          .filter((line) => !/^\s*(?:(?:\d{1,2}:)?\d{1,2}:\d{2}|[-*•]|\d+[.)])/.test(line))
          .filter((line) => /[.!?]/.test(line) || line.split(/\s+/).length > 8);
    for (const sentence of lines.flatMap((line) => line.split(/(?<=[.!?:])\s+/))) {
      const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}.'’+#-]*[\p{L}\p{N}+#]|[\p{L}]/gu) ?? [];
      const capital = tokens.map((token) => /^\p{Lu}\p{Ll}/u.test(token));
      tokens.forEach((token, position) => {
        const lower = token.toLowerCase();
        if (lower.length < 2 || COMMON_WORDS.has(lower)) return;
        const mixed = /\p{Ll}/u.test(token) && /\p{Lu}/u.test(token.slice(1));
        const allCaps = token.length <= 4 && token === token.toUpperCase() && /\p{Lu}/u.test(token);
        // An organisation's name runs to three capitals or more and its later words are often
        // common nouns ("the Northside Bike Kitchen"): only its first word is a name of its own.
        const inLongName = capital[position - 1] && (capital[position - 2] || capital[position + 1]);
        const midCapital = position > 0 && capital[position] && !inLongName;
        if (mixed) map.set(lower, token);
        else if (!titleCase && (allCaps || (midCapital && !lowered.has(lower))) && !map.has(lower))
          map.set(lower, token);
      });
    }
  };
  for (const text of prose) scan(text, false);
  for (const text of titles) scan(text, true);
  return map;
}

// Words never treated as proper nouns even when a title capitalises them.
const COMMON_WORDS = new Set(
  `a an the and or but so of to in on at for with from by as is are was were be it its this that these those
  how why what when where who which your you we our my i me us they them their he she his her not no yes do
  does did can will would should could have has had new best top first last next all every more most vs
  video part episode official full live explained guide tutorial review update`.split(/\s+/),
);

// ("Do that ten times", "Do this every hour": an instruction, not a question; "who pays for…" is one.)
const QUESTION_START =
  /^(?:(?:what|why|how|who|where|when|which)(?:'s|\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|if|about|happens)\b)|who\s+[a-z]{2,}s\s|(?:do(?!\s+(?:this|that|it)\s+(?:every|each|again|now|twice|once|first|for|with|before|after|daily|until|right|a\s+few|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b)|does|did|is|are|was|were|can|could|should|would|will|have|has|isn't|aren't|don't|doesn't|didn't|can't|won't)\s+(?:you|we|i|it|they|he|she|this|that|there|anyone|anybody|everyone)\b)/i;

// A unit that is only a spoken label and its topic ("last thing gears", "one more thing brakes").
const SPOKEN_LABEL =
  /^((?:(?:okay|ok|so|and),?\s)?(?:(?:one\s)?(?:last|next|final|more)\sthing|next\sup))\s(\p{L}+)$/iu;

// Longest unit read as one question; past 12 words only when no clause starts inside it.
const MAX_QUESTION_WORDS = 26;
// A clause of its own inside a unit: a contracted subject and verb, or a pronoun subject after
// "and", "but", "so" or "because" ("…and it's true", "…so you can…").
const RUN_ON_CLAUSE =
  /\b(?:it's|that's|there's|here's|i'm|you're|we're|they're|he's|she's|i've|you've|we've|they've|i'll|you'll|we'll|they'll)\b|\b(?:and|but|so|because)\s+(?:i|you|we|they|he|she|it|that|this|there)\b/i;

/**
 * A quotation read aloud written as one: 'she wrote, quote, "We are two towns." End quote.'
 * becomes 'she wrote, "We are two towns."' (the marks already say what "quote" said).
 */
export function withoutSpokenQuoteMarks(text: string): string {
  if (!/quote/i.test(text)) return text;
  return text
    .replace(/,?\s(?:quote|quote unquote)[,:]?\s(?=["“])/gi, ", ")
    .replace(/(["”])\s?[.,]?\s?(?:end quote|end of quote|close quote|unquote)\b[.,]?/gi, "$1")
    .replace(/^(?:end quote|end of quote|close quote|unquote)\b[.,]?\s*/i, "");
}

// "Here's the big one", "here is my last tip", "here's the thing": a pointer to what follows it,
// set off with a colon when an instruction follows it in the same unit ("…raise your screen").
const HERE_IS_THE_ONE =
  /^((?:(?:okay|ok|so|and|now),?\s+)?here(?:'s|’s|\s+is)\s+(?:the|my|one|a)(?:\s+(?:big|main|first|second|third|last|final|key|real|best|golden|simple|whole|one|other|important))?\s+(?:one|thing|tip|trick|secret|rule|part|point|fix|idea))\s+(?=\p{L})/iu;

/**
 * Makes a unit of speech readable: restores casing ("i" -> "I", known proper nouns and acronyms),
 * capitalises the first letter, sets off opening interjections with a comma and ends it with a
 * full stop or, for questions, a question mark.
 */
export function tidySentence(text: string, caseMap: ReadonlyMap<string, string> = BUILTIN_CASE): string {
  let out = text.replace(/\s+/g, " ").trim();
  if (!out) return out;
  out = out.replace(/[\p{L}\p{N}][\p{L}\p{N}.'’+#-]*[\p{L}\p{N}+#]|[\p{L}]/gu, (word) => {
    if (word === "i") return "I";
    if (/^i['’](m|ve|ll|d)$/i.test(word)) return `I${word.slice(1).toLowerCase()}`;
    if (word !== word.toLowerCase()) return word;
    const known = caseMap.get(word);
    if (known) return known;
    const possessive = /^(.+)['’]s$/.exec(word);
    if (possessive) {
      const base = caseMap.get(possessive[1]);
      if (base) return `${base}'s`;
    }
    return word;
  });
  out = out.replace(
    /^(okay|ok|alright|all right|well|yeah|right|anyway|now)\s+(so|now|and|but|well|the|i|we|you|this|let's|here|mistake|step|first|next|that's|it's|there's)\b/i,
    "$1, $2",
  );
  // "Here's the big one raise your screen": what the pointer names follows it, after a colon.
  const pointer = HERE_IS_THE_ONE.exec(out);
  const next = pointer ? (/^\p{L}+/u.exec(out.slice(pointer[0].length))?.[0] ?? "").toLowerCase() : "";
  if (pointer && ENGLISH.imperatives.has(next)) out = `${pointer[1]}: ${out.slice(pointer[0].length)}`;
  // "Last thing gears": a spoken label before its topic, set off with a colon.
  out = out.replace(SPOKEN_LABEL, "$1: $2");
  out = out.replace(/^[^\p{L}\p{N}"“]+/u, "");
  out = out.charAt(0).toUpperCase() + out.slice(1);
  if (!/[.!?…]["”’)]*$/.test(out)) {
    out = out.replace(/[,;:—–-]+$/, "");
    const bare = out.replace(/^(?:(?:okay|ok|alright|all right|well|yeah|right|anyway|now|so|and|but)[,\s]+)+/i, "");
    // A long "question" is often a question run into a statement ("Why does it matter and it's
    // true you can build…"): a full stop reads better, unless nothing after its opening starts a
    // clause of its own ("Should you get one if your house is well insulated and your boiler is
    // old?").
    const size = bare.split(" ").length;
    const question =
      QUESTION_START.test(bare) && (size <= 12 || (size <= MAX_QUESTION_WORDS && !RUN_ON_CLAUSE.test(bare)));
    out += question ? "?" : ".";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Punctuated text

const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof sr jr st vs etc e.g i.e eg ie inc ltd co corp dept fig approx no vol ed est min max jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k a.m p.m".split(
    " ",
  ),
);

/** A sentence of a text, with where it lies in the text (whitespace collapsed, trimmed). */
export interface ProseSpan {
  text: string;
  /** [from, to) in the collapsed text; the words a split left out lie between two spans. */
  from: number;
  to: number;
}

/**
 * Splits punctuated prose into sentences: at ".", "!", "?" or "…" followed by a capital, digit or
 * opening quote, but not after abbreviations ("Dr.", "e.g."), initials or decimals. Sentences over
 * 45 words are cut at a semicolon, dash or ", and"-style joint near the middle.
 * Its callers split text nobody vouches for (a video's description, comments), so untrusted
 * sentences (isUntrusted: markup, tokens, instructions to a model) are left out, and a text that
 * gives a model instructions anywhere gives no sentences at all: the rest is its payload.
 */
export function splitProse(text: string): string[] {
  if (isInstruction(text)) return [];
  return splitProseSpans(text)
    .map((span) => span.text)
    .filter((sentence) => !isUntrusted(sentence));
}

/** splitProse with each sentence's place in the text (see ProseSpan). */
export function splitProseSpans(text: string): ProseSpan[] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) return [];
  const out: ProseSpan[] = [];
  const boundary = /([.!?…]+)(["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
  let last = 0;
  const push = (from: number, to: number) => {
    const raw = clean.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ text: trimmed, from: from + lead, to: from + lead + trimmed.length });
  };
  for (const match of clean.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[1].length + match[2].length;
    if (match[1] === ".") {
      const before = clean.slice(last, match.index);
      const word = /([\p{L}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? "";
      if (ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/\.$/, "")) || /^\p{L}$/u.test(word)) continue;
    }
    push(last, end);
    last = (match.index ?? 0) + match[0].length;
  }
  if (last < clean.length) push(last, clean.length);
  return keepQuotationsWhole(
    clean,
    out.flatMap((s) => splitLong(s, 45)).filter((s) => s.text),
  );
}

/** Whether a double quotation is open after `text`, given whether one was open before it. */
function openAfter(text: string, open = false): boolean {
  for (const ch of text) {
    if (ch === "“") open = true;
    else if (ch === "”") open = false;
    else if (ch === '"') open = !open;
  }
  return open;
}

/**
 * A quotation of several sentences ('she wrote, "The water came up… By midnight… forget."')
 * stays one sentence, so no part of it is read without its opening or its close; one that does
 * not close within a few sentences is left split (a stray mark, not a quotation).
 */
function keepQuotationsWhole(clean: string, spans: ProseSpan[]): ProseSpan[] {
  const out: ProseSpan[] = [];
  for (let i = 0; i < spans.length; i++) {
    let span = spans[i];
    if (openAfter(span.text)) {
      let words = span.text.split(" ").length;
      for (let j = i + 1; j < spans.length && j <= i + 3; j++) {
        words += spans[j].text.split(" ").length;
        if (words > 70) break;
        if (!openAfter(spans[j].text, true)) {
          span = { text: clean.slice(span.from, spans[j].to), from: span.from, to: spans[j].to };
          i = j;
          break;
        }
      }
    }
    out.push(span);
  }
  return out;
}

function splitLong(span: ProseSpan, max: number): ProseSpan[] {
  const sentence = span.text;
  const count = sentence.split(" ").length;
  if (count <= max) return [span];
  const joints = [...sentence.matchAll(/(?:;|\s[—–]|,)\s+(?:and|but|so|because|which|while|although)?\s*/g)];
  const middle = sentence.length / 2;
  let best: RegExpMatchArray | null = null;
  for (const joint of joints) {
    const at = joint.index ?? 0;
    if (at < sentence.length * 0.25 || at > sentence.length * 0.75) continue;
    if (!best || Math.abs(at - middle) < Math.abs((best.index ?? 0) - middle)) best = joint;
  }
  if (!best) return [span];
  const at = best.index ?? 0;
  const headText = sentence.slice(0, at).replace(/[,;\s—–]+$/, "");
  const head = { text: `${headText}.`, from: span.from, to: span.from + headText.length };
  const tailFrom = at + best[0].length;
  let tail = sentence.slice(tailFrom).trim();
  tail = tail.charAt(0).toUpperCase() + tail.slice(1);
  // The joint's conjunction ("and", "but") is in neither part: it lies between the two spans.
  return [...splitLong(head, max), ...splitLong({ text: tail, from: span.from + tailFrom, to: span.to }, max)];
}

// ---------------------------------------------------------------------------------------------
// Captions

/** Whether a transcript carries its own sentence punctuation (manual captions usually do). */
export function isPunctuated(segments: readonly TranscriptSegment[]): boolean {
  let words = 0;
  let stops = 0;
  for (const segment of segments) {
    words += segment.text.split(/\s+/).filter(Boolean).length;
    stops += (segment.text.match(/[.!?…](?=\s|$|["'”’)])/g) ?? []).length;
  }
  return words > 0 && stops / words >= 1 / 40;
}
