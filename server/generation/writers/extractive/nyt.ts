import { formatTimestamp } from "../../../content/text";
import type { Composition } from "./composition";
import { commonWords } from "./fit";
import { listIn } from "./frames";
import { debateOf, interviewTopics, titleCore } from "./headline-shapes";
import { escapeMarkdown } from "./markdown";
import { newsSummary, reportsEvent } from "./news-summary";
import { occasionIn } from "./occasion";
import { cleanChapterTitle, type Plan } from "./plan";
import {
  descriptionExtras,
  hasRole,
  joinsQuotation,
  oneQuotation,
  prose,
  quoted,
  quotedDescription,
  quotedRun,
  readerReaction,
  Speaker,
  slots,
  timestampLink,
  trustedChapters,
  trustedComments,
} from "./render";
import { reportedStatement } from "./reported";
import { reviewOf, scoreArticle } from "./review";
import { newsValue, paragraphsOf, select } from "./select";
import { stepSentences, stepsAsSentences, stepText, tellsSteps, transcriptSteps } from "./steps";
import { dependsOnPrevious, holdsQuotation, isCleanStatement, isPersonal, ordinalOf, sourceLanguage } from "./story";
import { capitalise } from "./tokens";

// ---------------------------------------------------------------------------------------------
// NYT: inverted pyramid

/**
 * A news article: a lede with the key fact (who, what, the most newsworthy statement), a nut
 * graf with the video's context, then the support: the most important topic first, then the
 * others as the video takes them, each told in the video's order; then readers'
 * reaction and a closing quote. No headings, no bullets.
 */
export function composeNyt(plan: Plan, budget: number): Composition {
  const comments = trustedComments(plan);
  const chapters = trustedChapters(plan);
  const lang = sourceLanguage(plan);
  const { tone, length } = plan.request;
  const f = plan.frames;
  const metadataOnly = plan.source === "metadata";
  const english = plan.meta.lang === null || plan.meta.lang === "en";
  // A method read out as steps is told whole in one paragraph (in the languages it can be told in).
  const steps = tellsSteps(plan.meta.lang) ? transcriptSteps(plan) : [];
  const selection = select(plan, budget, {
    headings: false,
    reserved: stepSentences(steps),
    takeaways: 0,
    pullQuotes: 0,
    impersonalCentral: true,
    sentenceTarget: null,
    newsworthy: true,
  });
  const meta = plan.meta;
  const s = slots(plan);
  const speaker = new Speaker(plan);
  const said = (n: number) => f.said(tone, n);
  const date = f.date(plan.request.video.publishedAt);
  const when = date ? f.on(date) : "";
  const blocks: string[] = [];
  // Whatever the story has written so far counts as naming its people (Speaker.noteText).
  const write = (into: string[], text: string) => {
    into.push(text);
    speaker.noteText(text);
  };
  const list = (items: readonly string[]) => listIn(items, f.and);
  let quotes = 0;
  let titleInLede = false;
  // The description's sentence the lede tells, which the nut graf then does not quote again.
  let summaryLede: string | null = null;
  const link = (seconds: number) => (text: string) => timestampLink(plan, seconds, text);
  const attributionFor = (seconds: number | null): string => {
    if (!plan.timed || seconds === null) return "";
    if (quotes === 0) return ` ${timestampLink(plan, seconds, f.intoVideo(seconds))}`;
    return f.atMoment(formatTimestamp(seconds), link(seconds), quotes);
  };

  // Lede and nut graf.
  const topics = list(s.topics.slice(0, 2));
  const central = selection.central;
  // Who a lede names: the channel, or the speaker (a getter that counts the mention, so called
  // only where the name is written).
  const ledeName = () => (meta.speakerKind === "anonymous" ? s.channel : speaker.name);
  // The central statement quoted after a lede that does not tell it.
  const centralQuote = () => {
    if (central === null) return "";
    const sentence = plan.analysis.sentences[central];
    const attribution = `${attributionFor(sentence.start)}.`;
    quotes++;
    return ` ${f.quoteThen(quoted(sentence.quote), speaker.of(central), said(0), attribution)}`;
  };
  const review = metadataOnly ? null : reviewOf(plan);
  const debate = metadataOnly || !english ? null : debateOf(plan, titleCore(meta.headline));
  // An interview whose description says whom it is with and what about, that guest being the
  // speaker the article quotes (English descriptions: interviewTopics).
  const described = metadataOnly || !english ? null : interviewTopics(plan);
  const interview = described && meta.speakerKind === "person" && meta.speaker === described.guest ? described : null;
  let interviewLede = false;
  // Topics the lede named ("…discusses the chain and gears"): the nut graf does not name them again.
  let ledeTopics = 0;
  // The lede says who published the video ("…, Jonah said in a video published by Founder Field Notes").
  let ledeNamesChannel = false;
  const verdict = review?.score
    ? { product: review.product, score: `${scoreArticle(review.score)} ${review.score.toLowerCase()}` }
    : null;
  // The description's own statement of the news, if it makes one (news-summary.ts).
  const creatorSummary = newsSummary(plan, lang);
  if (metadataOnly) {
    const anonymous = meta.speakerKind === "anonymous";
    speaker.mark();
    blocks.push(f.ledeMetadata(anonymous ? s.channel : s.speaker, anonymous, s.title, when, topics));
  } else if (debate) {
    // A debate's news is who argues what (English titles: debateOf reads "Should …?").
    const common = commonWords(plan.analysis.sentences.slice(0, 2000).map((x) => x.text));
    const question = debate.question
      .map((w) => (common.has(w) || !common.has(w.toLowerCase()) ? w : w.toLowerCase()))
      .join(" ");
    // Names read from captions and the description are the source's text: escaped like any
    // name the article writes (Speaker.of).
    const [a, b] = debate.sides.map(escapeMarkdown);
    write(
      blocks,
      `${a} and ${b} debate ${escapeMarkdown(question)} in a video published by ${s.channel}${when}.${centralQuote()}`,
    );
  } else if (verdict) {
    // A product review's news is the score its reviewer gives (English only: reviewOf).
    const who = ledeName();
    const lede = `${who} gives the ${escapeMarkdown(verdict.product)} ${verdict.score} in a review published on YouTube${when}.`;
    write(blocks, `${lede}${centralQuote()}`);
  } else if (interview) {
    // An interview's news is who it is with and what they talk about, as its description says
    // ("Ana Ruiz, founder of Crumb and Co in Leeds, talks about leaving accounting…").
    // The lede gives the role: the first quotation does not again (speaker-roles.ts).
    if (interview.role) speaker.noteText(escapeMarkdown(interview.role));
    const who = ledeName();
    const role = interview.role && !hasRole(who) ? `, ${escapeMarkdown(interview.role)},` : "";
    const about = escapeMarkdown(interview.about[0]);
    interviewLede = true;
    const lede = `${who}${role} talks about ${about} in an interview published by ${s.channel}${when}.`;
    // Named in full here, the guest is "Ruiz" in the quotation after it.
    speaker.noteText(lede);
    write(blocks, `${lede}${centralQuote()}`);
  } else if (
    central !== null &&
    // The creator's summary of what happened ("Eastbrook United came from behind to beat…") is
    // the news; a sentence from the commentary or the talk only when the description has none.
    !reportsEvent(creatorSummary) &&
    !plan.unpunctuated &&
    isCleanStatement(plan.analysis.sentences[central].text, lang)
  ) {
    const statement = prose(plan, central).replace(/[.!]$/, "");
    if (meta.speakerKind === "anonymous" && !meta.voices.has(plan.analysis.sentences[central].turn)) {
      blocks.push(f.ledeAccording(statement, s.channel, when));
    } else {
      const who = speaker.of(central);
      // A first name alone ("Jonah said") tells a reader nothing of who speaks: the channel
      // that published the video says where they speak from (English).
      ledeNamesChannel = english && meta.speakerKind === "person" && meta.channel !== meta.speaker && !/\s/.test(who);
      blocks.push(f.ledeSaid(statement, who, when, ledeNamesChannel ? s.channel : undefined));
    }
  } else {
    // The creator's own summary, when it states the news ("A burst water main flooded the Old
    // Station Market…, according to a video published by…"); else "In a video titled …, Crypto
    // Moon Daily discusses…": the channel, when its speaker has no name ("the speaker in a video
    // published by…" would say "video" twice).
    summaryLede = creatorSummary;
    const occasion = summaryLede || !english || metadataOnly ? null : occasionOf(plan);
    if (occasion) summaryLede = plan.description[0];
    const who = ledeName();
    titleInLede = summaryLede === null;
    const lede = occasion
      ? `${occasion}, in a video published by ${s.channel}${when}.`
      : summaryLede
        ? f.ledeAccording(capitalise(summaryLede.replace(/[.!]+$/, "")), s.channel, when)
        : f.ledeTitled(s.title, when, who, tone, topics);
    if (occasion) speaker.noteText(lede);
    if (!summaryLede && topics) ledeTopics = Math.min(2, s.topics.length);
    write(blocks, `${lede}${centralQuote()}`);
  }

  const nut: string[] = [];
  const videoNoun = f.videoNoun(plan.request.video.durationSeconds);
  const titled = metadataOnly || titleInLede ? "" : f.titled(s.title);
  const clauses: string[] = [];
  // (A debate's or an interview's lede, or one naming a speaker by first name, has said who published it.)
  const publisherTold = debate || interviewLede || ledeNamesChannel;
  if (meta.speakerKind === "person" && meta.channel !== meta.speaker && !metadataOnly && !publisherTold)
    clauses.push(f.postedBy(s.channel));
  if (meta.views && plan.request.video.viewCount) clauses.push(f.viewed(plan.request.video.viewCount));
  const allTopics = list(s.topics.slice(ledeTopics, 4));
  // (An interview's lede has said what it covers, in the description's words.)
  if (allTopics && !metadataOnly && !interviewLede) clauses.push(f.covers(allTopics, ledeTopics > 0));
  // "El vídeo, de 7 minutos," meets ", titulado…": one comma.
  if (clauses.length > 0) nut.push(`${videoNoun}${titled} ${list(clauses)}.`.replace(/,\s*,/g, ","));
  if (meta.reporter && !metadataOnly) nut.push(f.reportBy(escapeMarkdown(meta.reporter)));
  const descriptionLines = (plan.thin ? descriptionExtras(plan, 3) : plan.description.slice(0, 1)).filter(
    (d) => d !== summaryLede,
  );
  if (descriptionLines.length > 0 && !metadataOnly && !interviewLede) {
    nut.push(f.descriptionWrites(s.channel, quotedDescription(plan, descriptionLines)));
  }
  if (metadataOnly && chapters.length > 0) {
    nut.push(
      f.chaptersDivided(
        chapters.length,
        // Chapter names as written: a setlist's "Salt Road" is a title, not a topic to lower.
        list(chapters.map((c) => escapeMarkdown(cleanChapterTitle(c.title)))),
      ),
    );
  }
  if (nut.length) write(blocks, nut.join(" "));

  // Supporting paragraphs: the most important topic first, then the others, each in the video's order.
  const groups = selection.perSection
    .map((chosen, k) => ({
      k,
      paragraphs: paragraphsOf(plan, chosen, 2, 60),
      // What happened, to whom, how much: facts with names and figures lead, and a report's
      // opening stretch (where the news is stated) weighs a little more than its background.
      score: Math.max(
        0,
        ...chosen.map(
          (i) =>
            plan.scores[i] *
            (1 + newsValue(plan.analysis.sentences[i].text)) *
            (i < plan.analysis.sentences.length / 3 ? 1.15 : 1),
        ),
      ),
    }))
    .filter((g) => g.paragraphs.length > 0);
  // The news first (the topic that carries it), then the support in the video's order, so the
  // story does not jump back and forth in the video from one paragraph to the next.
  const lead = groups.reduce<(typeof groups)[number] | undefined>(
    (best, g) => (best === undefined || g.score > best.score ? g : best),
    undefined,
  );
  if (lead) groups.unshift(...groups.splice(groups.indexOf(lead), 1));
  let statementCount = 0;
  let descriptionQuotes = 0;
  let previousQuoted = quotes > 0;
  // Who the story last named as speaking: a paragraph in another voice names its speaker first
  // (a debate's "The studies show…" is not the guest quoted just before).
  const voiceOf = (index: number) => plan.meta.voices.get(plan.analysis.sentences[index].turn)?.name ?? "";
  let lastVoice: string | null = null;
  // A speaker's count ("Segundo, …") stays where the story keeps the item before it (or, for the
  // first, the one after it) in its place; else the count goes with the order it counted.
  const order = groups.flatMap((g) => g.paragraphs).flat();
  const textOf = (i: number) => plan.analysis.sentences[i].text;
  const counted = (i: number) => (SPOKEN_LABEL.test(textOf(i)) ? 0 : ordinalOf(textOf(i)));
  const keepsCount = (index: number) => {
    const n = counted(index);
    const at = order.indexOf(index);
    if (n <= 0 || at < 0) return true;
    return n === 1
      ? order.slice(at + 1).some((i) => counted(i) === 2)
      : order.slice(0, at).some((i) => counted(i) === n - 1);
  };
  const newsProse = (index: number) => {
    const text = prose(plan, index);
    if (keepsCount(index)) return text;
    const rest = text.replace(COUNTED, "");
    return rest !== text && rest.split(/\s+/).length >= 4 ? capitalise(rest) : text;
  };
  for (const paragraph of groups.flatMap((g) => g.paragraphs)) {
    const parts: string[] = [];
    for (let k = 0; k < paragraph.length; ) {
      const index = paragraph[k];
      const text = plan.analysis.sentences[index].text;
      // A question put to the reader or a hand-over ("What does this mean for…?", "Dana, what
      // did the engineers find?") is weak news: the answer that follows carries the story.
      // A question the speaker answers straight after ("Should you get one…? I think the answer
      // is yes.") is their verdict: the two are quoted together below.
      // "Primero, o clima.": a speaker's label for the part that follows says nothing in a story
      // told in its own order, without headings.
      if (SPOKEN_LABEL.test(text)) {
        k++;
        continue;
      }
      const next = paragraph[k + 1];
      const answered =
        next === index + 1 &&
        oneQuotation(plan, index, next) &&
        dependsOnPrevious(plan.analysis.sentences[next].text) &&
        !plan.meta.voices.get(plan.analysis.sentences[index].turn)?.asks;
      if (!metadataOnly && /\?["”]?$/.test(text) && !answered) {
        k++;
        // The reply that leans on the question ("It's a big disruption, Marcus.", "I think the
        // answer is yes.") goes with it.
        while (
          k < paragraph.length &&
          paragraph[k] === paragraph[k - 1] + 1 &&
          dependsOnPrevious(plan.analysis.sentences[paragraph[k]].text)
        )
          k++;
        continue;
      }
      // After a quotation, the speaker's next "I" sentence is told in the story's own words
      // ("Jess picked up extra shifts…"), so the support alternates voices instead of reading
      // as a string of quotations.
      const reported =
        !metadataOnly && english && previousQuoted && !/\?["”]?$/.test(text)
          ? reportedStatement(newsProse(index), () => speaker.of(index))
          : null;
      if (reported) {
        write(parts, reported);
        previousQuoted = false;
        lastVoice = voiceOf(index);
        k++;
        continue;
      }
      // A sentence that quotes someone itself ('She wrote, "…"') is told, not quoted again.
      if (metadataOnly || ((isPersonal(text, lang) || /\?["”]?$/.test(text)) && !holdsQuotation(text))) {
        const run: number[] = [paragraph[k++]];
        while (
          k < paragraph.length &&
          paragraph[k] === run[run.length - 1] + 1 &&
          joinsQuotation(plan, run, paragraph[k])
        ) {
          const t = plan.analysis.sentences[paragraph[k]].text;
          if (!(metadataOnly || ((isPersonal(t, lang) || /\?["”]?$/.test(t)) && !holdsQuotation(t)))) break;
          run.push(paragraph[k++]);
        }
        const body = quotedRun(plan, run);
        if (metadataOnly) {
          write(parts, f.descriptionQuote(body, descriptionQuotes++));
        } else {
          const tail = `${attributionFor(plan.analysis.sentences[run[0]].start)}.`;
          write(parts, f.quoteThen(body, speaker.of(run[0]), said(quotes), tail));
          quotes++;
          previousQuoted = true;
          lastVoice = voiceOf(run[0]);
        }
        continue;
      }
      const statement = newsProse(index);
      const newVoice = lastVoice !== null && voiceOf(index) !== lastVoice;
      if (parts.length === 0 && (statementCount++ % 2 === 0 || newVoice)) {
        // Attributed statements carry their moment too, so a reader can check them.
        const at = attributionFor(plan.analysis.sentences[index].start);
        write(parts, f.statementThen(statement, speaker.of(index), `${said(statementCount)}${at}`));
        if (at) quotes++;
        lastVoice = voiceOf(index);
      } else {
        write(parts, statement);
      }
      previousQuoted = false;
      k++;
    }
    if (parts.length > 0) blocks.push(parts.join(" "));
  }

  // A recipe's ingredients and method, told in a sentence each (a news story has no lists).
  const recipe = recipeParagraph(
    plan,
    steps.map((step) => stepText(step, (i) => plan.analysis.sentences[i].text, true)),
  );
  if (recipe) blocks.push(recipe);

  // Readers' reaction.
  if (comments.length > 0) {
    const [first, ...more] = readerReaction(plan);
    blocks.push(`${f.viewersLead(plan.seed, length.length)} ${first}`, ...more);
  }

  // Kicker.
  if (selection.outro !== null) {
    const sentence = plan.analysis.sentences[selection.outro];
    blocks.push(
      f.quoteThen(quoted(sentence.quote), speaker.of(selection.outro), said(quotes), plan.timed ? f.nearEnd : "."),
    );
  }
  if (meta.url) blocks.push(f.fullVideo(meta.url));
  return { markdown: blocks.join("\n\n"), exhausted: selection.exhausted };
}

/**
 * The description's ingredients and method (or the steps the speaker read out) as running text, every step in order with its
 * quantities ("The method runs to eight steps: mix…; add…; bake…"), or null. English framing
 * only, so an article in another language gets no English sentence.
 */
export function recipeParagraph(plan: Plan, spokenSteps: readonly string[] = []): string | null {
  const english = plan.meta.lang === null || plan.meta.lang === "en";
  const parts: string[] = [];
  // The ingredients' sentence is English only (an article in another language gets no English).
  const ingredients = english ? plan.lists.find((l) => l.kind === "ingredients") : undefined;
  const steps = plan.lists.find((l) => l.kind === "steps") ?? (spokenSteps.length ? { items: spokenSteps } : null);
  if (ingredients) {
    const items = ingredients.items.map((i) => escapeMarkdown(i.replace(/[.;]+$/, "")));
    parts.push(`The description lists the ingredients: ${listIn(items, plan.frames.and)}.`);
  }
  if (steps) {
    // Each step a sentence of its own: a method joined by semicolons runs past any reader.
    const told = stepsAsSentences(steps.items.map(escapeMarkdown), plan.meta.lang);
    if (told) parts.push(told);
  }
  return parts.length ? parts.join(" ") : null;
}

/**
 * An English lede for people who speak after an event the description names ("Head coach Maureen
 * Tully and captain Aisha Bello spoke to reporters after the Herons' 68-64 win over Port Ellery
 * in the Coastal Conference final on Saturday night"): the event is the news the press
 * conference follows, which its own words take for granted.
 */
function occasionOf(plan: Plan): string | null {
  const o = occasionIn(plan.description[0] ?? "");
  return o ? escapeMarkdown(`${o.who} ${o.past} ${o.audience}${o.after} ${o.event}`.replace(/\s+/g, " ")) : null;
}

// A speaker's count of the parts of their answer ("First,", "Segundo,", "Deuxièmement,"), which a
// story told in the order of its news breaks.
const COUNTED =
  /^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|primero|segundo|tercero|en primer lugar|en segundo lugar|por último|primeiro|terceiro|em primeiro lugar|em segundo lugar|por fim|premièrement|deuxièmement|troisièmement|enfin|erstens|zweitens|drittens|schließlich),\s+(?=\p{L})/iu;
// A count and a topic of three words at most, the whole sentence: "Primero, o clima.", "First, the price."
const SPOKEN_LABEL = new RegExp(`${COUNTED.source}(?:[\\p{L}'’-]+\\s+){0,2}[\\p{L}'’-]+[.!]?$`, "iu");
