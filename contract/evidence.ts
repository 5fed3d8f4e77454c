import { z } from "zod";

/**
 * An article's receipts: what code (not a model) checked against the video's sources after the
 * article was written (server/generation/receipts). Every quotation kept in the article is here
 * with the moment it was said; every section with the moment its material starts.
 */

/** Where a verified quotation was found. */
export const QUOTE_SOURCES = ["transcript", "description", "comment", "title", "chapter"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

export const quoteEvidence = z.object({
  /** The quotation as the article prints it (without its quotation marks). */
  text: z.string(),
  source: z.enum(QUOTE_SOURCES),
  /** Seconds into the video where the quoted words start and end; null when the source has no timings. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** Who said it, when the sources name the speaker (a caption label or a comment's author). */
  speaker: z.string().nullable(),
});
export type QuoteEvidence = z.infer<typeof quoteEvidence>;

export const sectionEvidence = z.object({
  heading: z.string(),
  /** Seconds into the video where the section's material starts; null when it could not be placed. */
  start: z.number().nullable(),
});
export type SectionEvidence = z.infer<typeof sectionEvidence>;

export const articleEvidence = z.object({
  /** What the words were checked against: the transcript, or (without one) the video's metadata. */
  checkedAgainst: z.enum(["transcript", "metadata"]),
  /** The transcript's kind: manual captions, automatic captions, or the user's own; null without one. */
  transcriptKind: z.enum(["manual", "auto", "user", "speech"]).nullable(),
  /** Whether the transcript has timings (moment links are only possible with them or chapters). */
  timed: z.boolean(),
  quotes: z.array(quoteEvidence),
  sections: z.array(sectionEvidence),
  /** Moment links in the article, each checked to be inside the video and next to its words. */
  moments: z.number().int(),
  /** What the check took out or changed (shown to nobody but kept for the record and the eval). */
  corrections: z.object({
    /** Quotations close to what was said, corrected to the speaker's exact words. */
    requoted: z.number().int(),
    /** Quotations that were not in the sources, kept as unquoted paraphrase. */
    unquoted: z.number().int(),
    /** Sentences or blocks dropped: an invented quotation or a speaker the sources do not name. */
    dropped: z.number().int(),
    /** Moment links moved to where the words are said. */
    reanchored: z.number().int(),
    /** Moment links removed: outside the video, or not placeable. */
    unlinked: z.number().int(),
  }),
  /** Set when the article's text was edited after the check: the receipts cover the words still present. */
  editedAfterCheck: z.boolean(),
});
export type ArticleEvidence = z.infer<typeof articleEvidence>;
