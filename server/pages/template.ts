import { type RenderedHead, renderHeadTags } from "./head";
import { serializeForScript } from "./html";
import type { PreloadedQuery } from "./page-data";

/** The data block: the preloaded queries, for the client's query cache. */
export function dataScript(queries: PreloadedQuery[]): string {
  // A JSON data block is never executed, so it needs no CSP exception; serializeForScript keeps
  // user text from closing the element.
  return dataScriptOf(serializeForScript({ queries }));
}

/** The data block around its JSON, already written by serializeForScript. */
export function dataScriptOf(json: string): string {
  return `<script id="__APP_DATA__" type="application/json">${json}</script>`;
}

/**
 * Fills the Vite-built template: head tags, server-rendered markup, preloaded data (or, for a
 * shared page, what marks the data block's place: `data`).
 */
export function fillTemplate(
  template: string,
  parts: { head: RenderedHead; appHtml: string; queries: PreloadedQuery[]; data?: string },
): string {
  const data = parts.data ?? dataScript(parts.queries);
  // Function replacers: a "$&" or "$'" in an article must stay text, not become a replacement pattern.
  return template
    .replace("<!--app-head-->", () => renderHeadTags(parts.head))
    .replace("<!--app-html-->", () => parts.appHtml)
    .replace("<!--app-data-->", () => data);
}
