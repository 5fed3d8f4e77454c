import { z } from "zod";

/**
 * GET /api/videos/{videoId}/words: where an article of this video would take its words from if
 * it were written now (issue 16 item 4), so the Create dialog can say so before writing and offer
 * the transcript box or your own recording when only the description is there.
 */
export const VIDEO_WORDS = ["captions", "auto-captions", "speech", "none"] as const;
export type VideoWords = (typeof VIDEO_WORDS)[number];

export const videoWordsResponse = z.object({
  videoId: z.string(),
  title: z.string(),
  words: z.enum(VIDEO_WORDS),
  /** Speech to text is set up here, so your own recording can be written from. */
  canHear: z.boolean(),
});
export type VideoWordsResponse = z.infer<typeof videoWordsResponse>;

/** The dialog's line for each answer: said before the article is written. */
export const VIDEO_WORDS_LINES: Record<VideoWords, string> = {
  captions: "This video has captions: the article will be written from them.",
  "auto-captions": "This video has automatic captions: the article will be written from them.",
  speech: "This video has no captions: the article will be written from speech recognition of its audio.",
  none: "This video has no words we can read, so the article would be written from its description only.",
};

/** What the dialog offers after the "none" line: your own recording only where it can be heard. */
export const noWordsOffer = (canHear: boolean) =>
  canHear
    ? "Paste a transcript or upload your own recording for a full article."
    : "Paste a transcript for a full article.";
