import type { TimingSummary } from "./percentiles";

// What the generation benchmark measures, shared by its in-process and browser parts.

/** Where a run's time went, in order (the p50 of each part), to see what dominates. */
export interface GenerationBreakdown {
  /**
   * Request to the fixture read: session, generation row and allowance, queue hand-off, claim,
   * first stage, cache look-up.
   */
  startP50Ms: number;
  /** Reading and validating the fixture file (what fetching from YouTube is in production). */
  fetchP50Ms: number;
  /** Fixture read to the writer: storing the video in the cache, three stages recorded. */
  beforeWriteP50Ms: number;
  /** The writer: extractive summarising, or prompts + streamed calls + parsing for the LLM. */
  writeP50Ms: number;
  /** Writer to answer: rendering, sanitising, last stage, the article's transaction, the response. */
  finishP50Ms: number;
}

export interface GenerationOverheadResult {
  /** Where the generations stored their work. */
  database: "pglite" | "postgres";
  extractive: Array<{
    videoId: string;
    label: string;
    transcriptWords: number;
    timing: TimingSummary;
    breakdown: GenerationBreakdown;
  }>;
  llm: Array<{
    videoId: string;
    label: string;
    timing: TimingSummary;
    llmCalls: number;
    breakdown: GenerationBreakdown;
  }>;
  firstProgress: {
    /** Click on Generate to the first progress label on screen (the frame after it is in the page). */
    timing: TimingSummary;
    /**
     * Click on Generate to the first progress the server streamed; null when no run saw one.
     * Runs whose article arrived before the stream's first message are left out and counted.
     */
    firstServerEvent: TimingSummary | null;
    articleBeforeStream: number;
    note?: string;
  } | null;
  /** How long each part of this measurement took, warm-ups and set-up included. */
  elapsedSeconds: { extractive: number; llm: number; firstProgress: number };
}

export interface FixtureVideo {
  videoId: string;
  label: string;
  transcriptWords: number;
}
