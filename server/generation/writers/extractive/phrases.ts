import type { ArticleTone } from "../../../../contract/articles";

/**
 * The writer's own words: the framing around extracted sentences (intros, transitions,
 * attributions, headings, closings). Tone changes these, never the extracted content. Every
 * template takes markdown-safe slot values (the caller escapes untrusted text) and is chosen
 * deterministically from a seed, so the same input gives the same article.
 */

export type Voice = "first" | "second" | "neutral";

export interface Slots {
  /** Escaped, quoted-ready video title. */
  title: string;
  /** Escaped channel name. */
  channel: string;
  /** Escaped speaker name as first mentioned. */
  speaker: string;
  /** Escaped topics in running text ("indexes", "write costs"). */
  topics: string[];
  /** "14-minute" or null. */
  duration: string | null;
  /** Whether sections and quotes carry timestamp links. */
  timed: boolean;
}

export function pick<T>(options: readonly T[], seed: number, salt = 0): T {
  return options[(seed + salt * 7919) % options.length];
}

/**
 * "Maya Chen's", "Founder Field Notes'": a plural name takes the apostrophe alone. `channel`: the
 * name is a channel's, where several words ending in a plural ("Small Town Big Questions") are
 * a plural (a person's name there takes the apostrophe alone too, as news style allows).
 */
export function possessive(name: string, channel = false): string {
  // A plural name takes only the apostrophe ("The Lantern Owls'", "Crumb & Crust's" is singular);
  // a person's name ending in s takes "'s" as news style writes it ("Jess's", "Raman's").
  const plural =
    /^the\s.+s$/i.test(name) ||
    /\s(?:brothers|sisters|twins|boys|girls|friends|owls|kids)$/i.test(name) ||
    (channel && /\s\S*[^\Wsuí]s$/i.test(name));
  return plural ? `${name}'` : `${name}'s`;
}

/** "a", "a and b", "a, b and c". */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  // When an item has its own "and", the serial comma keeps the list readable.
  const serial = items.length > 2 && items.some((item) => /\sand\s/.test(item)) ? "," : "";
  return `${items.slice(0, -1).join(", ")}${serial} and ${items[items.length - 1]}`;
}

function topicList(slots: Slots, max = 3): string {
  return listPhrase(slots.topics.slice(0, max));
}

// Words that make a chapter's title a clause or a scene rather than a topic.
const NOT_A_TOPIC = /\b(?:is|are|was|were|went|goes|gone|did|does|has|have|had|can|will|it|all|one|on|at)\b/i;

/** A topic short and plain enough to wonder about, else undefined. */
function asTopic(topic: string | undefined): string | undefined {
  if (!topic || topic.split(/\s+/).length > 4 || NOT_A_TOPIC.test(topic)) return undefined;
  return topic;
}

/** The first sentence of a blog-like intro: who made the video and what it covers. */
export function introOpener(tone: ArticleTone, voice: Voice, slots: Slots, seed: number): string {
  const topics = topicList(slots);
  if (!topics) {
    // Nothing to name: say whose video it is and move on.
    return tone === "formal"
      ? `This article summarises "${slots.title}," a video published by ${slots.channel}.`
      : `Here's a summary of ${possessive(slots.channel, true)} video "${slots.title}."`;
  }
  const about = ` ${topics}`;
  // "If you've ever wondered about X", "If X matters to you": a topic named in a few words, not a
  // chapter's title ("the night it all went wrong", "a town on one bank").
  const first = asTopic(slots.topics[0]);
  const options: Record<ArticleTone, string[]> = {
    informative: [
      `In "${slots.title}," ${slots.channel} walks through${about}.`,
      `${possessive(slots.channel, true)} video "${slots.title}" covers${about}.`,
    ],
    casual: [
      slots.duration
        ? `Got ${slots.duration.replace(/-/, " ").replace(/(\d+) (\w+)$/, "$1 $2s")} to spare? ${possessive(slots.channel, true)} "${slots.title}" is a good use of them, and it covers${about}.`
        : `${possessive(slots.channel, true)} "${slots.title}" covers${about}, and it's a fun one.`,
      `So, "${slots.title}" from ${slots.channel}: it's all about${about}.`,
    ],
    formal: [
      `This article summarises "${slots.title}," a video published by ${slots.channel} that addresses${about}.`,
      `In the video "${slots.title}," ${slots.channel} examines${about}.`,
    ],
    persuasive: [
      first
        ? `If ${first} matters to you, "${slots.title}" from ${slots.channel} deserves your attention.`
        : `"${slots.title}" from ${slots.channel} deserves your attention.`,
      `Few videos make the case as clearly as "${slots.title}" from ${slots.channel}, which takes on${about}.`,
    ],
  };
  let line = pick(options[tone], seed);
  if (voice === "first") {
    line = pick(
      [
        `I watched "${slots.title}" from ${slots.channel} so you don't have to, and it covers${about}.`,
        `I recently sat down with "${slots.title}" from ${slots.channel}, a video about${about}.`,
      ],
      seed,
    );
  } else if (voice === "second" && tone !== "formal" && first) {
    line = pick(
      [
        line,
        `If you've ever wondered about ${first}, ${possessive(slots.channel, true)} "${slots.title}" is for you.${
          slots.topics.length > 1 ? ` It also covers ${listPhrase(slots.topics.slice(1, 3))}.` : ""
        }`,
      ],
      seed,
      1,
    );
  }
  return line;
}

/** The sentence that introduces the video's central point in a blog-like intro. */
export function centralLead(tone: ArticleTone, seed: number): string {
  const options: Record<ArticleTone, string[]> = {
    informative: [""],
    casual: ["The big idea?", "The short of it:"],
    formal: [""],
    persuasive: ["The key insight is hard to argue with:", "Here's the point that matters:"],
  };
  return pick(options[tone], seed, 2);
}

/** The last sentence of the intro, pointing at what follows. */
export function introCloser(tone: ArticleTone, voice: Voice, timed: boolean, seed: number): string {
  const links = timed ? ", with links to the moments in the video" : "";
  const options: Record<ArticleTone, string[]> = {
    informative: [`Here are the main points${links}, so you can check anything for yourself.`],
    casual: [`Here's the rundown${timed ? ", with timestamps if you want to jump in" : ""}.`],
    formal: [`The key points are set out below${timed ? ", with links to the relevant moments in the video" : ""}.`],
    persuasive: [`Here's why it's worth your time${timed ? ", with links to the moments that matter most" : ""}.`],
  };
  if (voice === "first") return pick([`Here's what stood out to me${links}.`], seed);
  return pick(options[tone], seed);
}

export function takeawaysHeading(tone: ArticleTone): string {
  return {
    informative: "Key takeaways",
    casual: "The short version",
    formal: "Summary of key points",
    persuasive: "Why it matters",
  }[tone];
}

export function commentsHeading(tone: ArticleTone): string {
  return {
    informative: "What viewers are saying",
    casual: "What the comments say",
    formal: "Viewer response",
    persuasive: "What viewers are saying",
  }[tone];
}

export function commentsIntro(tone: ArticleTone, count: number, seed: number): string {
  const some = count === 1 ? "One comment" : "A few comments";
  const options: Record<ArticleTone, string[]> = {
    informative: [`${some} from viewers stood out:`, "Among the most-liked comments:"],
    casual: ["The comments section had some good ones:", "Viewers had thoughts, too:"],
    formal: ["Among the most-liked comments on the video:", "Viewers responded as follows:"],
    persuasive: ["Viewers clearly found it worthwhile:", "The response from viewers speaks for itself:"],
  };
  return pick(options[tone], seed, 3);
}

export function closingHeading(tone: ArticleTone): string {
  return {
    informative: "Final thoughts",
    casual: "Wrapping up",
    formal: "Concluding remarks",
    persuasive: "The bottom line",
  }[tone];
}

/** The closing call to watch, with a link built by the caller. */
export function closingLine(
  tone: ArticleTone,
  voice: Voice,
  watchLink: (text: string) => string,
  seed: number,
): string {
  if (voice === "first")
    return `If any of this caught your interest, I'd recommend ${watchLink("watching the full video")}.`;
  const options: Record<ArticleTone, string[]> = {
    informative: [`The full video has more detail: ${watchLink("watch it on YouTube")}.`],
    casual: [`Worth a watch if you've got the time: ${watchLink("here's the full video")}.`],
    formal: [`The complete video is available on YouTube: ${watchLink("watch the full video")}.`],
    persuasive: [`Don't just take this summary's word for it: ${watchLink("watch the full video")}.`],
  };
  return pick(options[tone], seed, 4);
}

/** The phrase before the video's closing thought. */
export function outroLead(tone: ArticleTone, speaker: string, seed: number): string {
  const options: Record<ArticleTone, string[]> = {
    informative: [`${speaker} closes with this:`, `${speaker} wraps up on this note:`],
    casual: [`And ${possessive(speaker)} parting thought?`, `${speaker} signs off with this:`],
    formal: [`In closing, ${speaker} observes:`, `${speaker} concludes:`],
    persuasive: [
      `${possessive(speaker)} closing point says it all:`,
      `${speaker} ends with a point worth remembering:`,
    ],
  };
  return pick(options[tone], seed, 5);
}

/** A transition into a section, naming its topic. */
export function transition(
  tone: ArticleTone,
  voice: Voice,
  speaker: string,
  topic: string,
  seed: number,
  n: number,
): string {
  const options: Record<ArticleTone, string[]> = {
    informative: [
      `Next, ${speaker} turns to ${topic}.`,
      `The video then moves on to ${topic}.`,
      `${speaker} also covers ${topic}.`,
    ],
    casual: [`Next up: ${topic}.`, `Then it's on to ${topic}.`, `Now for ${topic}.`],
    formal: [
      `The discussion then turns to ${topic}.`,
      `${speaker} subsequently addresses ${topic}.`,
      `The next segment concerns ${topic}.`,
    ],
    persuasive: [
      `Then comes ${topic}, and this part deserves close attention.`,
      `Next, ${speaker} takes on ${topic}.`,
      `Don't skip the part on ${topic}.`,
    ],
  };
  if (voice === "first" && n % 2 === 1)
    return pick([`The part on ${topic} is where I learned the most.`, `Then we get to ${topic}.`], seed, n);
  return pick(options[tone], seed, n);
}

/** A rhetorical question into a section (for reference styles that ask questions). */
export function questionTransition(topic: string, seed: number, n: number): string {
  return pick([`So what about ${topic}?`, `And ${topic}?`, `What about ${topic}?`], seed, n);
}

const SAID_VERBS: Record<ArticleTone, string[]> = {
  informative: ["said", "explained", "added", "noted"],
  casual: ["said", "added", "explained"],
  formal: ["said", "stated", "observed", "noted"],
  persuasive: ["argued", "said", "stressed", "insisted"],
};

/** Every past verb saidVerb gives, in any tone. */
export const ALL_SAID_VERBS: readonly string[] = [...new Set(Object.values(SAID_VERBS).flat())];

/** Verbs for attributing quotes, by tone. */
export function saidVerb(tone: ArticleTone, n: number): string {
  const list = SAID_VERBS[tone];
  return list[n % list.length];
}

/** Present-tense verbs for blog attributions ("says", "explains"). */
export function saysVerb(tone: ArticleTone, n: number): string {
  const verbs: Record<ArticleTone, string[]> = {
    informative: ["says", "explains", "notes"],
    casual: ["says", "adds", "explains"],
    formal: ["states", "observes", "notes"],
    persuasive: ["argues", "insists", "stresses"],
  };
  const list = verbs[tone];
  return list[n % list.length];
}
