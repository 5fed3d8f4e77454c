/**
 * Sections: where each section's material starts in the video (its chapter, else where its kept
 * text is said, never after its first quotation), and the section's own moment link set, moved,
 * added under its heading or removed to match.
 */
import { formatTimestamp, timestampUrl } from "../../content/text";
import { applyEdits } from "./edits";
import { insideVideo, isLinkOnly, near, relinkEdit, unlinkEdit } from "./links";
import {
  type Block,
  findLinks,
  findQuotes,
  findSentences,
  isListOfMoments,
  type Link,
  linkTargets,
  pullQuoteBody,
  withoutLinkTargets,
} from "./markdown";
import { findExact } from "./match";
import { MIN_COVERAGE, placer, SECTION_FALLBACK_COVERAGE } from "./place";
import { splitOmissions, stripMarkdown } from "./plain";
import type { CheckRun } from "./run";
import type { Sources } from "./sources";
import { contentTokens } from "./tokens";

/**
 * Places each section and returns, per block index, the offsets of the moment link that stands
 * for the section (so the sentence pass leaves it alone). Edits to headings and link-only
 * blocks are made here, in the block texts.
 */
export function placeSections(run: CheckRun, blocks: Block[]): Map<number, Set<number>> {
  const reserved = new Map<number, Set<number>>();
  const reserve = (block: number, linkFrom: number) => {
    const set = reserved.get(block) ?? new Set<number>();
    reserved.set(block, set);
    set.add(linkFrom);
  };
  for (let h = 0; h < blocks.length; h++) {
    const heading = blocks[h];
    if (heading.kind !== "heading") continue;
    let end = h + 1;
    while (end < blocks.length && !(blocks[end].kind === "heading" && blocks[end].level <= heading.level)) end++;
    const body = blocks.slice(h + 1, end).filter((b) => b.kind !== "heading");
    const headingText = stripMarkdown(heading.text.replace(/^\s*#{1,6}\s*/, ""));
    if (isCommentsSection(body, run.sources)) continue;

    // The section's own link: in its heading, or a block right after it holding only a link.
    let linkBlock = -1;
    let link: Link | undefined;
    const headingLink = findLinks(heading.text).find((l) => run.momentOf(l.url) !== undefined);
    if (headingLink) {
      linkBlock = h;
      link = headingLink;
    } else if (h + 1 < end && isLinkOnly(blocks[h + 1].text)) {
      const only = findLinks(blocks[h + 1].text)[0];
      if (only && run.momentOf(only.url) !== undefined) {
        linkBlock = h + 1;
        link = only;
      }
    }
    const linked = link ? run.momentOf(link.url) : undefined;
    const current = typeof linked === "number" && Number.isFinite(linked) ? linked : null;
    // Placed on what the section will keep: invented quotations and people pull it elsewhere.
    const kept = withoutLinkTargets(body.map((b) => keptText(run, b)).join("\n\n"));
    const firstQuote = firstQuoteMoment(run, body);
    // The writer's link stands when the section's first quotation, or its opening words, are
    // said just after it.
    const placed = sectionStart(run, headingText, kept, current, earlier(firstQuote, openingMoment(run, kept)));
    // A section's material starts no later than its first quotation.
    const start = earlier(placed, firstQuote);
    run.sections.push({ heading: headingText, start });

    if (link && linkBlock >= 0) {
      const block = blocks[linkBlock];
      if (start === null) {
        run.tally.unlinked++;
        block.text = linkBlock === h ? applyEdits(block.text, [unlinkEdit(block.text, link)]) : "";
      } else {
        if (current !== null && !near(current, start)) run.tally.reanchored++;
        block.text = applyEdits(block.text, [relinkEdit(run.videoId, link, start)]);
        if (linkBlock !== h) reserve(linkBlock, link.from);
      }
    } else if (start !== null && !isDigest(run, body)) {
      // No link yet: add one under the heading.
      blocks.splice(h + 1, 0, {
        kind: "paragraph",
        level: 0,
        text: `[▶ ${formatTimestamp(start)}](${timestampUrl(run.videoId, start)})`,
      });
      reserve(h + 1, 0);
    }
  }
  return reserved;
}

/** A section that is only lists whose every item links its own moment (takeaways). */
function isDigest(run: CheckRun, body: Block[]): boolean {
  return body.length > 0 && body.every((b) => isListOfMoments(b, (url) => run.momentOf(url) !== undefined));
}

// Words of a section's text a stretch of the video must hold for the section to be linked there.
const MIN_SECTION_MATCHED = 4;

/** The earlier of two moments, either of which may be unknown. */
function earlier(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

/**
 * Where a section's material starts: its chapter, else where its text is said; null when it
 * cannot be placed. `firstSaid` is the earliest of its first quotation and its opening words.
 */
function sectionStart(
  run: CheckRun,
  heading: string,
  text: string,
  current: number | null,
  firstSaid: number | null,
): number | null {
  const chapter = matchingChapter(run, heading);
  if (chapter !== null) return chapter;
  if (!run.sources.timed) return null;
  // The writer's own choice stands when the section's first quotation (or opening) is said just after it.
  if (current !== null && firstSaid !== null && firstSaid >= current && firstSaid - current <= 30) {
    return Math.floor(current);
  }
  const place = placer(run.sources, `${heading}\n${text}`);
  if (!place?.best) {
    // A summing-up section holds a little of many moments: its best stretch, if it holds enough.
    const top = place?.top;
    // (Three common words a closing line shares with the talk, "worth a watch if you've got the
    // time", are no stretch of it: a section's stretch holds more than a frame line's words.)
    return top && top.matched >= MIN_SECTION_MATCHED && top.coverage >= SECTION_FALLBACK_COVERAGE
      ? Math.floor(top.start)
      : null;
  }
  if (current !== null && insideVideo(run.sources, current)) {
    // ...or when its material is there too.
    const there = place.coverageBetween(current - 5, current + 30);
    if (there >= Math.max(MIN_COVERAGE, place.best.coverage * 0.8)) return Math.floor(current);
  }
  return Math.floor(place.best.start);
}

/** A block's text without the sentences the block pass will drop (see checkBlock). */
function keptText(run: CheckRun, block: Block): string {
  if (block.kind === "code" || block.kind === "heading") return "";
  const links = findLinks(block.text);
  const quotes = findQuotes(block.text, linkTargets(links));
  if (block.kind === "blockquote" && quotes.length === 0) {
    const kind = run.judgeQuote(stripMarkdown(pullQuoteBody(block.text)))?.kind;
    return kind === "drop" || kind === "unquote" ? "" : block.text;
  }
  return findSentences(block.text, quotes, links)
    .map(([a, b]) => block.text.slice(a, b))
    .filter((sentence) => {
      const dropped = findQuotes(sentence).some((q) => run.judgeQuote(q.text)?.kind === "drop");
      return !dropped && !run.repeatsInvented(sentence) && run.unknownPeople(sentence).length === 0;
    })
    .join(" ");
}

// Words of a section's opening that are placed on their own (about a sentence or two).
const OPENING_WORDS = 24;

/**
 * Where the opening words of a section's kept text are said, when they can be placed: a
 * section whose first paragraph (or a method's first step) is said right after the writer's link
 * starts there, however much of the video the rest of it covers (a method listed whole).
 */
function openingMoment(run: CheckRun, kept: string): number | null {
  if (!run.sources.timed) return null;
  const opening = stripMarkdown(kept).split(/\s+/).filter(Boolean).slice(0, OPENING_WORDS).join(" ");
  const place = placer(run.sources, opening);
  return place?.best && place.best.matched >= MIN_SECTION_MATCHED ? Math.floor(place.best.start) : null;
}

/** The moment of a section's earliest quotation the article keeps from the transcript (its material is there). */
function firstQuoteMoment(run: CheckRun, body: Block[]): number | null {
  if (!run.sources.timed) return null;
  let first: number | null = null;
  for (const block of body) {
    // Only what the block pass keeps: a sentence it drops (one naming someone the video never
    // names) leaves no quotation to link the section to.
    const text = keptText(run, block);
    const quotes = findQuotes(text, linkTargets(findLinks(text)));
    for (const quote of quotes) {
      // Verified as printed, or once corrected to the exact words (the block pass corrects it).
      const verdict = run.judgeQuote(quote.text);
      const found = verdict?.kind === "verified" || verdict?.kind === "requote" ? verdict.found : null;
      const at = found?.doc.kind === "transcript" ? found.doc.times?.[found.from] : undefined;
      if (at !== undefined && (first === null || at < first)) first = Math.floor(at);
    }
  }
  return first;
}

function matchingChapter(run: CheckRun, heading: string): number | null {
  const words = new Set(contentTokens(heading).map((t) => t.norm));
  if (words.size === 0) return null;
  let best: { score: number; start: number } | null = null;
  for (const chapter of run.sources.video.chapters) {
    const theirs = new Set(contentTokens(chapter.title).map((t) => t.norm));
    if (theirs.size === 0) continue;
    let common = 0;
    for (const w of theirs) if (words.has(w)) common++;
    // Most of the chapter's title is in the heading (a heading may join two chapters).
    const score = common / theirs.size;
    if (score >= 0.6 && (!best || score > best.score)) best = { score, start: chapter.startSeconds };
  }
  return best ? Math.floor(best.start) : null;
}

/** A section whose quotations come from viewers' comments: it has no moment in the video. */
function isCommentsSection(body: Block[], sources: Sources): boolean {
  const comments = sources.docs.filter((d) => d.kind === "comment");
  if (comments.length === 0) return false;
  let fromComments = 0;
  let other = 0;
  for (const block of body) {
    for (const quote of findQuotes(block.text)) {
      const found = findExact(sources, splitOmissions(stripMarkdown(quote.text)));
      if (found?.doc.kind === "comment") fromComments++;
      else if (found) other++;
    }
  }
  return fromComments > 0 && fromComments >= other;
}
