import type { ArticleTone } from "../../../../contract/articles";
import { type FrameLanguage, TABLES, type Table } from "./frame-tables";
import * as en from "./phrases";
import { pick, possessive, type Slots, type Voice } from "./phrases";
import { capitalise, preposition } from "./tokens";

/*
 * The writer's own words in the article's language. An article is in one language (see
 * shared/design/decisions.md, "Language"): the offline writer writes in the source's language, so
 * the framing around the extracted sentences is too. English keeps the varied templates of
 * phrases.ts; the other languages have one plain template each, since a short honest frame reads
 * better than a clumsy varied one. A language outside the table gets the English frames, fewer of
 * them (`minimal`). A little over 400 lines: one accessor per frame the composers use, each a
 * line or two; the tables themselves are in frame-tables.ts.
 */

export type { FrameLanguage };

/** Words common in running text of each language, to tell the language of an untagged source. */
const FUNCTION_WORDS: Record<FrameLanguage, string[]> = {
  en: "the and of to is that it you for with this was are have not but what".split(" "),
  es: "el la los las que de y en es por para una con no se lo como pero más".split(" "),
  fr: "le la les des que de et est une pour dans pas qui sur vous avec ce il".split(" "),
  de: "der die das und ist nicht ich sie es ein eine zu mit den auf für sich auch".split(" "),
  pt: "o a os as que de e é não uma para com um se do da em mas você".split(" "),
};

/** The most likely language of some text by its function words, or null when it is unclear. */
export function detectLanguage(text: string): FrameLanguage | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 20) return null;
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const scored = (Object.keys(FUNCTION_WORDS) as FrameLanguage[])
    .map((lang) => ({ lang, score: FUNCTION_WORDS[lang].reduce((n, w) => n + (counts.get(w) ?? 0), 0) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (best.score < words.length * 0.12 || best.score < second.score * 1.3) return null;
  return best.lang;
}

/**
 * The language to frame an article in: the transcript's tag when the table has it, else what the
 * text itself is written in; null when neither is known (English frames, fewer of them).
 */
export function frameLanguage(tag: string | null | undefined, text: string): FrameLanguage | null {
  const base = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  if (base in FUNCTION_WORDS) return base as FrameLanguage;
  if (base && base !== "und") return null;
  return detectLanguage(text);
}

/** Everything the composers write themselves, in one language. Slot values come escaped. */
export interface Frames {
  lang: FrameLanguage;
  /** The source's language is not in the table: English frames, only those the article needs. */
  minimal: boolean;
  locale: string;
  and: string;
  introOpener(tone: ArticleTone, voice: Voice, slots: Slots, seed: number): string;
  centralLead(tone: ArticleTone, seed: number): string;
  introCloser(tone: ArticleTone, voice: Voice, timed: boolean, seed: number): string | null;
  everWondered(topic: string): string | null;
  takeawaysHeading(tone: ArticleTone): string;
  inShort(tone: ArticleTone): string;
  chaptersHeading: string;
  aboutHeading: string;
  /** A section's heading when no phrase names it: the first, or part n (from 2). */
  partHeading(n: number): string;
  watchFrom(at: string): string;
  /** The opening of a section after its heading: never a connective ("And…", "Then…"). */
  transition(tone: ArticleTone, voice: Voice, speaker: string, topic: string, seed: number, n: number): string | null;
  questionTransition(topic: string, seed: number, n: number): string | null;
  descriptionAdds(quote: string): string;
  fromDescription: string;
  /** Headings for a recipe's ingredients and a method's steps when the description labels them with one word or none. */
  ingredientsHeading: string;
  methodHeading: string;
  descriptionReads(quote: string, n: number): string;
  commentsHeading(tone: ArticleTone): string;
  commentsIntro(tone: ArticleTone, count: number, seed: number): string;
  likes(count: number): string;
  closingHeading(tone: ArticleTone): string;
  closingLine(tone: ArticleTone, voice: Voice, link: (text: string) => string, seed: number): string;
  outroLead(tone: ArticleTone, speaker: string, seed: number): string;
  says(tone: ArticleTone, n: number): string;
  said(tone: ArticleTone, n: number): string;
  /** A quotation with its speaker, in one of a few shapes chosen by n. */
  attributed(who: string, verb: string, text: string, n: number): string;
  /** `"Text," Doe said.` with an optional tail before the final period (a moment link). */
  quoteThen(text: string, who: string, verb: string, tail?: string): string;
  /** A statement with "…, Doe said." appended. */
  statementThen(text: string, who: string, verb: string): string;
  /** "the creator", "the report", "the speaker" and roles from speaker labels. */
  creator: string;
  report: string;
  anonymousSpeaker: string;
  interviewer: string;
  guest: string;
  oneSpeaker: string;
  otherSpeaker: string;
  role(label: string): string;
  published(channel: string, title: string, when: string): string;
  pageSaysLittle: string;
  date(iso: string | null): string | null;
  /** " on March 1, 2025" */
  on(date: string): string;
  // News.
  ledeAccording(statement: string, channel: string, when: string): string;
  /** `channel`: the publisher, named when the speaker's name alone says too little (English). */
  ledeSaid(statement: string, who: string, when: string, channel?: string): string;
  ledeTitled(title: string, when: string, who: string, tone: ArticleTone, topics: string): string;
  ledeMetadata(who: string, anonymous: boolean, title: string, when: string, topics: string): string;
  intoVideo(seconds: number): string;
  atMoment(at: string, link: (text: string) => string, n: number): string;
  videoNoun(seconds: number | null): string;
  titled(title: string): string;
  postedBy(channel: string): string;
  viewed(views: number): string;
  /** What the video covers; `also` after a lede that named its first topics. */
  covers(topics: string, also?: boolean): string;
  descriptionWrites(channel: string, quote: string): string;
  /** The reporter a news video's description names. */
  reportBy(name: string): string;
  chaptersDivided(count: number, list: string): string;
  descriptionQuote(body: string, n: number): string;
  viewersLead(seed: number, salt: number): string;
  wrote: string;
  /** The first quoted comment: `"…," wrote @a, in a comment with 1,204 likes.` */
  firstComment(text: string, who: string, likes: number): string;
  anotherViewer(who: string, text: string): string;
  nearEnd: string;
  fullVideo(url: string): string;
}

/** "a", "a and b", "a, b and c" with the language's "and". */
export function listIn(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;
}

function localDate(iso: string | null, locale: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

function minutesOf(seconds: number | null): number | null {
  if (!seconds || seconds < 90) return null;
  return Math.round(seconds / 60);
}

/** `"Text," who verb` (a closing period or comma moves inside the quotation, English style). */
function englishQuoteThen(text: string, who: string, verb: string, tail = "."): string {
  if (/[.…]$/.test(text) && !/\.\.\.$|…$/.test(text)) return `"${text.slice(0, -1)}," ${who} ${verb}${tail}`;
  return `"${text}" ${who} ${verb}${tail}`;
}

/** `"Text", verb who` as the Romance languages and German put it. */
function invertedQuoteThen(text: string, who: string, verb: string, tail = "."): string {
  const bare = /[.]$/.test(text) && !/\.\.\.$/.test(text) ? text.slice(0, -1) : text;
  return `"${bare}", ${verb} ${who}${tail}`;
}

function statementThen(
  text: string,
  who: string,
  verb: string,
  inverted: boolean,
  said: readonly string[],
  asks: readonly [string, string],
): string {
  const clause = inverted ? `${verb} ${who}` : `${who} ${verb}`;
  if (/[.!]$/.test(text) && !/\.\.\.$/.test(text)) return `${text.slice(0, -1)}, ${clause}.`;
  // A question or a trailing-off sentence takes its speaker first ("Moreno asks: Two schools…?"),
  // not a bracketed tail ("…? (Moreno notes.)") that reads as an editor's aside. A question is
  // asked, in the tense of the verb given (whatever follows it, a moment link, is kept).
  if (/\?$/.test(text)) {
    const past = said.find((word) => verb === word || verb.startsWith(`${word} `));
    verb = past ? `${asks[1]}${verb.slice(past.length)}` : asks[0];
  }
  return `${capitalise(who)} ${verb}: ${text}`;
}

function english(minimal: boolean): Frames {
  const locale = "en-US";
  return {
    lang: "en",
    minimal,
    locale,
    and: "and",
    introOpener(tone, voice, slots, seed) {
      // "So, X from Y: it's all about…" opens on a connective.
      return en
        .introOpener(tone, voice, slots, seed)
        .replace(
          /^So, ("[^"]*") from (.+?): it's all about/,
          (_m, title, channel) => `${title} from ${channel} is all about`,
        );
    },
    centralLead: (tone, seed) => (minimal ? "" : en.centralLead(tone, seed)),
    introCloser: (tone, voice, timed, seed) => (minimal ? null : en.introCloser(tone, voice, timed, seed)),
    everWondered: (topic) => `Ever wondered about ${topic}?`,
    takeawaysHeading: en.takeawaysHeading,
    inShort: (tone) => (tone === "formal" ? "In summary:" : "In short:"),
    chaptersHeading: "What the video covers",
    aboutHeading: "About the video",
    partHeading: (n) => (n === 1 ? "The main point" : `Part ${n}`),
    watchFrom: (at) => `Watch from ${at}`,
    transition(tone, voice, speaker, topic, seed, n) {
      if (minimal) return null;
      const who = capitalise(speaker);
      const options: Record<ArticleTone, string[]> = {
        informative: [
          `Next, ${speaker} turns to ${topic}.`,
          `The video then moves on to ${topic}.`,
          `${who} also covers ${topic}.`,
        ],
        casual: [`Next up: ${topic}.`, `On to ${topic}.`, `Now for ${topic}.`],
        formal: [
          `The discussion then turns to ${topic}.`,
          `${who} subsequently addresses ${topic}.`,
          `The next segment concerns ${topic}.`,
        ],
        persuasive: [
          `Next comes ${topic}, and this part deserves close attention.`,
          `Next, ${speaker} takes on ${topic}.`,
          `Don't skip the part on ${topic}.`,
        ],
      };
      if (voice === "first" && n % 2 === 1)
        return pick([`The part on ${topic} is where I learned the most.`, `Next we get to ${topic}.`], seed, n);
      return pick(options[tone], seed, n);
    },
    questionTransition: (topic, seed, n) =>
      minimal ? null : pick([`What about ${topic}?`, `Now, what about ${topic}?`], seed, n),
    descriptionAdds: (quote) => `The video's description adds: "${quote}"`,
    fromDescription: "From the description",
    ingredientsHeading: "What you need",
    methodHeading: "Step by step",
    descriptionReads: (quote, n) =>
      n % 2 === 0 ? `The description reads: "${quote}"` : `As the description puts it, "${quote}"`,
    commentsHeading: en.commentsHeading,
    commentsIntro: en.commentsIntro,
    likes: (count) => `${count.toLocaleString(locale)} likes`,
    closingHeading: en.closingHeading,
    closingLine: en.closingLine,
    outroLead(tone, speaker, seed) {
      // "And the creator's parting thought?" opens on a connective and teases.
      if (tone === "casual") return pick([`${capitalise(speaker)} signs off with this:`], seed, 5);
      return en.outroLead(tone, speaker, seed);
    },
    says: en.saysVerb,
    said: en.saidVerb,
    attributed(who, verb, text, n) {
      const variant = n % 4;
      if (variant === 1) return `As ${who} puts it, "${text}"`;
      if (variant === 2) return `${capitalise(who)} ${verb}: "${text}"`;
      if (variant === 3) return `In ${possessive(who)} words: "${text}"`;
      return englishQuoteThen(text, who, verb);
    },
    quoteThen: englishQuoteThen,
    statementThen: (text, who, verb) => statementThen(text, who, verb, false, en.ALL_SAID_VERBS, ["asks", "asked"]),
    creator: "the creator",
    report: "the report",
    anonymousSpeaker: "the speaker",
    interviewer: "the interviewer",
    guest: "the guest",
    oneSpeaker: "one speaker",
    otherSpeaker: "the other speaker",
    role: (label) => `the ${label.toLowerCase()}`,
    published: (channel, title, when) => `${channel} published "${title}" on YouTube${when}.`,
    pageSaysLittle: "The video's page says little more than that.",
    date: (iso) => localDate(iso, locale),
    on: (date) => ` on ${date}`,
    ledeAccording: (statement, channel, when) => `${statement}, according to a video published by ${channel}${when}.`,
    ledeSaid: (statement, who, when, channel) =>
      `${statement}, ${who} said in a video published ${channel ? `by ${channel}` : "on YouTube"}${when}.`,
    ledeTitled(title, when, who, tone, topics) {
      // With nothing to name, who posted what ("…discusses its subject" says nothing).
      if (!topics) return `${who} posted a video titled "${title}" on YouTube${when}.`;
      const verb = {
        informative: "discusses",
        casual: "breaks down",
        formal: "examines",
        persuasive: "makes a pointed case about",
      }[tone];
      return `In a video titled "${title}," published on YouTube${when}, ${who} ${verb} ${topics}.`;
    },
    ledeMetadata: (who, anonymous, title, when, topics) =>
      `${who} ${anonymous ? "published" : "posted"} a video titled "${title}" on YouTube${when}${topics ? `, covering ${topics}` : ""}.`,
    intoVideo(seconds) {
      if (seconds < 5) return "at the start of the video";
      if (seconds < 60) return `${Math.floor(seconds)} seconds into the video`;
      const minutes = Math.round(seconds / 60);
      return `about ${minutes} minute${minutes === 1 ? "" : "s"} into the video`;
    },
    atMoment: (at, link, n) =>
      pick([` at the ${link(`${at} mark`)}`, ` ${link(`at ${at}`)}`, ` ${link(`around ${at}`)} in the video`], n),
    videoNoun(seconds) {
      if (!seconds || seconds < 20) return "The video";
      if (seconds < 90) return `The ${Math.round(seconds)}-second video`;
      const minutes = Math.round(seconds / 60);
      if (minutes < 100) return `The ${minutes}-minute video`;
      return `The ${Math.round((seconds / 3600) * 2) / 2}-hour video`;
    },
    titled: (title) => `, titled "${title},"`,
    postedBy: (channel) => `was posted by ${channel}`,
    viewed: (views) => `has been viewed ${viewsIn(views, locale, "more than")} times`,
    covers: (topics, also) => `${also ? "also covers" : "covers"} ${topics}`,
    descriptionWrites: (channel, quote) => `In the video's description, ${channel} writes: "${quote}"`,
    reportBy: (name) => `The report is by ${name}.`,
    chaptersDivided: (count, list) => `The video is divided into ${count} chapters: ${list}.`,
    descriptionQuote: (body, n) =>
      n === 0 ? englishQuoteThen(body, "the description", "reads") : `The description adds: "${body}"`,
    viewersLead: (seed, salt) =>
      pick(
        [
          "Viewers weighed in below the video.",
          "The video drew responses in its comments section.",
          "Viewers responded in the comments.",
        ],
        seed,
        salt,
      ),
    wrote: "wrote",
    firstComment: (text, who, likes) =>
      englishQuoteThen(
        text,
        "wrote",
        who,
        likes >= 2 ? `, in a comment with ${likes.toLocaleString(locale)} likes.` : ".",
      ),
    anotherViewer: (who, text) => `Another viewer, ${who}, wrote: "${text}"`,
    nearEnd: " near the end of the video.",
    fullVideo: (url) => `The full video is [available on YouTube](${url}).`,
  };
}

/** "more than 48,000" in a locale, with the language's "more than". */
function viewsIn(views: number, locale: string, moreThan: string): string {
  if (views >= 1_000_000) {
    const millions = Math.floor(views / 100_000) / 10;
    return `${moreThan} ${millions.toLocaleString(locale)} ${locale.startsWith("en") ? "million" : "M"}`;
  }
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(views)) - 1);
  const rounded = Math.floor(views / magnitude) * magnitude;
  return rounded === views ? views.toLocaleString(locale) : `${moreThan} ${rounded.toLocaleString(locale)}`;
}

function fromTable(t: Table): Frames {
  const list = (items: readonly string[]) => listIn(items, t.and);
  return {
    lang: t.lang,
    minimal: false,
    locale: t.locale,
    and: t.and,
    introOpener: (_tone, _voice, slots) => {
      const topics = list(slots.topics.slice(0, 3));
      return topics ? t.opener(slots.channel, slots.title, topics) : t.openerNoTopics(slots.channel, slots.title);
    },
    centralLead: () => "",
    introCloser: (_tone, _voice, timed) => t.closer(timed),
    everWondered: () => null,
    takeawaysHeading: () => t.takeaways,
    inShort: () => t.inShort,
    chaptersHeading: t.chapters,
    aboutHeading: t.about,
    partHeading: (n) => (n === 1 ? t.mainPoint : `${t.part} ${n}`),
    watchFrom: (at) => `${t.watchFrom} ${at}`,
    transition: (_tone, _voice, speaker, topic, _seed, n) => t.transition(speaker, topic, n),
    questionTransition: (topic) => `${t.whatAbout} ${topic}?`,
    descriptionAdds: (quote) => `${t.descriptionAdds} "${quote}"`,
    fromDescription: t.fromDescription,
    ingredientsHeading: t.ingredientsHeading,
    methodHeading: t.methodHeading,
    descriptionReads: (quote, n) =>
      n % 2 === 0 ? `${t.descriptionReads} "${quote}"` : `${t.asDescription} "${quote}"`,
    commentsHeading: () => t.commentsHeading,
    commentsIntro: () => t.commentsIntro,
    likes: (count) => `${count.toLocaleString(t.locale)} ${t.likes}`,
    closingHeading: () => t.closingHeading,
    closingLine: (_tone, _voice, link) => t.closingLine(link),
    outroLead: (_tone, speaker) => t.outroLead(speaker),
    says: (_tone, n) => t.says[n % t.says.length],
    said: (_tone, n) => t.said[n % t.said.length],
    attributed(who, verb, text, n) {
      const variant = n % 4;
      if (variant === 1) return t.asPutsIt(who, text);
      if (variant === 2) return `${capitalise(who)} ${verb}: "${text}"`;
      if (variant === 3) return t.inWords(who, text);
      return invertedQuoteThen(text, who, verb);
    },
    quoteThen: invertedQuoteThen,
    statementThen: (text, who, verb) => statementThen(text, who, verb, true, t.said, t.asks),
    creator: t.creator,
    report: t.report,
    anonymousSpeaker: t.speaker,
    interviewer: t.interviewer,
    guest: t.guest,
    oneSpeaker: t.oneSpeaker,
    otherSpeaker: t.otherSpeaker,
    // A label in another language is shown as it is ("Entrenador"): its article is unknown.
    role: (label) => capitalise(label.toLowerCase()),
    published: t.published,
    pageSaysLittle: t.pageSaysLittle,
    date: (iso) => localDate(iso, t.locale),
    on: (date) => ` ${t.on} ${date}`,
    ledeAccording: (statement, channel, when) =>
      t.lang === "de"
        ? `${statement}, wie aus einem Video von ${channel}${when} hervorgeht.`
        : `${statement}, ${t.according} ${channel}${when}.`,
    ledeSaid: (statement, who, when) => `${statement}, ${t.saidIn(who)}${when}.`,
    ledeTitled: (title, when, who, _tone, topics) =>
      topics ? t.titled(title, when, who, topics) : t.metadata(who, title, when, ""),
    ledeMetadata: (who, _anonymous, title, when, topics) => t.metadata(who, title, when, topics),
    intoVideo(seconds) {
      if (seconds < 5) return t.start;
      if (seconds < 60) return t.seconds(Math.floor(seconds));
      return t.minutes(Math.round(seconds / 60));
    },
    atMoment: (at, link) => ` ${link(t.at(at))}`,
    videoNoun(seconds) {
      const minutes = minutesOf(seconds);
      return minutes ? t.videoOf(minutes) : t.video;
    },
    titled: t.titledClause,
    postedBy: (channel) => (t.lang === "de" ? `wurde von ${channel} veröffentlicht` : `${t.postedBy} ${channel}`),
    viewed: (views) => t.viewed(viewsIn(views, t.locale, t.moreThan)),
    covers(topics, also) {
      // "traite de" + "les ingrédients" is "traite des ingrédients".
      const verb = also ? t.alsoCovers : t.covers;
      const last = /^(.*\s)(\p{L}+)$/u.exec(verb);
      return last ? `${last[1]}${preposition(last[2], topics, t.lang)}` : `${verb} ${topics}`;
    },
    descriptionWrites: (channel, quote) => `${t.descriptionWrites(channel)} "${quote}"`,
    reportBy: t.reportBy,
    chaptersDivided: t.chaptersDivided,
    descriptionQuote: (body, n) =>
      n === 0 ? `${t.descriptionReads} "${body}"` : `${t.descriptionAddsShort} "${body}"`,
    viewersLead: () => t.viewersLead,
    wrote: t.wrote,
    firstComment: (text, who, likes) =>
      invertedQuoteThen(text, who, t.wrote, likes >= 2 ? ` (${likes.toLocaleString(t.locale)} ${t.likes}).` : "."),
    anotherViewer: (who, text) => `${t.anotherViewer} ${who}, ${t.wrote}: "${text}"`,
    nearEnd: t.nearEnd,
    fullVideo: t.fullVideo,
  };
}

/** The frames for a language; null (unknown or not in the table) gives fewer English frames. */
export function framesFor(lang: FrameLanguage | null): Frames {
  if (lang === null) return english(true);
  if (lang === "en") return english(false);
  return fromTable(TABLES[lang]);
}
