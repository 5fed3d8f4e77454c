import type { Token, Tokens } from "marked";
import type { ArticleEvidence } from "../../../contract/evidence";
import { parseMomentLink } from "../../../contract/moments";
import { lexMarkdown, markdownToPlainText } from "../../content/render";

/**
 * Receipts after an edit. The check ran on the words the writer produced; once the author (or an
 * admin) changes them, the receipts may only vouch for what is still there. Quotes and sections
 * that left the text go, the moment count is the links that remain, and the record says the text
 * was edited after the check. Nothing is re-verified: an edit cannot add receipts.
 */
export function refreshEvidence(evidence: ArticleEvidence, markdown: string, videoId: string | null): ArticleEvidence {
  const tokens = lexMarkdown(markdown);
  const body = ` ${comparable(markdownToPlainText(markdown))} `;
  const headings = headingTexts(tokens).map((heading) => ` ${comparable(heading)} `);
  return {
    ...evidence,
    quotes: evidence.quotes.filter((quote) => appearsIn(quote.text, [body])),
    sections: evidence.sections.filter((section) => appearsIn(section.heading, headings)),
    moments: videoId === null ? 0 : momentLinks(tokens).filter((link) => link.videoId === videoId).length,
    editedAfterCheck: true,
  };
}

/**
 * Text as the refresh compares it: case, spacing, quotation marks and other punctuation do not
 * matter ("Don’t" and "dont" are the same word); only letters, digits and word breaks do.
 */
export function comparable(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/['’ʼ‘`]/g, "")
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();
}

/** Whether the words of `text` appear, whole words in order, in one of the (padded) haystacks. */
function appearsIn(text: string, haystacks: string[]): boolean {
  const needle = comparable(text);
  if (!needle) return false;
  return haystacks.some((haystack) => haystack.includes(` ${needle} `));
}

/** Every heading's words (a heading's moment link keeps only its text, "Intro 0:45"). */
function headingTexts(tokens: Token[]): string[] {
  const out: string[] = [];
  walk(tokens, (token) => {
    if (token.type === "heading") out.push(markdownToPlainText((token as Tokens.Heading).raw));
  });
  return out;
}

/** Every link the body renders (images are not links to moments). */
function momentLinks(tokens: Token[]): { videoId: string; start: number }[] {
  const out: { videoId: string; start: number }[] = [];
  walk(tokens, (token) => {
    if (token.type !== "link") return;
    const moment = parseMomentLink((token as Tokens.Link).href);
    if (moment) out.push(moment);
  });
  return out;
}

function walk(tokens: Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    if ("tokens" in token && Array.isArray(token.tokens)) walk(token.tokens, visit);
    if (token.type === "list") for (const item of (token as Tokens.List).items) walk(item.tokens, visit);
    if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const row of [table.header, ...table.rows]) for (const cell of row) walk(cell.tokens, visit);
    }
  }
}
