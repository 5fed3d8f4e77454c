import type { ArticleTone } from "../../../../contract/articles";
import { formatTimestamp, wordRange } from "../../../content/text";
import type { Composition } from "./composition";
import { inlineItems } from "./description";
import { isInstruction, isUntrusted } from "./filters";
import { commonWords, EAGER, fitParagraphs } from "./fit";
import { listIn } from "./frames";
import { isCommonOpening, joinCap, sentenceSizes } from "./lengthen";
import { escapeMarkdown } from "./markdown";
import { reflowParagraphs } from "./paragraphing";
import type { Voice } from "./phrases";
import { cleanChapterTitle, type Plan, SHAPE } from "./plan";
import { asQuotedSentence, quoteFragment, shortPassage, shortQuotation } from "./quote-fragments";
import {
  calmLabel,
  descriptionExtras,
  joinsQuotation,
  prose,
  pullQuote,
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
import { type Item, paragraphsOf, select } from "./select";
import { shortFrames } from "./short-frames";
import { stepSentences, stepsAsSentences, stepText, transcriptSteps } from "./steps";
import { holdsQuotation, isFirstPerson, isNounPhrase, isPersonal, sourceLanguage } from "./story";
import { capitalise } from "./tokens";

// ---------------------------------------------------------------------------------------------
// Blog and custom

export interface ProseOptions {
  headingLevel: 2 | 3 | null;
  /** Number the section headings ("1. The cost of writes"), as listicles do. */
  numberedHeadings: boolean;
  takeaways: { marker: "bullet" | "numbered"; position: "top" | "bottom" } | null;
  paragraphSentences: number;
  pullQuotes: boolean;
  questions: boolean;
  voice: Voice;
  exclaim: boolean;
  timestampLines: boolean;
  transitions: boolean;
  /**
   * Words a sentence should have, when imitating a reference: chosen sentences lean to it, and
   * each paragraph's sentences are cut or joined to it (fit.ts).
   */
  sentenceTarget: number | null;
  /**
   * The reference's own words per sentence, when sentenceTarget is aimed past it to land on it
   * (see aimedComposer): joins stay under its run-on line (joinCap) and a terse reference keeps
   * its short frame. Unset, sentenceTarget is the reference's.
   */
  sentenceReference?: number | null;
  /** Words a paragraph should have, when imitating a reference; else paragraphSentences decides. */
  paragraphWords: number | null;
  /**
   * The reference's own words per paragraph, everything counted: prose paragraphs are cut again
   * to it once written (paragraphing.ts).
   */
  paragraphTarget: number | null;
  commentsAsList: boolean;
}

/** The blog style: headings, takeaways at the top, pull quotes, paragraphs of three sentences. */
export const BLOG_OPTIONS: ProseOptions = {
  headingLevel: 2,
  numberedHeadings: false,
  takeaways: { marker: "bullet", position: "top" },
  paragraphSentences: 3,
  pullQuotes: true,
  questions: false,
  voice: "second",
  exclaim: false,
  timestampLines: true,
  transitions: true,
  sentenceTarget: null,
  paragraphWords: null,
  paragraphTarget: null,
  commentsAsList: true,
};

function list(items: string[], marker: "bullet" | "numbered"): string {
  return items.map((item, k) => `${marker === "numbered" ? `${k + 1}.` : "-"} ${item}`).join("\n");
}

/** A blog-like article (blog style, and custom styles shaped by a reference profile). */
export function composeProse(given: Plan, options: ProseOptions, budget: number): Composition {
  // A terse reference gets the frame in sentences of its length too (short-frames.ts), unless
  // the video says so little (a 45-second short) that the frame's words are what the article has.
  const spoken = given.analysis.sentences.reduce((n, x) => n + x.wordCount, 0);
  const reference = options.sentenceReference ?? options.sentenceTarget;
  const terse = reference !== null && reference <= EAGER && spoken >= 250;
  const plan = terse ? { ...given, frames: shortFrames(given.frames) } : given;
  const comments = trustedComments(plan);
  const chapters = trustedChapters(plan);
  const lang = sourceLanguage(plan);
  const { tone, length } = plan.request;
  const f = plan.frames;
  const shape = SHAPE[length];
  const metadataOnly = plan.source === "metadata";
  // A method read out as numbered steps is listed whole, in the section where it starts.
  const steps = transcriptSteps(plan);
  const selection = select(plan, budget, {
    headings: Boolean(options.headingLevel),
    reserved: stepSentences(steps),
    takeaways: options.takeaways && !metadataOnly ? shape.takeaways : 0,
    pullQuotes: options.pullQuotes && !metadataOnly ? shape.pullQuotes : 0,
    impersonalCentral: true,
    sentenceTarget: options.sentenceTarget,
    newsworthy: false,
  });
  const s = slots(plan);
  const speaker = new Speaker(plan);
  const seed = plan.seed;
  const blocks: string[] = [];
  const heading = (text: string, level = options.headingLevel) => {
    if (level) blocks.push(`${"#".repeat(level)} ${text}`);
  };
  let quoteCount = 0;
  // Whether the last thing the body said was a quotation (renderParagraph alternates voices).
  const voice = { quoted: false };
  const english = !lang || /^en\b/i.test(lang);
  // An interview moves on as a conversation, not as its host ("Next, Sam Reyes turns to…").
  const interview = f.lang === "en" && [...plan.meta.voices.values()].some((v) => v.asks);
  const target = options.sentenceTarget;
  const common = target ? commonWords(plan.analysis.sentences.map((x) => x.text)) : new Set<string>();
  // The longest sentence a join makes: what lengthen.ts allows the reference's own length, however
  // far past it the aim is (aimedComposer).
  const longest = reference ? Math.min(joinCap(reference), Math.round(reference * 1.35)) : undefined;
  // Prose paragraphs, fitted to the reference's sentence length once all are written.
  const proseBlocks = new Set<number>();
  const fitted = (text: string) => {
    if (target || options.paragraphTarget) proseBlocks.add(blocks.length);
    return text;
  };

  // Introduction.
  const intro: string[] = [];
  if (metadataOnly) {
    // No transcript: say who published what, and let the description's opening speak.
    const date = f.date(plan.request.video.publishedAt);
    intro.push(f.published(s.channel, s.title, date ? f.on(date) : ""));
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      intro.push(
        isPersonal(sentence.text, lang)
          ? f.descriptionReads(quoted(sentence.quote), 0)
          : prose(plan, selection.central),
      );
    } else if (plan.description.length === 0 && chapters.length === 0) {
      intro.push(f.pageSaysLittle);
    }
  } else {
    // What the description says the video covers ("leaving accounting, the first year's losses
    // and why wholesale comes first") says it better than key phrases ("the wholesale").
    const described = lang === "en" ? plan.described.filter((t) => !/\?$/.test(t)) : [];
    const introSlots = described.length >= 2 ? { ...s, topics: described.map(escapeMarkdown) } : s;
    const firstTopic = described.length >= 2 ? described[0] : plan.topics[0];
    const wondered = firstTopic !== undefined ? f.everWondered(escapeMarkdown(firstTopic)) : null;
    const asks = options.questions && wondered !== null && isNounPhrase(firstTopic);
    // After "Ever wondered about X?" the opener lists the other topics.
    const openerSlots =
      asks && introSlots.topics.length > 1 ? { ...introSlots, topics: introSlots.topics.slice(1) } : introSlots;
    if (asks && wondered) intro.push(wondered);
    intro.push(f.introOpener(tone, options.voice, openerSlots, seed));
    if (selection.central !== null) {
      const sentence = plan.analysis.sentences[selection.central];
      // A terse style quotes the shortest part of it that stands alone (quote-fragments.ts).
      const fragment = terse ? quoteFragment(quoted(sentence.quote), english) : null;
      if (isFirstPerson(sentence.text, lang) && fragment) {
        intro.push(f.attributed(speaker.of(selection.central), f.says(tone, 0), asQuotedSentence(fragment), 0));
      } else if (isFirstPerson(sentence.text, lang)) {
        intro.push(f.attributed(speaker.of(selection.central), "", quoted(sentence.quote), 1));
      } else {
        // After a lead's colon a common word goes to lower case ("…hard to argue with: retrogradation
        // is fastest…"); a name keeps its capital.
        const lead = f.centralLead(tone, seed);
        const body = prose(plan, selection.central);
        const first = /^\p{Lu}[\p{Ll}'’-]*/u.exec(body)?.[0] ?? "";
        const common = lead.endsWith(":") && first ? commonWords(plan.analysis.sentences.map((x) => x.text)) : null;
        const lowered =
          common && isCommonOpening(first, common) ? first.toLowerCase() + body.slice(first.length) : body;
        intro.push(`${lead} ${lowered}`.trim());
      }
    }
    // "…with links to the moments in the video": only where there is a video to play them in.
    const closer = f.introCloser(tone, options.voice, plan.timed && Boolean(plan.meta.url), seed);
    if (closer) intro.push(closer);
  }
  if (options.exclaim) intro[intro.length - 1] = intro[intro.length - 1].replace(/\.$/, "!");
  blocks.push(fitted(intro.join(" ")));

  // A list of one takeaway is no list: left out when the comments make the article's list and
  // the video says more than the article needs (a short source keeps every sentence it can use).
  const lonely =
    selection.takeaways.length === 1 &&
    options.commentsAsList &&
    comments.length > 0 &&
    spoken >= wordRange(length).max;
  const takeaways = () => {
    if (!options.takeaways || selection.takeaways.length === 0 || lonely) return;
    if (options.headingLevel) heading(f.takeawaysHeading(tone));
    else blocks.push(f.inShort(tone));
    blocks.push(
      list(
        // Takeaways come from all over the video: each carries its own moment, not the section.
        selection.takeaways.map((i) => {
          const start = plan.analysis.sentences[i]?.start;
          const text = prose(plan, i);
          return typeof start === "number" ? `${text} (${timestampLink(plan, Math.floor(start))})` : text;
        }),
        options.takeaways.marker,
      ),
    );
  };
  if (options.takeaways?.position === "top") takeaways();

  // Chapters, for articles written without a transcript: a list, or a sentence when the
  // reference style uses no lists.
  if (metadataOnly && chapters.length > 0) {
    heading(f.chaptersHeading);
    if (options.takeaways) {
      blocks.push(
        list(
          chapters.map((c) => `${timestampLink(plan, c.startSeconds)} ${escapeMarkdown(c.title)}`),
          "bullet",
        ),
      );
    } else {
      const titles = chapters.map((c) =>
        timestampLink(plan, c.startSeconds, escapeMarkdown(cleanChapterTitle(c.title))),
      );
      blocks.push(fitted(f.chaptersDivided(chapters.length, listIn(titles, f.and))));
    }
  }

  // Lists from the description: a method (every step, numbered) and its ingredients always, as a
  // reader comes for them; other lists (a line-up) when the transcript does not say enough.
  function descriptionList(item: (typeof plan.lists)[number]) {
    if (item.kind === "plain" && !plan.thin) return;
    const label = item.label ? calmLabel(item.label) : f.fromDescription;
    // A line-up in a style without lists reads as a sentence; a method and its ingredients stay lists.
    if (item.kind === "plain" && !options.takeaways) {
      blocks.push(fitted(`${escapeMarkdown(label)}: ${inlineItems(item.items.map(escapeMarkdown), f.and)}.`));
      return;
    }
    // A label of one word ("Ingredientes:") is no heading an editor would write.
    const oneWord = !item.label || !/\s/.test(label);
    const written =
      oneWord && item.kind === "ingredients"
        ? f.ingredientsHeading
        : oneWord && item.kind === "steps"
          ? f.methodHeading
          : label;
    if (options.headingLevel) heading(escapeMarkdown(written));
    else blocks.push(`${escapeMarkdown(label)}:`);
    blocks.push(list(item.items.map(escapeMarkdown), item.kind === "steps" ? "numbered" : "bullet"));
  }
  // A recipe's ingredients come before its method, as a reader gathers them first.
  for (const item of plan.lists) if (item.kind === "ingredients") descriptionList(item);

  // Sections.
  let sectionNumber = 0;
  plan.sections.forEach((section, k) => {
    const chosen = selection.perSection[k];
    const pull = selection.pullQuotes.get(k);
    const hasSteps = steps.length > 0 && section.candidates.includes(steps[0].index);
    if (chosen.length === 0 && pull === undefined && !hasSteps) return;
    const n = sectionNumber++;
    // A section nothing could name ("Part 4") runs on under the one before, unless it is the
    // first (its paragraphs would read as part of the takeaways) or headings are numbered.
    // (Its first paragraph then says where in the video it starts.)
    const runsOn = section.untitled && n > 0 && !options.numberedHeadings;
    // The topic a heading already names: no "Next, Jonah turns to choosing the value metric."
    // under "Choosing the value metric".
    let headed = "";
    if (!runsOn && options.headingLevel && !(metadataOnly && plan.sections.length === 1)) {
      const number = options.numberedHeadings ? `${n + 1}. ` : "";
      // A heading from a chapter title that carries markup or instructions is not shown.
      // The section a method is listed in is headed by it ("Step by step", not "The wheel" over
      // five steps), unless the video's own chapter or a heading of some words ("Fixing a flat")
      // names it.
      const methodHere =
        hasSteps && steps.length >= 3 && !section.section.chapterTitle && section.heading.split(/\s+/).length <= 2;
      const name =
        isUntrusted(section.heading) || isInstruction(section.heading)
          ? f.partHeading(n + 1)
          : methodHere
            ? f.methodHeading
            : section.heading;
      heading(`${number}${escapeMarkdown(name)}`);
      headed = name.toLocaleLowerCase();
    } else if (!runsOn && metadataOnly && n === 0 && options.headingLevel) {
      heading(f.aboutHeading);
    }
    const startLink = plan.timed && section.section.start !== null;
    if (startLink && options.timestampLines && options.headingLevel && !runsOn) {
      blocks.push(timestampLink(plan, section.section.start!, f.watchFrom(formatTimestamp(section.section.start!))));
    }
    const paragraphsFor = (ids: readonly number[]) =>
      options.paragraphWords
        ? paragraphsOf(plan, ids, Math.max(8, options.paragraphSentences * 3), Math.max(12, options.paragraphWords))
        : paragraphsOf(plan, ids, options.paragraphSentences, options.paragraphSentences * 30);
    // The method goes where it was said: before the first paragraph told after its first step
    // (what is said between the steps reads as more on them, after the list). No paragraph runs
    // across it: what was said before the method and what was said during it are apart.
    const methodStart = hasSteps ? steps[0].index : -1;
    const paragraphs = hasSteps
      ? [
          ...paragraphsFor(chosen.filter((i) => i < methodStart)),
          ...paragraphsFor(chosen.filter((i) => i > methodStart)),
        ]
      : paragraphsFor(chosen);
    let methodPlaced = !hasSteps;
    paragraphs.forEach((paragraph, p) => {
      if (!methodPlaced && paragraph[0] > methodStart) {
        method();
        methodPlaced = true;
      }
      let text = renderParagraph(plan, paragraph, speaker, tone, () => quoteCount++, metadataOnly, voice, terse);
      const told = section.topic !== null && headed.includes(section.topic.toLocaleLowerCase());
      if (p === 0 && n > 0 && options.transitions && section.topic && !isUntrusted(section.topic) && !told) {
        const topic = escapeMarkdown(section.topic);
        // A question to lead in, but not before one the speaker asks ("What about Mill Street?
        // What does this mean for…?").
        const opensOnQuestion = /^[^.!?]{0,300}\?/.test(text);
        const ask = options.questions && n % 2 === 1 && isNounPhrase(section.topic) && !opensOnQuestion;
        const lead = ask
          ? f.questionTransition(topic, seed, n)
          : f.transition(tone, options.voice, interview ? "the conversation" : speaker.name, topic, seed, n);
        if (lead) text = `${lead} ${text}`;
      }
      if (p === 0 && startLink && (!options.headingLevel || !options.timestampLines || runsOn)) {
        text = `${text} (${timestampLink(plan, section.section.start!)})`;
      }
      blocks.push(fitted(text));
      if (p === 0 && pull !== undefined) blocks.push(pullQuote(plan, pull, speaker));
    });
    if (paragraphs.length === 0 && pull !== undefined) blocks.push(pullQuote(plan, pull, speaker));
    if (!methodPlaced) method();
  });

  function method() {
    // A style without lists (a reference that uses none) tells the method in sentences.
    const told = options.takeaways
      ? null
      : stepsAsSentences(
          steps.map((step) => stepText(step, (i) => prose(plan, i), true)),
          plan.meta.lang,
        );
    // Told in sentences, the method is prose like the rest: fitted to the reference's length.
    blocks.push(
      told
        ? fitted(told)
        : list(
            steps.map((step) => stepText(step, (i) => prose(plan, i))),
            "numbered",
          ),
    );
  }

  if (options.takeaways?.position === "bottom") takeaways();

  // When the transcript says little, the creator's own description adds to it.
  if (plan.thin && !metadataOnly) {
    const extra = descriptionExtras(plan, 3);
    if (extra.length > 0) blocks.push(fitted(f.descriptionAdds(quotedDescription(plan, extra))));
  }

  // Lists from the description but the ingredients (told before the method, above).
  for (const item of plan.lists) if (item.kind !== "ingredients") descriptionList(item);

  // Comments.
  if (comments.length > 0) {
    heading(f.commentsHeading(tone));
    const lines = comments.map(
      (c) => `"${quoted(c.text)}" — ${escapeMarkdown(c.author)}${c.likes >= 2 ? ` (${f.likes(c.likes)})` : ""}`,
    );
    if (options.commentsAsList) {
      blocks.push(f.commentsIntro(tone, comments.length, seed));
      blocks.push(list(lines, "bullet"));
    } else {
      // A terse style quotes the shortest clause of each comment that stands alone.
      const [first, ...more] = readerReaction(plan, terse ? (text) => shortPassage(text, english) : undefined);
      blocks.push(fitted(`${f.commentsIntro(tone, comments.length, seed)} ${first}`));
      for (const paragraph of more) blocks.push(fitted(paragraph));
    }
  }

  // Closing.
  heading(f.closingHeading(tone));
  const closing: string[] = [];
  if (selection.outro !== null) {
    const text = quoted(plan.analysis.sentences[selection.outro].quote);
    // A terse style closes on the shortest part of the line that stands alone.
    const fragment = terse ? quoteFragment(text, english) : null;
    const said = fragment ? asQuotedSentence(fragment) : text;
    closing.push(capitalise(`${f.outroLead(tone, speaker.of(selection.outro), seed)} "${said}"`));
  }
  // Your own recording has no page to send the reader to.
  if (plan.meta.url) closing.push(f.closingLine(tone, options.voice, (t) => `[${t}](${plan.meta.url})`, seed));
  if (options.exclaim) closing[closing.length - 1] = closing[closing.length - 1].replace(/\.$/, "!");
  blocks.push(fitted(closing.join(" ")));

  if (target) {
    const at = [...proseBlocks];
    const fit = fitParagraphs(
      at.map((k) => blocks[k]),
      target,
      english,
      common,
      longest,
    );
    at.forEach((k, j) => {
      blocks[k] = fit[j];
    });
  }
  if (!options.paragraphTarget) {
    return {
      markdown: blocks.join("\n\n"),
      exhausted: selection.exhausted,
      sentenceWords: meanSentence([...proseBlocks].map((k) => blocks[k])),
    };
  }
  const paragraphed = reflowed(blocks, proseBlocks, options.paragraphTarget);
  // Paragraphs merged to a long reference's length may join their sentences further (lengthen.ts);
  // names the article writes mid-sentence ("…, Jess says") keep their capital after a join.
  if (target && target > EAGER) {
    const at = [...paragraphed.prose];
    const fit = fitParagraphs(
      at.map((k) => paragraphed.blocks[k]),
      target,
      english,
      new Set([...common, ...commonWords(at.map((k) => paragraphed.blocks[k]))]),
      longest,
    );
    at.forEach((k, j) => {
      paragraphed.blocks[k] = fit[j];
    });
  }
  return {
    markdown: paragraphed.blocks.join("\n\n"),
    exhausted: selection.exhausted,
    sentenceWords: meanSentence([...paragraphed.prose].map((k) => paragraphed.blocks[k])),
  };
}

/** Mean words per sentence of prose paragraphs, as a reader counts them; null for none. */
function meanSentence(paragraphs: readonly string[]): number | null {
  const sizes = paragraphs.flatMap(sentenceSizes).filter((n) => n > 0);
  return sizes.length ? sizes.reduce((n, x) => n + x, 0) / sizes.length : null;
}

/** The blocks with each run of neighbouring prose paragraphs cut again to `target` words each. */
function reflowed(
  blocks: readonly string[],
  prose: ReadonlySet<number>,
  target: number,
): { blocks: string[]; prose: Set<number> } {
  const out: string[] = [];
  const at = new Set<number>();
  for (let k = 0; k < blocks.length; ) {
    if (!prose.has(k)) {
      out.push(blocks[k++]);
      continue;
    }
    const run: string[] = [];
    while (k < blocks.length && prose.has(k)) run.push(blocks[k++]);
    for (const paragraph of reflowParagraphs(run, target)) {
      at.add(out.length);
      out.push(paragraph);
    }
  }
  return { blocks: out, prose: at };
}

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

// Longest clause a terse style quotes; a sentence of a quotation with none this short is left out
// (unless no sentence of it has one: then the quotation stays as it was).
const TERSE_QUOTE_WORDS = 10;
// Most sentences of one quotation a terse style keeps, each its own short sentence.
const TERSE_QUOTE_SENTENCES = 4;

/**
 * Prose and quotes of one paragraph. First-person sentences cannot stand as the article's own
 * words, so they become one attributed quote per paragraph; sentences that were not next to each
 * other in the video are joined with an ellipsis, as an omission in a quote should be.
 */
// The attribution shape that names the speaker before the quotation (frames' `attributed`).
const SPEAKER_FIRST = 2;

function renderParagraph(
  plan: Plan,
  paragraph: readonly number[],
  speaker: Speaker,
  tone: ArticleTone,
  nextQuote: () => number,
  metadataOnly: boolean,
  voice: { quoted: boolean; speaker?: string } = { quoted: false },
  terse = false,
): string {
  const lang = sourceLanguage(plan);
  const english = plan.meta.lang === null || plan.meta.lang === "en";
  const f = plan.frames;
  // The description's "we" and "you" are the creator's voice, not the article's.
  const items: Item[] = paragraph.map((index) => ({
    index,
    quote:
      !holdsQuotation(plan.analysis.sentences[index].text) &&
      (metadataOnly
        ? isPersonal(plan.analysis.sentences[index].text, lang)
        : isFirstPerson(plan.analysis.sentences[index].text, lang)),
  }));
  const quotes = items.filter((item) => item.quote).length;
  // A paragraph that is mostly the speaker talking about themselves is quoted whole.
  const wholeQuote = quotes >= 2 && quotes >= items.length - 1;
  const parts: string[] = [];
  // In a conversation of named people, a statement in a voice other than the last one named
  // says whose it is ("Loading zones turn into parking…, Kowalczyk says."): it is a claim of
  // theirs, not the article's.
  const voiceOf = (index: number) => plan.meta.voices.get(plan.analysis.sentences[index].turn);
  const named = new Set([...plan.meta.voices.values()].filter((v) => v.kind === "person").map((v) => v.name));
  for (let k = 0; k < items.length; ) {
    if (!items[k].quote && !wholeQuote) {
      const index = items[k].index;
      const own = voiceOf(index);
      if (named.size >= 2 && own?.kind === "person" && own.name !== voice.speaker && !metadataOnly) {
        parts.push(f.statementThen(prose(plan, index), speaker.of(index), f.says(tone, nextQuote())));
        voice.speaker = own.name;
      } else {
        parts.push(prose(plan, index));
      }
      voice.quoted = false;
      k++;
      continue;
    }
    // A change of speaker, or a long way on in the video, starts the next quotation.
    const run: number[] = [items[k++].index];
    while (k < items.length && (items[k].quote || wholeQuote) && joinsQuotation(plan, run, items[k].index)) {
      run.push(items[k++].index);
    }
    // A quotation right after another speaker's names its speaker first ('The resident says: "…"'),
    // so the reader never takes it for more of the first.
    const otherVoice = voice.quoted && voice.speaker !== undefined && voiceOf(run[0])?.name !== voice.speaker;
    // Quoted or reported, the run is put in its speaker's name.
    voice.speaker = voiceOf(run[0])?.name;
    // Right after a quotation, a lone "I" sentence is told in the article's words ("Raman would
    // start with timeouts…"), so quotations do not follow each other back to back.
    const reportable = voice.quoted && run.length === 1 && english && !metadataOnly && !wholeQuote;
    // A terse style quotes as a news briefing does: of each sentence the shortest clause that
    // stands alone, each its own short quotation ('Jess says: "I'm not a finance expert."'),
    // sentences with none that short left out. A short reported statement comes first; a run
    // with no short clause is reported or quoted as it was, so the paragraph keeps its voice and
    // the article its words.
    if (terse && !metadataOnly) {
      const told = reportable ? reportedStatement(prose(plan, run[0]), "They") : null;
      const clauses =
        told !== null && wordCount(told) <= TERSE_QUOTE_WORDS + 1
          ? []
          : shortQuotation(
              run.map((i) => quoted(plan.analysis.sentences[i].quote)),
              english,
              TERSE_QUOTE_SENTENCES,
              TERSE_QUOTE_WORDS,
            );
      if (clauses.length > 0) {
        voice.quoted = true;
        const [first, ...more] = clauses;
        const n = nextQuote();
        parts.push(f.attributed(speaker.of(run[first.at]), f.says(tone, n), asQuotedSentence(first.text), n));
        for (const next of more) parts.push(`"${asQuotedSentence(next.text)}"`);
        continue;
      }
    }
    const reported = reportable ? reportedStatement(prose(plan, run[0]), () => speaker.of(run[0])) : null;
    if (reported) {
      parts.push(reported);
      voice.quoted = false;
      continue;
    }
    voice.quoted = true;
    const text = quotedRun(plan, run);
    const n = nextQuote();
    if (metadataOnly) {
      parts.push(f.descriptionReads(text, n));
      continue;
    }
    // 'She wrote, "…"' right after a quotation would read as its attribution ('"…striking." She
    // wrote'): the quotation then ends on its speaker ('"…," Adeyemi says.').
    const nextQuotes = k < items.length && holdsQuotation(plan.analysis.sentences[items[k].index].text);
    parts.push(
      nextQuotes
        ? f.quoteThen(text, speaker.of(run[0]), f.says(tone, n))
        : f.attributed(speaker.of(run[0]), f.says(tone, n), text, otherVoice ? SPEAKER_FIRST : n),
    );
  }
  return parts.join(" ");
}
