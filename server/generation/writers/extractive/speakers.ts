import type { TranscriptSegment } from "../../types";
import type { Frames } from "./frames";
import { PHRASE_STOPWORDS, STOPWORDS } from "./tokens";
import { speakerPieces } from "./verbatim";

/*
 * Who speaks in a video: the main speaker from the title, the description or the channel, and
 * who says each speaker turn from caption labels or the turns themselves.
 */
export type SpeakerKind = "person" | "channel" | "anonymous";

/** Who says one speaker turn's words: a name from a caption label, a role, or a description. */
export interface Voice {
  name: string;
  short: string;
  /** "person" for a name, "role" for "the coach", "anonymous" for "the guest". */
  kind: "person" | "role" | "anonymous";
  /** The side of an interview that asks the questions (named or not): rarely the news itself. */
  asks?: true;
  /** A numbered caption label ("SPEAKER 2:"), the same person wherever it stands, name unknown. */
  numbered?: string;
}

const ORGANISATION =
  /(?<![\p{L}])(?:ted|tedx|tedx talks|news|channel|tv|podcast|official|media|academy|university|college|institute|network|studios?|inc|llc|ltd|labs?|magazine|times|post|daily|show|radio|rádio|insider|talks|conference|foundation|school|council|agency|group|press|films?|records|entertainment|live|actu|actus|actualités|infos?|noticias|noticiero|telediario|informativo|nachrichten|notícias|jornal|telejornal|journal|diario|zeitung|télé|tele|canal|chaîne|kanal|programa|sendung)(?![\p{L}])/iu;
const NAME =
  /^(?:(?:dr|prof|sir|dame)\.?\s+)?\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}\.)?(?:\s+(?:de|van|von|da|del|le|la|bin|al)?\s*\p{Lu}[\p{Ll}'’-]+){1,2}$/u;

// Words that make a two-word channel name a brand ("Terminal Tips"), not a person.
const BRAND_WORDS = new Set(
  `tips tricks tech code coding dev web money finance crypto daily weekly kitchen cooking food recipes studio
  life lifestyle world games gaming music science history explained fitness travel home garden design art
  photo photography films productions records clips central hub zone nation digital creative simple easy
  lab labs tv crumb crust bread bakery health wellness motors cars auto sports football garage workshop
  learning academy english maths math physics chemistry biology geography hacks reviews review unboxed
  insider report today tonight weekly minute minutes guide guides notes field founder founders owls shortcut
  shortcuts channel show podcast podcasts pod radio talks studio`.split(/\s+/),
);

// Words of titles that are not names ("Cup Final Interview", "Keynote Workshop").
const TITLE_WORDS = new Set(
  `interview interviews final finals cup highlights keynote workshop lecture tutorial trailer explained update
  updates episode season match game press conference reaction breakdown recap analysis documentary preview
  summary vlog full official part edition special exclusive behind scenes story stories lesson lessons course
  class masterclass webinar panel debate speech session sessions training review reviews corp company`.split(/\s+/),
);

export function looksLikePerson(text: string): boolean {
  // "Rhys Caddick's header": a possessive names what belongs to someone, not who speaks.
  if (!NAME.test(text) || ORGANISATION.test(text) || /['’]s$/u.test(text)) return false;
  return text.split(/\s+/).every((w) => {
    const lower = w.toLowerCase();
    return !STOPWORDS.has(lower) && !PHRASE_STOPWORDS.has(lower) && !BRAND_WORDS.has(lower) && !TITLE_WORDS.has(lower);
  });
}

const PERSON = String.raw`((?:(?:Dr|Prof)\.?\s+)?\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2})`;
// A job title written before a name ("Curator Ruth Adeyemi tells…", "our head chef Ana Ruiz shows…").
const ROLE = String.raw`(?:(?:[Oo]ur|[Tt]he)\s+)?(?:(?:[Hh]ead|[Cc]hief|[Ss]enior|[Ll]ead|[Aa]ssistant)\s+)?(?:[Cc]urator|[Hh]istorian|[Pp]rofessor|[Cc]hef|[Cc]oach|[Aa]uthor|[Jj]ournalist|[Ee]ditor|[Aa]rchitect|[Ee]ngineer|[Dd]octor|[Nn]urse|[Ss]cientist|[Rr]esearcher|[Aa]rtist|[Dd]irector|[Ff]ounder|[Ll]ecturer|[Gg]uide|[Tt]rainer|[Aa]nalyst|[Aa]rchivist|[Ll]ibrarian|[Bb]aker|[Mm]echanic|[Gg]ardener|[Tt]eacher|[Ii]nstructor|[Hh]ost|[Pp]resenter|[Rr]eporter)`;
// "with Priya Raman", "hosted by Dana Whitfield", "Dana Whitfield reports from…",
// "Priya Raman (Principal Engineer, Ledgerline) walks through…", "Ana Ruiz, our head baker, shows…".
const PRESENTER = [
  new RegExp(
    String.raw`(?:\b[Ww]ith|\b(?:[Hh]osted|[Pp]resented|[Nn]arrated|[Mm]oderated|[Ll]ed|[Tt]aught|[Rr]un) by|\b(?:[Hh]ost|[Pp]resenter|[Ss]peaker|[Rr]eporter|[Cc]orrespondent|[Ii]nstructor|[Tt]eacher|[Tt]utor|[Ff]acilitator|[Cc]ommentary|[Cc]ommentator|[Nn]arrator|[Nn]arration)[:,]?)\s+${PERSON}`,
    "gu",
  ),
  new RegExp(
    String.raw`(?:\b${ROLE}\s+)?${PERSON}(?:\s*\([^)]{0,80}\)|,\s(?!(?:who|which|that|whose|and|but)\b)[^,.;()]{1,60},)?,?\s+(?:reports|presents|hosts|walks|explains|talks|shows|demonstrates|shares|takes you|joins|discusses|breaks down|guides|leads|runs|teaches|covers|answers|tells|recounts|traces|explores|looks at|looks back|introduces|reviews|describes|visits|gives|delivers|reads|tours|tests|unpacks|examines|investigates|retraces|narrates|speaks)\b`,
    "gu",
  ),
];

// A second person named right after the first ("… and Owen Marsh", "…, with former defender Alan Pryce").
const SECOND_PRESENTER =
  /^(?:\s*\([^)]{0,40}\))?,?\s+(?:and|&|with|y|et|und|e|plus)\s+(?:[\p{Ll}\p{Lu}][\p{L}-]*\s+){0,4}?\p{Lu}[\p{Ll}'’-]+\s+\p{Lu}[\p{Ll}'’-]+/u;

/**
 * A person the description names as the one presenting ("with Priya Raman", "Dana Whitfield
 * reports"), or null. Only a name that looks like a person's and is not the channel.
 */
export function describedPresenter(description: string, channel: string): string | null {
  const text = description.replace(/\s+/g, " ").slice(0, 1500);
  let best: { name: string; at: number } | null = null;
  for (const pattern of PRESENTER) {
    for (const m of text.matchAll(pattern)) {
      const name = m[1].trim();
      if (name.toLowerCase() === channel.toLowerCase() || !looksLikePerson(name)) continue;
      // "with Hannah Lindqvist – accordion and keys": a line of credits names a player, not a presenter.
      if (
        /^\s*(?:\([^)]{0,40}\)\s*)?[–—:-]\s/.test(
          text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 50),
        )
      ) {
        continue;
      }
      // "hosted by Keisha Brandt and Owen Marsh", "Commentary: Steve Rawlings, with … Alan Pryce":
      // two people present, and unlabelled captions do not tell which one speaks.
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 80);
      if (SECOND_PRESENTER.test(after)) return null;
      if (!best || (m.index ?? 0) < best.at) best = { name, at: m.index ?? 0 };
    }
  }
  return best?.name ?? null;
}

// "talks with Ana Ruiz", "sits down with…", "interviews…", "is joined by…", "welcomes…".
const GUEST = new RegExp(
  String.raw`(?:\b(?:talks|talked|speaks|spoke|chats|chatted|sits down|sat down|catches up)\s+with|\binterviews|\binterviewed|\bjoined by|\bwelcomes)\s+${PERSON}`,
  "u",
);

/** The guest a description says an interview is with ("…talks with Ana Ruiz"), or null. */
export function describedGuest(description: string): string | null {
  const m = GUEST.exec(description.replace(/\s+/g, " ").slice(0, 1500));
  return m && looksLikePerson(m[1].trim()) ? m[1].trim() : null;
}

// Who a channel may be named after without being its maker ("Grandma's Kitchen", "Nature's Way").
const RELATIVES = new Set(
  `grandma granny gran nana nan grandpa grandad granddad papa mama mom mum dad daddy mommy mummy auntie aunt uncle
  mother father nature earth world today everyone everybody nobody people kid kids baby chef doctor teacher`.split(
    /\s+/,
  ),
);

/** A news channel speaks through anchors, reporters and the people they quote. */
export const isNews = (channel: string) =>
  /(?<![\p{L}])(?:news|tv|radio|report|reports|actu|actus|actualités|infos?|noticias|nachrichten|notícias|journal|diario|zeitung|télé)(?![\p{L}])/iu.test(
    channel,
  );

/**
 * Who is speaking: a person named in the title ("… | Jane Doe | TEDx"), a person the description
 * presents ("with Priya Raman"), the channel, or nobody known. A title fragment ("Cup Final
 * Interview") is never a person: a name must look like one.
 */
export function guessSpeaker(
  title: string,
  channel: string,
  description = "",
  spoken = "",
): { name: string; short: string; kind: SpeakerKind } {
  const parts = title.split(/\s+[|｜]\s+|\s+[-–—]\s+/).map((p) => p.replace(/\s*[([][^)\]]*[)\]]\s*/g, " ").trim());
  // The first part is usually the subject ("Omas Apfelkuchen – ganz einfach", where German
  // capitals make any noun pair look like a name): a person only when the description or the
  // channel names them too.
  const corroborated = (part: string) => description.includes(part) || channel.includes(part);
  for (const part of parts.slice(1).concat(parts.length > 1 && corroborated(parts[0]) ? [parts[0]] : [])) {
    if (part.toLowerCase() !== channel.toLowerCase() && looksLikePerson(part)) {
      return { name: part, short: part.split(/\s+/).pop() ?? part, kind: "person" };
    }
  }
  // News channels speak through anchors, reporters and officials: "the report" says it.
  const anonymous = isNews(channel) ? "the report" : "the speaker";
  // An interview is about its guest ("Host Sam Reyes talks with Ana Ruiz"): the host asks.
  const presenter = isNews(channel) ? null : (describedGuest(description) ?? describedPresenter(description, channel));
  if (presenter) return { name: presenter, short: presenter.split(/\s+/).pop() ?? presenter, kind: "person" };
  // "Crumb & Crust with Dana", "Money With Jess", "Backen mit Lena": the person is named after "with".
  const host = /\b(?:with|mit|con|avec|com)\s+(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+)?)$/iu.exec(channel);
  if (host && /^\p{Lu}/u.test(host[1])) {
    return { name: host[1], short: host[1].split(/\s+/).pop() ?? host[1], kind: "person" };
  }
  // "Sam's Daily Shortcut": a channel named for its maker by first name, unless spoken of as a
  // place ("welcome to Joe's Garage") or named for a relative ("Grandma's Kitchen").
  const owner = /^(\p{Lu}\p{Ll}+)['’]s\s+\p{L}/u.exec(channel)?.[1];
  if (
    owner &&
    !isNews(channel) &&
    !RELATIVES.has(owner.toLowerCase()) &&
    looksLikePerson(`${owner} ${owner}`) &&
    !channelIsPlace(channel, `${description} ${spoken}`)
  )
    return { name: owner, short: owner, kind: "person" };
  if (!channel) return { name: anonymous, short: anonymous, kind: "anonymous" };
  // A channel named like a person ("Maya Chen") is that person, unless it is spoken of as a
  // place ("at Southside Cycles") or its words are everyday words; three-word names are usually
  // brands.
  const words = channel.split(/\s+/);
  // "Explica Aí" is no Ms Aí: the description writes "explica" as an everyday word (in its
  // prose: not in a link or a handle, "x.example/maya").
  const prose = description
    .slice(0, 3000)
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " ")
    .replace(/[#@][\p{L}\p{N}_]+/gu, " ");
  const everyday = words.some((w) =>
    new RegExp(`(?<![\\p{L}])${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(prose),
  );
  if (
    looksLikePerson(channel) &&
    !everyday &&
    (words.length === 2 || (words.length === 3 && /^\p{Lu}\.$/u.test(words[1]))) &&
    !channelIsPlace(channel, `${description} ${spoken}`)
  ) {
    return { name: channel, short: words[words.length - 1], kind: "person" };
  }
  if (ORGANISATION.test(channel)) return { name: anonymous, short: anonymous, kind: "anonymous" };
  return { name: channel, short: channel, kind: "channel" };
}

// A speaker naming themself in the framed languages: "I'm Priya Raman", "je m'appelle Claire
// Martin", "me llamo Ana Ruiz", "ich heiße Lena Vogel", "o meu nome é João Silva".
const SELF_NAMED =
  /(?:^|[\s,.!?])(?:I'm|I’m|I am|[Mm]y name is|[Mm]y name's|[Jj]e m'appelle|[Jj]e m’appelle|[Mm]on nom est|[Mm]e llamo|[Mm]i nombre es|[Ii]ch heiße|[Ii]ch heisse|[Mm]ein [Nn]ame ist|(?:[Oo] )?[Mm]eu nome é|[Mm]e chamo|[Cc]hamo-me)\s+(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2})/u;

// The same in auto captions, which write no capitals: "my name is dana okafor".
const SELF_NAMED_LOWER =
  /(?:^|[\s,.!?])(?:[Ii]'m|[Ii]’m|[Ii] am|[Mm]y name is|[Mm]y name's|[Jj]e m'appelle|[Jj]e m’appelle|[Mm]on nom est|[Mm]e llamo|[Mm]i nombre es|[Ii]ch heiße|[Ii]ch heisse|[Mm]ein name ist|(?:[Oo] )?[Mm]eu nome é|[Mm]e chamo|[Cc]hamo-me)\s+(\p{Ll}[\p{Ll}'’-]+)\s+(\p{Ll}[\p{Ll}'’-]+)/gu;

// "Eu sou a Marina Duarte": Portuguese may put an article before the name.
const SELF_NAMED_WEAK =
  /(?:^|[\s,.!?])(?:[Ii]ch bin|[Ss]oy|[Jj]e suis|(?:(?:[Ee]u sou|[Ss]ou)(?:\s+[ao])?))\s+(\p{Lu}[\p{Ll}'’-]+)\s+(\p{Lu}[\p{Ll}'’-]+)/gu;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The name a speaker gives themself in the opening or the sign-off of a talk ("Je m'appelle
 * Claire Martin et…", "…my name is Dana Okafor, see you next time"), or null: who is speaking,
 * said by the speaker, beats a channel's name. In captions without capitals the name counts when
 * the title, the description or the channel writes its first word with one (`known`: "Dana
 * shows…"), and is given its capitals back.
 */
export function selfIntroduced(spoken: string, known = "", channel = ""): string | null {
  const text = spoken.slice(0, 6000);
  const m = SELF_NAMED.exec(text);
  if (m) {
    const name = m[1]
      .split(/\s+/)
      .filter((w) => !STOPWORDS.has(w.toLowerCase()))
      .join(" ");
    return name.includes(" ") && looksLikePerson(name) ? name : null;
  }
  // "I'm Jonah, and for the last nine years…": a first name alone, written with its capital and
  // closed by a comma or a full stop, in a transcript that writes capitals.
  for (const single of text.matchAll(SELF_NAMED_CAPITAL)) {
    const name = single[1];
    if (!DEMONYMS.test(name) && !NOT_A_NAME.has(name.toLowerCase()) && looksLikePerson(`${name} ${name}`)) return name;
  }
  if (!known) return null;
  const metadata = known.slice(0, 3000);
  // A name the speaker gives that the title, description or channel also writes, first name first.
  const vouched = (first: string, last: string) =>
    new RegExp(`(?<![\\p{L}])${first}(?![\\p{L}])`, "u").test(metadata) && looksLikePerson(`${first} ${last}`);
  // "Ich bin Jonas Weber", "Soy Ana Ruiz": "I am" + two capitals is as often a noun phrase in
  // German ("Ich bin Gemüse Fan"), so the metadata must write the first name too ("Jonas zeigt…").
  for (const weak of text.matchAll(SELF_NAMED_WEAK)) if (vouched(weak[1], weak[2])) return `${weak[1]} ${weak[2]}`;
  // "i'm going to…" comes first in most talks: each candidate is weighed in turn.
  for (const lower of text.matchAll(SELF_NAMED_LOWER)) {
    if ([lower[1], lower[2]].some((w) => STOPWORDS.has(w) || PHRASE_STOPWORDS.has(w))) continue;
    const [first, last] = [capitalised(lower[1]), capitalised(lower[2])];
    if (vouched(first, last)) return `${first} ${last}`;
  }
  // "je m'appelle élodie" on "Les Dimanches d'Élodie": a first name alone, when the channel is
  // named after it.
  for (const single of text.matchAll(SELF_NAMED_FIRST)) {
    const name = capitalised(single[1]);
    if (STOPWORDS.has(single[1].toLowerCase()) || PHRASE_STOPWORDS.has(single[1].toLowerCase())) continue;
    if (new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, "u").test(channel)) return name;
  }
  return null;
}

const SELF_NAMED_CAPITAL =
  /(?:^|[\s,.!?])(?:I'm|I’m|[Mm]y name is|[Mm]y name's|[Jj]e m['’]appelle|[Mm]e llamo|[Ii]ch hei(?:ß|ss)e|(?:[Oo] )?[Mm]eu nome é|[Mm]e chamo)\s+(\p{Lu}\p{Ll}[\p{Ll}'’-]+)(?=[,.!;]|\s+(?:and|here|from|y|et|und|e)\s)/gu;
// Words after "I'm" a speaker may stress with a capital ("I'm Sorry.", "I'm Back!").
const NOT_A_NAME = new Set(
  `sorry back here there fine sure ready happy glad excited tired done good great okay ok alright right well new
  old not also still just home live late early honest serious kidding joking obsessed hooked out in`.split(/\s+/),
);
// "I'm French, and…", "I'm Catholic.": the words after "I'm" with a capital that are no name.
const DEMONYMS =
  /^(?:\p{L}+(?:ian|ean|ese|ish|ic|ch)|American|Canadian|Australian|Mexican|Korean|German|Thai|Greek|Dutch|Swiss|Irish|Welsh|Scottish|English|British|French|Spanish|Danish|Polish|Turkish|Jewish|Muslim|Hindu|Sikh|Buddhist|Christian|Catholic|Protestant|Vegan|Gen|Black|White|Asian|African|Latina|Latino|Latinx|Arab|Kiwi|Aussie|Brit|Yankee|Texan|Londoner|Berliner|Parisian|Francais|Français|Française|Española|Español|Alemán|Allemand|Deutsch|Deutscher|Deutsche|Brasileiro|Brasileira|Português|Portuguesa)$/u;

const SELF_NAMED_FIRST =
  /(?:^|[\s,.!?])(?:[Mm]y name is|[Mm]y name's|[Jj]e m['’]appelle|[Mm]e llamo|[Ii]ch hei(?:ß|ss)e|(?:[Oo] )?[Mm]eu nome é|[Mm]e chamo|[Ii]['’]m|[Ii] am)\s+(\p{L}[\p{Ll}'’-]+)/gu;

/**
 * Whether the description or the talk speaks of the channel as a place or a business ("I've been
 * fixing bikes at Southside Cycles", "welcome back to Crumb Corner"): then a channel named like a
 * person ("Southside Cycles") is not one.
 */
export function channelIsPlace(channel: string, text: string): boolean {
  const at = text.slice(0, 20_000).toLowerCase();
  const name = channel.toLowerCase();
  for (let from = at.indexOf(name); from >= 0; from = at.indexOf(name, from + 1)) {
    const before = at.slice(Math.max(0, from - 24), from);
    const after = at.slice(from + name.length, from + name.length + 2);
    if (/^['’]s/.test(after)) continue;
    if (/(?:\bat|\bwelcome to|\bwelcome back to|\bhere at|\bteam at|\bjoin|\bjoined)\s+(?:the\s+)?$/.test(before))
      return true;
  }
  return false;
}

// Caption labels that name a role, not a person ("Coach:", "Player:", "Q:").
const ROLES = new Set(
  `coach player host cohost co-host interviewer interviewee guest narrator presenter reporter anchor captain teacher
  student doctor nurse moderator audience man woman voice speaker caller customer q a question answer judge chef
  manager officer witness teammate trainer instructor parent child kid mom dad mother father friend
  resident neighbour neighbor trader owner shopkeeper vendor official spokesperson spokesman spokeswoman protester
  bystander passenger driver farmer worker fan supporter voter patient victim survivor expert analyst`.split(/\s+/),
);

// Labels of a question-and-answer transcript: the side of the conversation, not a person.
const INTERVIEW_SIDES: Readonly<Record<string, "asks" | "answers">> = {
  q: "asks",
  question: "asks",
  interviewer: "asks",
  a: "answers",
  answer: "answers",
  interviewee: "answers",
};

function calmCase(label: string): string {
  if (label !== label.toUpperCase()) return label;
  return label.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

/**
 * Speaker labels by turn, as the transcript gives them ("COACH MILLER:", "Dana:", ">>" gives none):
 * turns are counted as the sentences count them (speakerPieces), and a turn's label is what its
 * first piece lost from its caption line.
 */
export function turnLabels(segments: readonly TranscriptSegment[]): Map<number, string | null> {
  const lines = segments.filter((s) => s.text.trim());
  const out = new Map<number, string | null>();
  let segment: (typeof lines)[number] | null = null;
  let parts: string[] = [];
  let used = 0;
  for (const piece of speakerPieces(lines)) {
    if (piece.segment !== segment) {
      segment = piece.segment;
      parts = segment.text.replace(/&gt;&gt;/g, ">>").split(/>>+/);
      used = 0;
    }
    let label: string | null = null;
    for (let k = used; k < parts.length; k++) {
      if (parts[k].endsWith(piece.text)) {
        used = k + 1;
        // "AMA SERWAA, SHOP OWNER:": the name, without the role a broadcast caption adds.
        const raw = parts[k]
          .slice(0, parts[k].length - piece.text.length)
          .replace(/,[^,]*$/, "")
          .replace(/[[\]:]/g, " ");
        const clean = raw
          .replace(/^\s*[-–—]\s*/, "")
          .replace(/\s+/g, " ")
          .trim();
        label = /\p{L}/u.test(clean) ? calmCase(clean) : null;
        break;
      }
    }
    if (!out.has(piece.turn)) out.set(piece.turn, label);
  }
  return out;
}

/** Whether a turn's sentences are mostly questions (a question mark, or a question word first). */
export function asksQuestions(sentences: readonly string[]): boolean {
  const questions = sentences.filter(
    (x) =>
      /\?["”]?$/.test(x) ||
      /^(?:so |and )?(?:what|why|how|when|where|who|do|did|does|is|are|can|could|would)\b/i.test(x),
  );
  return sentences.length > 0 && questions.length / sentences.length >= 0.5;
}

// Words of a question from the floor, at most: a presenter's answer runs far longer.
const MAX_AUDIENCE_QUESTION_WORDS = 30;
// The share of all words the presenter of a talk says, at least.
const MIN_PRESENTER_SHARE = 0.85;

/**
 * Whether alternating unlabelled turns (the first one not asking) are a presenter and people in
 * the audience: every odd turn is a short question or two, and the even turns hold nearly all
 * the words. An interviewer asks more, and at more length, than that.
 */
export function isAudience(turnTexts: ReadonlyArray<readonly string[]>): boolean {
  const words = (texts: readonly string[]) => texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
  let presenter = 0;
  let askers = 0;
  for (let k = 0; k < turnTexts.length; k++) {
    const n = words(turnTexts[k]);
    if (k % 2 === 0) presenter += n;
    else if (n > MAX_AUDIENCE_QUESTION_WORDS || turnTexts[k].length > 2) return false;
    else askers += n;
  }
  return turnTexts.length >= 2 && presenter > 0 && presenter / (presenter + askers) >= MIN_PRESENTER_SHARE;
}

// Someone asking from the floor, in the article's language. Each opens on a word the receipts'
// name check (receipts/speakers.ts NOT_NAMES) knows is not a name, where the language allows.
const AUDIENCE_MEMBER: Record<string, string> = {
  en: "someone in the audience",
  es: "una persona del público",
  fr: "un membre du public",
  de: "jemand aus dem Publikum",
  pt: "o público",
};
const audienceMember = (frames: Frames) => AUDIENCE_MEMBER[frames.lang] ?? AUDIENCE_MEMBER.en;

/**
 * Who says each turn (see Meta.voices): a caption label's name ("Coach Miller"), its role ("the
 * coach"), or for unlabelled speakers the interviewer (a turn of questions) and the guest, a
 * presenter (no entry) and someone in the audience, or one speaker and the other. A single
 * unlabelled turn is the main speaker's (no entry).
 */
export function turnVoices(
  rawLabels: ReadonlyMap<number, string | null>,
  rawTexts: ReadonlyMap<number, string[]>,
  frames: Frames,
): Map<number, Voice> {
  const out = new Map<number, Voice>();
  const labels = new Map(rawLabels);
  const all = [...rawTexts.keys()].sort((a, b) => a - b);
  // A label said once that is not a role nor a full name ("Resumiendo:", "Rule one:") is the
  // speaker's own words after all: that turn is the same speaker going on.
  const uses = new Map<string, number>();
  for (const t of all) {
    const label = labels.get(t);
    if (label) uses.set(label, (uses.get(label) ?? 0) + 1);
  }
  const trusted = (label: string | null | undefined): label is string =>
    Boolean(label) &&
    ((uses.get(label!) ?? 0) >= 2 || ROLES.has(label!.split(/\s+/)[0].toLowerCase()) || looksLikePerson(label!));
  const groupOf = new Map<number, number>();
  const turns: number[] = [];
  for (const t of all) {
    const label = labels.get(t);
    if (label && !trusted(label) && turns.length > 0) {
      groupOf.set(t, turns[turns.length - 1]);
      continue;
    }
    turns.push(t);
    groupOf.set(t, t);
    if (label && !trusted(label)) labels.set(t, null);
  }
  const texts = new Map<number, string[]>();
  for (const t of all) texts.set(groupOf.get(t)!, [...(texts.get(groupOf.get(t)!) ?? []), ...(rawTexts.get(t) ?? [])]);
  const labelled = turns.some((t) => trusted(labels.get(t)));
  if (!labelled && turns.length <= 1) return out;
  const asks = (t: number) => asksQuestions(texts.get(t) ?? []);
  // Unlabelled turns that alternate: when one side asks and the other answers, it is an interview.
  const share = (parity: number) => {
    const side = turns.filter((_, k) => k % 2 === parity);
    return side.length ? side.filter(asks).length / side.length : 0;
  };
  const askingSide = share(0) >= 0.5 && share(1) < 0.5 ? 0 : share(1) >= 0.5 && share(0) < 0.5 ? 1 : null;
  // A talk or workshop with questions from the floor: the presenter opens and does nearly all the
  // talking, the askers only put short questions. The presenter is the video's speaker (no entry).
  const audience = !labelled && askingSide === 1 && isAudience(turns.map((t) => texts.get(t) ?? []));
  const interview = !labelled && askingSide !== null && !audience;
  turns.forEach((turn, k) => {
    const label = labels.get(turn) ?? null;
    if (label) {
      const words = label.split(/\s+/);
      const role = ROLES.has(words[0].toLowerCase());
      const side = INTERVIEW_SIDES[label.toLowerCase()];
      if (side) {
        // "Q:" and "A:" say who asks and who answers, not who they are: named later when the
        // video introduces them ("Today I'm talking with Dr. Amara Okafor").
        out.set(
          turn,
          side === "asks"
            ? { name: frames.interviewer, short: "", kind: "anonymous", asks: true }
            : { name: frames.guest, short: "", kind: "anonymous" },
        );
      } else if (/^(?:speaker|person|voice)\s*\d+$/i.test(label) || /^\d+$/.test(label)) {
        // "SPEAKER 2" is the same person wherever the label stands (named later when the talk says who).
        const number = Number(/\d+/.exec(label)?.[0] ?? "1");
        out.set(turn, {
          name: number % 2 === 1 ? frames.oneSpeaker : frames.otherSpeaker,
          short: "",
          kind: "anonymous",
          numbered: String(number),
        });
      } else if (role && words.length === 1) {
        out.set(turn, { name: frames.role(label), short: frames.role(label), kind: "role" });
      } else if (words.length <= 4 && words.every((w) => /^\p{Lu}[\p{L}.'’-]*$/u.test(w))) {
        const short = words.length > 1 ? words[words.length - 1] : label;
        out.set(turn, { name: label, short, kind: "person" });
      } else {
        out.set(turn, { name: frames.oneSpeaker, short: "", kind: "anonymous" });
      }
      return;
    }
    if (audience) {
      if (k % 2 === 1) out.set(turn, { name: audienceMember(frames), short: "", kind: "role" });
      return;
    }
    if (interview && k % 2 === askingSide) {
      out.set(turn, { name: frames.interviewer, short: "", kind: "anonymous", asks: true });
      return;
    }
    const name = interview
      ? frames.guest
      : labelled
        ? frames.oneSpeaker
        : k % 2 === 0
          ? frames.oneSpeaker
          : frames.otherSpeaker;
    out.set(turn, { name, short: "", kind: "anonymous" });
  });
  for (const t of all) {
    const voice = out.get(groupOf.get(t)!);
    if (voice) out.set(t, voice);
  }
  return out;
}
