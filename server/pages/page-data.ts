import type { RenderedHead } from "./head";

// What a page is rendered with, shared by the page routes, the loaders and the form posts.

/** One query the page would otherwise fetch after load, with the answer already in hand. */
export interface PreloadedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** Renders a full HTML document; production and dev (Vite) each provide one. */
export interface PageRenderer {
  render(input: { url: string; head: RenderedHead; queries: PreloadedQuery[] }): Promise<string>;
}
