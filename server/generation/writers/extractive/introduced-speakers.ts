import type { Frames } from "./frames";
import { looksLikePerson, type Voice } from "./speakers";
import { STOPWORDS } from "./tokens";

/*
 * Speakers a transcript introduces in its own words, for transcripts whose captions do not mark
 * every change of speaker (a news report is one caption stream for anchor, reporter and the
 * officials they quote):
 * - a hand-over: "Dana, what did the engineers find?" (the next words are Dana's), "Thanks,
 *   Marcus." (these are not Marcus's), "Reporting from the bridge, I'm Dana Whitfield.";
 * - a person introduced by role: "Our reporter Dana Whitfield joins us";
 * - a sound bite: "Mayor Helen Osei said tonight that…" followed by first-person sentences ("We
 *   need to be honest…") is the mayor speaking, until the narration resumes.
 * Sound bites are read in English only (first-person words differ by language); hand-overs by
 * name work in any language that writes names with capitals.
 */

/** What the introduced speakers tell about one sentence. */
export interface SentenceVoice {
  /** Sentences with the same id are one person's words; a change of id is a change of speaker. */
  speaker: number;
  /** Who that is, when the transcript says; null keeps the turn's own voice. */
  voice: Voice | null;
}

interface Identity {
  id: number;
  name: string | null;
  first: string | null;
  role: string | null;
}

const NAME_WORD = String.raw`\p{Lu}[\p{Ll}'’-]+`;
const FULL_NAME = String.raw`(${NAME_WORD}(?:\s+${NAME_WORD}){1,2})`;
// Roles that present a programme, as opposed to the people it quotes.
const HOST_ROLE = new RegExp(
  String.raw`\b(reporter|correspondent|anchor|presenter|host|co-host|meteorologist|editor)\s+${FULL_NAME}`,
  "gu",
);
const SELF_INTRO = new RegExp(String.raw`\b(?:I'm|I’m|I am|my name is|[Mm]y name's)\s+${FULL_NAME}`, "u");
const NAMES = new RegExp(FULL_NAME, "gu");
const SAYS =
  /^[^.!?]{0,80}?\b(?:said|says|told|tells|explained|explains|added|adds|warned|warns|insisted|insists|admitted|argued|argues|stressed|stresses)\b/;
// "Business owners told us…": a group whose members then speak.
const GROUP_SAYS =
  /^(?:several |many |some |local |other )?((?:\p{L}+ )?\p{L}+s) (?:told|tell|said|say|explained|warned|insisted|admitted)\b/iu;
// Groups of people whose members speak in a report (not "restaurants told us", a business's voice).
const PEOPLE = new Set(
  `owners residents officials parents fans voters drivers workers teachers students neighbours neighbors experts
  doctors nurses farmers locals shoppers commuters customers players supporters protesters witnesses survivors
  tenants members leaders economists scientists researchers engineers analysts critics patients passengers
  travellers travelers visitors employees managers organisers organizers volunteers campaigners councillors
  councilors families officers firefighters police users listeners`.split(/\s+/),
);
const THANKS = /^(?:thanks|thank you|hi|hello|good (?:morning|evening|afternoon)),?\s+(\p{Lu}\p{Ll}+)\s*[,.!]/iu;
const OPENING_NAME = /^(\p{Lu}\p{Ll}+),\s+\S/u;
const CLOSING_NAME = /,\s+(\p{Lu}\p{Ll}+)\s*[.!?]["”’]?$/u;
const FIRST_PERSON =
  /\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|I’ll|me|my|mine|we|we're|we’re|we've|we’ve|we'll|we’ll|we'd|our|ours)\b/i;
const NOT_VOCATIVE = new Set(
  `today tonight now yesterday tomorrow meanwhile however still yes yeah no well okay ok so and but also first
  second third finally then here there again sadly luckily monday tuesday wednesday thursday friday saturday sunday
  january february march april may june july august september october november december everyone everybody folks guys`.split(
    /\s+/,
  ),
);
const MAX_SENTENCE = 600;

/** A name said to someone ("Thanks, Marcus.", "Dana, what did…?", "…, Marcus."), or null. */
function vocative(text: string, known: ReadonlySet<string>): { name: string; opening: boolean } | null {
  const thanks = THANKS.exec(text);
  if (thanks && !NOT_VOCATIVE.has(thanks[1].toLowerCase())) return { name: thanks[1], opening: true };
  const opening = OPENING_NAME.exec(text);
  if (opening && known.has(opening[1])) return { name: opening[1], opening: true };
  const closing = CLOSING_NAME.exec(text);
  const name = closing?.[1];
  if (name && !NOT_VOCATIVE.has(name.toLowerCase()) && !STOPWORDS.has(name.toLowerCase())) {
    return { name, opening: false };
  }
  return null;
}

/** "Mayor Helen Osei" in "Mayor Helen Osei said tonight that…", when not one of the hosts. */
function quotedPerson(text: string, hosts: ReadonlySet<string>): string | null {
  for (const m of text.matchAll(NAMES)) {
    const words = m[1].split(/\s+/);
    // "The Riverside Bridge", "Our Mayor": an opening word is not part of a name.
    while (words.length > 0 && STOPWORDS.has(words[0].toLowerCase())) words.shift();
    if (words.length < 2 || hosts.has(words[0]) || !looksLikePerson(words.slice(-2).join(" "))) continue;
    if (SAYS.test(text.slice((m.index ?? 0) + m[0].length))) return words.join(" ");
  }
  return null;
}

const singular = (plural: string) => plural.toLowerCase().replace(/ies$/, "y").replace(/s$/, "");

/**
 * Who says each sentence, as far as the transcript's own words tell (see the module comment).
 * `turns` are the caption-marked speaker turns; `fixed` holds the turns a caption label already
 * names, which keep their speaker. Linear in the number of sentences.
 */
export function introducedVoices(
  sentences: ReadonlyArray<{ text: string; turn: number }>,
  options: { frames: Frames; news: boolean; english: boolean; fixed: ReadonlySet<number> },
): SentenceVoice[] {
  const texts = sentences.map((s) => s.text.slice(0, MAX_SENTENCE));
  const known = new Map<string, { name: string; role: string | null }>();
  for (const text of texts) {
    for (const m of text.matchAll(HOST_ROLE)) known.set(m[2].split(/\s+/)[0], { name: m[2], role: m[1].toLowerCase() });
    const self = SELF_INTRO.exec(text);
    if (self && looksLikePerson(self[1])) {
      const first = self[1].split(/\s+/)[0];
      if (!known.has(first)) known.set(first, { name: self[1], role: null });
    }
  }
  const knownFirst = new Set(known.keys());
  let nextId = 0;
  const identities: Identity[] = [];
  const newIdentity = (first: string | null, role: string | null): Identity => {
    const fromIntro = first ? known.get(first) : undefined;
    const identity = { id: nextId++, name: fromIntro?.name ?? null, first, role: fromIntro?.role ?? role };
    identities.push(identity);
    return identity;
  };
  const byFirst = (first: string) => identities.find((h) => h.first === first) ?? null;
  // The host before `than`, to hand back to ("Thank you, Dana." after Dana's report).
  const otherHost = (than: Identity, order: Identity[]) =>
    [...order].reverse().find((h) => h !== than) ?? newIdentity(null, null);

  const hostOf: Identity[] = [];
  const bite: Array<{ id: number; voice: Voice } | null> = [];
  const order: Identity[] = [];
  let current = newIdentity(null, options.news ? "anchor" : null);
  order.push(current);
  let pending: Identity | null = null;
  let handedAt = -1;
  let soundBite: { id: number; voice: Voice; surname: string } | null = null;
  let introducedAt = -2;
  let introduced: { voice: Voice; surname: string } | null = null;
  const recent: boolean[] = [];
  const use = (identity: Identity) => {
    current = identity;
    if (order[order.length - 1] !== identity) order.push(identity);
  };

  sentences.forEach((sentence, i) => {
    const text = texts[i];
    const fixed = options.fixed.has(sentence.turn);
    if (i > 0 && sentence.turn !== sentences[i - 1].turn) {
      // A caption-marked change of speaker: whoever was handed the word, else someone new.
      use(pending ?? newIdentity(null, null));
      pending = null;
      handedAt = i;
      soundBite = null;
    } else if (pending) {
      use(pending);
      pending = null;
      handedAt = i;
    }
    bite[i] = null;
    hostOf[i] = current;
    if (fixed) return;

    // A sound bite goes on while its speaker talks in the first person.
    if (soundBite) {
      const own = FIRST_PERSON.test(text) && !text.includes(soundBite.surname);
      const bridge = !own && FIRST_PERSON.test(texts[i + 1] ?? "") && sentences[i + 1]?.turn === sentence.turn;
      // A sign-off or a hand-over ("I'm Sam Lee", "Thank you, Sam") is a host again.
      const host = SELF_INTRO.test(text) || vocative(text, knownFirst) !== null;
      if ((own || bridge) && !SAYS.test(text) && !host) {
        bite[i] = { id: soundBite.id, voice: soundBite.voice };
        return;
      }
      soundBite = null;
    }
    // The sound bite opens with its speaker's own words, not a report of someone else's.
    const opens = FIRST_PERSON.test(text) && !SAYS.test(text) && !/\bquot(?:e|ing)\b/i.test(text);
    if (introduced && introducedAt === i - 1 && options.english && opens && !vocative(text, knownFirst)) {
      soundBite = { id: nextId++, ...introduced };
      introduced = null;
      bite[i] = { id: soundBite.id, voice: soundBite.voice };
      return;
    }
    introduced = null;

    const said = vocative(text, knownFirst);
    if (said) {
      const question = /\?["”’]?$/.test(text);
      let addressed = byFirst(said.name);
      if (said.opening && question && !/^(?:thanks|thank you)\b/i.test(text)) {
        // "Dana, what did the engineers find?": Dana answers next.
        pending = addressed ?? newIdentity(said.name, options.news ? "reporter" : null);
      } else {
        if (!addressed && knownFirst.has(said.name)) addressed = newIdentity(said.name, null);
        if (!addressed && handedAt >= i - 1 && order.length >= 2) {
          // "Thanks, Marcus." just after a hand-over names the one who handed over.
          addressed = order[order.length - 2];
          if (!addressed.first) addressed.first = said.name;
        }
        const asked =
          i > 0 && sentences[i - 1].turn === sentence.turn && /\?["”’]?$/.test(texts[i - 1]) && !bite[i - 1];
        if (!addressed && asked && order.length >= 2) {
          // A question, then "It's a big disruption, Marcus.": the other host asked it.
          addressed = otherHost(current, order);
          if (!addressed.first) addressed.first = said.name;
        }
        if (addressed) {
          if (current === addressed) use(otherHost(addressed, order));
          hostOf[i] = current;
          // "And what does this mean…?" then "It's a big disruption, Marcus.": Marcus asked.
          if (asked) hostOf[i - 1] = addressed;
        }
      }
    }
    const self = SELF_INTRO.exec(text);
    if (self && looksLikePerson(self[1])) {
      const first = self[1].split(/\s+/)[0];
      const existing = byFirst(first);
      if (existing && existing !== current) use(existing);
      else if (!current.first || current.first === first) {
        current.first = first;
        current.name = self[1];
      }
      hostOf[i] = current;
    }
    // Only a narrator who tells rather than speaks for themself hands over to a sound bite: in a
    // talk full of "I", the next "I" is still the speaker's own.
    recent.push(FIRST_PERSON.test(text));
    if (recent.length > 4) recent.shift();
    if (recent.filter(Boolean).length > 1 || FIRST_PERSON.test(text.replace(/\b(?:told|tells) us\b/gi, ""))) return;
    const hosts = new Set(identities.map((h) => h.first).filter((f): f is string => Boolean(f)));
    for (const first of knownFirst) hosts.add(first);
    const person = quotedPerson(text, hosts);
    if (person) {
      introduced = {
        voice: { name: person, short: person.split(/\s+/).pop()!, kind: "person" },
        surname: person.split(/\s+/).pop()!,
      };
      introducedAt = i;
    } else {
      const group = GROUP_SAYS.exec(text);
      if (group && PEOPLE.has(group[1].split(" ").pop()!.toLowerCase())) {
        const role = `one ${singular(group[1])}`;
        introduced = { voice: { name: role, short: role, kind: "role" }, surname: "\u0000" };
        introducedAt = i;
      }
    }
  });

  // Two or more hosts: each is named, or called by role ("the anchor", "the reporter").
  const several = new Set(hostOf.map((h) => h.id)).size > 1;
  const voiceOf = (host: Identity): Voice | null => {
    if (host.name) return { name: host.name, short: host.name.split(/\s+/).pop()!, kind: "person" };
    // Role words are English; other languages keep the turn's own voice.
    if (several && host.role && options.english)
      return { name: options.frames.role(host.role), short: options.frames.role(host.role), kind: "role" };
    return null;
  };
  return sentences.map((sentence, i) => {
    const b = bite[i];
    if (b) return { speaker: b.id, voice: b.voice };
    // A turn whose speaker is already known (a caption label, an interviewer) keeps that voice.
    if (options.fixed.has(sentence.turn)) return { speaker: hostOf[i].id, voice: null };
    return { speaker: hostOf[i].id, voice: voiceOf(hostOf[i]) };
  });
}
