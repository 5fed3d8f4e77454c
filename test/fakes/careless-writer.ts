import { countWords, formatTimestamp, timestampUrl } from "../../server/content/text";
import type { FakeLlmBehaviour, FakeLlmHandler, FakeLlmRequest } from "./llm-server";
import { type PromptMaterial, promptText, readPrompt, requestKind, type SourceLine } from "./writer-prompt";

export { type PromptMaterial, type RequestKind, readPrompt, requestKind, type SourceLine } from "./writer-prompt";

/**
 * Articles a model might write, composed from the writer's own prompt: a faithful one (real
 * verbatim quotations with the moments they were said), and careless ones that invent quotations
 * or experts, misquote, link to the wrong moments or drop the links. Each is a pure function of
 * the request (seeded by its text), so a test can ask `inventedMaterial` afterwards what a mode
 * made up and check that none of it reached the stored article.
 */

export const WRITER_MODES = [
  "faithful",
  "invent-quotes",
  "invent-experts",
  "paraphrase-in-quotes",
  "bad-moments",
  "no-links",
  "all",
] as const;
export type WriterMode = (typeof WRITER_MODES)[number];

export interface CarelessOptions {
  /** Answer revision requests faithfully (a model that fixes what it is told to fix). */
  fixesOnRevision?: boolean;
}

/** What a mode made up for one answer (empty for a faithful answer). */
export interface InventedMaterial {
  /** Quotations printed that are not in the sources: invented, the experts', and altered real ones. */
  quotes: string[];
  /** Altered quotations with the transcript sentence each was altered from. */
  altered: { quote: string; original: string }[];
  /** Invented people as printed ("Dr. Helena Marsh") and their invented affiliations. */
  names: string[];
  affiliations: string[];
  /** Moment links that point past the end of the video or far from the words they follow. */
  links: { url: string; seconds: number; reason: "past-end" | "far-from-words" }[];
  /** True when the answer left out the moment links on purpose. */
  omitsLinks: boolean;
}

/** The reply behaviour of a model in `mode`, for `server.setDefault(careless("invent-quotes"))`. */
export function careless(mode: WriterMode, options: CarelessOptions = {}): FakeLlmHandler {
  return (request): FakeLlmBehaviour => ({ type: "reply", text: carelessAnswer(mode, request, options) });
}

/** What a model in `mode` answers: a plan, notes, or an article in the writer's envelope. */
export function carelessAnswer(mode: WriterMode, request: FakeLlmRequest, options: CarelessOptions = {}): string {
  return compose(mode, request, options).text;
}

/** A faithful article in the envelope, whatever the request asked (the range defaults to 400-600). */
export function realisticArticle(request: FakeLlmRequest): string {
  return writeArticle("faithful", readPrompt(request), seededRandom(promptText(request))).text;
}

/** Ground truth for tests: the quotations, people and links `mode` invented for this request. */
export function inventedMaterial(
  mode: WriterMode,
  request: FakeLlmRequest,
  options: CarelessOptions = {},
): InventedMaterial {
  return compose(mode, request, options).invented;
}

/**
 * A short plan in the plan call's layout (PEG or THESIS, SPEAKERS, SECTIONS, QUOTES by line
 * number), never an article. It leaves out the header line on purpose: the words that mark a plan
 * request never appear in an answer, so no later prompt can carry them by accident. In the expert
 * modes the plan also names an invented expert, which the plan parser must drop.
 */
export function planAnswer(request: FakeLlmRequest, mode: WriterMode = "faithful"): string {
  return writePlan(mode, readPrompt(request), seededRandom(promptText(request))).text;
}

function writePlan(mode: WriterMode, material: PromptMaterial, rng: Rng) {
  const invented = emptyInvented();
  const sections = buildSections(material, rng);
  const quotes = pickQuotes(material, rng, 4).filter((q) => q.number !== null);
  const angle = material.style === "nyt" ? "PEG" : "THESIS";
  const speakers = [`- ${material.channel} | presenter`];
  if (mode === "invent-experts" || mode === "all") {
    const expert = EXPERTS[rng.int(EXPERTS.length)];
    speakers.push(`- ${expert.name} | ${expert.role}`);
    invented.names.push(expert.name);
    invented.affiliations.push(expert.affiliation);
  }
  const text = [
    `${angle}: ${capitalize(paraphrase(material, allLines(material), rng))}`,
    "SPEAKERS:",
    ...speakers,
    "SECTIONS:",
    ...sections.map((s) => `- ${s.seconds === null ? "" : `t=${s.seconds} | `}${s.heading}`),
    ...(quotes.length ? ["QUOTES:", ...quotes.map((q) => `- L${q.number} | ${material.channel}`)] : []),
  ].join("\n");
  return { text, invented };
}

// ---------------------------------------------------------------------------------------------
// Composing

interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

function seededRandom(text: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * Math.max(1, n));
  return { next, int, pick: (items) => items[int(items.length)] };
}

interface Quote {
  text: string;
  seconds: number | null;
  number: number | null;
}

interface Section {
  heading: string;
  seconds: number | null;
  lines: SourceLine[];
  /** Sentences of the first paragraph after the opening one: quotations and whatever a mode adds. */
  extras: string[];
  fill: string[];
}

function emptyInvented(): InventedMaterial {
  return { quotes: [], altered: [], names: [], affiliations: [], links: [], omitsLinks: false };
}

function compose(mode: WriterMode, request: FakeLlmRequest, options: CarelessOptions) {
  const kind = requestKind(request);
  const effective = kind === "revision" && options.fixesOnRevision ? "faithful" : mode;
  const material = readPrompt(request);
  const rng = seededRandom(promptText(request));
  if (kind === "plan") return writePlan(effective, material, rng);
  if (kind === "notes") {
    const maxWords = Number(/At most (\d+) words/.exec(promptText(request))?.[1] ?? 400);
    return writeNotes(effective, material, rng, maxWords);
  }
  if (kind === "other")
    return { text: `- ${paraphrase(material, allLines(material), rng)}`, invented: emptyInvented() };
  return writeArticle(effective, material, rng);
}

const QUOTE_CHARS = /["“”„«»[\]‹<>*_`#|]/;

/** Sentences (or, in unpunctuated captions, runs of words) that can be quoted word for word. */
function quoteCandidates(material: PromptMaterial): Quote[] {
  const out: Quote[] = [];
  for (const line of material.lines) {
    if (material.source === "notes") {
      for (const m of line.text.matchAll(/"([^"]{20,220})"/g))
        out.push({ text: m[1].trim(), seconds: line.seconds, number: line.number });
      continue;
    }
    const sentences = line.text.split(/(?<=[.!?…])\s+|(?<=[。！？])/u).map((s) => s.trim());
    const good = sentences.filter((s) => s.length >= 25 && s.length <= 220 && !QUOTE_CHARS.test(s));
    if (good.length) out.push(...good.map((text) => ({ text, seconds: line.seconds, number: line.number })));
    else if (!QUOTE_CHARS.test(line.text)) {
      const words = line.text.split(/\s+/);
      if (words.length >= 12)
        out.push({ text: words.slice(2, 14).join(" "), seconds: line.seconds, number: line.number });
    }
  }
  return out;
}

function pickQuotes(material: PromptMaterial, rng: Rng, count: number): Quote[] {
  const candidates = quoteCandidates(material);
  const picked: Quote[] = [];
  // Spread over the transcript: one from each stretch.
  for (let i = 0; i < count && candidates.length; i++) {
    const from = Math.floor((i * candidates.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * candidates.length) / count));
    const quote = candidates[from + rng.int(to - from)];
    if (!picked.includes(quote)) picked.push(quote);
  }
  return picked;
}

function allLines(material: PromptMaterial): SourceLine[] {
  if (material.lines.length) return material.lines;
  const fromMetadata = [
    ...material.chapters.map((c) => ({ seconds: c.seconds, text: c.title, number: null })),
    ...material.description
      .split(/(?<=[.!?])\s+|\n+/)
      .filter((s) => /\p{L}{3}/u.test(s) && !/https?:/.test(s))
      .map((text) => ({ seconds: null, text, number: null })),
    { seconds: null, text: material.title, number: null },
  ];
  return fromMetadata.some((l) => l.text.split(/\s+/).length >= 4)
    ? fromMetadata
    : [
        ...fromMetadata,
        { seconds: null, text: "The video explains how the idea works in practice and why it matters", number: null },
      ];
}

function buildSections(material: PromptMaterial, rng: Rng): Section[] {
  const lines = allLines(material);
  const section = (heading: string, seconds: number | null, part: SourceLine[]): Section => ({
    heading,
    seconds,
    lines: part.length ? part : lines,
    extras: [],
    fill: [],
  });
  const planned = material.planSections.length >= 2 && material.planSections.every((s) => s.seconds !== null);
  if (planned || material.chapters.length >= 3 || (material.chapters.length >= 2 && material.source === "none")) {
    const chapters = planned
      ? material.planSections.map((s) => ({ seconds: s.seconds!, title: s.title }))
      : material.chapters.slice(0, 6);
    return chapters.map((c, i) => {
      const end = chapters[i + 1]?.seconds ?? Number.POSITIVE_INFINITY;
      const part = material.lines.filter((l) => l.seconds !== null && l.seconds >= c.seconds && l.seconds < end);
      return section(c.title, c.seconds, part);
    });
  }
  const count = Math.min(4, Math.max(1, Math.ceil(lines.length / 2)));
  const used = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const part = lines.slice(Math.floor((i * lines.length) / count), Math.floor(((i + 1) * lines.length) / count));
    return section(headingFor(part, used, rng), part[0]?.seconds ?? null, part);
  });
}

const HEADINGS = [
  (a: string, b: string) => `${a} and ${b}`,
  (a: string) => `Why ${a.toLowerCase()} matters`,
  (a: string, b: string) => `${a}, ${b.toLowerCase()} and what follows`,
  (a: string) => `A closer look at ${a.toLowerCase()}`,
];

/** A heading from the words a stretch of the transcript uses most (long words, so mostly not function words). */
function headingFor(lines: SourceLine[], used: Set<string>, rng: Rng): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    for (const word of cleanWords(line.text)) {
      const key = stripEnd(word).toLowerCase();
      if (key.length >= 5 && !GENERIC.has(key) && !used.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [a, b] = [...counts.entries()].sort((x, y) => y[1] - x[1] || y[0].length - x[0].length).map(([word]) => word);
  if (!a) return "Overview";
  used.add(a);
  if (b) used.add(b);
  return capitalize(rng.pick(HEADINGS)(capitalize(a), b ?? a));
}

function cleanWords(text: string): string[] {
  return text
    .replace(/["“”„«»[\]‹<>*_`#|()]/g, " ")
    .split(/\s+/)
    .filter((w) => w && w !== "-" && w !== "–");
}

const stripEnd = (text: string) => text.replace(/[\s.,;:!?…。！？、-]+$/u, "");
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Lowercases the first word of a clipped sentence, unless the sources use it as a name. */
const lowerFirst = (text: string, names: ReadonlySet<string>) => {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? "";
  return /^\p{Lu}\p{Ll}*$/u.test(first) && first !== "I" && !names.has(first)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
};

const SENTENCE_END = /(?<=[.!?…])\s+|(?<=[。！？])/u;

/** Words a clipped sentence should not end on. */
const TRAILING = new Set("a an and as at by for from in of on or so that the their to with your our my its".split(" "));
/** Words too general for a heading. */
const GENERIC = new Set(
  (
    "about after again always because before being could every first final going great little looking " +
    "people really right second should simply single something still thing things think third today " +
    "where which while would"
  ).split(" "),
);

/** A run of words from one sentence of the lines: whole when short, else a stretch of it. */
function window(lines: SourceLine[], rng: Rng, min: number, spread: number): string {
  const line = rng.pick(lines);
  const sentences = line.text.split(SENTENCE_END).filter((t) => cleanWords(t).length >= 3);
  let words = cleanWords(sentences.length ? rng.pick(sentences) : line.text);
  if (words.length > min + spread + 4) {
    const length = min + rng.int(spread);
    const start = rng.int(words.length - length + 1);
    words = words.slice(start, start + length);
  }
  words = words.map((w, i) => (i < words.length - 1 ? w.replace(/[.!?…]+$/u, ",") : w));
  while (words.length > 3 && TRAILING.has(stripEnd(words.at(-1)!).toLowerCase())) words.pop();
  return stripEnd(words.join(" ").replace(/,+/g, ","));
}

const FRAMES = [
  (w: string) => `${capitalize(w)}.`,
  (w: string, m: PromptMaterial) => `${m.channel} explains that ${lowerFirst(w, m.names)}.`,
  (w: string, m: PromptMaterial) => `The video points out that ${lowerFirst(w, m.names)}.`,
  (w: string, m: PromptMaterial) => `In this part, ${lowerFirst(w, m.names)}.`,
  (w: string, m: PromptMaterial) => `As the video describes it, ${lowerFirst(w, m.names)}.`,
  (w: string, m: PromptMaterial) => `Put simply, ${lowerFirst(w, m.names)}.`,
];

function paraphrase(material: PromptMaterial, lines: SourceLine[], rng: Rng): string {
  return rng.pick(FRAMES)(window(lines, rng, 8, 7), material);
}

function bullet(section: Section, rng: Rng): string {
  return capitalize(window(section.lines, rng, 6, 5));
}

function linkFor(material: PromptMaterial, seconds: number | null): string | null {
  if (material.videoId === null || seconds === null) return null;
  return `[${formatTimestamp(seconds)}](${timestampUrl(material.videoId, seconds)})`;
}

const marker = (seconds: number) => `[${formatTimestamp(seconds)} t=${Math.floor(seconds)}]`;

/** A quotation in a sentence, attributed, with the moment link after it. */
function quoteSentence(text: string, who: string, link: string | null, variant: number): string {
  const quote = text.trim().replace(/[.。]$/u, "");
  const stop = /[!?？！…]$/u.test(quote) ? "" : ".";
  const after = link ? ` ${link}` : "";
  switch (variant % 3) {
    case 0:
      return `"${quote}${stop ? "," : ""}" said ${who}${link ? ` at ${link}` : ""}.`;
    case 1:
      return `${who} says, "${quote}"${after}${stop}`;
    default:
      return `As ${who} puts it: "${quote}"${after}${stop}`;
  }
}

function topicOf(material: PromptMaterial): string {
  const stop = new Set(
    "how why what when who the a an and or of to in on for with is are my your our this that over under you we i it do does"
      .split(" ")
      .concat(["vs", "about", "from", "by", "at"]),
  );
  const words = cleanWords(material.title).map((w) => stripEnd(w));
  const start = words.findIndex((w) => !stop.has(w.toLowerCase()));
  if (start < 0) return "this subject";
  const run = [words[start]];
  if (words[start + 1] && !stop.has(words[start + 1].toLowerCase())) run.push(words[start + 1]);
  return run.join(" ").toLowerCase();
}

const INVENTED_QUOTES = [
  "The biggest mistake people make with TOPIC is trying to change everything at once",
  "Once you really understand TOPIC, everything else starts to fall into place",
  "I spent ten years getting TOPIC wrong before a single conversation changed my mind",
  "Nobody talks about the quiet part of TOPIC, which is mostly waiting and paying attention",
  "If you remember one thing about TOPIC, remember that consistency beats intensity every time",
  "Most of what you read online about TOPIC was written by people who never tried it themselves",
];

const EXPERTS = [
  { name: "Dr. Helena Marsh", role: "an economist at Northfield University", affiliation: "Northfield University" },
  { name: "Professor Tomas Reyes", role: "a historian at the Halden Institute", affiliation: "the Halden Institute" },
  {
    name: "Dr. Priya Castellane",
    role: "a behavioural scientist at the University of Westbrook",
    affiliation: "the University of Westbrook",
  },
  {
    name: "Professor Ingrid Solberg",
    role: "who leads the Arcadia Research Centre",
    affiliation: "the Arcadia Research Centre",
  },
  {
    name: "Dr. Marcus Oyelaran",
    role: "a senior fellow at the Lindqvist Foundation",
    affiliation: "the Lindqvist Foundation",
  },
];

const SYNONYMS: Record<string, string> = {
  important: "crucial",
  big: "large",
  small: "tiny",
  start: "begin",
  starting: "beginning",
  hard: "difficult",
  hardest: "toughest",
  really: "truly",
  very: "extremely",
  think: "believe",
  people: "folks",
  help: "assist",
  use: "employ",
  showed: "demonstrated",
  show: "demonstrate",
  make: "create",
  good: "great",
  easy: "simple",
  problem: "issue",
  idea: "notion",
  most: "nearly all",
  every: "each",
  better: "superior",
  worked: "succeeded",
  tried: "attempted",
  first: "initial",
  final: "last",
  part: "portion",
  whole: "full",
  simply: "just",
  quickly: "rapidly",
  find: "discover",
  need: "require",
  want: "wish",
  see: "notice",
  looking: "gazing",
  improvement: "gain",
  progress: "headway",
  say: "state",
  said: "stated",
  know: "understand",
  way: "method",
};
const DROPPABLE = new Set(["really", "just", "very", "actually", "simply", "the", "that", "so", "all"]);

/** A real sentence with words changed: close to it, but not what was said. */
function alterQuote(text: string, rng: Rng, isVerbatim: (q: string) => boolean, names: ReadonlySet<string>): string {
  let words = text.split(/\s+/);
  let changes = 0;
  words = words.map((w) => {
    const core = w.replace(/[^\p{L}'’]/gu, "");
    const synonym = SYNONYMS[core.toLowerCase()];
    if (!synonym || changes >= 2 || rng.next() < 0.3) return w;
    changes += 1;
    return w.replace(core, /^\p{Lu}/u.test(core) ? capitalize(synonym) : synonym);
  });
  const drop = words.findIndex((w, i) => i > 0 && DROPPABLE.has(w.toLowerCase()));
  if (drop > 0 && words.length > 6) words.splice(drop, 1);
  let altered = words.join(" ");
  const comma = altered.indexOf(", ");
  if (comma > 0 && rng.next() < 0.5) {
    const end = /[.!?]$/.exec(altered)?.[0] ?? "";
    const [first, rest] = [altered.slice(0, comma), stripEnd(altered.slice(comma + 2))];
    altered = `${capitalize(rest)}, ${lowerFirst(first, names)}${end}`;
  }
  if (altered === text || isVerbatim(altered)) {
    // A language the synonym list does not know: drop a word and swap two.
    const w = text.split(/\s+/);
    if (w.length > 4) [w[2], w[3]] = [w[3], w[2]];
    altered = w.filter((_, i) => i !== 1).join(" ");
  }
  return altered;
}

/** A quotation as every form of attribution prints it: without the period that ends it. */
const unstop = (text: string) => text.trim().replace(/[.。]$/u, "");
const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

function writeArticle(mode: WriterMode, material: PromptMaterial, rng: Rng) {
  const invented = emptyInvented();
  const all = mode === "all";
  const range = material.range ?? { min: 400, max: 600 };
  const target = Math.round((range.min + range.max) / 2);
  const sections = buildSections(material, rng);
  const haystack = normalise(material.lines.map((l) => l.text).join("\n"));
  const isVerbatim = (q: string) => haystack.includes(normalise(stripEnd(q)));
  const noLinks = mode === "no-links";
  invented.omitsLinks = noLinks || all;
  const topic = topicOf(material);
  const endOfVideo =
    material.durationSeconds ??
    Math.max(0, ...material.lines.map((l) => l.seconds ?? 0), ...material.chapters.map((c) => c.seconds));
  const badLink = (seconds: number | null, reason: "past-end" | "far-from-words") => {
    if (material.videoId === null) return null;
    const t =
      reason === "past-end"
        ? endOfVideo + 60 + rng.int(540)
        : (seconds ?? 0) + 180 + rng.int(300) <= endOfVideo || (seconds ?? 0) < 300
          ? (seconds ?? 0) + 180 + rng.int(300)
          : (seconds ?? 0) - 180 - rng.int(120);
    const url = timestampUrl(material.videoId, t);
    invented.links.push({ url, seconds: t, reason });
    return `[${formatTimestamp(t)}](${url})`;
  };

  // Real quotations, one stretch of the transcript each, placed in the section they come from.
  const quotes = material.source === "none" ? [] : pickQuotes(material, rng, 3 + rng.int(4));
  quotes.forEach((quote, i) => {
    let text = quote.text;
    if (mode === "paraphrase-in-quotes" || (all && i % 2 === 0)) {
      text = alterQuote(quote.text, rng, isVerbatim, material.names);
      invented.quotes.push(unstop(text));
      invented.altered.push({ quote: unstop(text), original: quote.text });
    }
    const bad = mode === "bad-moments" || all;
    const link = noLinks
      ? null
      : bad
        ? badLink(quote.seconds, i === 0 ? "past-end" : "far-from-words")
        : linkFor(material, quote.seconds);
    const home = sections.findLastIndex(
      (s) => s.seconds !== null && quote.seconds !== null && s.seconds <= quote.seconds,
    );
    sections[home >= 0 ? home : i % sections.length].extras.push(
      quoteSentence(text, material.channel, link, i + rng.int(3)),
    );
  });

  if (mode === "invent-quotes" || all) {
    const count = 2 + rng.int(3);
    const offset = rng.int(INVENTED_QUOTES.length);
    for (let i = 0; i < count; i++) {
      const text = `${INVENTED_QUOTES[(offset + i) % INVENTED_QUOTES.length].replace("TOPIC", topic)}.`;
      if (isVerbatim(text)) continue;
      const section = sections[i % sections.length];
      const link = noLinks ? null : linkFor(material, section.seconds ?? material.chapters[0]?.seconds ?? null);
      section.extras.push(quoteSentence(text, material.channel, link, i));
      invented.quotes.push(unstop(text));
    }
  }

  if (mode === "invent-experts" || all) {
    const sources = normalise(
      `${material.title} ${material.description} ${material.lines.map((l) => l.text).join(" ")}`,
    );
    const experts = EXPERTS.filter((e) => !sources.includes(e.name.split(" ").at(-1)!.toLowerCase()));
    const first = experts[rng.int(experts.length)];
    const second = experts.filter((e) => e !== first)[rng.int(experts.length - 1)];
    const quote = `${capitalize(topic)} is one of the most misunderstood subjects of the last decade`;
    const claim = `${topic} can improve results by as much as ${20 + rng.int(30)} percent within six months`;
    sections[0].extras.push(`"${quote}," said ${first.name}, ${first.role}.`);
    sections[Math.min(1, sections.length - 1)].extras.push(
      `According to ${second.name} of ${second.affiliation}, ${claim}.`,
    );
    invented.quotes.push(quote);
    invented.names.push(first.name, second.name);
    invented.affiliations.push(first.affiliation, second.affiliation);
  }

  const comments = material.includeComments ? material.comments.slice(0, 2) : [];
  const sectionLink = (s: Section, i: number) =>
    noLinks || all
      ? null
      : mode === "bad-moments" && i === sections.length - 1
        ? badLink(s.seconds, "past-end")
        : linkFor(material, s.seconds);
  const links = material.style === "nyt" ? sections.map(() => null) : sections.map(sectionLink);
  const openers = sections.map((s) => paraphrase(material, s.lines, rng));
  const bullets = sections.map((s) => Array.from({ length: 2 + rng.int(2) }, () => bullet(s, rng)));
  const intro =
    material.style === "nyt"
      ? `In a video on ${topic}, ${material.channel} sets out its case. ${paraphrase(material, allLines(material), rng)}`
      : `If you have ever wondered about ${topic}, this video from ${material.channel} is worth your time. ${paraphrase(material, allLines(material), rng)}`;
  const closing = `${paraphrase(material, allLines(material), rng)} ${
    material.style === "nyt"
      ? `The full video is on ${material.channel}'s channel.`
      : "Give it a try and see what changes for you."
  }`;

  const render = () => {
    const out: string[] = [intro];
    sections.forEach((s, i) => {
      const lead = [links[i] ? `${links[i]} ${openers[i]}` : openers[i], ...s.extras].join(" ");
      if (material.style !== "nyt") out.push(`## ${s.heading}`);
      out.push(lead);
      if (material.style === "blog") out.push(bullets[i].map((b) => `- ${b}`).join("\n"));
      for (let p = 0; p < s.fill.length; p += 4) out.push(s.fill.slice(p, p + 4).join(" "));
    });
    if (comments.length) {
      if (material.style !== "nyt") out.push("## What viewers are saying");
      const [top, next] = comments;
      const quotable = top.text.length <= 200 && !QUOTE_CHARS.test(top.text);
      const first = quotable ? `${top.author} wrote: "${top.text}"` : `${top.author} wrote about it at length.`;
      const second = next
        ? ` ${next.author} added that ${lowerFirst(stripEnd(cleanWords(next.text).join(" ")), material.names)}.`
        : "";
      out.push(`Viewers were quick to respond. ${first}${second}`);
    }
    if (material.style !== "nyt") out.push("## The takeaway");
    out.push(closing);
    return out.join("\n\n");
  };

  let body = render();
  for (let i = 0; countWords(body) < target && i < 2000; i++) {
    const s = sections[i % sections.length];
    s.fill.push(paraphrase(material, s.lines, rng));
    body = render();
  }
  // A range too small for the fixed parts: drop whole sections rather than overrun.
  while (countWords(body) > range.max && sections.length > 1) {
    sections.pop();
    body = render();
  }
  // What a dropped section took with it was not written, so it is not reported either.
  invented.quotes = invented.quotes.filter((q) => body.includes(q));
  invented.altered = invented.altered.filter((a) => body.includes(a.quote));
  invented.names = invented.names.filter((n) => body.includes(n));
  invented.affiliations = invented.affiliations.filter((a) => body.includes(a));
  invented.links = invented.links.filter((l) => body.includes(l.url));
  const title = material.style === "nyt" ? `${material.channel} on ${capitalize(topic)}` : material.title;
  const text = [
    `TITLE: ${title.slice(0, 100)}`,
    `EXCERPT: ${material.channel} on ${topic}: the main points of the video, in order.`,
    `TAGS: ${[topic, material.channel, "video", material.style === "nyt" ? "news" : "guide"].join(", ")}`,
    `CATEGORY: ${material.category}`,
    "---",
    body,
  ].join("\n");
  return { text, invented };
}

/** Notes on a transcript part (the map step): a point per stretch, then quotations, all with markers. */
function writeNotes(mode: WriterMode, material: PromptMaterial, rng: Rng, maxWords: number) {
  const invented = emptyInvented();
  const lines = allLines(material);
  const at = (seconds: number | null) => (seconds === null ? "" : `${marker(seconds)} `);
  const step = Math.max(1, Math.floor(lines.length / 10));
  const points: string[] = [];
  for (let i = 0; i < lines.length; i += step) {
    points.push(`- ${at(lines[i].seconds)}${capitalize(window([lines[i]], rng, 10, 6))}.`);
  }
  const quotes = pickQuotes(material, rng, 2 + rng.int(3)).map(
    (q) => `- ${at(q.seconds)}"${q.text}" (${material.channel})`,
  );
  if (mode === "invent-quotes" || mode === "all") {
    const text = `${INVENTED_QUOTES[rng.int(INVENTED_QUOTES.length)].replace("TOPIC", topicOf(material))}.`;
    quotes.push(`- ${at(lines[0]?.seconds ?? null)}"${text}" (${material.channel})`);
    invented.quotes.push(unstop(text));
  }
  const render = () => [...points, ...quotes].join("\n");
  while (countWords(render()) > maxWords && points.length > 1) points.pop();
  while (countWords(render()) > maxWords && quotes.length > 1) quotes.shift();
  invented.quotes = invented.quotes.filter((q) => render().includes(q));
  return { text: render(), invented };
}
