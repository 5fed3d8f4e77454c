import type { Frames } from "./frames";
import { numberedVoices, type PanelPerson, pairVoices, panelVoices, SUBJECT_VERB } from "./panel-names";
import { asksQuestions, looksLikePerson, type Voice } from "./speakers";

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
// Roles a description puts before a name ("Coach Dana Hill", "captain Marcus Bell").
const ROLES = ["coach", "captain", "skipper", "manager", "doctor", "chef", "professor", "mayor", "senator", "minister"];
// Roles of whoever runs the conversation: not part of the name ("Host Rachel Lindqvist").
const HOST_ROLES = ["host", "co-host", "presenter", "moderator", "anchor"];
// A capitalised pair ending in one of these is a place or a business, not a person ("Main
// Street", "Kowalczyk Hardware").
const PLACE_WORDS = new Set(
  `street road avenue lane square park hall market river bridge hardware store shop cafe coffee roasters bakery
  center centre church school station town city county valley garage farm farms`.split(/\s+/),
);
const DESCRIBED_PERSON = new RegExp(
  String.raw`(?:\b(${[...ROLES, ...HOST_ROLES].map(opening).join("|")}):?\s+)?(${NAME_WORD}(?:\s+${NAME_WORD}){1,2})`,
  "gu",
);
const MAX_PEOPLE = 8;
// A word before a capitalised pair that makes it a team, a place or a thing, not a speaker:
// "a win over Port Ellery", "in Coastal City", "against Riverside Tech", "the Fernvale Ledger".
const NOT_A_PERSON_BEFORE =
  /(?:^|[^\p{L}'’])(?:over|against|versus|vs|at|in|into|from|near|beat|beats|beating|defeated|defeating|the|visiting|across|through|toward|towards|outside|inside)\.?\s+$/iu;

/** A described person: their voice, the words that call on them (first name, surname, role), whether they host. */
type Addressee = PanelPerson;

/** The people a description names ("Coach Dana Hill and captain Marcus Bell on…"), with their roles. */
function describedPeople(description: string): Addressee[] {
  const out: Addressee[] = [];
  for (const m of description.slice(0, MAX_TEXT).matchAll(DESCRIBED_PERSON)) {
    const said = m[1] ? m[1].toLowerCase() : null;
    const host = said !== null && HOST_ROLES.includes(said);
    const role = host ? null : said;
    const name = m[2];
    const words = name.split(/\s+/);
    if (PLACE_WORDS.has(words[words.length - 1].toLowerCase())) continue;
    const at = (m.index ?? 0) + m[0].length - name.length;
    if (!m[1] && NOT_A_PERSON_BEFORE.test(description.slice(Math.max(0, at - 12), at))) continue;
    if (!looksLikePerson(name) || out.some((p) => p.voice.short === name.split(/\s+/).pop())) continue;
    const titled = role ? `${role.charAt(0).toUpperCase()}${role.slice(1)} ${name}` : name;
    out.push({
      voice: { name: titled, short: words[words.length - 1], kind: "person" },
      calls: [words[0].toLowerCase(), words[words.length - 1].toLowerCase(), ...(role ? [role] : [])],
      host,
    });
    if (out.length >= MAX_PEOPLE) break;
  }
  return out;
}

/** Whom a turn's first words address: a described person called by name or role, if exactly one. */
function addressed(first: string, people: readonly Addressee[]): Addressee | null {
  const word = (/^[\p{L}'’-]+/u.exec(first.trim())?.[0] ?? "").toLowerCase();
  if (!word) return null;
  const matches = people.filter((p) => p.calls.includes(word));
  return matches.length === 1 ? matches[0] : null;
}

/**
 * A conversation where one side opens its turns by calling on someone the description names
 * ("marcus, you scored the winner…", "coach, what a night…"): each answer is that person's,
 * and a follow-up question without a name goes to the same person. Null when no side does so
 * at least twice, or the calls are not all on one side.
 */
function addressedTurns(
  voices: ReadonlyMap<number, Voice>,
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly Addressee[],
  frames: Frames,
): Map<number, Voice> | null {
  if (people.length < 2) return null;
  const turns = [...voices.keys()].sort((a, b) => a - b);
  // The call opens the turn ("marcus, you scored…") or its question after the host's
  // introduction ("…with Claire Fontaine and Marc Girard. Claire Fontaine, what changes?").
  const call = (turn: number) => {
    const said = texts.get(turn) ?? [];
    return addressed(said[0] ?? "", people) ?? (said.length > 1 ? addressed(said[said.length - 1], people) : null);
  };
  const calls = turns.filter((t) => call(t) !== null);
  if (calls.length < 2) return null;
  const parity = turns.indexOf(calls[0]) % 2;
  if (calls.some((t) => turns.indexOf(t) % 2 !== parity))
    return calledByQuestions(turns, texts, people, frames, voices, call);
  const out = new Map(voices);
  let current: Addressee | null = null;
  turns.forEach((turn, k) => {
    if (k % 2 === parity) {
      current = call(turn) ?? current;
      out.set(turn, { name: frames.interviewer, short: "", kind: "anonymous", asks: true });
    } else if (current) {
      out.set(turn, current.voice);
    }
  });
  return out;
}

// Words of a reporter's question at most; an answer that happens to open on a name runs longer.
const MAX_QUESTION_WORDS = 45;
// "You'll have to ask her", "I'll let him answer that": an answer that passes the question on.
const DEFERS =
  /\b(?:ask\s+(?:her|him)|let\s+(?:her|him)\s+(?:answer|take|tell)|(?:she|he)\s+(?:can|should|will|'ll)\s+(?:tell|answer)\s+(?:you|that))\b/i;
// "Coach Tully will open": a moderator hands the next turn over.
const HANDS_OVER = /\b(?:will|'ll|is going to)\s+(?:open|start|begin|go first)\b/i;

/**
 * A press conference, where questions do not take every other turn (the captain adds to the
 * coach's answer, a reporter follows up): a short turn that asks, or calls on someone the
 * description names and is short, is a question; the turn right after it is the answer of the
 * one it called on (or, for a follow-up that calls on nobody, of the one who answered last);
 * a moderator's "Coach Tully will open" hands the next turn over. Every other turn keeps no
 * name: a wrong name on a quotation is worse than none.
 */
function calledByQuestions(
  turns: readonly number[],
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly Addressee[],
  frames: Frames,
  voices: ReadonlyMap<number, Voice>,
  call: (turn: number) => Addressee | null,
): Map<number, Voice> | null {
  // "Marcus was brilliant tonight" speaks of Marcus, it does not call on him: when a turn that
  // seemed to call is about its person, who asks is unclear, and nobody is named.
  for (const turn of turns) {
    const words = ((texts.get(turn) ?? [])[0] ?? "").toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];
    if (call(turn) && people.some((p) => p.calls.includes(words[0] ?? "")) && SUBJECT_VERB.test(words[1] ?? ""))
      return null;
  }
  const out = new Map(voices);
  const unnamed: Voice = { name: frames.oneSpeaker, short: "", kind: "anonymous" };
  const wordCount = (turn: number) => (texts.get(turn) ?? []).join(" ").split(/\s+/).filter(Boolean).length;
  const handedTo = (turn: number) => {
    const said = (texts.get(turn) ?? []).join(" ");
    if (!HANDS_OVER.test(said)) return null;
    const words = new Set(said.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []);
    return people.find((p) => p.calls.some((c) => words.has(c))) ?? null;
  };

  let current: Addressee | null = null;
  let next: Addressee | null = null;
  // Who else the last question named ("Coach, what did Aisha say…?"): whom "ask her" defers to.
  let mentioned: Addressee[] = [];
  for (const turn of turns) {
    const said = texts.get(turn) ?? [];
    const short = wordCount(turn) <= MAX_QUESTION_WORDS;
    const called = call(turn);
    if (short && (asksQuestions(said) || called)) {
      current = called ?? current;
      next = current;
      const words = new Set(
        said
          .join(" ")
          .toLowerCase()
          .match(/[\p{L}'’-]+/gu) ?? [],
      );
      mentioned = people.filter((p) => p !== current && p.calls.some((c) => words.has(c)));
      out.set(turn, { name: frames.interviewer, short: "", kind: "anonymous", asks: true });
      continue;
    }
    if (next) {
      out.set(turn, next.voice);
      current = next;
      // "You'll have to ask her": the answer passes the question to the other one it named.
      next = DEFERS.test(said.join(" ")) && mentioned.length === 1 ? mentioned[0] : null;
      mentioned = [];
      continue;
    }
    out.set(turn, unnamed);
    next = handedTo(turn);
  }
  return out;
}

// A caption label's role that runs the conversation ("the moderator", "el moderador").
const HOST_LABEL =
  /\b(?:moderator|host|presenter|anchor|moderador|moderadora|modérateur|modératrice|animateur|animatrice|moderatorin|apresentador|apresentadora)\b/i;

// A polite form of address before a surname, in the framed languages: "Frau Keller", "Mr. Bell".
const HONORIFIC =
  /^(?:frau|herr|mr|mrs|ms|miss|madame|monsieur|mme|m|señora|señor|sra|sr|senhora|senhor|dona|dom|doctor|doctora|dr|dra|docteur|doktor|doutor|doutora|professor|professora|profesor|profesora|professeur|prof)\.?$/i;

/**
 * The one person the description names whom the asking side calls by a polite form and surname
 * ("Frau Keller, wie…"), in any language: the guest. Null when none or several are.
 */
function addressedGuest(
  asking: readonly number[],
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly Addressee[],
): Addressee | null {
  const called = new Set<Addressee>();
  for (const turn of asking) {
    for (const sentence of texts.get(turn) ?? []) {
      const words = sentence.toLowerCase().match(/[\p{L}'’.-]+/gu) ?? [];
      words.forEach((word, i) => {
        if (i === 0 || !HONORIFIC.test(words[i - 1])) return;
        for (const p of people) if (p.voice.short.toLowerCase() === word) called.add(p);
      });
    }
  }
  return called.size === 1 ? [...called][0] : null;
}

export function nameInterviewSides(
  voices: ReadonlyMap<number, Voice>,
  texts: ReadonlyMap<number, readonly string[]>,
  description: string,
  frames: Frames,
): Map<number, Voice> {
  const people = describedPeople(description);
  // "SPEAKER 1:", "SPEAKER 2:": named by who is called on before their turns.
  if ([...voices.values()].some((v) => v.numbered !== undefined)) {
    const numbered = numberedVoices(voices, texts, people);
    if (numbered) {
      // "MODERATOR:" is the one the description calls the moderator ("Moderator: Lucy Brandt").
      const hosts = people.filter((p) => p.host);
      if (hosts.length === 1) {
        for (const [turn, voice] of numbered) {
          if (voice.kind === "role" && HOST_LABEL.test(voice.name))
            numbered.set(turn, { ...hosts[0].voice, asks: true });
        }
      }
      return numbered;
    }
  }
  // Unnamed turns only: a caption label's name or role stands. A name called out is a name in
  // any language; the introductions below are English wording.
  if ([...voices.values()].every((v) => v.kind === "anonymous")) {
    const turns = [...voices.keys()].sort((a, b) => a - b);
    const panel = people.length >= 3 ? panelVoices(turns, texts, people, frames) : null;
    if (panel) return panel;
    const called = addressedTurns(voices, texts, people, frames);
    if (called) return called;
    // Two people the description names talking with each other (a podcast's two hosts): the
    // turns alternate, so one turn settled by a name settles the rest (panelVoices).
    const pair = pairVoices(turns, texts, people);
    if (pair) return pair;
  }
  const out = new Map(voices);
  const asking = [...voices].filter(([, v]) => v.kind === "anonymous" && v.name === frames.interviewer).map(([t]) => t);
  const answering = [...voices].filter(([, v]) => v.kind === "anonymous" && v.name === frames.guest).map(([t]) => t);
  if (asking.length === 0 || answering.length === 0) return out;
  const spoken = addressedGuest(asking, texts, people);
  if (spoken) {
    for (const t of answering) out.set(t, spoken.voice);
    return out;
  }
  if (frames.lang !== "en") return out;
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
  if (host) for (const t of asking) out.set(t, { ...personVoice(host), asks: true });
  return out;
}
