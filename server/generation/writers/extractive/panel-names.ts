import type { Frames } from "./frames";
import type { Voice } from "./speakers";

/*
 * Who speaks each turn of a conversation among three or more people the description names (a
 * podcast panel: "Host Rachel Lindqvist is joined by urban planner Marcus Bell and Donna
 * Kowalczyk…"), from what the turns themselves say:
 * - a speaker naming themself ("I'm Rachel") speaks that turn;
 * - a turn that calls on someone ("Donna, what do you think?", "…a dozen towns on this, Marcus?")
 *   hands the next turn to them;
 * - a turn that answers someone by name without asking ("Marcus, with respect, I've heard that
 *   before.") answers the turn before it, which was theirs;
 * - nobody names themself in the third person ("I'm with Donna on that" is not Donna's), and
 *   nobody speaks two turns in a row;
 * - the host puts the short questions, and a question to nobody by name goes to the guest who
 *   spoke last.
 * What is left is decided by elimination. A turn none of this settles stays unattributed (and is
 * not quoted as anyone's): a wrong name on a quotation is worse than none.
 */

export interface PanelPerson {
  voice: Voice;
  /** Lower-case words that call on this person: first name and surname (and a role, "coach"). */
  calls: string[];
  /** Described as the one who runs the conversation ("Host Rachel Lindqvist"). */
  host: boolean;
}

// A turn is the host's cue when every sentence is a question or a short remark.
const CUE_WORDS = 10;
// At least this share of turns must be settled, or the conversation is left as it was.
const MIN_SETTLED = 0.6;
const MAX_TURNS = 400;

const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []).slice(0, 200);

// Spoken openers before a name or a question: "Okay, Marcus, make your case", "So what…".
const OPENERS = new Set(["okay", "ok", "so", "and", "alright", "well", "now", "right", "but", "wait", "yeah"]);
// After a name, a word that makes it the subject ("Marcus is…", "Donna runs…"), not a call.
export const SUBJECT_VERB =
  /^(?:is|was|has|had|does|did|will|would|can|could|and|or|said|says|thinks|wants|'s|’s|\p{L}+s)$/u;
// Before a closing name, a word that makes it an object ("I'm with Donna"), not a call.
const OBJECT_LEAD = new Set("with to for and about like than from by of at on as is says said told asked".split(" "));
const QUESTION =
  /^(?:what|why|how|when|where|who|which|whose|do|does|did|is|are|was|were|can|could|would|will|should|have|has)$/;

/**
 * Whether a sentence asks something: a question mark, or (auto captions write none) a question
 * word first, past openers and names ("Donna what do you think").
 */
function asksIn(sentence: string, people: readonly PanelPerson[]): boolean {
  if (/\?["”]?\s*$/.test(sentence)) return true;
  const words = wordsOf(sentence);
  let i = 0;
  while (i < words.length && (OPENERS.has(words[i]) || people.some((p) => p.calls.includes(words[i])))) i++;
  return QUESTION.test(words[i] ?? "");
}

/** The people a sentence calls on by name at its opening ("Donna, …", "Okay Marcus make…") or its close ("…, Marcus?"). */
function addressedIn(sentence: string, people: readonly PanelPerson[]): number[] {
  const words = wordsOf(sentence);
  const out = new Set<number>();
  const personOf = (word: string | undefined) => (word ? people.findIndex((p) => p.calls.includes(word)) : -1);
  let i = 0;
  while (i < words.length && OPENERS.has(words[i])) i++;
  // "Marcus Donna thank you both": every name before the sentence proper.
  const names: number[] = [];
  while (i < words.length && personOf(words[i]) >= 0) names.push(personOf(words[i++]));
  if (names.length > 0 && (i >= words.length || !SUBJECT_VERB.test(words[i]) || names.length > 1)) {
    for (const k of names) out.add(k);
  }
  const last = words.length - 1;
  if (last > 0 && personOf(words[last]) >= 0 && !OBJECT_LEAD.has(words[last - 1])) out.add(personOf(words[last]));
  return [...out];
}

/** Who a turn says it is ("I'm Rachel", "my name is Rachel Lindqvist"), or -1. */
function selfNamed(sentences: readonly string[], people: readonly PanelPerson[]): number {
  for (const sentence of sentences.slice(0, 4)) {
    const m = /\b(?:i'm|i’m|i am|my name is|my name's|this is)\s+([\p{L}'’-]+)/iu.exec(sentence);
    if (!m) continue;
    const k = people.findIndex((p) => p.calls[0] === m[1].toLowerCase());
    if (k >= 0) return k;
  }
  return -1;
}

/**
 * The voices of a panel's turns (see the top of this file), or null when the turns do not say
 * enough for most of them. `turns` in order; `texts` their sentences.
 */
export function panelVoices(
  turns: readonly number[],
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly PanelPerson[],
  frames: Frames,
): Map<number, Voice> | null {
  if (people.length < 3 || turns.length < 4 || turns.length > MAX_TURNS) return null;
  const n = turns.length;
  const said = turns.map((t) => texts.get(t) ?? []);
  const who: number[] = new Array(n).fill(-1);
  const not: Set<number>[] = turns.map(() => new Set<number>());
  const host = people.findIndex((p) => p.host);

  // What each turn says of the people in it.
  const addressing = said.map((sentences) => new Set(sentences.flatMap((s) => addressedIn(s, people))));
  const self = said.map((sentences) => selfNamed(sentences, people));
  said.forEach((sentences, i) => {
    for (const sentence of sentences) {
      const words = new Set(wordsOf(sentence));
      people.forEach((p, k) => {
        if (k !== self[i] && p.calls.some((c) => words.has(c))) not[i].add(k);
      });
    }
  });

  const fits = (i: number, k: number) =>
    i >= 0 && i < n && !not[i].has(k) && who[i - 1] !== k && (i + 1 >= n || who[i + 1] !== k);
  const settle = (i: number, k: number): boolean => {
    if (i < 0 || i >= n || who[i] !== -1 || !fits(i, k)) return false;
    who[i] = k;
    return true;
  };

  self.forEach((k, i) => {
    if (k >= 0) settle(i, k);
  });
  said.forEach((sentences, i) => {
    const called = [...addressing[i]];
    if (called.length !== 1 || sentences.length === 0) return;
    const last = sentences[sentences.length - 1];
    const lastCalls = addressedIn(last, people);
    if (asksIn(last, people) || lastCalls.length === 1) {
      // A call on someone hands them the next turn.
      settle(i + 1, lastCalls.length === 1 ? lastCalls[0] : called[0]);
    } else if (addressedIn(sentences[0], people).length === 1) {
      // An answer to someone by name, asking nothing: the turn before was theirs.
      settle(i - 1, called[0]);
    }
  });
  // "…and he's worked with, what, a dozen towns on this?": a closing question about one person.
  said.forEach((sentences, i) => {
    const last = sentences[sentences.length - 1] ?? "";
    if (!asksIn(last, people)) return;
    const words = new Set(wordsOf(last));
    const named = people.flatMap((p, k) => (k !== who[i] && p.calls.some((c) => words.has(c)) ? [k] : []));
    if (named.length === 1) settle(i + 1, named[0]);
  });

  // The host asks and hands over; a turn that speaks of its own ("that's my question", "I
  // think") is a guest's, whatever it asks. "Let me push on the numbers" is the host's.
  const cue = (sentences: readonly string[]) =>
    sentences.length > 0 &&
    !sentences.some((s) =>
      /\b(?:i|my|me|mine|i'm|i’m|i've|i’ve)\b/.test(
        wordsOf(s)
          .join(" ")
          .replace(/\blet me\b/g, ""),
      ),
    ) &&
    sentences.some((s) => asksIn(s, people)) &&
    sentences.every((s) => asksIn(s, people) || wordsOf(s).length <= CUE_WORDS);
  for (let pass = 0; pass < 6; pass++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      if (who[i] !== -1) continue;
      const open = people.map((_, k) => k).filter((k) => fits(i, k));
      if (open.length === 1) changed = settle(i, open[0]) || changed;
      else if (host >= 0 && open.includes(host) && cue(said[i])) changed = settle(i, host) || changed;
    }
    // The host's question to nobody by name goes to the guest who spoke just before it.
    for (let i = 1; i + 1 < n; i++) {
      if (who[i] === host && host >= 0 && cue(said[i]) && addressing[i].size === 0 && who[i - 1] >= 0) {
        changed = settle(i + 1, who[i - 1]) || changed;
      }
    }
    if (!changed) break;
  }

  const settled = who.filter((k) => k >= 0).length;
  if (settled < n * MIN_SETTLED) return null;
  const out = new Map<number, Voice>();
  turns.forEach((turn, i) => {
    const k = who[i];
    if (k < 0) out.set(turn, { name: frames.oneSpeaker, short: "", kind: "anonymous", asks: true });
    else out.set(turn, k === host ? { ...people[k].voice, asks: true } : people[k].voice);
  });
  return out;
}

// Anchors a stretch of alternating turns needs before its turns are named.
const MIN_PAIR_ANCHORS = 3;
// How far before its first anchor, or after its last, a stretch is named.
const PAIR_REACH = 2;

/**
 * The voices of a conversation between the two people the description names (a podcast's two
 * hosts), whose turns alternate. Anchors come from the turns themselves: a speaker naming
 * themself ("and I'm Owen Marsh"), a call that hands the next turn ("…what do you think,
 * Keisha?"), and a name said in a turn, which is then the other one's ("…not an emergency,
 * Owen"). A stretch of turns whose anchors all agree with alternation is named from its first
 * anchor to its last (and a turn or two around them); where anchors disagree (a speaker change
 * the captions missed) the stretch ends, and turns no stretch covers keep no name. Null when no
 * stretch holds enough anchors.
 */
export function pairVoices(
  turns: readonly number[],
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly PanelPerson[],
): Map<number, Voice> | null {
  if (people.length !== 2 || turns.length < 4 || turns.length > MAX_TURNS) return null;
  const said = turns.map((t) => texts.get(t) ?? []);
  const anchors: Array<{ at: number; who: number }> = [];
  said.forEach((sentences, i) => {
    const self = selfNamed(sentences, people);
    if (self >= 0) {
      anchors.push({ at: i, who: self });
      return;
    }
    const named = new Set<number>();
    for (const sentence of sentences) {
      const words = new Set(wordsOf(sentence));
      people.forEach((p, k) => {
        if (words.has(p.calls[0])) named.add(k);
      });
    }
    // One of the two named in a turn: the other one speaks it.
    if (named.size === 1) anchors.push({ at: i, who: 1 - [...named][0] });
  });
  const out = new Map<number, Voice>();
  // By the caption turn's number, not its place here: a turn with nothing kept ("oh no") still
  // took its turn.
  const parity = (a: { at: number; who: number }) => (turns[a.at] + a.who) % 2;
  let start = 0;
  while (start < anchors.length) {
    let end = start;
    while (end + 1 < anchors.length && parity(anchors[end + 1]) === parity(anchors[start])) end++;
    if (end - start + 1 >= MIN_PAIR_ANCHORS) {
      // Never past the anchors that disagree on either side.
      const from = Math.max(start > 0 ? anchors[start - 1].at + 1 : 0, anchors[start].at - PAIR_REACH);
      const to = Math.min(
        end + 1 < anchors.length ? anchors[end + 1].at - 1 : turns.length - 1,
        anchors[end].at + PAIR_REACH,
      );
      // The person k whose turns t have (t + k) even or odd as the anchors do.
      for (let i = from; i <= to; i++)
        out.set(turns[i], people[(parity(anchors[start]) - (turns[i] % 2) + 2) % 2].voice);
    }
    start = end + 1;
  }
  return out.size >= turns.length * 0.5 ? out : null;
}

/**
 * Names for numbered caption labels ("SPEAKER 1:", "SPEAKER 2:") from the calls before their
 * turns: a moderator's "Jordan, your response?" hands the next turn, and so its label, to Jordan
 * Pike of the description; a speaker naming themself names their label too. A label gets a name
 * only when its calls agree and no other label has that name. Null when no label is named.
 */
export function numberedVoices(
  voices: ReadonlyMap<number, Voice>,
  texts: ReadonlyMap<number, readonly string[]>,
  people: readonly PanelPerson[],
): Map<number, Voice> | null {
  if (people.length < 2) return null;
  const turns = [...voices.keys()].sort((a, b) => a - b).slice(0, MAX_TURNS);
  const votes = new Map<string, number[]>();
  const vote = (label: string | undefined, k: number) => {
    if (label === undefined || k < 0) return;
    votes.set(label, [...(votes.get(label) ?? []), k]);
  };
  turns.forEach((turn, i) => {
    const label = voices.get(turn)?.numbered;
    if (label === undefined) return;
    vote(label, selfNamed(texts.get(turn) ?? [], people));
    const before = i > 0 ? (texts.get(turns[i - 1]) ?? []) : [];
    if (i === 0 || before.length === 0 || voices.get(turns[i - 1])?.numbered === label) return;
    const last = before[before.length - 1];
    const lastCalls = addressedIn(last, people);
    const called = [...new Set(before.flatMap((s) => addressedIn(s, people)))];
    if (lastCalls.length === 1) vote(label, lastCalls[0]);
    else if (called.length === 1 && asksIn(last, people)) vote(label, called[0]);
  });
  const named = new Map<string, number>();
  for (const [label, ks] of votes) {
    const counts = new Map<number, number>();
    for (const k of ks) counts.set(k, (counts.get(k) ?? 0) + 1);
    const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    // Every call before this label's turns names the same person.
    if (n === ks.length) named.set(label, best);
  }
  const taken = [...named.values()];
  for (const [label, k] of named) if (taken.filter((t) => t === k).length > 1) named.delete(label);
  if (named.size === 0) return null;
  const out = new Map(voices);
  for (const [turn, voice] of voices) {
    const k = voice.numbered === undefined ? undefined : named.get(voice.numbered);
    if (k !== undefined) out.set(turn, people[k].voice);
  }
  return out;
}
