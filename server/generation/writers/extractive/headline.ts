import { isNounPhrase, titleCase } from "./keyphrases";
import type { Plan } from "./plan";
import { cleanTitle } from "./title";

/** The longest headline we write (a card shows about this much). */
export const MAX_HEADLINE = 90;

const NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split(" ");
const AUX = new Set("will is are was were has have had can could would should must may might does do did".split(" "));
const SUBJECT_PRONOUN =
  /^(?:i|you|we|they|he|she|it|this|that|these|those|there|here|so|and|but|now|well|okay|then|what|which|who|when|if)$/i;
const FIRST_OR_SECOND = /\b(?:I|I'm|I've|me|my|we|we're|our|us|you|you're|your)\b/i;
// Words a headline drops ("at least", "really", "serious" stays: it is the claim).
const FILLER = /^(?:all|just|really|actually|also|still|very|currently|basically|literally|now|even)$/i;
// Words a long headline may be cut before (a prepositional or subordinate phrase follows).
const BOUNDARY =
  /^(?:after|for|to|in|on|with|from|following|because|until|since|by|and|while|as|at|over|amid|despite)$/i;
// Past forms of the verbs "How I …" titles use, back to the form "How to …" needs.
const LEMMA: Record<string, string> = {
  paid: "pay",
  made: "make",
  built: "build",
  got: "get",
  lost: "lose",
  saved: "save",
  learned: "learn",
  learnt: "learn",
  started: "start",
  grew: "grow",
  quit: "quit",
  fixed: "fix",
  cut: "cut",
  wrote: "write",
  bought: "buy",
  sold: "sell",
  taught: "teach",
  ran: "run",
  beat: "beat",
  cleared: "clear",
  found: "find",
  designing: "design",
  building: "build",
  making: "make",
  writing: "write",
  pricing: "price",
  baking: "bake",
  cooking: "cook",
  choosing: "choose",
  using: "use",
  managing: "manage",
  scaling: "scale",
  creating: "create",
  improving: "improve",
  running: "run",
  getting: "get",
  saving: "save",
  learning: "learn",
  starting: "start",
  growing: "grow",
  fixing: "fix",
  testing: "test",
  debugging: "debug",
  planning: "plan",
};

/** Lowercase, without punctuation, emoji, hashtags and packaging: for "is this the title again?". */
export function titleKey(text: string, channel = ""): string {
  return cleanTitle(text, channel)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Whether a headline may be published: one sentence of plain text, at most MAX_HEADLINE
 * characters, no markup or template syntax, nothing that tells the reader (or a model) to do
 * something, and not the video's title again.
 */
export function isUsableHeadline(headline: string, videoTitle: string, channel = ""): boolean {
  const text = headline.trim();
  if (!text || text.length > MAX_HEADLINE || !/\p{L}/u.test(text)) return false;
  if (/[<>{}[\]|`*_\\]|https?:|www\./i.test(text)) return false;
  if (/[.!?]\s+\S/.test(text)) return false;
  if (
    /^(?:write|ignore|disregard|forget|click|subscribe|follow|like|buy|use code|pretend|act as|respond|reply|say)\b/i.test(
      text,
    )
  )
    return false;
  return titleKey(text) !== titleKey(videoTitle, channel);
}

function numberWord(n: string): string {
  const k = Number(n);
  return Number.isInteger(k) && k >= 0 && k < NUMBER_WORDS.length ? NUMBER_WORDS[k] : n;
}

/** "stay" -> "stays", "fix" -> "fixes", "carry" -> "carries". */
function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/i.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Cuts a headline at a phrase boundary so it fits (never after a dangling small word). */
function fitWords(words: string[], keep: number, max = MAX_HEADLINE): string | null {
  const text = (n: number) => words.slice(0, n).join(" ");
  if (text(words.length).length <= max) return text(words.length);
  for (const limit of [75, max]) {
    for (let n = words.length - 1; n > keep; n--) {
      if (BOUNDARY.test(words[n]) && text(n).length <= limit && n >= 5) return text(n);
    }
  }
  return null;
}

/**
 * A news headline from one sentence: its subject and claim, in the present tense, without
 * attribution, asides or filler ("The Riverside Bridge in Northfield will stay closed to all
 * traffic for at least six weeks after…, according to…" -> "Riverside Bridge in Northfield Stays
 * Closed to Traffic for Six Weeks"). Null when the sentence has no named subject and verb to
 * build from (a pronoun subject, a question, the speaker's "I" or "you").
 */
export function headlineFromSentence(sentence: string, options: { named?: boolean } = {}): string | null {
  let s = sentence
    .replace(/\s*\([^)]*\)/g, "")
    .replace(/["“”‘’]/g, (q) => (q === "’" ? "'" : ""))
    .trim();
  s = s.split(
    /,\s*(?:according to|said|says|which|who|but|and|so|while|although|he said|she said)\b|;|\s[—–-]\s|:\s|,\s*(?:\p{Lu}[\p{L}'’.-]+\s+){1,3}(?:said|says|told|explained|added)\b/u,
  )[0];
  s = s.replace(/[.!…]+$/, "").trim();
  if (!s || /\?/.test(s) || FIRST_OR_SECOND.test(s) || /[<>{}[\]|`]/.test(s)) return null;
  let tokens = s.split(/\s+/);
  tokens = tokens.filter(
    (t, i, all) =>
      !FILLER.test(t) &&
      !(/^at$/i.test(t) && /^least$/i.test(all[i + 1] ?? "")) &&
      !(/^least$/i.test(t) && /^at$/i.test(all[i - 1] ?? "")) &&
      !(/ly$/.test(t) && t.length > 5 && t === t.toLowerCase()),
  );
  const v = tokens.findIndex((t, i) => i >= 1 && i <= 7 && AUX.has(t.toLowerCase()));
  if (v < 1) return null;
  const subject = tokens.slice(0, v);
  if (/^(?:the|a|an)$/i.test(subject[0])) subject.shift();
  if (
    subject.length === 0 ||
    SUBJECT_PRONOUN.test(subject[0]) ||
    subject.some((w) => SUBJECT_PRONOUN.test(w) && w.length <= 2)
  )
    return null;
  const named = subject.some((w, i) => /^\p{Lu}/u.test(w) && (i > 0 || tokens[0] !== w));
  if ((options.named && !named) || (!named && subject.length < 2)) return null;
  const aux = tokens[v].toLowerCase();
  const rest = tokens.slice(v + 1);
  if (rest.length < 2) return null;
  const last = subject[subject.length - 1];
  const plural = /s$/i.test(last) && !/(?:ss|us|is)$/i.test(last) && subject.length > 0;
  let verb: string[];
  let tail: string[];
  if (aux === "will" && !/^(?:be|not|have)$/i.test(rest[0])) {
    verb = [plural ? rest[0] : thirdPerson(rest[0])];
    tail = rest.slice(1);
  } else if ((aux === "has" || aux === "have") && rest[0] !== "been" && /(?:ed|en|t)$/i.test(rest[0])) {
    verb = [rest[0]];
    tail = rest.slice(1);
  } else {
    verb = [tokens[v]];
    tail = rest;
  }
  const words = [...subject, ...verb, ...tail].map((w) => w.replace(/[,;]+$/, ""));
  if (words.length < 4) return null;
  const fitted = fitWords(words, subject.length + verb.length);
  if (!fitted || fitted.split(" ").length > 14) return null;
  return titleCase(fitted.charAt(0).toUpperCase() + fitted.slice(1));
}

interface TitleShape {
  kind: "howto" | "howi" | "list" | "why" | "beginners" | "gerund" | "this" | "live" | "other";
  /** The words after the pattern's opening ("Price Your SaaS Product"). */
  rest: string;
  count?: string;
  noun?: string;
}

/** The title's main clause: before a colon, dash, semicolon or aside. */
export function titleCore(cleaned: string): string {
  return cleaned
    .split(/:\s|\s[—–-]\s|;|\s\(|\s\|\s/)[0]
    .replace(/[.!?]+$/, "")
    .trim();
}

function shapeOf(core: string): TitleShape {
  let m = /^how to\s+(.+)$/i.exec(core);
  if (m) return { kind: "howto", rest: m[1] };
  m = /^how i\s+(\w+)\s+(.+)$/i.exec(core);
  if (m && LEMMA[m[1].toLowerCase()]) return { kind: "howi", rest: `${LEMMA[m[1].toLowerCase()]} ${m[2]}` };
  m =
    /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:most|very)\s+)?(?:(?:common|biggest|best|worst|simple|easy|essential|key|big|little|quick)\s+)*((?:[\p{L}-]+\s+){0,2}?)(mistakes?|errors?|myths?|tips?|tricks?|ways?|lessons?|rules?|habits?|signs?|reasons?|steps?|tools?|ideas?|secrets?|hacks?)\b/iu.exec(
      core,
    );
  if (m) return { kind: "list", count: m[1], rest: m[2].trim(), noun: m[3] };
  m = /^why\s+(.+)$/i.exec(core);
  if (m) return { kind: "why", rest: m[1] };
  m = /^(.+?)\s+for\s+beginners$/i.exec(core);
  if (m) return { kind: "beginners", rest: m[1] };
  m = /^(\p{L}+ing)\s+(.+)$/iu.exec(core);
  if (m && LEMMA[m[1].toLowerCase()]) return { kind: "gerund", rest: `${LEMMA[m[1].toLowerCase()]} ${m[2]}` };
  m = /^(?:this|these|that)\s+(?:one\s+)?(.+)$/i.exec(core);
  if (m && core.split(/\s+/).length >= 4) return { kind: "this", rest: m[1] };
  m = /\blive (?:at|in|from)\s+(.+)$/i.exec(core);
  if (m) return { kind: "live", rest: m[1] };
  return { kind: "other", rest: core };
}

/** "Your" and "My" are the video's voice; a headline speaks about "a" thing. */
const impersonal = (text: string) =>
  text
    .replace(/\b(?:your|my|our)\b/gi, "a")
    .replace(/\ba ([aeiou])/gi, "an $1")
    .replace(/\bme\b/gi, "you");

/** The strongest noun phrases of the video (chapter topics first), for naming what it covers. */
function topicPhrases(plan: Plan, exclude: string): string[] {
  const seen = new Set(exclude.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const out: string[] = [];
  const phrases = plan.keyPhrases.filter(isNounPhrase);
  const multi = phrases.filter((p) => p.key.includes(" "));
  for (const p of [...multi, ...phrases]) {
    if (out.length >= 3) break;
    const words = p.text.toLowerCase().split(/\s+/);
    if (words.some((w) => seen.has(w)) || p.count < 2 || /^\d/.test(p.text)) continue;
    out.push(p.text);
    for (const w of words) seen.add(w);
  }
  return out;
}

function list(items: readonly string[], and = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

const withThe = (phrase: string) =>
  phrase === phrase.toLowerCase() && !/[^s]s$/.test(phrase) && !/^(?:the|a|an)\s/.test(phrase)
    ? `the ${phrase}`
    : phrase;

const METHOD =
  /\b(?:method|metric|framework|rule|strategy|approach|model|technique|formula|trick|plan|budget|system|checklist|routine|recipe|schedule|template)s?$/i;

/** A blog headline: a promise of what the reader learns. */
function blogHeadline(plan: Plan, core: string): string[] {
  const shape = shapeOf(core);
  const extras = topicPhrases(plan, core);
  const out: string[] = [];
  // "… With the Avalanche Method": only a phrase that names a method, not any topic.
  const method = extras.find((p) => METHOD.test(p) && p.includes(" "));
  const withMethod = (base: string) => (method ? `${base} With ${withThe(method)}` : base);
  switch (shape.kind) {
    case "howto":
    case "howi":
    case "gerund": {
      const base = `How to ${impersonal(shape.rest)}`;
      out.push(withMethod(base), base);
      break;
    }
    case "list": {
      const noun = shape.noun!.toLowerCase();
      const n = numberWord(shape.count!.toLowerCase());
      const one = n === "one";
      const subject = [n, shape.rest, shape.noun].filter(Boolean).join(" ");
      if (/^(?:mistake|error)s?$/.test(noun)) out.push(`${subject} and How to Fix ${one ? "It" : "Them"}`);
      else if (/^myths?$/.test(noun)) out.push(`${subject} and the Truth Behind ${one ? "It" : "Them"}`);
      else if (/^(?:lesson|sign|reason|rule)s?$/.test(noun)) out.push(`${subject} Worth Knowing`);
      else out.push(`${subject} and How to Use ${one ? "It" : "Them"}`);
      break;
    }
    case "why":
      out.push(
        /\b(?:slow|broken|failing|expensive|hard|wrong|bad|late|stuck)\b/i.test(shape.rest)
          ? `Why ${impersonal(shape.rest)} and How to Fix It`
          : `Why ${impersonal(shape.rest)}, Explained`,
      );
      break;
    case "beginners":
      out.push(`A Beginner's Guide to ${shape.rest}`);
      break;
    case "this":
      out.push(`How One ${impersonal(shape.rest).replace(/^one\s+/i, "")}`);
      break;
    case "live":
      out.push(`Inside the Live Show at ${shape.rest}`);
      break;
    default:
      break;
  }
  if (extras.length > 0) out.push(`What to Know About ${list(extras.slice(0, 3).map(withThe))}`);
  if (extras.length > 1) out.push(`What to Know About ${list(extras.slice(0, 2).map(withThe))}`);
  return out;
}

/** "The Lantern Owls" take a plural verb; "Maya Chen" a singular one. */
function verbFor(subject: string, verb: string): string {
  const plural = /^the\s.+s$/i.test(subject) && !/(?:news|ss)$/i.test(subject);
  return plural ? verb : thirdPerson(verb);
}

/** A news headline without a sentence to build it from: who says what, with a verb. */
function nytFromTitle(plan: Plan, core: string): string[] {
  const { meta } = plan;
  const who = meta.speakerKind === "anonymous" ? meta.channel : meta.speaker;
  if (!who) return [];
  const shape = shapeOf(core);
  const extras = topicPhrases(plan, core);
  const says = (verb: string, what: string) => `${who} ${verbFor(who, verb)} ${what}`;
  const out: string[] = [];
  switch (shape.kind) {
    case "howto":
    case "howi":
    case "gerund":
      out.push(says("explain", `How to ${impersonal(shape.rest)}`));
      break;
    case "list":
      out.push(
        says(
          "walk",
          `Through ${[numberWord(shape.count!.toLowerCase()), shape.rest, shape.noun].filter(Boolean).join(" ")}`,
        ),
      );
      break;
    case "why":
      out.push(says("explain", `Why ${impersonal(shape.rest)}`));
      break;
    case "beginners":
      out.push(says("walk", `Beginners Through ${shape.rest}`));
      break;
    case "this":
      // A news headline speaks to nobody: "saves me an hour" -> "saves an hour".
      out.push(says("explain", `How One ${shape.rest.replace(/^one\s+/i, "").replace(/\s+(?:me|us)\b/gi, "")}`));
      break;
    case "live":
      out.push(says("perform", `Live at ${shape.rest}`));
      break;
    default:
      break;
  }
  if (extras.length > 0) out.push(says("discuss", list(extras.slice(0, 2).map(withThe))));
  return out;
}

const LIST_AND: Record<string, string> = { es: "y", fr: "et", de: "und", pt: "e" };
const ACCORDING_TO: Record<string, string> = { es: "según", fr: "selon", de: "laut", pt: "segundo" };

/**
 * A headline in the video's language when it is not English: its main topics before the title's
 * own words ("Inflación, precios y bancos centrales: qué es la inflación y por qué sube…"), with
 * no English frame; else the cleaned title.
 */
function foreignHeadline(plan: Plan, core: string, lang: string): string[] {
  const channelWords = new Set(plan.meta.channel.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  // Questions ("qué podemos hacer") and the channel's own words ("diez minutos") are no topics.
  const extras = topicPhrases(plan, core).filter(
    (p) =>
      !QUESTION_WORD.test(p) &&
      !p
        .toLowerCase()
        .split(/\s+/)
        .some((w) => channelWords.has(w) || channelWords.has(w.replace(/s$/, ""))),
  );
  const statement = core.replace(/[¿¡?!]/g, "").trim();
  const lowered = statement.charAt(0).toLowerCase() + statement.slice(1);
  const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const out: string[] = [];
  // A news headline has no subtitle: the title's claim, attributed ("…, según Economía en 10 minutos").
  const who = plan.meta.speakerKind === "person" ? plan.meta.speaker : plan.meta.channel;
  if (plan.request.style === "nyt" && who) out.push(`${statement}, ${ACCORDING_TO[lang] ?? "según"} ${who}`);
  if (extras.length >= 2) out.push(`${cap(list(extras.slice(0, 2), LIST_AND[lang] ?? "y"))}: ${lowered}`);
  if (extras.length >= 1) out.push(`${cap(extras[0])}: ${lowered}`);
  out.push(statement);
  return out;
}

const QUESTION_WORD =
  /^(?:qu[ée]|c[óo]mo|qui[ée]n|d[óo]nde|cu[áa]ndo|por qu[ée]|was|wie|wer|warum|wo|comment|pourquoi|quoi|qui|o que|como|onde|quem|quando)(?=\s|$)/i;

/**
 * The article's headline, written rather than copied from the video's title. News style: a
 * headline with a verb built from the lede's subject and claim (then the most central
 * sentences), else who says what ("Maya Chen Explains Why a Database Is Slow"). Blog and custom:
 * a promise of what the reader learns ("How to Pay Off $42,000 in Student Loans With the
 * Avalanche Method", "Five Sourdough Mistakes and How to Fix Them"). Videos in Spanish, French,
 * German or Portuguese get one in their language. Never the video's title again, never markup,
 * never more than one sentence, at most MAX_HEADLINE characters; the cleaned title is the last
 * resort.
 */
export function writeHeadline(plan: Plan, lede = ""): string {
  const { video, style } = plan.request;
  const cleaned = plan.meta.headline;
  const core = titleCore(cleaned);
  const lang = plan.meta.lang;
  const candidates: string[] = [];
  if (lang && lang !== "en") {
    candidates.push(...foreignHeadline(plan, core, lang));
  } else if (style === "nyt") {
    const thesis = [...plan.thesis.keys()].sort((a, b) => plan.thesis[b] - plan.thesis[a]).slice(0, 4);
    const central = thesis.map((i) => plan.analysis.sentences[i]?.text ?? "");
    for (const [k, text] of [lede, ...central].entries()) {
      // A sentence from the middle of the video must name its subject to stand as a headline.
      const built = text ? headlineFromSentence(text, { named: k > 0 }) : null;
      if (built) candidates.push(built);
    }
    candidates.push(...nytFromTitle(plan, core));
  } else {
    candidates.push(...blogHeadline(plan, core));
  }
  const usable = candidates
    .map((c) => c.replace(/\s+/g, " ").trim())
    .map((c) => (lang && lang !== "en" ? c : titleCase(c)))
    .find((c) => isUsableHeadline(c, video.title, video.channel.name));
  if (usable) return usable;
  // The cleaned title's main clause, when it differs from the title; else the cleaned title.
  return isUsableHeadline(core, video.title, video.channel.name) ? core : cleaned;
}
