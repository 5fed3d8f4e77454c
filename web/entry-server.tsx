import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { AUTH_USER_KEY } from "./hooks/use-auth";
import { serverComponentsReady } from "./lib/lazy";
import { createQueryClient } from "./lib/query-client";
import { matchAppRoute } from "./routes";

export interface RenderedPage {
  html: string;
  /** The rendered page's file under web/ ("pages/article.tsx"): its chunk is what the HTML preloads. */
  page: string;
}

/**
 * Renders a page to HTML with the queries the server already answered (see server/pages).
 * renderToString cannot wait for a lazy page, so the page's module is loaded first and the
 * router renders it directly: the HTML is the real page, never a loading fallback.
 */
export async function render(
  url: string,
  queries: Array<{ queryKey: readonly unknown[]; data: unknown }>,
): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const pathname = url.split(/[?#]/)[0] || "/";
  const { page } = matchAppRoute(pathname, Boolean(queryClient.getQueryData(AUTH_USER_KEY)));
  await page.preload();
  await serverComponentsReady();
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} ssrPath={url} />
    </StrictMode>,
  );
  queryClient.clear();
  return { html, page: page.module };
}
