import type { ArticleEvidence } from "../../contract/evidence";
import { markdownToPlainText, renderMarkdown } from "../content/render";
import { countWords } from "../content/text";
import { refreshEvidence } from "./receipts/refresh";

/** An author's (or an admin's) new article body, with the receipts to refresh against it, if any. */
export interface EditRenderInput {
  markdown: string;
  receipts?: { evidence: ArticleEvidence; videoId: string | null };
}

/** Everything an edit derives from its markdown: the row's rendered columns and refreshed receipts. */
export interface RenderedEdit {
  html: string;
  text: string;
  wordCount: number;
  /** Present when receipts were given. */
  evidence?: ArticleEvidence;
}

/**
 * The CPU-heavy part of an edit, all of it, so that it can run on a render worker
 * (render-pool.ts): at the content cap a worst-case body costs up to half a second here, which
 * on the main thread would stall every other request for as long. Same functions as everywhere
 * else, so the columns are exactly what an in-process edit would store.
 */
export function renderEdit(input: EditRenderInput): RenderedEdit {
  const { markdown, receipts } = input;
  const rendered: RenderedEdit = {
    html: renderMarkdown(markdown),
    text: markdownToPlainText(markdown),
    wordCount: countWords(markdown),
  };
  if (receipts) rendered.evidence = refreshEvidence(receipts.evidence, markdown, receipts.videoId);
  return rendered;
}
