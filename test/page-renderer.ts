import type { PageRenderer } from "../server/pages/page-data";
import { sharedDocument } from "../server/pages/shared-article";
import { fillTemplate } from "../server/pages/template";
import { render, renderShared } from "../web/entry-server";

/** The built template's slots, without building the web app. */
export const TEST_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>`;

/**
 * The real React server render in a minimal template, as the production renderer does it:
 * whole pages, and the article page rendered once for every reader with their islands in its
 * slots. `sharedRenders` counts the shared renders.
 */
export function testPageRenderer(): PageRenderer & { sharedRenders: number } {
  return {
    sharedRenders: 0,
    async render({ url, head, queries }) {
      return fillTemplate(TEST_TEMPLATE, { head, appHtml: (await render(url, queries)).html, queries });
    },
    async renderShared({ url, head, queries }) {
      this.sharedRenders += 1;
      return sharedDocument(TEST_TEMPLATE, head, await renderShared(url, queries));
    },
  };
}
