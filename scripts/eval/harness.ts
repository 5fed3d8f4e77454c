import type { ArticleEvidence } from "../../contract/evidence";
import { wordRange } from "../../server/content/text";
import { produceArticle } from "../../server/generation/pipeline";
import { type AuditReport, auditArticle, emptyAuditReport } from "../../server/generation/receipts";
import type { ArticleWriter, VideoData, VideoSource } from "../../server/generation/types";
import { createExtractiveWriter } from "../../server/generation/writers/extractive";
import { createLlmWriter } from "../../server/generation/writers/llm";
import { careless, inventedMaterial, startFakeLlmServer, type WriterMode } from "../../test/fakes/llm-server";
import { gluedSentences } from "./glued";
import { CAPTION_SCRIPTS, caseId, type EvalCase, referencesFor } from "./inputs";
import { detectLanguage, type Language, scoredLanguage } from "./language";
import {
  brokenOpenings,
  inventedPublished,
  languagePurity,
  leakedMarkup,
  staleMomentLabels,
  structureProblems,
} from "./measure";
import { RUN_ON_WORDS, runOnLine, runOnSentences } from "./runons";
import { formOf, styleMatch } from "./style-match";

/**
 * Writes one article of the eval grid through the app's pipeline (fixture video, writer,
 * receipts, render) and measures it. The `npm run eval:articles` script and the thresholds test
 * both use this, so the test holds exactly what the script reports.
 */

/**
 * Fewer words than this and the article was, for a reader, not published. Thin videos (a
 * 40-second clip, one with no captions and a short description) honestly make articles of about
 * 150 words; an article the receipts gutted has far fewer.
 */
export const MIN_PUBLISHED_WORDS = 100;

/** The audit's counts, as auditArticle reports them (its failures are kept as auditFailures). */
type AuditFigures = Omit<AuditReport, "failures">;
// An article that was never written has the counts of an empty one (its failures are not kept).
const { failures: _failures, ...NO_AUDIT }: AuditReport = emptyAuditReport();

export interface ArticleMeasure extends AuditFigures {
  id: string;
  case: EvalCase;
  /** Why the pipeline threw, when it did (then nothing else is measured). */
  error: string | null;
  published: boolean;
  words: number;
  inRange: boolean;
  /** What the audit found wrong, in its words. */
  auditFailures: string[];
  structure: string[];
  language: { expected: Language; judged: number; matching: number; strays: string[] } | null;
  brokenOpenings: string[];
  /** Sentences that read as run-ons (runOnSentences), quotations included. */
  runOns: string[];
  /**
   * For a video made from a script as automatic captions: the article's sentences, and those that
   * glue two of the script's sentences together (glued.ts); null for every other video.
   */
  glued: { sentences: number; glued: string[] } | null;
  /** Custom style: how the article's form compares with its reference's (styleMatch); null otherwise. */
  style: { sentenceRatio: number; paragraphRatio: number; headingsAgree: boolean; listsAgree: boolean } | null;
  leaks: string[];
  /** For the careless fake models: what they made up that is still on the page. */
  inventedPublished: string[];
  /** For the careless fake models: labels of their wrong moment links left as plain text. */
  staleMomentLabels: string[];
  corrections: ArticleEvidence["corrections"] | null;
  ms: number;
  title: string;
  markdown: string;
}

export interface Harness {
  /** Writes and measures one article; calls are queued, one article at a time per harness. */
  run(c: EvalCase): Promise<ArticleMeasure>;
  close(): Promise<void>;
}

/** The language an article about this video should be written in, when it can be told. */
export function expectedLanguage(video: VideoData): Language | null {
  return (
    scoredLanguage(video.transcript?.language) ??
    detectLanguage(video.description) ??
    detectLanguage(`${video.title}. ${video.chapters.map((c) => c.title).join(". ")}`)
  );
}

/**
 * A harness with its own fake LLM server on loopback: each article sets the server's mode,
 * writes, and reads back from the server's log what the mode invented for every request.
 */
export async function openHarness(videos: VideoSource): Promise<Harness> {
  const server = await startFakeLlmServer();
  const extractive = createExtractiveWriter();
  // Loopback answers at once: a short timeout and no retries, so a broken exchange shows as an error.
  const llm = createLlmWriter({
    provider: "openai",
    baseUrl: server.url,
    apiKey: "eval",
    model: "fake-model",
    timeoutMs: 10_000,
    maxRetries: 0,
    retryBaseDelayMs: 1,
  });
  let queue: Promise<unknown> = Promise.resolve();

  async function runOne(c: EvalCase): Promise<ArticleMeasure> {
    const mode: WriterMode | null = c.writer === "extractive" ? null : c.writer;
    const writer: ArticleWriter = mode ? llm : extractive;
    server.reset();
    if (mode) server.setDefault(careless(mode));
    const started = performance.now();
    try {
      const result = await produceArticle(
        { videos, writer },
        {
          videoId: c.video,
          style: c.style,
          length: c.length,
          tone: c.tone,
          includeComments: true,
          category: null,
          referenceArticles: referencesFor(c),
          userTranscript: null,
        },
      );
      const ms = performance.now() - started;
      const invented = mode ? server.chatRequests.map((request) => inventedMaterial(mode, request)) : [];
      return measureArticle(c, result, invented, ms);
    } catch (error) {
      return failedMeasure(c, error, performance.now() - started);
    }
  }

  return {
    run(c) {
      const next = queue.then(() => runOne(c));
      queue = next.catch(() => {});
      return next;
    },
    async close() {
      await queue;
      await server.close();
    },
  };
}

export type PipelineOutput = Awaited<ReturnType<typeof produceArticle>>;

/** The measures of one article the pipeline produced (exported for one-off checks of raw writer output). */
export function measureArticle(
  c: EvalCase,
  result: PipelineOutput,
  invented: Parameters<typeof inventedPublished>[1],
  ms: number,
): ArticleMeasure {
  const { article, video } = result;
  // The audit sees the sources the writer and the checker saw: the pipeline passes on the top
  // comments only (MAX_COMMENTS in pipeline.ts), so a quotation from any other is not sourced.
  const comments = video.comments ? [...video.comments].sort((a, b) => b.likes - a.likes).slice(0, 30) : null;
  const { failures, ...auditFigures } = auditArticle(article.markdown, {
    video: { ...video, comments },
    transcript: video.transcript?.segments.some((s) => s.text.trim()) ? video.transcript : null,
    includeComments: (comments?.length ?? 0) > 0,
  });
  const range = wordRange(c.length);
  const expected = expectedLanguage(video);
  return {
    id: caseId(c),
    case: c,
    error: null,
    published: article.markdown.trim().length > 0 && result.wordCount >= MIN_PUBLISHED_WORDS,
    words: result.wordCount,
    inRange: result.wordCount >= range.min && result.wordCount <= range.max,
    ...auditFigures,
    auditFailures: failures,
    structure: structureProblems(article.markdown, c.style),
    language: expected ? { expected, ...languagePurity(article.markdown, expected) } : null,
    brokenOpenings: brokenOpenings(article.markdown),
    runOns: runOnSentences(article.markdown, runOnLimit(c)),
    glued: gluedIn(article.markdown, c.video),
    style: styleOf(c, article.markdown),
    leaks: leakedMarkup(article.markdown),
    inventedPublished: inventedPublished(article, invented, sourceText(video)),
    staleMomentLabels: staleMomentLabels(article.markdown, invented),
    corrections: result.evidence.corrections,
    ms,
    title: article.title,
    markdown: article.markdown,
  };
}

function gluedIn(markdown: string, video: string): ArticleMeasure["glued"] {
  const script = CAPTION_SCRIPTS.get(video);
  return script ? gluedSentences(markdown, script) : null;
}

function failedMeasure(c: EvalCase, error: unknown, ms: number): ArticleMeasure {
  return {
    id: caseId(c),
    case: c,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    published: false,
    words: 0,
    inRange: false,
    ...NO_AUDIT,
    auditFailures: [],
    structure: [],
    language: null,
    brokenOpenings: [],
    runOns: [],
    glued: null,
    style: null,
    leaks: [],
    inventedPublished: [],
    staleMomentLabels: [],
    corrections: null,
    ms,
    title: "",
    markdown: "",
  };
}

/** The run-on line for this case: a custom article may write sentences as long as its references'. */
function runOnLimit(c: EvalCase): number {
  const references = referencesFor(c);
  if (c.style !== "custom" || references.length === 0) return RUN_ON_WORDS;
  return runOnLine(formOf(references).meanSentenceWords);
}

/** The form figures of a custom-style article against the references it was asked to imitate. */
function styleOf(c: EvalCase, markdown: string): ArticleMeasure["style"] {
  const references = referencesFor(c);
  if (c.style !== "custom" || references.length === 0) return null;
  const { sentenceRatio, paragraphRatio, headingsAgree, listsAgree } = styleMatch(markdown, references);
  return { sentenceRatio, paragraphRatio, headingsAgree, listsAgree };
}

/** Everything a quotation may come from: the transcript, the description and the comments. */
function sourceText(video: VideoData): string {
  const transcript = video.transcript?.segments.map((s) => s.text).join(" ") ?? "";
  const comments = video.comments?.map((c) => c.text).join("\n") ?? "";
  return `${transcript}\n${video.description}\n${comments}`;
}
