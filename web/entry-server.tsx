import { randomBytes } from "node:crypto";
import { Fragment, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App, IslandFrame } from "./App";
import { AUTH_USER_KEY } from "./hooks/use-auth";
import { serverComponentsReady } from "./lib/lazy";
import { type IslandCollector, IslandCollectorProvider, islandMarker } from "./lib/personal-island";
import { createQueryClient } from "./lib/query-client";
import { matchAppRoute } from "./routes";

type Queries = Array<{ queryKey: readonly unknown[]; data: unknown }>;

export interface RenderedPage {
  html: string;
  /** The rendered page's file under web/ ("pages/article.tsx"): its chunk is what the HTML preloads. */
  page: string;
}

/** A page rendered once for many readers, with a marker where each personal island goes. */
export interface SharedPage extends RenderedPage {
  /** Each island: its name, the marker its HTML replaces in `html`, what its HTML depends on. */
  slots: Array<{ name: string; marker: string; reads: ReadonlyArray<readonly unknown[]>; sitewide: boolean }>;
  /**
   * The islands' HTML for one reader, rendered with that reader's queries: those listed in
   * `only` (by index; all when absent), the others left empty.
   */
  renderIslands(queries: Queries, only?: number[]): string[];
}

function seeded(queries: Queries) {
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  return queryClient;
}

/**
 * The page's module, loaded before rendering: renderToString cannot wait for a lazy page, so
 * the router renders it directly and the HTML is the real page, never a loading fallback.
 */
async function loadPage(url: string, signedIn: boolean) {
  const pathname = url.split(/[?#]/)[0] || "/";
  const { page } = matchAppRoute(pathname, signedIn);
  await page.preload();
  await serverComponentsReady();
  return page;
}

/** Renders a page to HTML with the queries the server already answered (see server/pages). */
export async function render(url: string, queries: Queries): Promise<RenderedPage> {
  const queryClient = seeded(queries);
  const page = await loadPage(url, Boolean(queryClient.getQueryData(AUTH_USER_KEY)));
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} ssrPath={url} />
    </StrictMode>,
  );
  queryClient.clear();
  return { html, page: page.module };
}

/**
 * Renders a page with every personal island left as a marker (server/pages/shared-article.ts),
 * from queries alike for every reader: the islands' elements are kept, to render again per
 * reader with their own queries. `html` with each marker replaced by the island rendered with
 * a reader's queries is what `render` makes with those queries.
 */
export async function renderShared(url: string, queries: Queries): Promise<SharedPage> {
  const queryClient = seeded(queries);
  const page = await loadPage(url, false);
  const collector: IslandCollector = { nonce: randomBytes(12).toString("hex"), islands: new Map() };
  const html = renderToString(
    <StrictMode>
      <IslandCollectorProvider value={collector}>
        <App queryClient={queryClient} ssrPath={url} />
      </IslandCollectorProvider>
    </StrictMode>,
  );
  queryClient.clear();
  const islands = [...collector.islands].map(([name, island]) => ({
    name,
    ...island,
    marker: islandMarker(collector.nonce, name),
  }));
  return {
    html,
    page: page.module,
    slots: islands.map(({ name, marker, reads, sitewide }) => ({ name, marker, reads, sitewide })),
    // All of a reader's islands in one render, each followed by a marker to cut at: one
    // render's set-up, not one per island.
    renderIslands(readerQueries, only) {
      const wanted = only ? islands.filter((_, i) => only.includes(i)) : islands;
      if (wanted.length === 0) return islands.map(() => "");
      const client = seeded(readerQueries);
      const end = `<template data-island-end="${collector.nonce}"></template>`;
      const html = renderToString(
        <StrictMode>
          <IslandFrame queryClient={client} ssrPath={url}>
            {wanted.map(({ name, node }) => (
              <Fragment key={name}>
                {node}
                <template data-island-end={collector.nonce} />
              </Fragment>
            ))}
          </IslandFrame>
        </StrictMode>,
      );
      client.clear();
      const rendered = html.split(end);
      return islands.map((island) => {
        const at = wanted.indexOf(island);
        return at < 0 ? "" : (rendered[at] ?? "");
      });
    },
  };
}
