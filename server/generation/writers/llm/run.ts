/**
 * One article's writing (WriteRun), the draft and repair loop: the plan, the draft, one retry
 * of an unusable answer, revisions towards the word range, one towards a custom style's
 * sentence length, one revision when the receipts would
 * take out much of it, and the finished article (trimmed, or with a note when short).
 */
import type { ModelMessage } from "ai";
import { countWords, wordRange } from "../../../content/text";
import { checkArticle, notesChecker } from "../../receipts";
import { type WriteRequest, WriterError, type WriterProgress, type WrittenArticle } from "../../types";
import { type CallInput, type CallResult, type CallSettings, callModel } from "./call";
import { completeAnswer, definedFields, keepTrustedLinks } from "./complete";
import { formatAnswer, junkReason, type ParsedAnswer, parseAnswer } from "./envelope";
import { distanceFromRange, dropUnfinishedTail, trimToRange, type WordRange } from "./length";
import { type LlmWriterOptions, TEMPERATURE } from "./options";
import { type ArticlePlan, parsePlan } from "./plan";
import {
  type ArticleSource,
  buildArticleSystemPrompt,
  buildArticleUserPrompt,
  buildCorrectionPrompt,
  buildPlanSystemPrompt,
  buildPlanUserPrompt,
  buildReceiptsRevisionPrompt,
  buildRevisionPrompt,
} from "./prompts";
import { prepareSource } from "./source";
import { buildStyleRevisionPrompt, referenceForm, STYLE_TOLERANCE, sentenceMiss, sentenceWordsOf } from "./style-form";
import { transcriptText } from "./transcript";

/** A plan is a few dozen short lines; a cap where the provider needs one keeps it so. */
const PLAN_OUTPUT_TOKENS = 1_500;

const REVISION_ROUNDS = 2;
/** A source under this many times the minimum length counts as thin (the note says so). */
const THIN_SOURCE_FACTOR = 1.5;
/** A rich source and an article under this share of the minimum: the model failed the task. */
const FAR_TOO_SHORT = 0.6;

export interface WriterContext {
  provider: LlmWriterOptions["provider"];
  settings: Omit<CallSettings, "onRetry">;
  budget: number;
  concurrency: number;
}

interface Answer {
  parsed: ParsedAnswer;
  raw: string;
}

/** One article's writing: state shared by the steps, so each step reads as the policy it is. */
export class WriteRun {
  readonly range: WordRange;
  /** Quotations a draft invented, passed to the final check (see reviseReceipts). */
  rejected: string[] = [];

  constructor(
    readonly ctx: WriterContext,
    readonly request: WriteRequest,
    private readonly onProgress: WriterProgress | undefined,
  ) {
    this.range = wordRange(request.length);
  }

  async run(): Promise<WrittenArticle> {
    const source = await prepareSource(this);
    const plan = await this.makePlan(source);
    const system = buildArticleSystemPrompt(this.request, source);
    const conversation: ModelMessage[] = [
      { role: "user", content: buildArticleUserPrompt(this.request, source, plan) },
    ];

    this.progress("Writing the article");
    let answer = await this.askForArticle(system, conversation);
    let junk = junkReason(answer.parsed);
    if (junk) {
      this.progress("The answer was unusable; asking the AI writer again");
      const retry: ModelMessage[] = [...conversation];
      if (answer.raw.trim()) retry.push({ role: "assistant", content: answer.raw.slice(0, 4_000) });
      retry.push({ role: "user", content: buildCorrectionPrompt(junk, this.request.category) });
      answer = await this.askForArticle(system, retry);
      junk = junkReason(answer.parsed);
      if (junk) {
        throw new WriterError("The AI writer did not return a usable article. Please try again.", {
          cause: new Error(`unusable answer twice: ${junk}`),
        });
      }
    }

    const fitted = await this.reviseLength(system, conversation, answer.parsed);
    const styled = await this.reviseStyle(system, conversation, fitted);
    return this.finish(await this.reviseReceipts(system, conversation, styled), source);
  }

  /**
   * The receipts (the same check the pipeline runs on every article) before publishing: when
   * they would take out much of the article (a quarter of its quotations, two sentences, or
   * enough to leave it short), the model gets one targeted revision listing what failed. The
   * revision is kept only when it checks out better; the pipeline's check removes the rest.
   */
  private async reviseReceipts(
    system: string,
    conversation: ModelMessage[],
    answer: ParsedAnswer,
  ): Promise<ParsedAnswer> {
    const first = this.receipts(answer);
    if (!first.needsRevision) return answer;
    this.progress("Some quotations did not match the video; asking the AI writer to correct them");
    const messages: ModelMessage[] = [
      ...conversation,
      { role: "assistant", content: formatAnswer(completeAnswer(this.request, answer)) },
      { role: "user", content: buildReceiptsRevisionPrompt({ problems: first.problems, ...this.range }) },
    ];
    let revised: Answer;
    try {
      revised = await this.askForArticle(system, messages);
    } catch (error) {
      if (error instanceof WriterError) return answer;
      throw error;
    }
    if (junkReason(revised.parsed)) return answer;
    const candidate = { ...answer, ...definedFields(revised.parsed) };
    if (this.receipts(candidate).cost >= first.cost) return answer;
    // What the first draft invented must not come back in the revision as unquoted prose.
    this.rejected.push(...first.rejected);
    return candidate;
  }

  /** What the receipts would do to an answer: whether to ask for a revision, and a cost to compare answers by. */
  private receipts(answer: ParsedAnswer) {
    const { video, transcript, includeComments } = this.request;
    const body = keepTrustedLinks(answer.body, video);
    const checked = checkArticle(
      { title: answer.title ?? "", excerpt: answer.excerpt ?? "", markdown: body },
      { video, transcript, includeComments },
      { rejected: this.rejected },
    );
    const { dropped, unquoted, requoted, unlinked } = checked.evidence.corrections;
    const before = countWords(body);
    const after = countWords(checked.markdown);
    const leftShort = before >= this.range.min && after < this.range.min;
    return {
      problems: checked.problems,
      rejected: checked.rejected,
      needsRevision: checked.problems.length > 0 && (checked.failedQuoteShare >= 0.25 || dropped >= 2 || leftShort),
      cost: dropped * 3 + unquoted * 2 + requoted + unlinked + distanceFromRange(after, this.range) / 25,
    };
  }

  /**
   * Up to two revision rounds while the body is outside its word range, keeping whichever answer
   * is closest. A revision that fails or comes back unusable ends the rounds: the article in hand
   * is better than an error.
   */
  private async reviseLength(system: string, conversation: ModelMessage[], first: ParsedAnswer): Promise<ParsedAnswer> {
    let best = first;
    let bestWords = countWords(best.body);
    for (let round = 1; round <= REVISION_ROUNDS && distanceFromRange(bestWords, this.range) > 0; round++) {
      this.progress(
        `Adjusting the length (${bestWords} words, asked ${this.range.min}–${this.range.max}; round ${round} of ${REVISION_ROUNDS})`,
      );
      const messages: ModelMessage[] = [
        ...conversation,
        { role: "assistant", content: formatAnswer(completeAnswer(this.request, best)) },
        {
          role: "user",
          content: buildRevisionPrompt({
            words: bestWords,
            ...this.range,
            thinSource: this.sourceIsThin(),
          }),
        },
      ];
      let revised: Answer;
      try {
        revised = await this.askForArticle(system, messages);
      } catch (error) {
        if (error instanceof WriterError) break;
        throw error;
      }
      if (junkReason(revised.parsed)) break;
      const words = countWords(revised.parsed.body);
      if (distanceFromRange(words, this.range) < distanceFromRange(bestWords, this.range)) {
        best = { ...best, ...definedFields(revised.parsed) };
        bestWords = words;
      }
    }
    return best;
  }

  /**
   * A custom style whose draft misses the references' sentence length by more than
   * STYLE_TOLERANCE: one revision naming both figures. It is kept only when its sentences come
   * nearer and its length stays as near the word range as the draft's.
   */
  private async reviseStyle(system: string, conversation: ModelMessage[], answer: ParsedAnswer): Promise<ParsedAnswer> {
    const form = referenceForm(this.request);
    if (!form) return answer;
    const miss = sentenceMiss(answer.body, form);
    if (miss <= STYLE_TOLERANCE) return answer;
    const draftWords = sentenceWordsOf(answer.body);
    this.progress(
      `Matching the reference's sentences (about ${Math.round(draftWords)} words each, the reference ${Math.round(form.sentenceWords)})`,
    );
    const messages: ModelMessage[] = [
      ...conversation,
      { role: "assistant", content: formatAnswer(completeAnswer(this.request, answer)) },
      { role: "user", content: buildStyleRevisionPrompt({ draftWords, form, ...this.range }) },
    ];
    let revised: Answer;
    try {
      revised = await this.askForArticle(system, messages);
    } catch (error) {
      if (error instanceof WriterError) return answer;
      throw error;
    }
    if (junkReason(revised.parsed)) return answer;
    const before = distanceFromRange(countWords(answer.body), this.range);
    const after = distanceFromRange(countWords(revised.parsed.body), this.range);
    if (sentenceMiss(revised.parsed.body, form) >= miss || after > before) return answer;
    return { ...answer, ...definedFields(revised.parsed) };
  }

  private finish(answer: ParsedAnswer, source: ArticleSource): WrittenArticle {
    const { video } = this.request;
    let markdown = keepTrustedLinks(answer.body, video);
    if (countWords(markdown) > this.range.max) markdown = trimToRange(markdown, this.range);
    const words = countWords(markdown);

    let note: string | undefined;
    if (words < this.range.min) {
      const thin = source.kind !== "notes" && this.sourceIsThin();
      if (!thin && words < this.range.min * FAR_TOO_SHORT) {
        throw new WriterError("The AI writer wrote a much shorter article than asked. Please try again.", {
          cause: new Error(`${words} words for ${this.range.min}–${this.range.max}`),
        });
      }
      note = thin
        ? `This video has too little material for a ${this.request.length} article (${this.range.min}–${this.range.max} words), so the article is ${words} words.`
        : `The article came out a little shorter than asked: ${words} words instead of ${this.range.min}–${this.range.max}.`;
    }

    const completed = completeAnswer(this.request, { ...answer, body: markdown });
    return {
      title: completed.title,
      excerpt: completed.excerpt,
      markdown,
      tags: completed.tags,
      category: completed.category,
      // Written in the language asked for, else the transcript's (the prompt says so).
      language: this.request.language ?? this.request.transcript?.language ?? null,
      ...(note ? { note } : {}),
      ...(this.rejected.length ? { rejectedQuotes: this.rejected } : {}),
    };
  }

  /**
   * For a medium or long article, one call for the plan: peg or thesis, speakers, sections and
   * quotations by line number (parsed by plan.ts). A plan that cannot be read is no plan: the
   * article is written without one. A call that fails after its retries fails the article, as
   * any other call does.
   */
  private async makePlan(source: ArticleSource): Promise<ArticlePlan | null> {
    if (this.request.length === "short" || source.kind === "none") return null;
    this.progress("Planning the article");
    const result = await this.call({
      system: buildPlanSystemPrompt(this.request, source),
      messages: [{ role: "user", content: buildPlanUserPrompt(this.request, source) }],
      maxOutputTokens: this.outputTokens(0, PLAN_OUTPUT_TOKENS),
      temperature: TEMPERATURE.plan,
    });
    const { video, transcript } = this.request;
    const lines = source.kind === "transcript" ? source.lines : [];
    return parsePlan(result.text, {
      lines,
      moments: new Set([
        ...lines.flatMap((l) => (l.start === null ? [] : [Math.floor(l.start)])),
        ...video.chapters.map((c) => Math.floor(c.startSeconds)),
      ]),
      sourceText: [
        transcriptText(transcript),
        video.title,
        video.description,
        video.channel.name,
        ...video.chapters.map((c) => c.title),
      ].join("\n"),
    });
  }

  private notesCheck?: ReturnType<typeof notesChecker>;
  checkNotes(text: string) {
    const { video, transcript, includeComments } = this.request;
    this.notesCheck ??= notesChecker({ video, transcript, includeComments });
    return this.notesCheck(text);
  }

  private async askForArticle(system: string, messages: ModelMessage[]): Promise<Answer> {
    const result = await this.call({
      system,
      messages,
      maxOutputTokens: this.outputTokens(this.range.max * 2),
      temperature: TEMPERATURE.write,
    });
    const parsed = parseAnswer(result.text);
    if (result.finishReason === "length") parsed.body = dropUnfinishedTail(parsed.body);
    return { parsed, raw: result.text };
  }

  call(input: CallInput): Promise<CallResult> {
    return callModel(
      {
        ...this.ctx.settings,
        onRetry: ({ delayMs }) =>
          this.progress(`The AI writer is busy; trying again in ${Math.max(1, Math.round(delayMs / 1000))} s`),
        onQueued: () => {
          // While every place is taken the dialog says so, then goes back to what was shown.
          const shown = this.shownDetail;
          this.progress("Waiting for a free AI writer");
          return shown ? () => this.progress(shown) : undefined;
        },
      },
      input,
    );
  }

  /** Anthropic requires an output cap; OpenAI-compatible servers get one only when configured. */
  outputTokens(words: number, fixed?: number): number | undefined {
    if (this.ctx.settings.maxOutputTokens !== undefined) return this.ctx.settings.maxOutputTokens;
    if (this.ctx.provider !== "anthropic") return undefined;
    return fixed ?? Math.max(2_048, Math.ceil(words * 3) + 500);
  }

  /** Too little material for the length asked (the transcript and description together). */
  private sourceIsThin(): boolean {
    const words = countWords(transcriptText(this.request.transcript)) + countWords(this.request.video.description);
    return words < this.range.min * THIN_SOURCE_FACTOR;
  }

  /** The last progress sentence this run showed. */
  private shownDetail: string | undefined;

  progress(detail: string) {
    this.shownDetail = detail;
    this.onProgress?.({ stage: "writing", detail });
  }
}
