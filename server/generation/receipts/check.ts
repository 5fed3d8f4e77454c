import type { ArticleEvidence } from "../../../contract/evidence";
import { checkBlock } from "./blocks";
import { countMoments, isLinkOnly } from "./links";
import { findQuotes, splitBlocks } from "./markdown";
import { findExact } from "./match";
import { splitOmissions, stripMarkdown } from "./plain";
import { CheckRun, MAX_PROBLEMS } from "./run";
import { placeSections } from "./sections";
import { buildSources, type ReceiptSources } from "./sources";
import { contentTokens, tokenize } from "./tokens";

/**
 * The receipts: after any writer has written, code checks the article against the video's
 * sources and mends what it can.
 *
 * - Every quotation must be the speaker's words (up to case, punctuation and um/uh; an omission
 *   shown with "…"; inside one speaker turn). One close to what was said is corrected to the
 *   exact words; one that is roughly the video's content loses its quotation marks (paraphrase);
 *   one the sources do not hold at all is dropped with its sentence.
 * - Every person the article credits ("said Dr. Marsh") must be named in the sources, or the
 *   sentence goes.
 * - Every moment link must be inside the video and next to its words: a quotation's link is set
 *   to where the words are said, a section's to where its material starts, any other to where
 *   its sentence is said; what cannot be placed is unlinked.
 * - Every section gets a moment link when the video has timings.
 *
 * This file is the entry (checkArticle, notesChecker); the check itself is split by concern:
 * run.ts (one check's state and the order of its passes), sections.ts, blocks.ts (quotations,
 * links and people per block), verdict.ts (one quotation against the sources), links.ts (moment
 * links), edits.ts (applying mends by offset) and plain.ts (markdown as plain text).
 */

export interface CheckInput {
  title: string;
  excerpt: string;
  markdown: string;
}

export interface CheckResult extends CheckInput {
  evidence: ArticleEvidence;
  /** What was wrong, in words a writer can act on (for one targeted revision). */
  problems: string[];
  /** Share of the article's quotations that were not the speaker's words (0 to 1). */
  failedQuoteShare: number;
  /**
   * Quotations the sources do not hold at all (and any passed in): a later draft must not bring
   * their words back as prose, so a writer that revises hands them to the final check.
   */
  rejected: string[];
}

/** Checks and mends one article; the result's markdown passes the same check unchanged. */
export function checkArticle(
  article: CheckInput,
  input: ReceiptSources,
  options: { rejected?: readonly string[] } = {},
): CheckResult {
  const sources = buildSources(input);
  const run = new CheckRun(sources);
  for (const quote of options.rejected ?? []) run.reject(quote);
  const markdown = checkBody(run, article.markdown);
  const title = run.plainLine(article.title, false);
  let excerpt = run.plainLine(article.excerpt, true);
  if (!excerpt.trim()) excerpt = firstParagraphText(markdown);
  const hasTranscript = sources.spoken !== null;
  return {
    title,
    excerpt,
    markdown,
    evidence: {
      checkedAgainst: hasTranscript ? "transcript" : "metadata",
      transcriptKind: sources.transcript?.kind ?? null,
      timed: sources.timed,
      quotes: run.quotes,
      sections: run.sections,
      moments: countMoments(markdown, sources.video.id),
      corrections: {
        requoted: run.tally.requoted,
        unquoted: run.tally.unquoted,
        dropped: run.tally.dropped,
        reanchored: run.tally.reanchored,
        unlinked: run.tally.unlinked,
      },
      editedAfterCheck: false,
    },
    problems: run.problems.slice(0, MAX_PROBLEMS),
    rejected: [...run.rejected],
    failedQuoteShare: run.tally.quotesSeen ? run.tally.quotesFailed / run.tally.quotesSeen : 0,
  };
}

/**
 * For text a model wrote before the article (notes on a long transcript): drops each line whose
 * quotations are not the sources' words, and returns those quotations. The sources are read
 * once per checker.
 */
export function notesChecker(input: ReceiptSources): (notes: string) => { text: string; rejected: string[] } {
  const sources = buildSources(input);
  return (notes) => {
    const rejected: string[] = [];
    const kept = notes.split("\n").filter((line) => {
      const bad = findQuotes(line)
        .map((q) => stripMarkdown(q.text))
        .filter((q) => contentTokens(q).length > 0 && !findExact(sources, splitOmissions(q)));
      rejected.push(...bad);
      return bad.length === 0;
    });
    return { text: kept.join("\n").trim(), rejected };
  };
}

function firstParagraphText(markdown: string): string {
  const block = splitBlocks(markdown).find((b) => b.kind === "paragraph" && !isLinkOnly(b.text));
  const text = block ? stripMarkdown(block.text) : "";
  if (text.length <= 300) return text;
  const cut = text.slice(0, 299);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 200)).replace(/[\s,;:.]+$/, "")}…`;
}

/** Where the receipts' helpers live, for the audit and the evaluation scripts. */
export { momentOf } from "./links";
export { splitOmissions, stripMarkdown } from "./plain";
/** Tokens of a text (re-exported for the audit). */
export { tokenize };

/**
 * The body checked block by block: invented quotations remembered first (so their words cannot
 * return as prose), sections placed on the video's clock, each block's quotations, speakers and
 * moment links judged, then the text tidied where something was taken out.
 */
function checkBody(run: CheckRun, markdown: string): string {
  const blocks = splitBlocks(markdown);
  run.collectInvented(blocks);
  const sectionLinks = placeSections(run, blocks);
  const out = blocks.map((block, i) =>
    block.kind === "code" || block.kind === "heading" ? block.text : checkBlock(run, block, sectionLinks.get(i)),
  );
  return run.tidy(blocks, out);
}
