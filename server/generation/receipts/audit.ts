import { momentOf, splitOmissions, stripMarkdown } from "./check";
import {
  findLinks,
  findQuotes,
  findSentences,
  isListOfMoments,
  linkTargets,
  pullQuoteBody,
  splitBlocks,
  withoutLinkTargets,
} from "./markdown";
import { findExact } from "./match";
import { MIN_PLACEABLE_WORDS, placer, SECTION_FALLBACK_COVERAGE, tellingWords } from "./place";
import { buildSources, type ReceiptSources } from "./sources";
import { isKnown, mentionsIn } from "./speakers";

/**
 * What a reader could catch in a finished article, counted without changing anything: the
 * measure the eval harness reports and the tests hold at 100%. It reads the article as it is;
 * the checker (check.ts) is what makes it pass.
 */
export interface AuditReport {
  quotes: number;
  /** Quotations that are the words of the sources (up to case, punctuation, um/uh and "…"). */
  verbatimQuotes: number;
  moments: number;
  /** Moment links inside the video and next to their words. */
  realMoments: number;
  /** Sections (## headings) whose material is in the transcript (comment sections aside). */
  sections: number;
  linkedSections: number;
  /** People credited in the article whom the sources never name. */
  inventedSpeakers: string[];
  /** Each failure in words. */
  failures: string[];
}

/** A report of an article with nothing in it yet: every count zero, nothing failed. */
export function emptyAuditReport(): AuditReport {
  return {
    quotes: 0,
    verbatimQuotes: 0,
    moments: 0,
    realMoments: 0,
    sections: 0,
    linkedSections: 0,
    inventedSpeakers: [],
    failures: [],
  };
}

/** Seconds a quotation's link may be from where its words start. */
export const QUOTE_LINK_TOLERANCE = 5;

export function auditArticle(markdown: string, input: ReceiptSources): AuditReport {
  const sources = buildSources(input);
  const videoId = input.video.id;
  const report = emptyAuditReport();
  const chapterStarts = new Set(input.video.chapters.map((c) => Math.floor(c.startSeconds)));
  const inside = (t: number) => Number.isFinite(t) && t >= 0 && (sources.duration === null || t <= sources.duration);
  const blocks = splitBlocks(markdown);

  blocks.forEach((block, b) => {
    if (block.kind === "code") return;
    const links = findLinks(block.text);
    if (block.kind === "heading") {
      const next = blocks[b + 1];
      const linked =
        links.some((l) => typeof momentOf(l.url, videoId) === "number") ||
        (next !== undefined &&
          next.kind !== "heading" &&
          (findLinks(next.text).some((l) => l.from <= 2 && typeof momentOf(l.url, videoId) === "number") ||
            isListOfMoments(next, (url) => typeof momentOf(url, videoId) === "number")));
      const comments = sectionFromComments(blocks, b, sources);
      // A section with nothing from the video in it ("The full video has more detail") has no moment.
      const placeable = linked || placer(sources, withoutLinkTargets(sectionText(blocks, b)))?.best;
      if (!comments && sources.timed && placeable) {
        report.sections++;
        if (linked) report.linkedSections++;
        else
          report.failures.push(`Section "${stripMarkdown(block.text.replace(/^\s*#+\s*/, ""))}" has no moment link.`);
      }
    }
    const quotes = findQuotes(block.text, linkTargets(links));
    const pull = block.kind === "blockquote" && quotes.length === 0;
    const quoteTexts: Array<{ text: string; close: number }> = pull
      ? [{ text: pullQuoteBody(block.text), close: 0 }]
      : quotes.map((q) => ({ text: q.text, close: q.close }));
    const starts: Array<{ close: number; start: number | null }> = [];
    for (const quote of block.kind === "heading" ? [] : quoteTexts) {
      const fragments = splitOmissions(stripMarkdown(quote.text));
      if (fragments.length === 0) continue;
      report.quotes++;
      const found = findExact(sources, fragments);
      if (found) {
        report.verbatimQuotes++;
        const start = found.doc.kind === "transcript" && found.doc.times ? found.doc.times[found.from] : null;
        starts.push({ close: quote.close, start });
      } else {
        report.failures.push(`Quotation not in the sources: "${stripMarkdown(quote.text).slice(0, 100)}"`);
      }
    }
    const sentences = findSentences(block.text, quotes, links);
    for (const link of links) {
      const t = momentOf(link.url, videoId);
      if (t === undefined || t === null) continue;
      report.moments++;
      let real = inside(t) && (sources.timed || chapterStarts.has(Math.floor(t)));
      if (real && sources.timed && block.kind !== "heading") {
        const [a, e] = sentences.find(([x, y]) => link.from >= x && link.from < y) ?? [0, block.text.length];
        // The quotation this link belongs to: the last one before it in its sentence (or pull quote).
        const quote = [...starts]
          .reverse()
          .find(
            (s) => (pull || block.kind === "blockquote" || (s.close >= a && s.close < link.from)) && s.start !== null,
          );
        if (quote?.start !== null && quote?.start !== undefined) {
          real = Math.abs(quote.start - t) <= QUOTE_LINK_TOLERANCE;
        } else if (!chapterStarts.has(Math.floor(t))) {
          const isSectionLink = b > 0 && blocks[b - 1].kind === "heading" && link.from <= 2;
          const text = isSectionLink ? sectionText(blocks, b - 1) : block.text.slice(a, e);
          const words = text.replace(/\]\([^)\s]{0,2000}\)/g, "]");
          const place = tellingWords(words) < MIN_PLACEABLE_WORDS ? null : placer(sources, words);
          // A section is also rightly linked to where its first quotation is said.
          const quoted =
            isSectionLink &&
            sectionQuoteStarts(blocks, b - 1, sources).some((s) => Math.abs(s - t) <= QUOTE_LINK_TOLERANCE);
          real = quoted || place === null || place.coverageBetween(t - 30, t + 150) >= SECTION_FALLBACK_COVERAGE;
        }
      }
      if (real) report.realMoments++;
      else report.failures.push(`Moment link ${link.label} (t=${t}) is not next to its words.`);
    }
    if (block.kind !== "heading") {
      for (const [a, e] of sentences) {
        const sentence = block.text.slice(a, e);
        const attribution = block.kind === "blockquote" && /^\s*>?\s*[—–-]{1,2}\s*/.test(sentence);
        for (const m of mentionsIn(stripMarkdown(sentence), { attributionLine: attribution })) {
          if (!isKnown(m, sources.vocabulary)) {
            report.inventedSpeakers.push(m.name);
            report.failures.push(`Credits ${m.name}, who is not in the sources.`);
          }
        }
      }
    }
  });
  return report;
}

function sectionText(blocks: ReturnType<typeof splitBlocks>, heading: number): string {
  const level = blocks[heading].level;
  const parts = [blocks[heading].text.replace(/^\s*#+\s*/, "")];
  for (let i = heading + 1; i < blocks.length && !(blocks[i].kind === "heading" && blocks[i].level <= level); i++) {
    parts.push(blocks[i].text);
  }
  return parts.join("\n\n");
}

/** Where the section's transcript quotations are said. */
function sectionQuoteStarts(
  blocks: ReturnType<typeof splitBlocks>,
  heading: number,
  sources: ReturnType<typeof buildSources>,
): number[] {
  const starts: number[] = [];
  const level = blocks[heading].level;
  for (let i = heading + 1; i < blocks.length && !(blocks[i].kind === "heading" && blocks[i].level <= level); i++) {
    const text = blocks[i].text;
    const quotes = findQuotes(text, linkTargets(findLinks(text))).map((q) => q.text);
    if (blocks[i].kind === "blockquote" && quotes.length === 0) quotes.push(pullQuoteBody(text));
    for (const quote of quotes) {
      const found = findExact(sources, splitOmissions(stripMarkdown(quote)));
      if (found?.doc.kind === "transcript" && found.doc.times) starts.push(found.doc.times[found.from]);
    }
  }
  return starts;
}

function sectionFromComments(
  blocks: ReturnType<typeof splitBlocks>,
  heading: number,
  sources: ReturnType<typeof buildSources>,
): boolean {
  let comments = 0;
  let other = 0;
  const level = blocks[heading].level;
  for (let i = heading + 1; i < blocks.length && !(blocks[i].kind === "heading" && blocks[i].level <= level); i++) {
    for (const quote of findQuotes(blocks[i].text)) {
      const found = findExact(sources, splitOmissions(stripMarkdown(quote.text)));
      if (found?.doc.kind === "comment") comments++;
      else if (found) other++;
    }
  }
  return comments > 0 && comments >= other;
}
