import { z } from "zod";
import { articleSummary } from "./feed";

// What to read after an article (issue 19): related articles and the author's previous and
// next ones, from GET /api/articles/{id}/related. The article page preloads it.

/** Another article by the same author, enough to link to it. */
export const authorNeighbour = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  createdAt: z.string(),
});
export type AuthorNeighbour = z.infer<typeof authorNeighbour>;

/** GET /api/articles/{id}/related. */
export const relatedResponse = z.object({
  /** Up to MAX_RELATED (contract/article-reading.ts) other articles sharing a tag or the category, most similar first. */
  related: z.array(articleSummary),
  /** The author's article just before this one by date, if any. */
  previous: authorNeighbour.nullable(),
  /** The author's article just after this one by date, if any. */
  next: authorNeighbour.nullable(),
});
export type RelatedResponse = z.infer<typeof relatedResponse>;
