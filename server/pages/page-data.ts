import type { RenderedHead } from "./head";

// What a page is rendered with, shared by the page routes, the loaders and the form posts.

/** One query the page would otherwise fetch after load, with the answer already in hand. */
export interface PreloadedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * A document rendered once for every reader of a page (server/pages/shared-article.ts): its
 * text before, between and after the slots, where each reader's islands and data block go.
 */
export interface SharedDocument {
  /** One more than `slots`: parts[0], slot 0, parts[1], slot 1, … */
  parts: string[];
  /** What fills each slot: a personal island (by its index in `islands`) or the data block. */
  slots: Array<{ island: number } | { data: true }>;
  /** Each island: the queries its HTML depends on, and whether that HTML is alike on every page of its kind. */
  islands: Array<{ name: string; reads: ReadonlyArray<readonly unknown[]>; sitewide: boolean }>;
  /** The islands' HTML for one reader (those in `only`, by index; all when absent), rendered with their queries. */
  renderIslands(queries: PreloadedQuery[], only?: number[]): string[];
}

/** Renders a full HTML document; production and dev (Vite) each provide one. */
export interface PageRenderer {
  render(input: { url: string; head: RenderedHead; queries: PreloadedQuery[] }): Promise<string>;
  /** The same document with its personal islands and data block left as slots (absent: every page renders whole). */
  renderShared?(input: { url: string; head: RenderedHead; queries: PreloadedQuery[] }): Promise<SharedDocument>;
}
