import type { ArticleLength } from "../../../../contract/articles";
import { wordRange } from "../../../content/text";
import type { Chapter, WriteRequest } from "../../types";
import { type PickedComment, pickComments } from "./comments";
import { type DescriptionList, descriptionLists, descriptionSentences } from "./description";
import { type FrameLanguage, type Frames, frameLanguage, framesFor } from "./frames";
import { describedTopics, titleListTopics } from "./headline-shapes";
import { nameInterviewSides } from "./interview-names";
import { introducedVoices, type SentenceVoice } from "./introduced-speakers";
import { type KeyPhrase, keyPhrases, phraseKeys, verbPhraseKeys } from "./keyphrases";
import { cleanText } from "./markdown";
import { namePartsOf, nameWordsOf } from "./name-parts";
import {
  cleanChapterTitle,
  fitChapters,
  isFormatLabel,
  lowerFirst,
  range,
  salientPhrases,
  topicFromHeading,
  weightOf,
  withoutFormatLabel,
} from "./plan-sections";
import { type Analysis, analyse, queryTerms, rankSentences } from "./rank";
import { conjunction, headingKey, sectionHeading, withArticle } from "./section-headings";
import {
  isSkippedChapter,
  type Section,
  sectionsAtQuestions,
  sectionsFromChapters,
  sectionsFromTopics,
} from "./segment";
import { buildCaseMap, isPunctuated, type Sentence } from "./sentences";
import { rolesFromDescription } from "./speaker-roles";
import { isNews, turnLabels, turnVoices, type Voice } from "./speakers";
import { spokenHeading, spokenHeadings } from "./spoken-headings";
import { hash, isGenreWord } from "./tokens";
import { splitTranscript } from "./transcript";
import { placeSentences } from "./verbatim";
import { buildMeta, type Meta } from "./video-facts";

export { cleanChapterTitle, salientPhrases, topicFromHeading } from "./plan-sections";
export {
  channelIsPlace,
  describedGuest,
  describedPresenter,
  guessSpeaker,
  looksLikePerson,
  type SpeakerKind,
  selfIntroduced,
  turnLabels,
  turnVoices,
  type Voice,
} from "./speakers";
export { formatDate, formatDuration, formatViews, type Meta } from "./video-facts";

/** How much of everything an article of each length holds. */
export const SHAPE: Record<
  ArticleLength,
  { sections: number; maxSections: number; takeaways: number; pullQuotes: number; comments: number }
> = {
  short: { sections: 3, maxSections: 3, takeaways: 3, pullQuotes: 1, comments: 2 },
  medium: { sections: 4, maxSections: 4, takeaways: 4, pullQuotes: 2, comments: 3 },
  long: { sections: 5, maxSections: 6, takeaways: 5, pullQuotes: 3, comments: 4 },
};

/** How many comments an article written without a transcript may quote, by length. */
const METADATA_COMMENTS: Record<ArticleLength, number> = { short: 4, medium: 8, long: 12 };

// Score a one-word key phrase needs, as a share of the strongest phrase's, to be named as a topic.
const MIN_TOPIC_SHARE = 0.35;

export interface PlannedSection {
  section: Section;
  /** Plain-text heading. */
  heading: string;
  /** The heading as it reads inside a sentence, or null when it does not read well there. */
  topic: string | null;
  candidates: number[];
  importance: number;
  /** A sentence the heading says again whole: the section leaves it out. */
  restated: number | null;
  /**
   * Nothing in the section could name it: its heading is only a number ("Part 4"), so a styled
   * article runs it on under the section before, with no heading of its own.
   */
  untitled: boolean;
}

export interface Plan {
  request: WriteRequest;
  meta: Meta;
  /** The writer's own words, in the article's language. */
  frames: Frames;
  /** "transcript" when there are enough transcript sentences, else "metadata". */
  source: "transcript" | "metadata";
  analysis: Analysis;
  scores: Float64Array;
  /** How well each sentence states the point of the whole video. */
  thesis: Float64Array;
  /** Like thesis, without the preference for the opening (for takeaways). */
  general: Float64Array;
  sections: PlannedSection[];
  /** Sentences of an opening "Intro" chapter and a closing "Outro" chapter. */
  intro: number[];
  outro: number[];
  /** Usable sentences of the description (plain text). */
  description: string[];
  /** Lists in the description (used when the transcript is missing or short). */
  lists: DescriptionList[];
  /**
   * What the description says the video covers, item by item (describedTopics, English): read
   * once for the section headings and the intro.
   */
  described: string[];
  /** The transcript is missing or shorter than the longest article asked for. */
  thin: boolean;
  /** Chapters worth listing (for articles written without a transcript). */
  chapters: Chapter[];
  comments: PickedComment[];
  /** Topics in running text, most important first. */
  topics: string[];
  /** Whether a capitalised word is only ever written inside a longer name ("Co" of Crumb and Co). */
  partOfLongerName: (word: string) => boolean;
  keyPhrases: KeyPhrase[];
  timed: boolean;
  /** The transcript had no punctuation (auto captions): its sentences are guesses. */
  unpunctuated: boolean;
  seed: number;
}

/** Builds everything the composers need from a request (pure, deterministic). */
export function buildPlan(request: WriteRequest): Plan {
  const { video, transcript, length } = request;
  const sample = transcript?.segments
    .slice(0, 120)
    .map((segment) => segment.text)
    .join(" ");
  const lang = frameLanguage(transcript?.language, sample || `${video.title}. ${video.description}`);
  const frames = framesFor(lang);
  // Where speakers name themselves: the opening, and the sign-off ("…my name is Dana Okafor,
  // see you in the next one").
  const segments = transcript?.segments ?? [];
  const opening = [...segments.slice(0, 12), ...segments.slice(Math.max(12, segments.length - 12))]
    .map((segment) => segment.text)
    .join(" ");
  const meta = buildMeta(video, frames, lang, opening ?? "");
  const article = (phrase: string) => (lang === "en" || lang === null ? withArticle(phrase) : phrase);
  const chapters = video.chapters.filter((c) => !isSkippedChapter(c.title) && cleanChapterTitle(c.title));
  const caseMap = buildCaseMap(
    // Lower-case "by": after a capital, a two-word name would read as part of a longer one.
    [video.description, meta.speakerKind === "person" ? `by ${meta.speaker}.` : ""],
    [meta.headline, meta.channel, ...chapters.map((c) => c.title)],
  );
  const transcriptSentences = transcript ? splitTranscript(transcript, { caseMap }) : [];
  const description = descriptionSentences(video.description);
  const transcriptWords = transcriptSentences.reduce((n, s) => n + s.wordCount, 0);
  // A recording (no page, no description) has only its words, however few: they are the source.
  const enough =
    (transcriptSentences.length >= 3 && transcriptWords >= 40) || (!video.url && transcriptSentences.length > 0);
  const source: Plan["source"] = enough ? "transcript" : "metadata";
  const timed = source === "transcript" && Boolean(transcript?.timed);

  const sentences: Sentence[] =
    source === "transcript"
      ? transcriptSentences
      : placeSentences(cleanText(video.description), description).map(({ from, to }, index) => ({
          index,
          text: description[index],
          // The description is the creator's own text: quoted as it is.
          quote: description[index],
          spoken: description[index],
          turn: 0,
          from,
          to,
          start: null,
          end: null,
          wordCount: description[index].split(/\s+/).length,
        }));
  const analysis = analyse(sentences);
  const shape = SHAPE[length];
  if (source === "transcript" && transcript) {
    const texts = new Map<number, string[]>();
    for (const sentence of sentences) texts.set(sentence.turn, [...(texts.get(sentence.turn) ?? []), sentence.text]);
    const labels = turnLabels(transcript.segments);
    const voices = nameInterviewSides(turnVoices(labels, texts, frames), texts, video.description, frames);
    // Turns a caption label names keep their speaker; the rest may be told apart by what is said.
    const fixed = new Set([...voices].filter(([, v]) => v.kind !== "anonymous" || v.asks).map(([t]) => t));
    const introduced = introducedVoices(sentences, {
      frames,
      news: isNews(meta.channel),
      english: lang === "en" || lang === null,
      fixed,
    });
    meta.voices = retellTurns(sentences, introduced, voices);
  }

  // The people the video names as speakers: no heading and no topic of the framing.
  const people = [...meta.voices.values()].filter((v) => v.kind === "person").map((v) => v.name);
  const named = meta.speakerKind === "person" ? [...people, meta.speaker] : people;
  meta.roles = rolesFromDescription(video.description, named, lang === "en");

  const asked = askedOf(sentences, meta.voices);

  let sections: Section[];
  let chapterSections: Section[] = [];
  // Whether the parts were cut where an interviewer puts each question (sectionsAtQuestions).
  let questionCut = false;
  if (source === "transcript" && timed && chapters.length >= 2) {
    chapterSections = sectionsFromChapters(sentences, chapters);
    sections = chapterSections;
  } else {
    const count = Math.max(1, Math.min(shape.sections, Math.floor(sentences.length / 6)));
    // An interview whose questions make headings ("What did Tully change?") is cut where each
    // question is put, whether or not that one makes a heading ("Did you think about that?").
    const headed = lang === "en" ? questionTurns(sentences, asked, true) : [];
    questionCut = headed.length >= 2;
    sections =
      headed.length >= 2
        ? sectionsAtQuestions(analysis, questionTurns(sentences, asked, false), count)
        : sectionsFromTopics(analysis, count, announcedParts(analysis, lang, asked));
  }

  const query = queryTerms([
    [video.title, 3],
    [chapters.map((c) => c.title).join(" . "), 1.5],
    [description.slice(0, 4).join(" "), 1],
  ]);
  const unpunctuated = Boolean(transcript) && source === "transcript" && !isPunctuated(transcript!.segments);
  const { scores, thesis, general } = rankSentences(analysis, {
    query,
    sections: sections.map((s) => [s.from, s.to]),
    unpunctuated,
    // The language the frame is in (the tag, else the text's own): its asides count, not every language's.
    language: lang ?? undefined,
  });
  if (chapterSections.length > 0) sections = fitChapters(chapterSections, scores, shape.maxSections);

  const intro = sections.filter((s) => s.role === "intro").flatMap((s) => range(s.from, s.to));
  const outro = sections.filter((s) => s.role === "outro").flatMap((s) => range(s.from, s.to));
  const body = sections.filter((s) => s.role === "body");

  // How many sections each stem appears in, to find words that distinguish one section.
  const sectionFrequency = new Map<string, number>();
  for (const section of body) {
    const stems = new Set<string>();
    for (let i = section.from; i < section.to; i++) for (const t of analysis.termSets[i]) stems.add(t);
    for (const t of stems) sectionFrequency.set(t, (sectionFrequency.get(t) ?? 0) + 1);
  }
  const titleStems = new Set([...queryTerms([[video.title, 1]]).keys()]);
  const sentenceTexts = sentences.map((s) => s.text);
  const german = lang === "de";
  // (Not the words naming the programme's parts: "Opening", "Rebuttals" are no subject of it.)
  const ownWords = phraseKeys([
    meta.headline,
    ...description.slice(0, 6),
    ...chapters.map((c) => withoutFormatLabel(c.title)).filter(Boolean),
  ]);
  // What the whole video says as a verb ("if you wear glasses") names no section, even where
  // one section's words alone would not tell ("…or wear glasses all day").
  const verbalKeys = verbPhraseKeys(
    sentences.map((s) => s.text),
    german,
  );
  // Words the transcript writes in lower case (common words, not names), read once if needed.
  let lower: Set<string> | null = null;
  const lowerWords = () => {
    lower ??= new Set(sentences.flatMap((x) => x.text.match(/(?<![\p{L}'’-])\p{Ll}+(?![\p{L}'’-])/gu) ?? []));
    return lower;
  };
  const usedHeadings = new Set<string>();
  // Generated headings never repeat each other (nor the title: sectionHeading checks).
  const takenHeadings = new Set<string>();
  // What an English description says the video covers, item by item: headings of the parts that talk about each.
  // (And what the title lists, "first week, rent, jobs & making friends", held to more: a
  // title's items are short, and short words match anywhere.)
  const described = describedTopics(description);
  const titleListed = titleListTopics(video.title);
  const planned: PlannedSection[] = body.map((section, k) => {
    const candidates = range(section.from, section.to);
    let heading: string | null = null;
    let topic: string | null = null;
    let restated: number | null = null;
    if (section.chapterTitle) {
      const titles = section.chapterTitle.split("\u0000").map(cleanChapterTitle).filter(Boolean);
      // Two merged chapters read as "A and b"; more would make a list, so the weightiest names it.
      const second = titles[1] ? (topicFromHeading(titles[1], caseMap) ?? lowerFirst(titles[1], caseMap)) : "";
      const complex = titles.some((t) => /\sand\s|:/.test(t));
      // In the article's language: "Les ingrédients et la pâte sablée", not "… and …".
      const and = lang && lang !== "en" ? conjunction(`${titles[0]} and ${second}`, lang) : "and";
      // Two parts of one thing ("Opening: for the four-day week", "Opening: against") name it once.
      const shared = titles[1] ? sharedLabel(titles[0], titles[1]) : null;
      heading = !second
        ? oneWordTitle(titles[0], lang, lowerWords())
        : shared
          ? `${shared.label}: ${shared.first} ${and} ${shared.second}`
          : complex && and === "and"
            ? `${titles[0]}, plus ${second}`
            : `${titles[0]} ${and} ${second}`;
    } else {
      const texts = candidates.map((i) => sentences[i].text);
      const weight = (s: string) => Math.log(1 + (body.length + 1) / (sectionFrequency.get(s) ?? 1));
      for (const minCount of [2, 1]) {
        const phraseOptions = {
          weight,
          boost: titleStems,
          boostPhrases: ownWords,
          minCount,
          capitalisedNouns: german,
          verbalKeys,
        };
        const phrases = keyPhrases(texts, { ...phraseOptions, max: 6 }).filter((p) => !usedHeadings.has(p.key));
        const all = keyPhrases(texts, { ...phraseOptions, max: 40, distinct: false });
        const chosen = sectionHeading({
          sentences: sentenceTexts,
          from: section.from,
          to: section.to,
          last: k === body.length - 1,
          phrases,
          all,
          lang,
          taken: takenHeadings,
          title: meta.headline,
          names: {
            channel: meta.channel,
            person: meta.speakerKind === "person" ? meta.speaker : null,
            people,
          },
          described: lang === "en" && source === "transcript" ? described : [],
          titleListed: lang === "en" && source === "transcript" ? titleListed : [],
          asked,
        });
        if (chosen) {
          ({ heading, topic } = chosen);
          restated = chosen.restated ?? null;
          takenHeadings.add(headingKey(chosen.heading));
          for (const p of phrases.slice(0, 2)) usedHeadings.add(p.key);
          break;
        }
      }
    }
    if (section.chapterTitle && heading) topic = topicFromHeading(heading, caseMap);
    // An interview's first part, before any question is put, is what its speaker opens with
    // ("The quarter" named a detail of the coach's opening statement).
    const asksHere = candidates.some((i) => asked.has(i));
    if (questionCut && k === 0 && !asksHere && !section.chapterTitle) {
      heading = "Opening remarks";
      topic = null;
      restated = null;
    }
    const untitled = !heading;
    heading = heading || frames.partHeading(k + 1);
    const importance = weightOf(scores, section.from, section.to);
    return { section, heading, topic, candidates, importance, restated, untitled };
  });

  const allTexts =
    source === "transcript"
      ? [meta.headline, ...description.slice(0, 4), ...sentences.map((s) => s.text)]
      : [meta.headline, ...description, ...chapters.map((c) => c.title)];
  const globalPhrases = keyPhrases(allTexts, {
    capitalisedNouns: german,
    boost: titleStems,
    boostPhrases: ownWords,
    minCount: sentences.length > 20 ? 2 : 1,
    max: 12,
  });

  // Topics for the framing: chapter topics in video order when there are chapters, else the
  // strongest key phrases (generated headings pair two phrases and read badly in a list).
  // Each chapter on its own (before merging): its title in running text and its weight.
  const topics: string[] = [];
  const chapterTopics = chapterSections
    // "Rebuttals" and "Questions from the room" are parts of the programme, not what it covers.
    .filter(
      (section) =>
        section.role === "body" && section.chapterTitle && !isFormatLabel(cleanChapterTitle(section.chapterTitle)),
    )
    .map((section) => ({
      from: section.from,
      topic: topicFromHeading(cleanChapterTitle(section.chapterTitle!), caseMap),
      weight: weightOf(scores, section.from, section.to),
    }))
    .filter((c): c is { from: number; topic: string; weight: number } => Boolean(c.topic))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3)
    .sort((a, b) => a.from - b.from);
  for (const c of chapterTopics) topics.push(c.topic);
  const topicStems = topics.map((t) => new Set(queryTerms([[t, 1]]).keys()));
  // A phrase said once is not a topic (thin sources have nothing but such phrases).
  // Who speaks is no topic of their own talk ("Ana Ruiz discusses Ana Ruiz…", a panel "covers
  // foot traffic vs. sales, the street and Marcus"), and a lone word the video only writes inside
  // a longer name ("Co" of "Crumb and Co") is none either.
  const speakerName = meta.speakerKind === "person" ? meta.speaker.toLowerCase() : "";
  const nameWords = nameWordsOf([meta.speakerKind === "person" ? meta.speaker : "", ...people]);
  const partOfLongerName = namePartsOf([
    meta.channel,
    video.title,
    video.description,
    ...sentences.slice(0, 400).map((sentence) => sentence.text),
  ]);
  const salient = salientPhrases(globalPhrases).filter((p) => p.count >= 2);
  // What each word is said after, read once for every candidate topic (wordContexts).
  const contexts = wordContexts([video.title, ...sentenceTexts.slice(0, 400)]);
  for (const phrase of salient) {
    if (topics.length >= 3) break;
    // A lone word far weaker than the strongest phrase is a detail, not a topic ("the cold",
    // "the window"): the framing names fewer topics rather than pad the list.
    if (!phrase.key.includes(" ") && phrase.score < salient[0].score * MIN_TOPIC_SHARE) continue;
    const lower = phrase.text.toLowerCase();
    if (speakerName && (lower === speakerName || speakerName.split(" ").includes(lower))) continue;
    // Anyone else who speaks, matched as written: "Marcus" is the guest, "the price" is no
    // mention of Sarah Price.
    if (phrase.text.split(" ").some((w) => /^\p{Lu}/u.test(w) && nameWords.has(w.toLowerCase()))) continue;
    // A speaker's title alone ("Coach Maureen Tully": "covers the coach") is who, not what.
    if (!phrase.text.includes(" ") && nameWords.has(lower)) continue;
    if (!phrase.text.includes(" ") && partOfLongerName(phrase.text)) continue;
    // "Por que o café ficou tão caro?": a word said after "so" or "tão" and never after an
    // article is an adjective, a quality of the topic rather than one ("covers caro").
    const context = contexts.get(lower);
    if (!phrase.text.includes(" ") && context?.degree && !context.article) continue;
    // In Spanish, Portuguese and French a thing takes an article somewhere: a lower-case word the
    // video never says after one ("casquinha crocante", "fácil e crocante") is a quality.
    const romance = lang === "es" || lang === "pt" || lang === "fr";
    // (A plural may go without one: "quince ascensores", "110 km de pistes".)
    if (romance && !/s$/.test(lower) && !phrase.text.includes(" ") && phrase.text === lower && !context?.article)
      continue;
    // What kind of video it is says nothing of what it covers ("talks about the review").
    if (!phrase.text.includes(" ") && isGenreWord(phrase.text)) continue;
    // A phrase the video mostly uses as a verb ("it jumps to…", "to jump back", "if you wear
    // glasses") names no topic.
    if (phrase.fragment) continue;
    // "stale bread", "inflation": a thing the video never says with "the" is no one thing ("If
    // you've ever wondered about the stale bread").
    const definite = saysWithThe(lower, sentenceTexts);
    let text = definite || lang !== "en" ? article(phrase.text) : phrase.text;
    // "the Riverside Bridge", "the Conference Final": a name the video itself gives "the" keeps it
    // ("Ever wondered about Conference Final?" read as a typo).
    if (lang === "en" && text === phrase.text && /^\p{Lu}\S*\s\S/u.test(text)) {
      if (saysTheName(lower, [video.title, ...description, ...sentenceTexts.slice(0, 400)])) text = `the ${text}`;
    }
    const stems = new Set(phrase.key.split(" "));
    const overlaps = topicStems.some((other) => [...stems].some((s) => other.has(s)));
    if (!overlaps) {
      topics.push(text);
      topicStems.push(stems);
    }
  }

  return {
    request,
    meta,
    frames,
    source,
    analysis,
    scores,
    thesis,
    general,
    sections: planned,
    intro,
    outro,
    description,
    lists: descriptionLists(video.description),
    described,
    thin: source === "metadata" || transcriptWords < wordRange(length).max,
    chapters,
    // Without a transcript the comments are a larger share of what there is to report: a longer
    // article quotes more of them (each at most once) rather than fall short of its range.
    comments: request.includeComments
      ? pickComments(video.comments, source === "metadata" ? METADATA_COMMENTS[length] : shape.comments)
      : [],
    topics,
    partOfLongerName,
    keyPhrases: globalPhrases,
    timed,
    unpunctuated,
    seed: hash(`${video.id}:${request.style}:${request.tone}`),
  };
}

/**
 * Gives each change of speaker the transcript's words reveal a turn of its own (so no quotation
 * spans two speakers), renumbering the sentences' turns in order, and answers who says each turn:
 * the introduced speaker when known, else the caption turn's own voice.
 */
export function retellTurns(
  sentences: Sentence[],
  introduced: readonly SentenceVoice[],
  voices: ReadonlyMap<number, Voice>,
): Map<number, Voice> {
  const original = sentences.map((s) => s.turn);
  const out = new Map<number, Voice>();
  let turn = -1;
  sentences.forEach((sentence, k) => {
    const changed = k === 0 || original[k] !== original[k - 1] || introduced[k].speaker !== introduced[k - 1].speaker;
    if (changed) turn++;
    sentence.turn = turn;
    const voice = introduced[k].voice ?? voices.get(original[k]);
    if (voice && !out.has(turn)) out.set(turn, voice);
  });
  return out;
}

// Where section topics get their article; plan's callers and tests have always found it here.
export { withArticle };

/**
 * Sentences where the speaker announces a part of their own ("Now, the chain.", "Let's talk about
 * brakes"), about something the video comes back to (a word said three times or more): where a
 * section may start.
 */
function announcedParts(
  analysis: Analysis,
  lang: FrameLanguage | null,
  asked: ReadonlyMap<number, { name: string | null }>,
): Set<number> {
  if (!lang) return new Set();
  const said = new Map<string, number>();
  for (const terms of analysis.terms) for (const [term, count] of terms) said.set(term, (said.get(term) ?? 0) + count);
  const texts = analysis.sentences.map((s) => s.text);
  const relevant = (stem: string) => (said.get(stem) ?? 0) >= 3;
  return new Set(spokenHeadings(texts, 0, texts.length, lang, relevant, asked).map((h) => h.at));
}

/** Whether a text says "the" right before the phrase ("…after the Conference Final"). */
function saysTheName(phrase: string, texts: readonly string[]): boolean {
  const wanted = `the ${phrase}`;
  return texts.some((text) =>
    someOccurrence(
      text.slice(0, 5000).toLowerCase(),
      wanted,
      (lower, at) => !/\p{L}/u.test(lower.charAt(at - 1)) && !/\p{L}/u.test(lower.charAt(at + wanted.length)),
    ),
  );
}

/** Whether `test` holds at one of the first twenty places `phrase` stands in `lower`. */
function someOccurrence(lower: string, phrase: string, test: (lower: string, at: number) => boolean): boolean {
  for (let at = lower.indexOf(phrase), guard = 0; at >= 0 && guard < 20; guard++) {
    if (test(lower, at)) return true;
    at = lower.indexOf(phrase, at + phrase.length);
  }
  return false;
}

// Words that make the noun after them a thing one can count ("a heat pump", "my budget").
const COUNTING = new Set("the a an my your our their his her this that".split(" "));

/**
 * Whether the texts ever count the phrase ("the fridge", "a heat pump", "my budget"), in English:
 * a phrase they never do ("stale bread", "inflation") names a substance or an idea, which takes
 * no "the".
 */
function saysWithThe(phrase: string, texts: readonly string[]): boolean {
  return texts.slice(0, 400).some((text) =>
    someOccurrence(text.toLowerCase(), phrase, (lower, at) => {
      // (A possessive counts too, and so does a determiner before a noun's modifiers: "the
      // board's March 11 vote", "the school board vote".)
      const before = lower
        .slice(Math.max(0, at - 40), at)
        .split(/\s+/)
        .filter(Boolean)
        .slice(-4);
      const counted = before.some((w) => COUNTING.has(w) || /\p{L}['’]s$/u.test(w));
      return counted && !/[\p{L}\p{N}]/u.test(lower.charAt(at + phrase.length));
    }),
  );
}

// Words of degree and articles, in the framed languages: what comes before an adjective, and
// before a noun.
const DEGREE_WORDS = new Set(
  "so too very really quite pretty tão muito mais menos bem tan muy más très trop plus assez sehr zu ziemlich".split(
    " ",
  ),
);
const ARTICLES = new Set(
  "the a an this that o a os as um uma do da dos das no na el la los las un una del al le les une du des der die das den dem ein eine einen".split(
    " ",
  ),
);

/**
 * For each word of the texts, whether they ever say it right after an article ("o polvilho", "la
 * inflación": a thing) and after a word of degree ("tão caro": a quality). A word said after a
 * degree word and never after an article is an adjective; in Spanish, Portuguese and French a
 * singular word never said after an article is one too.
 */
function wordContexts(texts: readonly string[]): Map<string, { article: boolean; degree: boolean }> {
  const out = new Map<string, { article: boolean; degree: boolean }>();
  for (const text of texts) {
    const words =
      text
        .toLowerCase()
        .slice(0, 2000)
        .match(/[\p{L}'’-]+/gu) ?? [];
    for (let i = 1; i < words.length; i++) {
      const article = ARTICLES.has(words[i - 1]);
      const degree = DEGREE_WORDS.has(words[i - 1]);
      if (!article && !degree) continue;
      const seen = out.get(words[i]) ?? { article: false, degree: false };
      out.set(words[i], { article: seen.article || article, degree: seen.degree || degree });
    }
  }
  return out;
}

/**
 * Where each interviewer's turn opens (by its first sentence); with `headed`, only the turns that
 * put a question the article can head a part with ("What did Tully change?").
 */
function questionTurns(
  sentences: readonly Sentence[],
  asked: ReadonlyMap<number, { name: string | null }>,
  headed: boolean,
): number[] {
  const out: number[] = [];
  for (const [i, who] of asked) {
    if (headed && !spokenHeading(sentences[i].text, "en", () => true, who)) continue;
    let first = i;
    while (first > 0 && sentences[first - 1].turn === sentences[i].turn) first--;
    out.push(first);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/**
 * Each sentence an interviewer says, with the person it calls on: whoever answers next (by
 * surname, when the video names them; null when it does not). An interviewer's questions are
 * where an interview's parts begin, and a question put to someone makes its heading.
 */
function askedOf(
  sentences: readonly Sentence[],
  voices: ReadonlyMap<number, Voice>,
): Map<number, { name: string | null }> {
  const out = new Map<number, { name: string | null }>();
  let answer: { name: string | null } | null = null;
  // From the end: the answer after an asking sentence is the nearest answering one after it.
  for (let i = sentences.length - 1; i >= 0; i--) {
    const voice = voices.get(sentences[i].turn);
    if (!voice?.asks) answer = { name: voice?.kind === "person" ? voice.short : null };
    else if (answer) out.set(i, answer);
  }
  return out;
}

/**
 * A chapter title of one common English word ("Rebuttals", "Setup") as a heading of a few words
 * ("The rebuttals") when the transcript uses the word in lower case: a bare word says less than
 * an editor's heading. Names, acronyms and other languages (whose article depends on the noun's
 * gender) stay as they are.
 */
function oneWordTitle(title: string, lang: string | null | undefined, common: ReadonlySet<string>): string {
  if ((lang && lang !== "en") || !/^\p{Lu}\p{Ll}{2,}$/u.test(title) || !common.has(title.toLowerCase())) return title;
  return `The ${title.toLowerCase()}`;
}

/**
 * Two chapter titles under one label ("Opening: for the four-day week", "Opening: against"): the
 * label and the two parts after it; null when the labels differ or either part holds another colon.
 */
export function sharedLabel(a: string, b: string): { label: string; first: string; second: string } | null {
  const [pa, pb] = [a.indexOf(": "), b.indexOf(": ")];
  if (pa <= 0 || pb <= 0) return null;
  const label = a.slice(0, pa);
  if (label.toLowerCase() !== b.slice(0, pb).toLowerCase()) return null;
  const [first, second] = [a.slice(pa + 2).trim(), b.slice(pb + 2).trim()];
  if (!first || !second || first.includes(":") || second.includes(":")) return null;
  return { label, first, second };
}
