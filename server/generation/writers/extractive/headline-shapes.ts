import { isInstruction, isUntrusted } from "./filters";
import { LEMMA, numberWord, presentBeforeObject, thirdPerson } from "./headline-sentence";
import { isInstructionVerb } from "./instruction-headings";
import { instructionPromise } from "./instruction-promise";
import { isNounPhrase } from "./keyphrases";
import type { Plan } from "./plan";
import { hasVerb } from "./rank";
import { transcriptSteps } from "./steps";
import { isGenreWord, stem } from "./tokens";

/*
 * Headlines from the shape of the video's title ("How to…", "5 Mistakes…", "This one…", "Live
 * at…") and the video's topics, for when no sentence of the video states its point; also the
 * topics themselves. headline.ts keeps whichever is not the title again.
 */

interface TitleShape {
  kind: "howto" | "howi" | "list" | "why" | "beginners" | "gerund" | "ipast" | "this" | "live" | "other";
  /** The words after the pattern's opening ("Price Your SaaS Product"). */
  rest: string;
  count?: string;
  noun?: string;
  /** What a list is about, when the title names it before a colon ("Heat Pumps: 2 Big Myths"). */
  about?: string;
}

/** The title's main clause: before a colon, dash, semicolon or aside. */
export function titleCore(cleaned: string): string {
  return cleaned
    .split(/:\s|\s[—–-]\s|;|\s\(|\s\|\s/)[0]
    .replace(/[.!?]+$/, "")
    .trim();
}

// Verbs a how-to title opens on as an instruction ("Fix…", "Make…", "Build…"), not a noun
// ("Plan vélo…", "Heat Pumps…").
const TITLE_IMPERATIVES = new Set(
  `fix make build clean repair replace install cook bake learn stop start grow improve master change paint
  remove set save plan speed boost upgrade adjust tune sharpen train prepare brew wash`.split(/\s+/),
);

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
  // "I moved to a new city alone": what the creator did, told as "Moving to a new city alone".
  m = /^i\s+(\p{L}+)\s+(.+)$/iu.exec(core);
  const did = m ? gerundOfPast(m[1]) : null;
  if (m && did) return { kind: "ipast", rest: `${did} ${m[2]}` };
  m = /^(.+?)\s+for\s+beginners$/i.exec(core);
  if (m) return { kind: "beginners", rest: m[1] };
  m = /^(\p{L}+ing)\s+(.+)$/iu.exec(core);
  if (m && LEMMA[m[1].toLowerCase()]) return { kind: "gerund", rest: `${LEMMA[m[1].toLowerCase()]} ${m[2]}` };
  // "Fix a flat tyre in five minutes": an instruction is a how-to ("How to fix…").
  m = /^(\p{L}+)\s+(.+)$/u.exec(core);
  if (m && TITLE_IMPERATIVES.has(m[1].toLowerCase()) && core.split(/\s+/).length >= 3)
    return { kind: "howto", rest: core };
  m = /^(?:this|these|that)\s+(?:one\s+)?(.+)$/i.exec(core);
  if (m && core.split(/\s+/).length >= 4) return { kind: "this", rest: m[1] };
  m = /\blive (?:at|in|from)\s+(.+)$/i.exec(core);
  if (m) return { kind: "live", rest: m[1] };
  return { kind: "other", rest: core };
}

/**
 * The shape of a title whose main clause only names its topic: "Heat Pumps: 2 BIG Myths (and…)"
 * is a list of myths about heat pumps. Other titles take the shape of their main clause.
 */
function titleShapeOf(cleaned: string, core: string): TitleShape {
  const shape = shapeOf(core);
  if (shape.kind !== "other" || core.split(/\s+/).length > 4 || /\d/.test(core)) return shape;
  const after = titleCore(cleaned.slice(core.length).replace(/^\s*(?::|[—–-]|\|)\s*/, ""));
  const list = after ? shapeOf(after) : shape;
  return list.kind === "list" && !list.rest ? { ...list, about: core } : shape;
}

/** "Two Myths About Heat Pumps": a list's count, words, noun and topic. */
function listSubject(shape: TitleShape): string {
  const subject = [numberWord(shape.count!.toLowerCase()), shape.rest, shape.noun].filter(Boolean).join(" ");
  return shape.about ? `${subject} About ${shape.about}` : subject;
}

// Nouns a headline names without "a" ("Fixing Desk Posture", not "Fixing a Desk Posture"), where
// the noun phrase ends on one ("your sleep schedule" is still "a sleep schedule").
const MASS_NOUNS =
  /\b(?:your|my|our)\s+((?:\p{L}+\s+)?(?:posture|health|sleep|skin|hair|credit|money|weight|diet|focus|productivity|confidence|finances|taxes|time|energy|stress|anxiety|memory|fitness|strength|flexibility|english|spanish|french|german|portuguese))(?=\s+(?:in|on|at|for|with|and|by|from|without|before|after|fast|forever)\b|\s*$|[,:;.!?])/giu;

/** "Your" and "My" are the video's voice; a headline speaks about "a" thing. */
const impersonal = (text: string) =>
  text
    .replace(MASS_NOUNS, "$1")
    .replace(/\b(?:your|my|our)\b/gi, "a")
    .replace(/\ba ([aeiou])/gi, "an $1")
    .replace(/\bme\b/gi, "you");

/** The strongest noun phrases of the video (chapter topics first), for naming what it covers. */
export function topicPhrases(plan: Plan, exclude: string): string[] {
  // Who speaks is no topic of their own video ("From the Cold to Tom").
  const speaker = plan.meta.speakerKind === "person" ? plan.meta.speaker : "";
  const seen = new Set(
    `${exclude} ${speaker}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .map((w) => stem(w)),
  );
  const out: string[] = [];
  const phrases = plan.keyPhrases.filter(isNounPhrase);
  const multi = phrases.filter((p) => p.key.includes(" "));
  for (const p of [...multi, ...phrases]) {
    if (out.length >= 3) break;
    const words = p.text
      .toLowerCase()
      .split(/\s+/)
      .map((w) => stem(w));
    if (words.some((w) => seen.has(w)) || p.count < 2 || /^\d/.test(p.text)) continue;
    // "Co" of "Crumb and Co" names nothing on its own.
    if (!p.text.includes(" ") && (plan.partOfLongerName(p.text) || isGenreWord(p.text))) continue;
    // "the Broken" (of "wasn't broken", "a broken wrist"): a participle alone names no subject,
    // nor does a phrase the video mostly says as a verb.
    if (p.fragment || (!p.text.includes(" ") && /^\p{Ll}+(?:en|ed)$/u.test(p.text))) continue;
    out.push(p.text);
    for (const w of words) seen.add(w);
  }
  return out;
}

function list(items: readonly string[], and = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

// A common noun takes "the" ("the control loaf"); so does one led by a proper adjective ("the
// Dutch oven"), but not a name ("Copper Kettle", "Maya Chen").
const withThe = (phrase: string) => {
  const [first, ...rest] = phrase.split(" ");
  const common =
    phrase === phrase.toLowerCase() ||
    (rest.length > 0 && rest.join(" ") === rest.join(" ").toLowerCase() && first !== first.toUpperCase());
  return common && !/[^s]s$/.test(phrase) && !/^(?:the|a|an)\s/i.test(phrase) ? `the ${phrase}` : phrase;
};

const METHOD =
  /\b(?:method|metric|framework|rule|strategy|approach|model|technique|formula|trick|plan|budget|system|checklist|routine|recipe|schedule|template)s?$/i;

/**
 * A teaser title's claim with what it hides named: "This one shortcut saves me an hour a week"
 * and the topic "arrow key" -> "Arrow Key Shortcut Saves an Hour a Week". Null when the title's
 * rest is not "[one] noun verb…" or no topic is left to name.
 */
function namedClaim(shape: TitleShape, extras: readonly string[]): string | null {
  if (shape.kind !== "this" || extras.length === 0) return null;
  const m = /^(?:one\s+)?(\p{L}+)\s+(\p{L}+s)\s+(.+)$/iu.exec(shape.rest.replace(/\s+(?:me|us)\b/gi, ""));
  if (!m || extras[0].toLowerCase().includes(m[1].toLowerCase())) return null;
  return `${extras[0]} ${m[1]} ${m[2]} ${impersonal(m[3])}`;
}

/** "Live at Harbour Hall" anywhere in the title (a band's name often comes first, before a dash). */
function liveVenue(cleaned: string): string | null {
  const m = /\blive (?:at|in|from)\s+([^()[\]|:;—–-]{3,60})/i.exec(cleaned);
  return m ? m[1].trim() : null;
}

/** A blog headline: a promise of what the reader learns. */
// A description's opening tagline: "A fast weeknight curry with crispy roasted chickpeas…", "A
// full weekly sourdough bake from feeding the starter…": a noun phrase with no auxiliary, however
// many participles it holds.
const AUXILIARY =
  /\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|will|would|should|may|might|must|isn't|aren't|won't|can't|don't|doesn't)\b/i;
export function isTagline(text: string): boolean {
  if (!/^(?:an?|one)\s/i.test(text) || AUXILIARY.test(text)) return false;
  // "A heat pump runs the water at…" states something: its verb comes within the first words.
  const tokens = text.split(/\s+/).slice(0, 8);
  return !tokens.some((_, i) => i >= 2 && presentBeforeObject(tokens, i));
}

/** The dish a recipe's description names in its tagline ("a fast weeknight curry with…"), or null. */
function recipeDish(plan: Plan): string | null {
  const recipe = plan.lists.some((l) => l.kind === "ingredients") && plan.lists.some((l) => l.kind === "steps");
  const tagline = plan.description[0]?.replace(/[.!]+$/, "") ?? "";
  if (!recipe || !isTagline(tagline) || tagline.length > 120) return null;
  return tagline.charAt(0).toLowerCase() + tagline.slice(1);
}

// "… in 10 Minutes", "… in Under an Hour", "… in 5 Easy Steps": what a title promises of the
// time or the count, at its end.
const DURATION_BOAST =
  /\s+in\s+(?:under\s+|less than\s+|just\s+)?(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty)\s+(?:easy\s+|simple\s+|quick\s+)?(?:minutes?|mins?|seconds?|hours?|days?|weeks?|months?|steps?)\b.{0,40}$/i;

/** A how-to's task as a headline says it: impersonal, without the title's time boast. */
const unboasted = (task: string) => impersonal(task).replace(DURATION_BOAST, "");

/** "moved" -> "moving", "tried" -> "trying", "stopped" -> "stopping", "built" -> "building"; null for no past tense. */
function gerundOfPast(verb: string): string | null {
  const lower = verb.toLowerCase();
  if (LEMMA[lower]) return gerund(LEMMA[lower]);
  if (/^\p{L}{2,}ied$/u.test(lower)) return `${lower.slice(0, -3)}ying`;
  if (/([bdgmnprt])\1ed$/.test(lower)) return `${lower.slice(0, -3)}ing`;
  if (/^\p{L}{2,}ed$/u.test(lower) && !/(?:need|feed|seed|bleed|breed|speed|red|bed)$/.test(lower))
    return `${lower.slice(0, -2)}ing`;
  return null;
}

/** "fix" -> "fixing", "bake" -> "baking", "cut" -> "cutting", "pay" -> "paying". */
function gerund(verb: string): string {
  const lower = verb.toLowerCase();
  if (/[^e]e$/.test(lower) && lower.length > 2) return `${verb.slice(0, -1)}ing`;
  // One syllable ending consonant-vowel-consonant doubles its last letter ("cut", "plan").
  // ("qu" is one consonant: "quit" -> "quitting".)
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(lower.replace(/^qu/, "q"))) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

// Verbs a "Should …?" title asks about ("Should Small Towns Ban Cars From Main Street?").
const DEBATED = new Set(
  `switch ban adopt allow close move go get replace use buy keep stop start build learn quit pay raise cut tax
  drop ditch abolish require make let open sell rent invest leave join end scrap limit restrict legalize
  legalise fund hire fire cancel lower require return charge spend bring give take build expand reopen merge`.split(
    /\s+/,
  ),
);

/**
 * "Should Small Towns BAN Cars From Main Street?" -> "The Case For and Against Banning Cars From
 * Main Street": a question a debate answers both ways, as what the reader will learn.
 */
function debatePromise(core: string): string | null {
  const m = /^should\s+(.{2,120}?)\??$/i.exec(core.trim());
  if (!m) return null;
  const words = m[1].split(/\s+/);
  // The verb comes after a subject of one to four words.
  for (let k = 1; k <= Math.min(4, words.length - 2); k++) {
    const verb = words[k].toLowerCase();
    if (!DEBATED.has(verb)) continue;
    const rest = words.slice(k + 1).join(" ");
    return `The Case For and Against ${capitaliseWord(gerund(verb))} ${rest}`;
  }
  return null;
}
const capitaliseWord = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A debate the title asks ("Should Small Towns BAN Cars…?") and the two named voices who answer it. */
export interface Debate {
  sides: [string, string];
  /** "whether Small Towns should ban Cars From Main Street": the title's words, its verb lowered. */
  question: string[];
}

/**
 * The debate a title asks, answered by two named voices that are not the host (the side that
 * asks, or whom the description calls host or moderator); null otherwise.
 */
export function debateOf(plan: Plan, core: string): Debate | null {
  const m = /^should\s+(.{2,120}?)\??$/i.exec(core.trim());
  if (!m) return null;
  const words = m[1].split(/\s+/);
  const k = words.findIndex((w, i) => i >= 1 && i <= 4 && i <= words.length - 2 && DEBATED.has(w.toLowerCase()));
  if (k < 0) return null;
  const description = plan.request.video.description.slice(0, 3000);
  const hosts = (name: string) =>
    new RegExp(
      `\\b(?:host|hosted by|moderator|moderated by|presenter|anchor)\\s*:?\\s*${escapeRegExp(name)}\\b`,
      "i",
    ).test(description);
  const sides: string[] = [];
  for (const voice of plan.meta.voices.values()) {
    if (voice.kind === "person" && !voice.asks && !hosts(voice.name) && !sides.includes(voice.name))
      sides.push(voice.name);
  }
  if (sides.length !== 2) return null;
  return {
    sides: [sides[0], sides[1]],
    question: ["whether", ...words.slice(0, k), "should", words[k].toLowerCase(), ...words.slice(k + 1)],
  };
}

/**
 * A debate's news: who argues the title's question ("Should Small Towns BAN Cars From Main
 * Street?" -> "Marcus Bell and Donna Kowalczyk Debate Whether Small Towns Should Ban Cars From
 * Main Street"); their last names when the full ones make it too long.
 */
export function debateNews(plan: Plan, core: string): string[] {
  const debate = debateOf(plan, core);
  if (!debate) return [];
  const [a, b] = debate.sides;
  const question = capitaliseWord(debate.question.join(" "));
  const last = (name: string) => name.split(/\s+/).pop() ?? name;
  return [`${a} and ${b} Debate ${question}`, `${last(a)} and ${last(b)} Debate ${question}`];
}

// A description's line of what the job takes: "Tools: two tyre levers, a patch kit and a mini pump."
const TOOLS_LINE =
  /^(?:tools(?: used| you need)?|what you(?:'ll| will)? need|you(?:'ll| will)? need|equipment|materials|gear(?: used)?)\s*:\s*([^:;!?]{3,80}?)\.?$/i;

/** The tools a how-to's description lists, when they are few and named plainly; null otherwise. */
function toolsOf(plan: Plan): string | null {
  for (const line of plan.description.slice(0, 20)) {
    const m = TOOLS_LINE.exec(line.trim());
    if (!m) continue;
    const items = m[1].split(/,\s*|\s+and\s+/);
    if (items.length >= 1 && items.length <= 4 && !/https?:|www\.|@/.test(m[1])) return m[1].trim();
  }
  return null;
}

/** How many steps the video's method has: listed in its description, or read out in the talk. */
function methodSteps(plan: Plan): number {
  const listed = plan.lists.find((l) => l.kind === "steps");
  return listed ? listed.items.length : transcriptSteps(plan).length;
}

/**
 * A method read out or listed in steps says how many, in place of the title's time boast:
 * "How to Fix a Flat Bike Tire in 10 Minutes" -> "Five Steps to Fixing a Flat Bike Tire".
 */
function stepsTo(plan: Plan, task: string): string | null {
  const steps = methodSteps(plan);
  const [verb, ...object] = unboasted(task).split(/\s+/);
  if (steps < 3 || steps > 12 || object.length === 0 || !/^\p{L}+$/u.test(verb)) return null;
  return `${numberWord(String(steps))} Steps to ${gerund(verb)} ${object.join(" ")}`;
}

export function blogHeadline(plan: Plan, core: string, claims: readonly string[] = []): string[] {
  const shape = titleShapeOf(plan.meta.headline, core);
  const extras = topicPhrases(plan, plan.meta.headline);
  const out: string[] = [];
  // "… With the Avalanche Method": only a phrase that names a method, not any topic.
  const method = extras.find((p) => METHOD.test(p) && p.includes(" "));
  const withMethod = (base: string) => (method ? `${base} With ${withThe(method)}` : base);
  switch (shape.kind) {
    case "howto":
    case "howi":
    case "gerund": {
      const base = `How to ${impersonal(shape.rest)}`;
      const steps = stepsTo(plan, shape.rest);
      if (steps) out.push(steps);
      // The tools the description lists say what the title did not ("… With Two Tyre Levers, …").
      const tools = toolsOf(plan);
      if (tools) out.push(`How to ${unboasted(shape.rest)} With ${tools}`);
      out.push(withMethod(base), base);
      break;
    }
    case "list": {
      const noun = shape.noun!.toLowerCase();
      const one = numberWord(shape.count!.toLowerCase()) === "one";
      const subject = listSubject(shape);
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
      if (extras.length >= 2)
        out.push(`A Beginner's Guide to ${shape.rest}, From ${withThe(extras[0])} to ${withThe(extras[1])}`);
      break;
    case "this": {
      const named = namedClaim(shape, extras);
      if (named) out.push(`How ${withThe(named)}`);
      out.push(`How One ${impersonal(shape.rest).replace(/^one\s+/i, "")}`);
      break;
    }
    case "live":
      out.push(`Inside the Live Show at ${shape.rest}`);
      break;
    case "ipast": {
      // "What Tess Learned Moving to a New City Alone": the lesson a personal story promises.
      const who = plan.meta.speakerKind === "anonymous" ? "" : plan.meta.speaker;
      if (who) out.push(`What ${who} Learned ${capitaliseWord(impersonal(shape.rest))}`);
      break;
    }
    default:
      break;
  }
  const venue = shape.kind === "live" ? null : liveVenue(plan.meta.headline);
  if (venue && extras.length >= 2) out.push(`Inside the Live Show at ${venue}, From ${extras[0]} to ${extras[1]}`);
  // A recipe (its description lists ingredients and a method): how to make the dish its
  // description's tagline names ("A fast weeknight curry with crispy roasted chickpeas…").
  const dish = recipeDish(plan);
  if (dish && shape.kind === "other") {
    out.push(`How to Make ${dish}`);
    const short = /\s(?:with|from|for|in)\s/i.exec(dish);
    if (short) out.push(`How to Make ${dish.slice(0, short.index)}`);
  }
  const debate = debatePromise(core);
  if (debate && shape.kind === "other") out.push(debate);
  const told = describedHow(plan);
  if (told && shape.kind === "other") out.push(told);
  const story = storyPromise(core);
  if (story && shape.kind === "other") out.push(story);
  out.push(...claims);
  // The tasks a tutorial teaches promise more than the things it names.
  const tasks = instructionPromise(plan);
  if (tasks) out.push(tasks);
  if (extras.length > 0) out.push(`What to Know About ${list(extras.slice(0, 3).map(withThe))}`);
  if (extras.length > 1) out.push(`What to Know About ${list(extras.slice(0, 2).map(withThe))}`);
  return out;
}

// "… the Bridge That Remade Orrin Bend", "The Man Who Saved the Harbour": a title that tells
// what something did, in a past tense ("-ed" or a common irregular verb).
const DID =
  /(?:^|\s)(?:the|a|an|one)\s((?:\p{L}[\p{L}'’-]*\s){0,3}?\p{L}[\p{L}'’-]*)\s(?:that|which|who)\s(\p{Ll}+ed|remade|made|built|broke|saw|took|gave|won|lost|brought|began|fought|kept|left|sank|rose|fell|ran|stole|drove|wrote|sold|found)\s(.{3,60})$/iu;

// "…and how a free iron bridge moved the town's market, homes and school across the river.":
// what the description says the video tells, as a clause with its own subject.
const DESCRIBED_HOW = /\bhow\s((?:a|an|the|one|\p{Lu}[\p{L}'’-]+)\s[^.;:!?()]{10,90})[.;!?]?$/u;

/** A promise the creator's own description makes ("How a Free Iron Bridge Moved the Town's Market…"). */
function describedHow(plan: Plan): string | null {
  for (const sentence of plan.description.slice(0, 4)) {
    const m = DESCRIBED_HOW.exec(sentence.trim());
    if (!m) continue;
    const clause = m[1].trim();
    // "how you can…", "how we did it": the creator's voice, not the story's.
    if (/\b(?:I|you|your|we|our|my|us)\b/i.test(clause) || !hasVerb(clause)) continue;
    return `How ${clause}`;
  }
  return null;
}

// "Host Sam Reyes talks with Ana Ruiz, founder of Crumb and Co in Leeds, about leaving accounting,
// the first year's losses and why wholesale comes first.": who the guest is and what they talk about.
const INTERVIEW_ABOUT =
  /^(?:[\p{L}'’-]+\s+){1,4}(?:talks|speaks|chats|sits down)\s+(?:with|to)\s+((?:\p{Lu}[\p{L}'’-]+)(?:\s+\p{Lu}[\p{L}'’-]+){1,2})(?:,([^,.;:!?]{3,80}),)?\s+about\s+([^.;:!?()]{8,110})[.!]?$/u;

/** "…talks with Ana Ruiz, founder of…, about X, Y and Z", without the speakers' own voice. */
function interviewAbout(sentence: string): RegExpExecArray | null {
  const m = INTERVIEW_ABOUT.exec(sentence.trim());
  // "…about how we met", "about your questions": the speakers' own voice, not a subject.
  return m && !/\b(?:I|you|your|we|our|my|us|me)\b/i.test(m[3]) ? m : null;
}

const aboutItems = (list: string) => list.trim().split(/,\s+(?:and\s+)?|\s+and\s+/);

/**
 * The things an interview's description says it covers, one by one ("leaving accounting", "the
 * first year's losses", "why wholesale comes first"): headings an editor would write for the
 * parts of it that talk about each (English descriptions, see interviewTopics).
 */
export function describedTopics(description: readonly string[]): string[] {
  // The description is untrusted: nothing markup-like or addressed to a model heads a section.
  const trusted = description.filter((sentence) => !isUntrusted(sentence) && !isInstruction(sentence));
  for (const sentence of trusted.slice(0, 2)) {
    const m = interviewAbout(sentence);
    if (m) return aboutItems(m[3]).filter((item) => item.split(/\s+/).length <= 8);
  }
  const out: string[] = [];
  for (const sentence of trusted.slice(0, 4)) {
    const text = sentence.trim();
    // "Do heat pumps work in the cold?": a question the video answers.
    if (/\?$/.test(text) && !OWN_VOICE.test(text)) {
      const size = text.split(/\s+/).length;
      if (size >= 3 && size <= 10) out.push(text);
      continue;
    }
    // "…shows how to fix a flat, adjust brakes, clean a chain and tune your gears.", "Here's
    // exactly how: budgeting, the avalanche method, extra shifts and refinancing."
    const list = DESCRIBED_LIST.exec(text.slice(0, 400));
    if (!list) continue;
    const items = aboutItems(list[1].replace(/[.!]$/, ""));
    if (items.length < 2 || items.length > 6) continue;
    if (items.some((item) => item.split(/\s+/).length > 6 || OWN_VOICE.test(item))) continue;
    // An instruction reads as what the part does: "adjust brakes" -> "Adjusting brakes".
    out.push(
      ...items.map((item) => {
        const [verb, ...rest] = item.split(/\s+/);
        return isInstructionVerb(verb) && rest.length > 0 ? [gerund(verb.toLowerCase()), ...rest].join(" ") : item;
      }),
    );
  }
  return out;
}

/**
 * What a title lists the video covers ("i moved to a new city ALONE 📦 first week, rent, jobs &
 * making friends (day in my life)" -> "first week", "rent", "jobs", "making friends"): a part of
 * the title between its separators holding three to six short items, split on commas and the
 * last "&" or "and". Items keep the title's case, lowered where it shouts.
 */
export function titleListTopics(title: string): string[] {
  if (title.length > 200 || isUntrusted(title)) return [];
  const parts = title.split(/\s[|—–-]\s|[:()[\]]|[^\p{L}\p{N}\s,&'’-]+/u);
  for (const part of parts) {
    const text = part.trim();
    if ((text.match(/,/g) ?? []).length < 1) continue;
    const items = text
      .split(/\s*,\s*|\s+&\s+|\s+and\s+/i)
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length < 3 || items.length > 6) continue;
    if (items.some((item) => item.split(/\s+/).length > 4 || OWN_VOICE.test(item))) continue;
    return items.map((item) => (item === item.toUpperCase() ? item.toLowerCase() : item));
  }
  return [];
}

// The speakers' own voice or a pronoun for something named elsewhere: no heading of its own.
const OWN_VOICE = /\b(?:I|we|our|my|us|me|it|its|they|them|their|he|she|his|her)\b/i;
// A list after "how to", "how:" or "covers" in a description sentence.
const DESCRIBED_LIST = /\b(?:how to|how:|covers|including)\s+([^:;()]{8,200})$/i;

/**
 * An interview's guest and what they talk about, as its description says ("Ana Ruiz" and
 * "leaving accounting, the first year's losses and why wholesale comes first", then shorter
 * forms of the list), or null.
 */
export function interviewTopics(plan: Plan): { guest: string; role: string | null; about: string[] } | null {
  for (const sentence of plan.description.slice(0, 2)) {
    const m = interviewAbout(sentence);
    if (!m) continue;
    // The whole list, then (for a headline that must be shorter) its first two items and its first.
    const items = aboutItems(m[3]);
    const about = [m[3].trim()];
    if (items.length > 2) about.push(`${items[0]} and ${items[1]}`);
    if (items.length > 1) about.push(items[0]);
    // "…with Ana Ruiz, founder of Crumb and Co in Leeds, about…": who the guest is, when the
    // words between the commas name a role (not "last week" or "again").
    const role = m[2]?.trim() ?? null;
    const named = role && /^(?:an?\s+|the\s+)?(?:\p{Ll}+\s+){0,2}(?:of|at|for|from)\s+\p{Lu}/u.test(role) ? role : null;
    return { guest: m[1], role: named, about };
  }
  return null;
}

/** "How the Bridge Remade Orrin Bend" from "The Flood of 1893 and the Bridge That Remade Orrin Bend". */
function storyPromise(core: string): string | null {
  const m = DID.exec(core.replace(/[.!?]+$/, ""));
  if (!m) return null;
  return `How the ${m[1]} ${m[2]} ${m[3]}`;
}

/** "The Lantern Owls" take a plural verb; "Maya Chen" a singular one. */
function verbFor(subject: string, verb: string): string {
  const plural = /^the\s.+s$/i.test(subject) && !/(?:news|ss)$/i.test(subject);
  return plural ? verb : thirdPerson(verb);
}

/** A concert's news: who played what, where ("The Lantern Owls Play Copper Kettle and … Live at Harbour Hall"). */
export function liveHeadline(plan: Plan): string | null {
  const who = plan.meta.speakerKind === "anonymous" ? plan.meta.channel : plan.meta.speaker;
  const venue = liveVenue(plan.meta.headline);
  const extras = topicPhrases(plan, plan.meta.headline);
  if (!who || !venue || extras.length < 2) return null;
  return `${who} ${verbFor(who, "play")} ${list(extras.slice(0, 2))} Live at ${venue}`;
}

/** A news headline without a sentence to build it from: who says what, with a verb. */
export function nytFromTitle(plan: Plan, core: string): string[] {
  const { meta } = plan;
  const who = meta.speakerKind === "anonymous" ? meta.channel : meta.speaker;
  if (!who) return [];
  const shape = titleShapeOf(meta.headline, core);
  const extras = topicPhrases(plan, meta.headline);
  const says = (verb: string, what: string) => `${who} ${verbFor(who, verb)} ${what}`;
  const out: string[] = [];
  const named = namedClaim(shape, extras);
  if (named) out.push(named);
  const dish = recipeDish(plan);
  if (dish && shape.kind === "other") {
    const named = dish.replace(/^(?:an?|one)\s/i, "");
    const cut = /\s(?:with|from|for|in)\s/i.exec(named);
    out.push(says("share", `a Recipe for ${named}`));
    if (cut) out.push(says("share", `a Recipe for ${named.slice(0, cut.index)}`));
  }
  // The method the video is about is news the title did not carry ("Jess Uses the Avalanche
  // Method to Pay Off $42,000 in Student Loans").
  const method = extras.find((p) => METHOD.test(p) && p.includes(" "));
  const steps = /^(?:howto|howi|gerund)$/.test(shape.kind) ? stepsTo(plan, shape.rest) : null;
  const tools = toolsOf(plan);
  switch (shape.kind) {
    case "howto":
    case "howi":
    case "gerund":
      if (method) out.push(says("use", `${withThe(method)} to ${impersonal(shape.rest)}`));
      out.push(says("explain", `How to ${unboasted(shape.rest)}`));
      // "Dana Okafor Shows Five Steps to Fixing a Flat Bike Tire": what the title did not say.
      if (steps) out.push(says("show", steps));
      if (tools) out.push(says("show", `How to ${unboasted(shape.rest)} With ${tools}`));
      break;
    case "list": {
      const subject = listSubject(shape);
      // What the list runs through, named, is what makes it more than the title again.
      const named = extras.filter((p) => !p.toLowerCase().includes(shape.noun!.toLowerCase()));
      if (named.length >= 2)
        out.push(says("walk", `Through ${subject}, From ${withThe(named[0])} to ${withThe(named[1])}`));
      out.push(says("walk", `Through ${subject}`));
      break;
    }
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
    case "ipast":
      out.push(says("look", `Back on ${capitaliseWord(impersonal(shape.rest))}`));
      break;
    default:
      break;
  }
  const tasks = instructionPromise(plan, 90 - who.length - 7);
  if (tasks) out.push(says("show", tasks));
  if (extras.length > 0) out.push(says("discuss", list(extras.slice(0, 2).map(withThe))));
  return out;
}
