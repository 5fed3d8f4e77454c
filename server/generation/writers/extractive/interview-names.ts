import type { Frames } from "./frames";
import type { Voice } from "./speakers";

/*
 * The names behind "the interviewer" and "the guest" of an interview (turns labelled "Q:"/"A:",
 * or unlabelled turns where one side asks): the host introduces the guest ("Today I'm talking
 * with Dr. Amara Okafor", "My guest today is…", "Joining me is…") and may name themself ("I'm Sam
 * Reyes"); the description often says both ("Host Sam Reyes talks with Dr. Amara Okafor"). A
 * side stays "the guest" when no name is said: never a guess.
 */

const TITLE = String.raw`(?:(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx|Coach|Captain|Chef|Judge|Senator|Mayor)\.?\s+)?`;
const NAME_WORD = String.raw`\p{Lu}[\p{Ll}'’-]+`;
const PERSON = String.raw`(${TITLE}${NAME_WORD}(?:\s+${NAME_WORD}){1,2})`;
// A phrase whose first letter may be a capital (it may open a sentence); names keep their case.
const opening = (phrase: string) => `[${phrase[0].toUpperCase()}${phrase[0]}]${phrase.slice(1)}`;
const GUEST_LEADS = [
  ...["talking (?:with|to)", "speaking (?:with|to)", "joined (?:today )?by"].map(opening),
  ...["joining (?:me|us)(?: today| now)? (?:is|are)", "sat down with", "talks (?:with|to)"].map(opening),
  ...["interviews", "in conversation with", "welcome", "please welcome"].map(opening),
  `(?:I'm|I’m|I am|${opening("we're")}|${opening("we’re")}|${opening("we are")}) (?:here )?with`,
  `(?:${opening("my")}|${opening("our")}) guest(?: today| this week)? is`,
];
// English introductions of a guest, in the host's words or the description's.
const GUEST_INTRO = new RegExp(String.raw`(?<![\p{L}])(?:${GUEST_LEADS.join("|")})\s+${PERSON}`, "u");
const HOST_INTRO = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:I'm|I’m|I am|${opening("my name is")})\s+${PERSON}|(?:${["host", "presenter", "interviewer", "hosted by"].map(opening).join("|")})\s+${PERSON})`,
  "u",
);
// The first turns of the host are where a guest is introduced.
const INTRO_TURNS = 3;
const MAX_TEXT = 2_000;

/** "Dr. Amara Okafor" -> { name, short: "Okafor" } (the surname the article uses after). */
function personVoice(name: string): Voice {
  const clean = name.replace(/\s+/g, " ").trim();
  const words = clean.split(" ");
  return { name: clean, short: words[words.length - 1], kind: "person" };
}

const found = (re: RegExp, text: string): string | null => {
  const m = re.exec(text.slice(0, MAX_TEXT));
  return m ? (m.slice(1).find((g) => g !== undefined) ?? null) : null;
};

/**
 * The turns' voices with the interviewer and the guest named where the video says who they are
 * (English wording). Turns with any other voice are left as they are.
 */
export function nameInterviewSides(
  voices: ReadonlyMap<number, Voice>,
  texts: ReadonlyMap<number, readonly string[]>,
  description: string,
  frames: Frames,
): Map<number, Voice> {
  const out = new Map(voices);
  if (frames.lang !== "en") return out;
  const asking = [...voices].filter(([, v]) => v.kind === "anonymous" && v.name === frames.interviewer).map(([t]) => t);
  const answering = [...voices].filter(([, v]) => v.kind === "anonymous" && v.name === frames.guest).map(([t]) => t);
  if (asking.length === 0 || answering.length === 0) return out;
  const hostWords = asking
    .sort((a, b) => a - b)
    .slice(0, INTRO_TURNS)
    .flatMap((t) => texts.get(t) ?? [])
    .join(" ");
  const guest = found(GUEST_INTRO, hostWords) ?? found(GUEST_INTRO, description);
  let host = found(HOST_INTRO, hostWords) ?? found(HOST_INTRO, description);
  // "I'm talking with Dr. Okafor" names the guest, not the host.
  if (host && guest && host === guest) host = null;
  if (guest) for (const t of answering) out.set(t, personVoice(guest));
  if (host) for (const t of asking) out.set(t, personVoice(host));
  return out;
}
