import type { LanguageModel, ModelMessage } from "ai";
import { CREATE_CATEGORIES } from "../../../../contract/options";
import { inferCategory } from "../../categorize";
import { checkArticle, notesChecker } from "../../receipts";
import { countWords, normalizeTags, wordRange } from "../../text";
import {
  type ArticleWriter,
  type VideoData,
  type WriteRequest,
  WriterError,
  type WriterProgress,
  type WrittenArticle,
} from "../../types";
import { type CallInput, type CallResult, type CallSettings, callModel, UNREADABLE } from "./call";
import { formatAnswer, junkReason, type ParsedAnswer, parseAnswer } from "./envelope";
import { distanceFromRange, dropUnfinishedTail, trimToRange, type WordRange } from "./length";
import { acceptsTemperature, DEFAULT_MODELS, FALLBACK_CONTEXT_TOKENS } from "./models";
import { cleanNotes, fitNotes, groupNotes, notesTokens } from "./notes";
import { ollamaFetch, probeOllama } from "./ollama";
import { type ArticlePlan, parsePlan } from "./plan";
import {
  type ArticleSource,
  buildArticleSystemPrompt,
  buildArticleUserPrompt,
  buildCorrectionPrompt,
  buildNotesSystemPrompt,
  buildNotesUserPrompt,
  buildPlanSystemPrompt,
  buildPlanUserPrompt,
  buildReceiptsRevisionPrompt,
  buildRevisionPrompt,
  type ChunkNotes,
} from "./prompts";
import { chunkLines, estimateTokens, type TranscriptLine, transcriptLines, transcriptText } from "./transcript";

export { DEFAULT_MODELS } from "./models";

export interface LlmWriterOptions {
  provider: "openai" | "anthropic";
  /** openai: any OpenAI-compatible server, ending in /v1. anthropic: defaults to Anthropic's API. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Longest wait for the first token, or between tokens, before a call counts as timed out (120 s). */
  timeoutMs?: number;
  /** Longest one call may stream however steadily (5 × timeoutMs). */
  callTimeoutMs?: number;
  /** Retries of a failed call: 429, 5xx, network failures, malformed streams, timeouts (3). */
  maxRetries?: number;
  /** First backoff delay; doubled each retry, with jitter (1 s). */
  retryBaseDelayMs?: number;
  /** A Retry-After longer than this fails the call instead of waiting (20 s). */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /**
   * The model's context size (LLM_CONTEXT_TOKENS). The prompt budget is this less room for the
   * answer, and an Ollama server is sent it as num_ctx (see ollama.ts).
   */
  contextTokens?: number;
  /** Prompt size above which a transcript is summarised in parts first (default: from contextTokens). */
  contextBudgetTokens?: number;
  /** Parts summarised at the same time (3). */
  mapConcurrency?: number;
  /** Output token cap per call. Anthropic needs one (a default is set); OpenAI-compatible servers get none unless set here, since reasoning models reject `max_tokens`. */
  maxOutputTokens?: number;
}

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 24_000;

/**
 * The prompt budget for a context size: the context less room for the answer (the longest
 * article with its envelope, at a generous tokens-per-word rate), at most a fifth of it.
 */
export function contextBudgetFor(contextTokens: number): number {
  return contextTokens - Math.min(4_096, Math.ceil(contextTokens / 5));
}

/** Planning and notes want faithfulness; the article wants some life in its sentences. */
const TEMPERATURE = { plan: 0.2, notes: 0.2, write: 0.6 } as const;
/** A plan is a few dozen short lines; a cap where the provider needs one keeps it so. */
const PLAN_OUTPUT_TOKENS = 1_500;
/** Room in the article prompt for the plan and the quotations it picked. */
const PLAN_RESERVE_TOKENS = 1_000;

const REVISION_ROUNDS = 2;
/** A source under this many times the minimum length counts as thin (the note says so). */
const THIN_SOURCE_FACTOR = 1.5;
/** A rich source and an article under this share of the minimum: the model failed the task. */
const FAR_TOO_SHORT = 0.6;
const MAX_TITLE_CHARS = 150;
const MAX_EXCERPT_CHARS = 300;
const MIN_TAGS = 3;
const MAX_TAGS = 8;
/** Condensing rounds when the notes of every part are still too long for one prompt. */
const MAX_CONDENSE_ROUNDS = 2;

/**
 * The article writer for LLM_PROVIDER=openai|anthropic: streamed calls through the AI SDK, with
 * timeouts and retries (call.ts), prompts that keep untrusted text in data blocks (prompts.ts), a
 * tolerant reading of the answer (envelope.ts), and length enforcement (revisions, then trimming).
 */
export function createLlmWriter(options: LlmWriterOptions): ArticleWriter {
  const modelId = options.model?.trim() || DEFAULT_MODELS[options.provider];
  const contextTokens = options.contextTokens ?? FALLBACK_CONTEXT_TOKENS;
  // Made on the first call, not here: the provider packages load only when a model is called.
  let model: Promise<LanguageModel> | undefined;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const settings: Omit<CallSettings, "onRetry"> = {
    model: () => {
      model ??= createModel(options, modelId, contextTokens).then((made) => {
        // A server that could not be asked whether it is Ollama is asked again next time.
        if (!made.settled) model = undefined;
        return made.model;
      });
      return model;
    },
    timeoutMs,
    callTimeoutMs: options.callTimeoutMs ?? timeoutMs * 5,
    maxRetries: options.maxRetries ?? 3,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 1_000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 20_000,
    maxOutputTokens: options.maxOutputTokens,
    sendTemperature: acceptsTemperature(modelId),
    secrets: options.apiKey ? [options.apiKey] : [],
  };
  const writer = {
    provider: options.provider,
    settings,
    budget:
      options.contextBudgetTokens ??
      (options.contextTokens ? contextBudgetFor(options.contextTokens) : DEFAULT_CONTEXT_BUDGET_TOKENS),
    concurrency: Math.max(1, options.mapConcurrency ?? 3),
  };
  return {
    name: `llm:${options.provider}:${modelId}`,
    write: (request, onProgress) => new WriteRun(writer, request, onProgress).run(),
  };
}

/** The provider packages, loaded on first use, once (see loadAiSdk in call.ts). */
let anthropicSdk: Promise<typeof import("@ai-sdk/anthropic")> | undefined;
let openAiCompatibleSdk: Promise<typeof import("@ai-sdk/openai-compatible")> | undefined;

/**
 * The model for the provider. An OpenAI-compatible server at a configured address is first asked
 * whether it is Ollama, which must be sent the context size another way (ollama.ts). `settled`
 * is false when that question got no answer, so it is asked again on the next call.
 */
async function createModel(
  options: LlmWriterOptions,
  modelId: string,
  contextTokens: number,
): Promise<{ model: LanguageModel; settled: boolean }> {
  if (options.provider === "anthropic") {
    anthropicSdk ??= import("@ai-sdk/anthropic");
    const { createAnthropic } = await anthropicSdk;
    const model = createAnthropic({
      apiKey: options.apiKey,
      baseURL: options.baseUrl?.replace(/\/+$/, ""),
      fetch: options.fetch,
    })(modelId);
    return { model, settled: true };
  }
  const baseURL = (options.baseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const ollama = options.baseUrl ? await probeOllama(baseURL, fetchFn) : false;
  openAiCompatibleSdk ??= import("@ai-sdk/openai-compatible");
  const { createOpenAICompatible } = await openAiCompatibleSdk;
  const model = createOpenAICompatible({
    name: "openai",
    baseURL,
    apiKey: options.apiKey,
    fetch: ollama ? ollamaFetch(fetchFn, contextTokens) : options.fetch,
  })(modelId);
  return { model, settled: ollama !== null };
}

interface WriterContext {
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
class WriteRun {
  private readonly range: WordRange;
  /** Quotations a draft invented, passed to the final check (see reviseReceipts). */
  private rejected: string[] = [];

  constructor(
    private readonly ctx: WriterContext,
    private readonly request: WriteRequest,
    private readonly onProgress: WriterProgress | undefined,
  ) {
    this.range = wordRange(request.length);
  }

  async run(): Promise<WrittenArticle> {
    const source = await this.prepareSource();
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

    const best = await this.reviseLength(system, conversation, answer.parsed);
    return this.finish(await this.reviseReceipts(system, conversation, best), source);
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
      { role: "assistant", content: formatAnswer(this.complete(answer)) },
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
        { role: "assistant", content: formatAnswer(this.complete(best)) },
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

    const completed = this.complete({ ...answer, body: markdown });
    return {
      title: completed.title,
      excerpt: completed.excerpt,
      markdown,
      tags: completed.tags,
      category: completed.category,
      ...(note ? { note } : {}),
      ...(this.rejected.length ? { rejectedQuotes: this.rejected } : {}),
    };
  }

  /** Fills what the model left out: title from the video, excerpt from the body, tags, category. */
  private complete(answer: ParsedAnswer) {
    const { video } = this.request;
    const title = clip(answer.title?.trim() || video.title.trim() || "Untitled video", MAX_TITLE_CHARS);
    const excerpt = clip(plainText(answer.excerpt?.trim() || firstParagraph(answer.body)), MAX_EXCERPT_CHARS);
    const category =
      this.request.category ??
      matchCreateCategory(answer.category) ??
      inferCategory(video, transcriptText(this.request.transcript));
    const tags = completeTags(answer.tags ?? [], [title, video.title], category, video);
    return { title, excerpt, tags, category, body: answer.body };
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

  /** The transcript, or notes on it when the whole prompt would not fit the context budget. */
  private async prepareSource(): Promise<ArticleSource> {
    const transcript = this.request.transcript;
    if (!transcript?.segments.some((s) => s.text.trim())) return { kind: "none" };
    const lines = transcriptLines(transcript);
    const full: ArticleSource = { kind: "transcript", lines, timed: transcript.timed };
    // Room for a revision round, which sends a whole article back with the prompt.
    const reserve =
      estimateTokens("word ".repeat(this.range.max * 2)) +
      500 +
      (this.request.length === "short" ? 0 : PLAN_RESERVE_TOKENS);
    const fullTokens = this.promptTokens(full) + reserve;
    if (fullTokens <= this.ctx.budget) return full;

    const fixed = this.promptTokens({ kind: "notes", notes: [], timed: transcript.timed }) + reserve;
    // What the notes of all parts may take in the final prompt (a floor, so a tiny budget still works).
    const allowance = Math.max(this.ctx.budget - fixed, Math.floor(this.ctx.budget / 4));
    const notesOverhead =
      estimateTokens(buildNotesSystemPrompt({ maxWords: 500, timed: transcript.timed })) +
      estimateTokens(buildNotesUserPrompt({ video: this.request.video, part: 1, total: 1, lines: [] })) +
      100;
    const chunkTokens = Math.max(300, Math.floor((this.ctx.budget - notesOverhead) * 0.8));
    const chunks = chunkLines(lines, chunkTokens);
    // About 0.75 words a token, with a margin: the notes of every part together fit the allowance.
    const maxWords = clamp(Math.floor((allowance * 0.75 * 0.8) / chunks.length), 60, 500);

    let notes = await mapLimit(chunks, this.ctx.concurrency, (chunk, i) => {
      this.progress(`Summarising part ${i + 1} of ${chunks.length}`);
      return this.takeNotes(
        { part: i + 1, total: chunks.length, lines: chunk },
        { from: chunk[0].start, to: nextStart(chunks, i) },
        maxWords,
        transcript.timed,
      );
    });

    for (let round = 1; round <= MAX_CONDENSE_ROUNDS && notesTokens(notes) > allowance; round++) {
      const groups = groupNotes(notes, chunkTokens);
      if (groups.length === notes.length) break;
      const condensedWords = clamp(Math.floor((allowance * 0.75 * 0.8) / groups.length), 60, 500);
      notes = await mapLimit(groups, this.ctx.concurrency, (group, i) => {
        this.progress(`Condensing notes, part ${i + 1} of ${groups.length}`);
        return this.takeNotes(
          { part: i + 1, total: groups.length, notes: group },
          { from: group[0].from, to: group[group.length - 1].to },
          condensedWords,
          transcript.timed,
        );
      });
    }
    // Still over the budget after condensing: sending it anyway would let the server cut it
    // wherever it cuts (Ollama drops the start), so the middle parts give way, evenly and saying
    // so, while the opening and the conclusion stay whole.
    const fitted = fitNotes(notes, allowance);
    return { kind: "notes", notes: fitted.notes, timed: transcript.timed, shortened: fitted.shortened };
  }

  private async takeNotes(
    input: { part: number; total: number; lines?: TranscriptLine[]; notes?: ChunkNotes[] },
    span: { from: number | null; to: number | null },
    maxWords: number,
    timed: boolean,
  ): Promise<ChunkNotes> {
    const system = buildNotesSystemPrompt({ maxWords, timed });
    const messages: ModelMessage[] = [
      { role: "user", content: buildNotesUserPrompt({ video: this.request.video, ...input }) },
    ];
    const maxOutputTokens = this.outputTokens(maxWords);
    let result = await this.call({ system, messages, maxOutputTokens, temperature: TEMPERATURE.notes });
    let text = cleanNotes(result.text);
    if (countWords(text) < 5) {
      // Never drop a part silently: ask once more, then fail.
      messages.push({
        role: "user",
        content: "Your notes were empty. Take the notes on the transcript part as asked, as bullet points.",
      });
      result = await this.call({ system, messages, maxOutputTokens, temperature: TEMPERATURE.notes });
      text = cleanNotes(result.text);
      if (countWords(text) < 5) {
        throw new WriterError(UNREADABLE, { cause: new Error(`empty notes for part ${input.part}`) });
      }
    }
    // The writer is told the notes' quotations are word for word: lines whose quotations are not
    // leave the notes, and their words are kept out of the article too.
    const checked = this.checkNotes(text);
    this.rejected.push(...checked.rejected);
    if (countWords(checked.text) >= 5) text = checked.text;
    return { part: input.part, total: input.total, from: span.from, to: span.to, text };
  }

  private notesCheck?: ReturnType<typeof notesChecker>;
  private checkNotes(text: string) {
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

  private call(input: CallInput): Promise<CallResult> {
    return callModel(
      {
        ...this.ctx.settings,
        onRetry: ({ delayMs }) =>
          this.progress(`The AI writer is busy; trying again in ${Math.max(1, Math.round(delayMs / 1000))} s`),
      },
      input,
    );
  }

  /** Anthropic requires an output cap; OpenAI-compatible servers get one only when configured. */
  private outputTokens(words: number, fixed?: number): number | undefined {
    if (this.ctx.settings.maxOutputTokens !== undefined) return this.ctx.settings.maxOutputTokens;
    if (this.ctx.provider !== "anthropic") return undefined;
    return fixed ?? Math.max(2_048, Math.ceil(words * 3) + 500);
  }

  private promptTokens(source: ArticleSource): number {
    return estimateTokens(
      buildArticleSystemPrompt(this.request, source) + buildArticleUserPrompt(this.request, source),
    );
  }

  /** Too little material for the length asked (the transcript and description together). */
  private sourceIsThin(): boolean {
    const words = countWords(transcriptText(this.request.transcript)) + countWords(this.request.video.description);
    return words < this.range.min * THIN_SOURCE_FACTOR;
  }

  private progress(detail: string) {
    this.onProgress?.({ stage: "writing", detail });
  }
}

/** Runs `fn` over items with at most `limit` at a time, keeping order; stops starting new ones after a failure. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function nextStart(chunks: TranscriptLine[][], index: number): number | null {
  const next = chunks[index + 1]?.[0]?.start;
  if (next !== undefined) return next;
  return chunks[index].at(-1)?.start ?? null;
}

function definedFields(answer: ParsedAnswer): Partial<ParsedAnswer> {
  return Object.fromEntries(Object.entries(answer).filter(([, value]) => value !== undefined));
}

/** One of the create categories when the model's answer names one, else null. */
export function matchCreateCategory(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.toLowerCase().replace(/[^a-z ]+/g, " ");
  const exact = CREATE_CATEGORIES.find((c) => text.trim() === c.toLowerCase());
  if (exact) return exact;
  return CREATE_CATEGORIES.find((c) => new RegExp(`\\b${c.toLowerCase()}\\b`).test(text)) ?? null;
}

const STOPWORDS = new Set(
  "a an and are as at be but by for from has have how i in into is it its of on or our so that the their this to was we what when where which who why will with you your about after before more most than then these they those over under video videos official full new part episode".split(
    " ",
  ),
);

/** The model's tags, normalised, topped up from title keywords to at least three, at most eight. */
export function completeTags(
  tags: readonly string[],
  titles: readonly string[],
  category: string,
  video: VideoData,
): string[] {
  let out = normalizeTags(tags, MAX_TAGS);
  if (out.length < MIN_TAGS) {
    const keywords = titles
      .flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
      .filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
    out = normalizeTags([...out, ...keywords], MAX_TAGS);
  }
  if (out.length < MIN_TAGS) out = normalizeTags([...out, category, video.channel.name, "YouTube"], MAX_TAGS);
  return out;
}

/** Marks a removed link so the space before it goes too. */
const REMOVED = "\uE000";

/**
 * Links the model may keep: this video's own watch links (timestamps within its duration) and
 * links that appear in the video's description. Anything else becomes its plain text, so neither
 * a hallucinated source nor a link planted in a comment reaches the page. Images are dropped.
 */
export function keepTrustedLinks(markdown: string, video: VideoData): string {
  return markdown
    .replace(
      /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g,
      (whole, bang: string, text: string, url: string) => {
        if (bang) return text;
        if (isOwnVideoLink(url, video) || (url.startsWith("http") && video.description.includes(url))) return whole;
        // A label that is only a time ("7:18") means nothing without its link: it goes, with the space before it.
        return /^\s*\d{1,2}:\d{2}(?::\d{2})?\s*$/.test(text) ? REMOVED : text;
      },
    )
    .replace(/ ?\uE000/g, "");
}

function isOwnVideoLink(url: string, video: VideoData): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.replace(/^(www|m)\./, "");
  const id =
    host === "youtu.be" ? parsed.pathname.slice(1) : host === "youtube.com" ? parsed.searchParams.get("v") : null;
  if (id !== video.id) return false;
  const t = parsed.searchParams.get("t");
  if (t === null) return true;
  const seconds = Number.parseInt(t, 10);
  if (!Number.isFinite(seconds) || seconds < 0) return false;
  return video.durationSeconds === null || seconds <= video.durationSeconds + 5;
}

function firstParagraph(markdown: string): string {
  const blocks = markdown.split(/\n\s*\n/).map((b) => b.trim());
  return blocks.find((b) => b && !/^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(b)) ?? blocks.find(Boolean) ?? "";
}

function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
