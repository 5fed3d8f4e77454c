// Pure: the words the article page says about its receipts, unit-tested on their own.
import type { ArticleEvidence, QuoteEvidence, QuoteSource } from "@contract/evidence";

/** What the transcript is called for a reader: automatic captions are worth saying. */
function transcriptLabel(evidence: ArticleEvidence): string {
  if (evidence.transcriptKind === "auto") return "the automatic captions";
  if (evidence.transcriptKind === "user") return "a transcript the author supplied";
  if (evidence.transcriptKind === "speech") return "the words speech recognition heard";
  return "the transcript";
}

const SOURCE_ORDER: readonly QuoteSource[] = ["transcript", "description", "comment", "title", "chapter"];

function sourceLabel(source: QuoteSource, evidence: ArticleEvidence): string {
  switch (source) {
    case "transcript":
      return transcriptLabel(evidence);
    case "description":
      return "the video's description";
    case "comment":
      return "viewers' comments";
    case "title":
      return "the video's title";
    case "chapter":
      return "the video's chapters";
  }
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Where the quotes were found, or (without quotes) what the check read. */
function checkedAgainst(evidence: ArticleEvidence): string {
  const sources = SOURCE_ORDER.filter((source) => evidence.quotes.some((quote) => quote.source === source));
  if (sources.length > 0) return listOf(sources.map((source) => sourceLabel(source, evidence)));
  return evidence.checkedAgainst === "transcript" ? transcriptLabel(evidence) : "the video's description";
}

/**
 * The receipts line: how many quotes were checked and against what, how many sections are linked
 * to their moments (or, without placed sections, how many moment links there are). "12 quotes,
 * each checked against the transcript; 5 sections linked to their moments", "No quotations; 3
 * sections linked to their moments".
 */
export function receiptsSummary(evidence: ArticleEvidence): string {
  const quotes = evidence.quotes.length;
  const placed = evidence.sections.filter((section) => section.start !== null).length;
  const parts: string[] = [];
  if (quotes === 0) parts.push("No quotations");
  else if (quotes === 1) parts.push(`1 quote, checked against ${checkedAgainst(evidence)}`);
  else parts.push(`${quotes} quotes, each checked against ${checkedAgainst(evidence)}`);
  if (placed === 1) parts.push("1 section linked to its moment");
  else if (placed > 1) parts.push(`${placed} sections linked to their moments`);
  // Without placed sections (no timed transcript), moment links can still come from chapters.
  else if (evidence.moments === 1) parts.push("1 link to a moment in the video");
  else if (evidence.moments > 1) parts.push(`${evidence.moments} links to moments in the video`);
  if (quotes === 0 && placed === 0 && evidence.moments === 0) {
    return `No quotations or moments to check; the article was checked against ${checkedAgainst(evidence)}`;
  }
  return parts.join("; ");
}

/** Said when the text changed after the check: the receipts only cover the words still there. */
export function editedNote(evidence: ArticleEvidence): string | null {
  return evidence.editedAfterCheck ? "The author edited the article after it was checked." : null;
}

/** Where one quote was found, for the list: "Ada", "a viewer's comment", "the video's description". */
export function quoteAttribution(quote: QuoteEvidence): string | null {
  if (quote.source === "comment") return quote.speaker ? `${quote.speaker}, in the comments` : "a viewer's comment";
  if (quote.speaker) return quote.speaker;
  if (quote.source === "description") return "the video's description";
  if (quote.source === "title") return "the video's title";
  if (quote.source === "chapter") return "a chapter title";
  return null;
}

/** The details' summary: what opening it shows. */
export function receiptsListLabel(evidence: ArticleEvidence): string {
  const parts: string[] = [];
  const quotes = evidence.quotes.length;
  const sections = evidence.sections.length;
  if (quotes > 0) parts.push(quotes === 1 ? "the quote" : `the ${quotes} quotes`);
  if (sections > 0) parts.push(sections === 1 ? "the section" : `the ${sections} sections`);
  return parts.length > 0 ? `Show ${parts.join(" and ")}` : "";
}
