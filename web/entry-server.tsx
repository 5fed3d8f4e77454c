import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App";
import { createQueryClient } from "./lib/query-client";

/** Renders a page to HTML with the queries the server already answered (see server/pages). */
export function render(url: string, queries: Array<{ queryKey: readonly unknown[]; data: unknown }>): string {
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} ssrPath={url} />
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
