import type { RelatedResponse } from "../../contract/related";
import type { Db } from "../db/client";
import { presentSummary } from "./presenter";
import { findAuthorNeighbour, findRelatedArticles, findRelatedSource, type NeighbourRow } from "./related-queries";

const presentNeighbour = (row: NeighbourRow | undefined) =>
  row ? { id: row.id, slug: row.slug, title: row.title, createdAt: row.createdAt.toISOString() } : null;

/**
 * What to read after article `id` (GET /api/articles/{id}/related and the article page): related
 * articles and the author's previous and next ones. Undefined when there is no such article.
 */
export async function whatToReadNext(db: Db, id: number): Promise<RelatedResponse | undefined> {
  const source = await findRelatedSource(db, id);
  if (!source) return undefined;
  const [related, previous, next] = await Promise.all([
    findRelatedArticles(db, source),
    findAuthorNeighbour(db, source, "previous"),
    findAuthorNeighbour(db, source, "next"),
  ]);
  return {
    related: related.map(({ article, author }) => presentSummary(article, author)),
    previous: presentNeighbour(previous),
    next: presentNeighbour(next),
  };
}
