import type { Db } from "../db/client";
import { type DeflatedPiece, deflatePiece, PiecedBody } from "../http/gzip-pieces";
import { findCards } from "./feed-queries";
import { presentSummary } from "./presenter";

/*
 * Feed answers joined from kept pieces (issue 20: searches nobody repeats). A feed page is a
 * JSON array of article summaries; each summary's JSON is kept compressed by article id, so a
 * page that is in no cache costs one query for its ids, the summaries not kept (usually none),
 * and a gzip stream joined from the pieces, with no row read, serialised or compressed again.
 */

interface Kept {
  piece: DeflatedPiece;
  at: number;
}

/**
 * Article summaries as compressed JSON by article id, for `ttlMs` each (the feed pages' own
 * TTL: what changes without a write is the counts). Least recently used first out when full;
 * emptied with the other read caches by every write.
 */
export class SummaryPieces {
  private readonly kept = new Map<number, Kept>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  /** The kept summary of an article while fresh, else undefined. */
  get(id: number, now = Date.now()): DeflatedPiece | undefined {
    const hit = this.kept.get(id);
    if (!hit) return undefined;
    this.kept.delete(id);
    if (now - hit.at >= this.ttlMs) return undefined;
    // Map order is insertion order: moved to the back, the front is the least recently used.
    this.kept.set(id, hit);
    return hit.piece;
  }

  set(id: number, piece: DeflatedPiece, now = Date.now()): void {
    this.kept.delete(id);
    this.kept.set(id, { piece, at: now });
    while (this.kept.size > this.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  get size(): number {
    return this.kept.size;
  }

  clear(): void {
    this.kept.clear();
  }
}

// The array's punctuation as pieces too, made once: nothing of a page is compressed per request.
const OPEN = deflatePiece("[");
const COMMA = deflatePiece(",");
const CLOSE = deflatePiece("]");

/**
 * The feed page of `ids` (in that order) as gzip: kept summaries as they are, the others read in
 * one query, presented, compressed and kept. An article gone meanwhile is left out.
 */
export async function feedPageGzip(db: Db, kept: SummaryPieces, ids: readonly number[]): Promise<Buffer> {
  const pieces = new Map<number, DeflatedPiece>();
  const missing: number[] = [];
  for (const id of ids) {
    const piece = kept.get(id);
    if (piece) pieces.set(id, piece);
    else missing.push(id);
  }
  for (const { article, author } of await findCards(db, missing)) {
    const piece = deflatePiece(JSON.stringify(presentSummary(article, author)));
    kept.set(article.id, piece);
    pieces.set(article.id, piece);
  }
  const parts: DeflatedPiece[] = [OPEN];
  for (const id of ids) {
    const piece = pieces.get(id);
    if (!piece) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(piece);
  }
  parts.push(CLOSE);
  return new PiecedBody(parts).gzip();
}
