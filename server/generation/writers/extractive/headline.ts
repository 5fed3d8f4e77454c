import { isInstruction, isUntrusted } from "./filters";
import {
  explainsHeadline,
  hasHeadlineWords,
  promiseHeadlines,
  recipeHeadline,
  statementHeadline,
  withArticleFrom,
} from "./headline-lang";
import { headlineFromSentence, MAX_HEADLINE } from "./headline-sentence";
import {
  blogHeadline,
  debateNews,
  interviewTopics,
  isTagline,
  liveHeadline,
  nytFromTitle,
  titleCore,
  topicPhrases,
} from "./headline-shapes";
import { titleCase } from "./keyphrases";
import { newsSummary, reportsEvent } from "./news-summary";
import { occasionHeadline } from "./occasion";
import type { Plan } from "./plan";
import { hasVerb } from "./rank";
import { reviewNewsHeadline, reviewOf, reviewPromise } from "./review";
import { centralStatements, firstNamesOf, type Statement } from "./statements";
import { sourceLanguage } from "./story";
import { cleanTitle } from "./title";
import { isTitleCopy } from "./title-echo";
import { STOPWORDS, stem } from "./tokens";

export { headlineFromSentence, MAX_HEADLINE, titleCore };

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
 * something, and not the video's title again, whole or lightly edited (isTitleCopy).
 */
export function isUsableHeadline(
  headline: string,
  videoTitle: string,
  channel: string | readonly string[] = "",
): boolean {
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
  if (isUntrusted(text) || isInstruction(text)) return false;
  const names = typeof channel === "string" ? [channel] : channel;
  return titleKey(text) !== titleKey(videoTitle, names[0] ?? "") && !isTitleCopy(text, videoTitle, names);
}

/** Whether a headline names its speaker in words it then repeats ("Sam's Daily Shortcut Explains How One Shortcut…"). */
function echoesName(headline: string, who: string): boolean {
  const name = new Set((who.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((w) => w.replace(/['’]s$/, "")));
  const rest = headline.toLowerCase().slice(who.length);
  return (rest.match(/\p{L}{4,}/gu) ?? []).some((w) => name.has(w));
}

/** The names among the video's key phrases (capitalised), lowercase: subjects a sentence may open on. */
function namesOf(plan: Plan): Set<string> {
  const names = plan.keyPhrases.filter((p) => /^\p{Lu}/u.test(p.text)).map((p) => p.text.toLowerCase());
  if (plan.meta.speakerKind === "person") names.push(plan.meta.speaker.toLowerCase());
  return new Set(names);
}

/** Candidates in a language with headline words of its own: statements, promises, who explains what. */
function otherLanguage(
  plan: Plan,
  statements: readonly Statement[],
  lang: Parameters<typeof statementHeadline>[1],
): string[] {
  const texts = [...plan.description, ...plan.analysis.sentences.map((s) => s.text)];
  const channelWords = new Set(plan.meta.channel.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const firstNames = firstNamesOf(plan);
  // The people who speak are no topic to understand ("Comprendre vélo et Claire Fontaine").
  const people = [
    ...plan.meta.voices.values(),
    ...(plan.meta.speakerKind === "person" ? [{ name: plan.meta.speaker }] : []),
  ]
    .map((v) => v.name.toLowerCase())
    .filter((name) => name.includes(" "));
  // Questions ("qué podemos hacer") and the channel's own words ("diez minutos") are no topics.
  const topics = [...titleSubjects(plan), ...plan.topics, ...topicPhrases(plan, "")]
    .filter(
      (p) =>
        !QUESTION_WORD.test(p) &&
        !notATopic(p, firstNames) &&
        !people.some(
          (name) =>
            name.includes(p.toLowerCase()) ||
            p.toLowerCase().includes(name) ||
            // "Frau Keller" is Monika Keller.
            p
              .toLowerCase()
              .split(/\s+/)
              .includes(name.split(" ").pop() ?? name),
        ) &&
        !p
          .toLowerCase()
          .split(/\s+/)
          .some((w) => channelWords.has(w) || channelWords.has(w.replace(/s$/, ""))),
    )
    .filter((p, i, all) => all.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i)
    .map((p) => withArticleFrom(p, texts, lang));
  const names = namesOf(plan);
  // Sentences of auto captions end where the repair guessed: a guess that glued two ("Unos ocho
  // mil pesos por persona estaba increíble en la tarde") must not become the headline.
  const stated = (plan.unpunctuated ? [] : statements)
    // "Une conférence de Claire Martin sur…": a description's tagline, an indefinite noun phrase.
    .filter((s) => !/^(?:un|une|una|uno|ein|eine|einen|um|uma)\s/i.test(s.text))
    .map((s) => statementHeadline(s.text, lang, names))
    .filter((h): h is string => Boolean(h));
  const who = plan.meta.speakerKind === "anonymous" ? plan.meta.channel : plan.meta.speaker;
  const explains = explainsHeadline(who, topics, lang);
  const promises = promiseHeadlines(topics, lang);
  // A recipe (its description lists the ingredients) says how to make its dish: in news, when
  // nothing is stated, before who explains it; elsewhere, first.
  const recipe = plan.lists.some((l) => l.kind === "ingredients")
    ? recipeHeadline(plan.description[0] ?? "", lang, { anywhere: true })
    : null;
  if (plan.request.style === "nyt") {
    // When who explains the title's own topics is the title again ("Élodie explique la tarte et la
    // crème d'amande"), who explains what else the video covers, and last a promise: any of them
    // is written, where the title is copied.
    const titleWords = new Set((plan.meta.headline.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map(stem));
    const beyondTitle = topics.filter(
      (t) =>
        !(t.toLowerCase().match(/\p{L}{4,}/gu) ?? []).some((w) => titleWords.has(stem(w))) &&
        // "cuisson et dégustation" is two topics already (a chapter's title).
        !/\s(?:and|et|y|e|und)\s/i.test(t),
    );
    const explainsMore = explainsHeadline(who, beyondTitle, lang);
    return [...stated, ...[recipe, explains, explainsMore].filter((h): h is string => Boolean(h)), ...promises];
  }
  return [...(recipe ? [recipe] : []), ...promises, ...stated];
}

/**
 * The title's own subject words that the video keeps saying ("compost", "Brot"), as it spells
 * them: the topic a promise should name first, whatever the title's clickbait around them.
 */
function titleSubjects(plan: Plan): string[] {
  const counts = new Map<string, Map<string, number>>();
  for (const sentence of plan.analysis.sentences.slice(0, 2000)) {
    for (const word of sentence.text.match(/\p{L}{4,}/gu) ?? []) {
      const key = stem(word.toLowerCase());
      const spellings = counts.get(key) ?? new Map<string, number>();
      spellings.set(word, (spellings.get(word) ?? 0) + 1);
      counts.set(key, spellings);
    }
  }
  const out: string[] = [];
  for (const word of plan.meta.headline.match(/\p{L}{4,}/gu) ?? []) {
    const key = stem(word.toLowerCase());
    const spellings = counts.get(key);
    if (!spellings || STOPWORDS.has(word.toLowerCase()) || QUESTION_WORD.test(word)) continue;
    const total = [...spellings.values()].reduce((a, b) => a + b, 0);
    const [best] = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    // A word the video says again, beyond the title; in lower case unless it is a name the video
    // never writes in lower case ("Valparaíso"), or German.
    const common = [...spellings.keys()].some((w) => w === w.toLowerCase());
    if (total >= 2 && !out.includes(best))
      out.push(/^\p{Lu}\p{Ll}/u.test(best) && plan.meta.lang !== "de" && common ? best.toLowerCase() : best);
  }
  return out.slice(0, 1);
}

const REPEATED_ADVERBIAL = /^(\p{L}+)\s(?:für|a|à|by|after)\s\1$/iu;

/**
 * Whether a phrase a headline would promise is no topic: a clause with its subject pronoun ("das
 * braucht ihr", a chapter's title), how something is done ("Schritt für Schritt", "paso a
 * paso"), or a person the description names ("Lucía Anaya", who speaks, not what about).
 */
export function notATopic(phrase: string, firstNames: ReadonlySet<string>): boolean {
  return (
    SUBJECT_PRONOUN.test(phrase) ||
    REPEATED_ADVERBIAL.test(phrase) ||
    phrase.split(/\s+/).some((word) => firstNames.has(word))
  );
}
// Personal subject pronouns of Spanish, French, German and Portuguese.
const SUBJECT_PRONOUN =
  /(?:^|\s)(?:yo|tú|nosotros|nosotras|vosotros|ustedes|je|j'|tu|nous|vous|ils|on|ich|du|wir|ihr|man|eu|você|vocês|nós)(?=\s|$)/iu;

const QUESTION_WORD =
  /^(?:qu[ée]|c[óo]mo|qui[ée]n|d[óo]nde|cu[áa]ndo|por qu[ée]|was|wie|wer|warum|wo|comment|pourquoi|quoi|qui|o que|como|onde|quem|quando)(?=\s|$)/i;

// Who debates, explains or shares something: a statement of what happens in the video, no claim.
const TELLING = /\b(?:debate|debates|discuss|discusses|argue|argues|explain|explains|weigh|weighs|share|shares)\b/i;

/** A blog headline's second chance: "Why" and the video's main claim ("Why Indexes Are the…"). */
function whyClaims(stated: readonly string[]): string[] {
  return (
    stated
      // "Why" asks about a standing claim, not a past event ("Why Low Tide Hymn Was Written…").
      .filter((h) => !/^(?:how|why|what|when|where)\b/i.test(h) && !/\b(?:was|were|had|did)\b/i.test(h))
      // "Why the Department Says…": a claim attributed to someone is theirs to explain, not the article's.
      .filter((h) => !/\b(?:says|said|claims|reports|announces|warns)\b/i.test(h))
      // Nor is who debates or explains what ("Why Two Local Voices Debate…" asks nothing).
      .filter((h) => !TELLING.test(h))
      // A claim has a verb: "Why a fast weeknight curry with crispy chickpeas" asks nothing.
      .filter((h) => hasVerb(h))
      .map(
        (h) =>
          `Why ${/^\p{Lu}\p{Ll}+\s/u.test(h) && !/^(?:The|A|An)\s/.test(h) ? h : h.replace(/^(?:The|A|An)\s/, "the ")}`,
      )
  );
}

/**
 * The article's headline, written rather than copied from the video's title. News style: a
 * headline with a verb built from the video's most central statement (the lede, the creator's
 * summary, the transcript's thesis sentences, by how central they are and how much they name
 * the video's topics), else who says what ("Maya Chen Explains Why a Database Is Slow"). Blog
 * and custom: a promise of what the reader learns ("How to Pay Off $42,000 in Student Loans With
 * the Avalanche Method", "Why Indexes Are the Single Biggest Lever for Query Performance").
 * Videos in Spanish, French, German or Portuguese get one in their language. Never the video's
 * title again or lightly edited (isTitleCopy), never markup or an instruction, never more than
 * one sentence, at most MAX_HEADLINE characters; the cleaned title is the last resort.
 */
export function writeHeadline(plan: Plan, lede = ""): string {
  const { video, style } = plan.request;
  const cleaned = plan.meta.headline;
  const core = titleCore(cleaned);
  const lang = plan.meta.lang;
  const statements = centralStatements(plan, lede).slice(0, 10);
  const candidates: string[] = [];
  if (hasHeadlineWords(lang)) {
    candidates.push(...otherLanguage(plan, statements, lang));
  } else {
    // A sentence that is not the lede must name its subject, or one of the video's topics, to
    // stand as a headline. Each keeps the article its sentence opened with, which a news
    // headline drops and a "Why" claim needs ("Why a Heat Pump Runs…", not "Why Heat Pump Runs…").
    const built = statements
      // A tagline states nothing: no headline with a verb can come of it.
      .filter((s) => !isTagline(s.text))
      .map((s) => ({
        headline: headlineFromSentence(s.text, { named: !s.lede && !s.topical, topical: s.topical }),
        article: /^(a|an|the)\s/i.exec(s.text)?.[1]?.toLowerCase(),
      }))
      .filter((b): b is { headline: string; article: string | undefined } => Boolean(b.headline));
    const stated = built.map((b) => b.headline);
    // An interview whose description says what the guest talks about: "Ana Ruiz Talks About
    // Leaving Accounting, …" (news), "Ana Ruiz on Leaving Accounting, …" (blog).
    const interview = interviewTopics(plan);
    // A product review's news is its verdict; its promise, what the product does well and badly.
    const review = reviewOf(plan);
    if (style === "nyt") {
      // A press conference's news is the event it follows (occasion.ts).
      const occasion = plan.source === "transcript" ? occasionHeadline(plan.description[0] ?? "") : null;
      if (occasion) candidates.push(occasion);
      const who = plan.meta.speakerKind === "anonymous" ? plan.meta.channel : plan.meta.speaker;
      const verdict = review && reviewNewsHeadline(review, who);
      if (verdict) candidates.push(verdict);
      // A debate's news is who argues it, before either side's claim ("A Charge Is a Tax…").
      candidates.push(...debateNews(plan, core));
      const live = liveHeadline(plan);
      if (live) candidates.push(live);
      candidates.push(...stated);
      if (interview) candidates.push(...interview.about.map((about) => `${interview.guest} Talks About ${about}`));
      // A channel's name the headline would echo ("Desk Body Daily Shows Three Steps to Fixing Desk
      // Posture") gives way to the news idiom: "Video Shows Three Steps to Fixing Desk Posture".
      const channelSpeaks = plan.meta.speakerKind !== "person";
      candidates.push(
        ...nytFromTitle(plan, core).flatMap((h) => {
          if (!who || !echoesName(h, who)) return [h];
          const rest = h.slice(who.length + 1);
          return channelSpeaks && h.startsWith(`${who} `) && /^\p{L}+s\s/iu.test(rest) ? [`Video ${rest}`] : [];
        }),
      );
    } else {
      // Who debates or explains what ("Two Local Voices Debate Moving Fernvale Schools to a
      // Four-Day Week") says more than the fallback's list of topics ("What to Know About…").
      const articled = built.map((b) =>
        b.article && !/^(?:The|A|An)\s/.test(b.headline) ? `${b.article} ${b.headline}` : b.headline,
      );
      // A match, a vote, a flood: when the creator's summary reports what happened, the headline
      // says it in a blog too ("Eastbrook United Comes From Behind to Beat Marlow Vale 2-1"), not
      // a "Why" built from a line of the commentary.
      const event = newsSummary(plan, sourceLanguage(plan));
      const reported =
        reportsEvent(event) && event ? headlineFromSentence(event, { named: false, topical: true }) : null;
      if (reported) candidates.push(reported);
      const blog = blogHeadline(plan, core, whyClaims(articled));
      const fallback = blog.findIndex((h) => h.startsWith("What to Know About"));
      const told = stated.filter((h) => TELLING.test(h));
      if (interview) told.push(...interview.about.map((about) => `${interview.guest} on ${about}`));
      if (review) told.push(reviewPromise(review));
      const occasion = plan.source === "transcript" ? occasionHeadline(plan.description[0] ?? "", "promise") : null;
      if (occasion) told.unshift(occasion);
      blog.splice(fallback >= 0 ? fallback : blog.length, 0, ...told);
      candidates.push(...blog);
    }
  }
  const english = !hasHeadlineWords(lang);
  // The channel and the speaker are attribution: naming them adds nothing to a copied title.
  const names = [video.channel.name, ...(plan.meta.speakerKind === "person" ? [plan.meta.speaker] : [])];
  const usable = candidates
    .map((c) => c.replace(/\s+/g, " ").trim())
    .map((c) => (english ? titleCase(c) : c))
    .find((c) => isUsableHeadline(c, video.title, names));
  if (usable) return usable;
  // The cleaned title's main clause, when it differs from the title; else the cleaned title.
  return isUsableHeadline(core, video.title, names) ? core : cleaned;
}
