/**
 * What the article is written from: the transcript whole when the prompt fits the context
 * budget, else notes on its parts (taken a few at a time, condensed, checked against the
 * sources, and fitted to the budget as a last resort).
 */
import type { ModelMessage } from "ai";
import { countWords } from "../../../content/text";
import type { notesChecker } from "../../receipts";
import { type WriteRequest, WriterError } from "../../types";
import type { CallInput, CallResult } from "./call";
import { UNREADABLE } from "./call";
import type { WordRange } from "./length";
import { cleanNotes, fitNotes, groupNotes, notesTokens } from "./notes";
import { TEMPERATURE } from "./options";
import {
  type ArticleSource,
  buildArticleSystemPrompt,
  buildArticleUserPrompt,
  buildNotesSystemPrompt,
  buildNotesUserPrompt,
  type ChunkNotes,
} from "./prompts";
import { chunkLines, estimateTokens, type TranscriptLine, transcriptLines } from "./transcript";

/** Room in the article prompt for the plan and the quotations it picked. */
const PLAN_RESERVE_TOKENS = 1_000;
/** Condensing rounds when the notes of every part are still too long for one prompt. */
const MAX_CONDENSE_ROUNDS = 2;

/**
 * What preparing the source needs of one article's writing (run.ts's WriteRun has it all): named
 * here so the two files do not import each other.
 */
export interface SourceRun {
  readonly request: WriteRequest;
  readonly range: WordRange;
  readonly ctx: { budget: number; concurrency: number };
  rejected: string[];
  call(input: CallInput): Promise<CallResult>;
  checkNotes(text: string): ReturnType<ReturnType<typeof notesChecker>>;
  outputTokens(words: number, fixed?: number): number | undefined;
  progress(detail: string): void;
}

/** The transcript, or notes on it when the whole prompt would not fit the context budget. */
export async function prepareSource(run: SourceRun): Promise<ArticleSource> {
  const transcript = run.request.transcript;
  if (!transcript?.segments.some((s) => s.text.trim())) return { kind: "none" };
  const lines = transcriptLines(transcript);
  const full: ArticleSource = { kind: "transcript", lines, timed: transcript.timed };
  // Room for a revision round, which sends a whole article back with the prompt.
  const reserve =
    estimateTokens("word ".repeat(run.range.max * 2)) +
    500 +
    (run.request.length === "short" ? 0 : PLAN_RESERVE_TOKENS);
  const fullTokens = promptTokens(run.request, full) + reserve;
  if (fullTokens <= run.ctx.budget) return full;

  const fixed = promptTokens(run.request, { kind: "notes", notes: [], timed: transcript.timed }) + reserve;
  // What the notes of all parts may take in the final prompt (a floor, so a tiny budget still works).
  const allowance = Math.max(run.ctx.budget - fixed, Math.floor(run.ctx.budget / 4));
  const notesOverhead =
    estimateTokens(buildNotesSystemPrompt({ maxWords: 500, timed: transcript.timed })) +
    estimateTokens(buildNotesUserPrompt({ video: run.request.video, part: 1, total: 1, lines: [] })) +
    100;
  const chunkTokens = Math.max(300, Math.floor((run.ctx.budget - notesOverhead) * 0.8));
  const chunks = chunkLines(lines, chunkTokens);
  // About 0.75 words a token, with a margin: the notes of every part together fit the allowance.
  const maxWords = clamp(Math.floor((allowance * 0.75 * 0.8) / chunks.length), 60, 500);

  let notes = await mapLimit(chunks, run.ctx.concurrency, (chunk, i) => {
    run.progress(`Summarising part ${i + 1} of ${chunks.length}`);
    return takeNotes(
      run,
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
    notes = await mapLimit(groups, run.ctx.concurrency, (group, i) => {
      run.progress(`Condensing notes, part ${i + 1} of ${groups.length}`);
      return takeNotes(
        run,
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

async function takeNotes(
  run: SourceRun,
  input: { part: number; total: number; lines?: TranscriptLine[]; notes?: ChunkNotes[] },
  span: { from: number | null; to: number | null },
  maxWords: number,
  timed: boolean,
): Promise<ChunkNotes> {
  const system = buildNotesSystemPrompt({ maxWords, timed });
  const messages: ModelMessage[] = [
    { role: "user", content: buildNotesUserPrompt({ video: run.request.video, ...input }) },
  ];
  const maxOutputTokens = run.outputTokens(maxWords);
  let result = await run.call({ system, messages, maxOutputTokens, temperature: TEMPERATURE.notes });
  let text = cleanNotes(result.text);
  if (countWords(text) < 5) {
    // Never drop a part silently: ask once more, then fail.
    messages.push({
      role: "user",
      content: "Your notes were empty. Take the notes on the transcript part as asked, as bullet points.",
    });
    result = await run.call({ system, messages, maxOutputTokens, temperature: TEMPERATURE.notes });
    text = cleanNotes(result.text);
    if (countWords(text) < 5) {
      throw new WriterError(UNREADABLE, { cause: new Error(`empty notes for part ${input.part}`) });
    }
  }
  // The writer is told the notes' quotations are word for word: lines whose quotations are not
  // leave the notes, and their words are kept out of the article too.
  const checked = run.checkNotes(text);
  run.rejected.push(...checked.rejected);
  if (countWords(checked.text) >= 5) text = checked.text;
  return { part: input.part, total: input.total, from: span.from, to: span.to, text };
}

function promptTokens(request: WriteRequest, source: ArticleSource): number {
  return estimateTokens(buildArticleSystemPrompt(request, source) + buildArticleUserPrompt(request, source));
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

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
