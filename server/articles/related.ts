import type { RelatedResponse } from "../../contract/related";
import type { Db } from "../db/client";
import { presentSummary } from "./presenter";
import {
  findAuthorNeighbours,
  findRelatedArticles,
  findRelatedSource,
  type NeighbourRow,
  type RelatedSource,
} from "./related-queries";

const presentNeighbour = (row: NeighbourRow | undefined) =>
  row ? { id: row.id, slug: row.slug, title: row.title, createdAt: row.createdAt.toISOString() } : null;

/**
 * What to read after article `id` (GET /api/articles/{id}/related and the article page): related
 * articles and the author's previous and next ones. Undefined when there is no such article. A
 * caller that has just read the article (the article page) passes it, saving a look-up.
 */
export async function whatToReadNext(db: Db, id: number, known?: RelatedSource): Promise<RelatedResponse | undefined> {
  const source = known ?? (await findRelatedSource(db, id));
  if (!source) return undefined;
  const [related, { previous, next }] = await Promise.all([
    findRelatedArticles(db, source),
    findAuthorNeighbours(db, source),
  ]);
  return {
    related: related.map(({ article, author }) => presentSummary(article, author)),
    previous: presentNeighbour(previous),
    next: presentNeighbour(next),
  };
}
