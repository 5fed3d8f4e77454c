import type { ArticleEvidence, QuoteEvidence, SectionEvidence } from "../../../contract/evidence";
import { formatTimestamp, timestampUrl } from "../text";
import {
  type Block,
  findLinks,
  findQuotes,
  findSentences,
  isAttributionLine,
  isListOfMoments,
  type Link,
  linkTargets,
  pullQuoteBody,
  splitBlocks,
  withoutLinkTargets,
} from "./markdown";
import { findExact, findNearest } from "./match";
import { MIN_COVERAGE, MIN_PLACEABLE_WORDS, placer, SECTION_FALLBACK_COVERAGE, tellingWords } from "./place";
import { buildSources, type ReceiptSources, type SourceDoc, type Sources, sourceText } from "./sources";
import { isKnown, mentionsIn } from "./speakers";
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

/** A quotation's link further than this from where its words start is moved there. */
const QUOTE_TOLERANCE_SECONDS = 3;
/** Quotations this long or shorter that are not in the sources are terms in quotation marks. */
const TERM_WORDS = 3;
const REQUOTE_SIMILARITY = 0.65;
const PARAPHRASE_SIMILARITY = 0.5;
/** Share of a quotation's telling words said within one minute of the video: it is about that moment. */
const PARAPHRASE_COVERAGE = 0.6;
const MAX_PROBLEMS = 20;
/** How far from a quotation its attribution is looked for ("…," said Dana Whitfield, the reporter). */
const ATTRIBUTION_CHARS = 160;

type Verdict =
  | null
  | { kind: "verified"; found: { doc: SourceDoc; from: number; to: number } }
  | { kind: "requote"; found: { doc: SourceDoc; from: number; to: number }; exact: string }
  | { kind: "unquote" }
  | { kind: "drop" };

/** Length of the word runs by which an invented quotation is recognised when repeated. */
const SHINGLE_WORDS = 5;

interface Edit {
  from: number;
  to: number;
  text: string;
  /** A dropped sentence: edits inside it are void. */
  drop?: boolean;
}

interface Tally {
  requoted: number;
  unquoted: number;
  dropped: number;
  reanchored: number;
  unlinked: number;
  quotesSeen: number;
  quotesFailed: number;
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
  const markdown = run.check(article.markdown);
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

class CheckRun {
  readonly quotes: QuoteEvidence[] = [];
  readonly sections: SectionEvidence[] = [];
  readonly problems: string[] = [];
  readonly tally: Tally = {
    requoted: 0,
    unquoted: 0,
    dropped: 0,
    reanchored: 0,
    unlinked: 0,
    quotesSeen: 0,
    quotesFailed: 0,
  };
  private readonly videoId: string;
  private readonly invented = new Set<string>();
  readonly rejected = new Set<string>();
  private readonly verdicts = new Map<string, Verdict>();

  constructor(private readonly sources: Sources) {
    this.videoId = sources.video.id;
  }

  check(markdown: string): string {
    const blocks = splitBlocks(markdown);
    this.collectInvented(blocks);
    const sectionLinks = this.placeSections(blocks);
    const out = blocks.map((block, i) => {
      if (block.kind === "code" || block.kind === "heading") return block.text;
      return this.checkBlock(block, sectionLinks.get(i));
    });
    return this.tidy(blocks, out);
  }

  /**
   * Runs of five words from quotations the sources do not hold (and that are not themselves in
   * the sources): an invented quotation must not come back elsewhere as unquoted prose.
   */
  private collectInvented(blocks: Block[]) {
    for (const block of blocks) {
      if (block.kind === "code" || block.kind === "heading") continue;
      for (const quote of findQuotes(block.text, linkTargets(findLinks(block.text)))) {
        if (this.judgeQuote(quote.text)?.kind === "drop") this.reject(quote.text);
      }
    }
  }

  /** Remembers an invented quotation by its runs of words that the sources do not hold. */
  reject(quote: string) {
    const plain = stripMarkdown(quote);
    if (this.rejected.has(plain)) return;
    this.rejected.add(plain);
    const words = contentTokens(plain).map((t) => t.norm);
    for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
      const run = words.slice(i, i + SHINGLE_WORDS);
      if (!findExact(this.sources, [run])) this.invented.add(run.join(" "));
    }
  }

  /** Whether a sentence repeats words of an invented quotation. */
  private repeatsInvented(sentence: string): boolean {
    if (this.invented.size === 0) return false;
    const words = contentTokens(stripMarkdown(sentence)).map((t) => t.norm);
    for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
      if (this.invented.has(words.slice(i, i + SHINGLE_WORDS).join(" "))) return true;
    }
    return false;
  }

  /** A title or excerpt: quotations not in the sources lose their marks; an excerpt drops sentences crediting unknown people. */
  plainLine(text: string, dropUnknownPeople: boolean): string {
    const edits: Edit[] = [];
    for (const quote of findQuotes(text)) {
      const words = contentTokens(quote.text).map((t) => t.norm);
      if (words.length === 0 || findExact(this.sources, splitOmissions(quote.text))) continue;
      edits.push(
        { from: quote.open, to: quote.open + 1, text: "" },
        { from: quote.close, to: quote.close + 1, text: "" },
      );
    }
    if (dropUnknownPeople) {
      for (const [a, b] of findSentences(text, findQuotes(text), [])) {
        const sentence = text.slice(a, b);
        if (this.unknownPeople(sentence).length || this.repeatsInvented(sentence)) {
          edits.push({ from: a, to: b, text: "", drop: true });
        }
      }
    }
    return applyEdits(text, edits)
      .replace(/\s{2,}/g, " ")
      .trim();
  }

  // ---------------------------------------------------------------- sections

  /**
   * Places each section and returns, per block index, the offsets of the moment link that stands
   * for the section (so the sentence pass leaves it alone). Edits to headings and link-only
   * blocks are made here, in the block texts.
   */
  private placeSections(blocks: Block[]): Map<number, Set<number>> {
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
      if (isCommentsSection(body, this.sources)) continue;

      // The section's own link: in its heading, or a block right after it holding only a link.
      let linkBlock = -1;
      let link: Link | undefined;
      const headingLink = findLinks(heading.text).find((l) => this.momentOf(l.url) !== undefined);
      if (headingLink) {
        linkBlock = h;
        link = headingLink;
      } else if (h + 1 < end && isLinkOnly(blocks[h + 1].text)) {
        const only = findLinks(blocks[h + 1].text)[0];
        if (only && this.momentOf(only.url) !== undefined) {
          linkBlock = h + 1;
          link = only;
        }
      }
      const linked = link ? this.momentOf(link.url) : undefined;
      const current = typeof linked === "number" && Number.isFinite(linked) ? linked : null;
      // Placed on what the section will keep: invented quotations and people pull it elsewhere.
      const kept = withoutLinkTargets(body.map((b) => this.keptText(b)).join("\n\n"));
      const firstQuote = this.firstQuoteMoment(body);
      const placed = this.sectionStart(headingText, kept, current, firstQuote);
      // A section's material starts no later than its first quotation.
      const start = placed === null ? firstQuote : firstQuote === null ? placed : Math.min(placed, firstQuote);
      this.sections.push({ heading: headingText, start });

      if (link && linkBlock >= 0) {
        const block = blocks[linkBlock];
        if (start === null) {
          this.tally.unlinked++;
          block.text = linkBlock === h ? applyEdits(block.text, [unlinkEdit(block.text, link)]) : "";
        } else {
          if (current !== null && !near(current, start)) this.tally.reanchored++;
          block.text = applyEdits(block.text, [this.relinkEdit(link, start)]);
          if (linkBlock !== h) reserve(linkBlock, link.from);
        }
      } else if (start !== null && !this.isDigest(body)) {
        // No link yet: add one under the heading.
        blocks.splice(h + 1, 0, {
          kind: "paragraph",
          level: 0,
          text: `[▶ ${formatTimestamp(start)}](${timestampUrl(this.videoId, start)})`,
        });
        reserve(h + 1, 0);
      }
    }
    return reserved;
  }

  /** A section that is only lists whose every item links its own moment (takeaways). */
  private isDigest(body: Block[]): boolean {
    return body.length > 0 && body.every((b) => isListOfMoments(b, (url) => this.momentOf(url) !== undefined));
  }

  /** Where a section's material starts: its chapter, else where its text is said; null when it cannot be placed. */
  private sectionStart(
    heading: string,
    text: string,
    current: number | null,
    firstQuote: number | null,
  ): number | null {
    const chapter = this.matchingChapter(heading);
    if (chapter !== null) return chapter;
    if (!this.sources.timed) return null;
    // The writer's own choice stands when the section's first quotation is said just after it.
    if (current !== null && firstQuote !== null && firstQuote >= current && firstQuote - current <= 30) {
      return Math.floor(current);
    }
    const place = placer(this.sources, `${heading}\n${text}`);
    if (!place?.best) {
      // A summing-up section holds a little of many moments: its best stretch, if it holds enough.
      const top = place?.top;
      return top && top.matched >= 2 && top.coverage >= SECTION_FALLBACK_COVERAGE ? Math.floor(top.start) : null;
    }
    if (current !== null && this.insideVideo(current)) {
      // ...or when its material is there too.
      const there = place.coverageBetween(current - 5, current + 30);
      if (there >= Math.max(MIN_COVERAGE, place.best.coverage * 0.8)) return Math.floor(current);
    }
    return Math.floor(place.best.start);
  }

  /** A block's text without the sentences the block pass will drop (see checkBlock). */
  private keptText(block: Block): string {
    if (block.kind === "code" || block.kind === "heading") return "";
    const links = findLinks(block.text);
    const quotes = findQuotes(block.text, linkTargets(links));
    if (block.kind === "blockquote" && quotes.length === 0) {
      const kind = this.judgeQuote(stripMarkdown(pullQuoteBody(block.text)))?.kind;
      return kind === "drop" || kind === "unquote" ? "" : block.text;
    }
    return findSentences(block.text, quotes, links)
      .map(([a, b]) => block.text.slice(a, b))
      .filter((sentence) => {
        const dropped = findQuotes(sentence).some((q) => this.judgeQuote(q.text)?.kind === "drop");
        return !dropped && !this.repeatsInvented(sentence) && this.unknownPeople(sentence).length === 0;
      })
      .join(" ");
  }

  /** The moment of a section's earliest quotation from the transcript (its material is there). */
  private firstQuoteMoment(body: Block[]): number | null {
    if (!this.sources.timed) return null;
    let first: number | null = null;
    for (const block of body) {
      const quotes = findQuotes(block.text, linkTargets(findLinks(block.text)));
      for (const quote of quotes) {
        // Verified as printed, or once corrected to the exact words (the block pass corrects it).
        const verdict = this.judgeQuote(quote.text);
        const found = verdict?.kind === "verified" || verdict?.kind === "requote" ? verdict.found : null;
        const at = found?.doc.kind === "transcript" ? found.doc.times?.[found.from] : undefined;
        if (at !== undefined && (first === null || at < first)) first = Math.floor(at);
      }
    }
    return first;
  }

  private matchingChapter(heading: string): number | null {
    const words = new Set(contentTokens(heading).map((t) => t.norm));
    if (words.size === 0) return null;
    let best: { score: number; start: number } | null = null;
    for (const chapter of this.sources.video.chapters) {
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

  // ---------------------------------------------------------------- blocks

  private checkBlock(block: Block, reserved: Set<number> | undefined): string {
    if (!block.text.trim()) return "";
    if (block.kind === "blockquote" && findQuotes(block.text, linkTargets(findLinks(block.text))).length === 0) {
      return this.checkPullQuote(block.text);
    }
    const text = block.text;
    const links = findLinks(text);
    const quotes = findQuotes(text, linkTargets(links));
    const sentences = findSentences(text, quotes, links);
    const sentenceOf = (at: number): [number, number] => {
      const k = lastAtOrBefore(sentences, at);
      const found = k >= 0 ? sentences[k] : undefined;
      return found && at < found[1] ? found : [0, text.length];
    };
    const edits: Edit[] = [];
    const claimed = new Set<Link>();
    const dropSentence = (at: number) => {
      const [a, b] = sentenceOf(at);
      if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
      else edits.push({ from: a, to: b, text: "", drop: true });
      this.tally.dropped++;
    };

    quotes.forEach((quote, q) => {
      const verdict = this.judgeQuote(quote.text);
      if (!verdict) return;
      this.tally.quotesSeen++;
      if (verdict.kind === "drop") {
        this.tally.quotesFailed++;
        this.problem(
          `The quotation "${clipText(quote.text)}" is not in the video's sources; quote only words that were said.`,
        );
        dropSentence(quote.open);
        return;
      }
      if (verdict.kind === "unquote") {
        this.tally.quotesFailed++;
        this.problem(`The quotation "${clipText(quote.text)}" is not what was said word for word.`);
        if (block.kind === "blockquote") {
          dropSentence(quote.open);
          return;
        }
        edits.push(
          { from: quote.open, to: quote.open + 1, text: "" },
          { from: quote.close, to: quote.close + 1, text: "" },
        );
        this.tally.unquoted++;
        return;
      }
      let printed = quote.text;
      if (verdict.kind === "requote") {
        this.tally.quotesFailed++;
        this.tally.requoted++;
        printed = keepEdgePunctuation(quote.text, verdict.exact);
        edits.push({ from: quote.open + 1, to: quote.close, text: printed });
      }
      const found = verdict.found;
      const evidence = this.quoteEvidence(stripMarkdown(printed), found.doc, found.from, found.to);
      if (evidence.speaker === null && evidence.source === "transcript") {
        // The words around the quotation in its sentence (a bounded stretch: attributions are short).
        const [a, b] = sentenceOf(quote.open);
        const before = text.slice(Math.max(a, quote.open - ATTRIBUTION_CHARS), quote.open);
        const after = text.slice(quote.close + 1, Math.min(b, quote.close + 1 + ATTRIBUTION_CHARS));
        evidence.speaker = this.creditedIn(`${before} ${after}`);
      }
      if (evidence.source === "transcript" || evidence.source === "description" || evidence.source === "comment") {
        this.quotes.push(evidence);
      }
      if (evidence.start === null || evidence.source !== "transcript") return;
      // The quotation's link: the first moment link after it, before the next quotation, in its sentence (or its pull quote).
      const [, sentenceEnd] = sentenceOf(quote.open);
      const limit = Math.min(
        quotes[q + 1]?.open ?? text.length,
        block.kind === "blockquote" ? text.length : sentenceEnd,
      );
      let link: Link | undefined;
      for (let k = firstAfter(links, quote.close); k < links.length && links[k].from < limit; k++) {
        if (!claimed.has(links[k]) && this.momentOf(links[k].url) !== undefined) {
          link = links[k];
          break;
        }
      }
      const at = Math.floor(evidence.start);
      if (link) {
        claimed.add(link);
        if (!near(this.momentOf(link.url), at)) {
          this.tally.reanchored++;
          edits.push(this.relinkEdit(link, at));
        }
      } else {
        edits.push(this.appendLinkEdit(text, sentenceOf(quote.open), quote.close, at, block.kind === "blockquote"));
      }
    });

    // Every other moment link must sit next to the words of its sentence.
    for (const link of links) {
      if (claimed.has(link) || reserved?.has(link.from)) continue;
      const moment = this.momentOf(link.url);
      if (moment === undefined) continue;
      const [a, b] = sentenceOf(link.from);
      const sentence = text.slice(a, b);
      const placed = moment === null ? "keep" : this.placeSentence(sentence, moment);
      if (placed === "keep") continue;
      if (placed === null) {
        this.tally.unlinked++;
        this.problem(
          moment !== null && this.insideVideo(moment)
            ? `The moment link at ${formatTimestamp(moment)} does not match what is said there.`
            : `A moment link (${link.label}) is outside the video.`,
        );
        edits.push(unlinkEdit(text, link));
      } else {
        this.tally.reanchored++;
        edits.push(this.relinkEdit(link, placed));
      }
    }

    // People credited must be named in the sources; an invented quotation must not come back unquoted.
    for (const [a, b] of sentences) {
      const sentence = text.slice(a, b);
      if (this.repeatsInvented(sentence) && !quotes.some((q) => q.open >= a && q.close < b)) {
        this.problem(`"${clipText(sentence)}" repeats an invented quotation.`);
        if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
        else edits.push({ from: a, to: b, text: "", drop: true });
        this.tally.dropped++;
        continue;
      }
      const attribution = block.kind === "blockquote" && /^\s*>?\s*[—–-]{1,2}\s*/.test(sentence);
      const unknown = this.unknownPeople(sentence, attribution);
      if (unknown.length === 0) continue;
      this.problem(
        `The article credits ${unknown.join(", ")}, who ${unknown.length > 1 ? "are" : "is"} not named in the video's sources.`,
      );
      if (block.kind === "blockquote") edits.push({ from: 0, to: text.length, text: "", drop: true });
      else edits.push({ from: a, to: b, text: "", drop: true });
      this.tally.dropped++;
    }

    return applyEdits(text, edits);
  }

  /** A blockquote without quotation marks is a pull quote: all its body lines are the quotation. */
  private checkPullQuote(text: string): string {
    const lines = text.split("\n");
    const body = pullQuoteBody(text);
    if (!body) return text;
    const verdict = this.judgeQuote(stripMarkdown(body));
    if (!verdict) return text;
    this.tally.quotesSeen++;
    const attribution = lines.filter(isAttributionLine);
    if (verdict.kind === "drop" || verdict.kind === "unquote") {
      this.tally.quotesFailed++;
      this.tally.dropped++;
      this.problem(`The pull quote "${clipText(body)}" is not what was said word for word.`);
      return "";
    }
    if (attribution.some((line) => this.unknownPeople(line, true).length > 0)) {
      this.tally.dropped++;
      this.problem("A pull quote credits someone the video's sources do not name.");
      return "";
    }
    let printed = body;
    if (verdict.kind === "requote") {
      this.tally.quotesFailed++;
      this.tally.requoted++;
      printed = verdict.exact;
    }
    const { found } = verdict;
    const evidence = this.quoteEvidence(stripMarkdown(printed), found.doc, found.from, found.to);
    if (evidence.speaker === null && evidence.source === "transcript" && attribution.length) {
      evidence.speaker = this.creditedIn(attribution[0], true);
    }
    if (evidence.source !== "title" && evidence.source !== "chapter") this.quotes.push(evidence);
    const out = [`> ${printed}`];
    if (evidence.start !== null && evidence.source === "transcript") {
      const at = Math.floor(evidence.start);
      const link = `[${formatTimestamp(at)}](${timestampUrl(this.videoId, at)})`;
      if (attribution.length) {
        const line = attribution[0];
        const links = findLinks(line).filter((l) => this.momentOf(l.url) !== undefined);
        if (links.length) {
          if (!near(this.momentOf(links[0].url), at)) this.tally.reanchored++;
          out.push(">", applyEdits(line, [this.relinkEdit(links[0], at)]));
        } else out.push(">", `${line.replace(/[.\s]+$/, "")}, ${link}`);
      } else {
        out.push(">", `> — ${link}`);
      }
    } else if (attribution.length) out.push(">", ...attribution);
    return out.join("\n");
  }

  private judgeQuote(quoted: string): Verdict {
    const known = this.verdicts.get(quoted);
    if (known !== undefined) return known;
    const verdict = this.judgeAnew(quoted);
    this.verdicts.set(quoted, verdict);
    return verdict;
  }

  private judgeAnew(quoted: string): Verdict {
    const plain = stripMarkdown(quoted);
    const words = contentTokens(plain).map((t) => t.norm);
    if (words.length === 0) return null;
    const exact = findExact(this.sources, splitOmissions(plain));
    if (exact) return { kind: "verified", found: exact };
    // A word or two in quotation marks is a term ("scour"), unless it is punctuated as speech ("Magic," she said).
    if (words.length <= TERM_WORDS) return /[,.!?…]\s*$/.test(plain) ? { kind: "drop" } : { kind: "unquote" };
    const near = findNearest(this.sources, words);
    if (near && near.similarity >= REQUOTE_SIMILARITY) {
      return { kind: "requote", found: near, exact: sourceText(near.doc, near.from, near.to) };
    }
    if (near && near.similarity >= PARAPHRASE_SIMILARITY) return { kind: "unquote" };
    // Other words for what is said in one place of the video: a paraphrase, so no quotation marks.
    const place = placer(this.sources, plain);
    if (place?.best && place.best.coverage >= PARAPHRASE_COVERAGE) return { kind: "unquote" };
    return { kind: "drop" };
  }

  private quoteEvidence(text: string, doc: SourceDoc, from: number, to: number): QuoteEvidence {
    let speaker: string | null = doc.author;
    if (doc.kind === "transcript" && doc.turns) speaker = this.sources.labels.get(doc.turns[from]) ?? null;
    return {
      text: text.trim(),
      source: doc.kind,
      start:
        doc.times && this.sources.timed
          ? round(doc.times[from])
          : doc.kind === "chapter" && doc.times
            ? doc.times[from]
            : null,
      end: doc.times && this.sources.timed ? round(doc.times[to]) : null,
      speaker,
    };
  }

  /** "keep" when the link's moment fits its sentence, a better moment, or null when it cannot be placed. */
  private placeSentence(sentence: string, moment: number): "keep" | number | null {
    const chapterStarts = this.sources.video.chapters.map((c) => Math.floor(c.startSeconds));
    if (!this.sources.timed) return chapterStarts.includes(Math.floor(moment)) ? "keep" : null;
    // The link's own label is the writer's framing ("a los 35 segundos"), not what was said.
    const withoutLinks = dropLinks(sentence);
    // Too few telling words to say where a sentence is said: a moment inside the video stands.
    if (tellingWords(withoutLinks) < MIN_PLACEABLE_WORDS && this.insideVideo(moment)) return "keep";
    const place = placer(this.sources, withoutLinks);
    if (!place?.best) {
      return this.insideVideo(moment) && chapterStarts.includes(Math.floor(moment)) ? "keep" : null;
    }
    if (this.insideVideo(moment)) {
      const there = place.coverageBetween(moment - 5, moment + 20);
      if (there >= Math.max(MIN_COVERAGE, place.best.coverage * 0.8) || Math.abs(place.best.start - moment) <= 15) {
        return "keep";
      }
    }
    return Math.floor(place.best.start);
  }

  /** The person a sentence credits with its quotation, when the sources name them. */
  private creditedIn(text: string, attributionLine = false): string | null {
    const known = mentionsIn(stripMarkdown(text), { attributionLine }).find((m) => isKnown(m, this.sources.vocabulary));
    return known?.name ?? null;
  }

  private unknownPeople(sentence: string, attributionLine = false): string[] {
    return mentionsIn(stripMarkdown(sentence), { attributionLine })
      .filter((m) => !isKnown(m, this.sources.vocabulary))
      .map((m) => m.name);
  }

  // ---------------------------------------------------------------- links

  /** The moment (seconds) of a link to this video; null for a link to the video without one; undefined for other links. */
  momentOf(url: string): number | null | undefined {
    return momentOf(url, this.videoId);
  }

  private insideVideo(seconds: number): boolean {
    const duration = this.sources.duration;
    return seconds >= 0 && (duration === null || seconds <= duration);
  }

  private relinkEdit(link: Link, seconds: number): Edit {
    // A label that tells the time ("1:15", "about 2 minutes in", "a los 35 segundos") must tell the new one.
    const time = /\b\d{1,2}:\d{2}(?::\d{2})?\b/;
    const label = time.test(link.label)
      ? link.label.replace(time, formatTimestamp(seconds))
      : /\d/.test(link.label)
        ? formatTimestamp(seconds)
        : link.label;
    return { from: link.from, to: link.to, text: `[${label}](${timestampUrl(this.videoId, seconds)})` };
  }

  /** A link to the quotation's moment at the end of its sentence (after a closing quotation mark, before the full stop otherwise). */
  private appendLinkEdit(
    text: string,
    [a, b]: [number, number],
    quoteClose: number,
    seconds: number,
    pull: boolean,
  ): Edit {
    const link = `[${formatTimestamp(seconds)}](${timestampUrl(this.videoId, seconds)})`;
    if (pull) return { from: text.length, to: text.length, text: `\n>\n> — ${link}` };
    let at = b;
    while (at > a && /\s/.test(text[at - 1])) at--;
    if (at - 1 === quoteClose || /["”»」]/.test(text[at - 1] ?? "")) return { from: at, to: at, text: ` (${link})` };
    while (at > a && /[.!?…:;,]/.test(text[at - 1])) at--;
    return { from: at, to: at, text: ` (${link})` };
  }

  private problem(text: string) {
    if (this.problems.length < MAX_PROBLEMS && !this.problems.includes(text)) this.problems.push(text);
  }

  // ---------------------------------------------------------------- tidy

  /** Rejoins blocks, dropping empty ones and sections left with no text. */
  private tidy(blocks: Block[], texts: string[]): string {
    const kept: Array<{ block: Block; text: string }> = [];
    blocks.forEach((block, i) => {
      const text = tidyText(texts[i]);
      if (text && /[\p{L}\p{N}]/u.test(text)) kept.push({ block, text });
    });
    const out: string[] = [];
    for (let i = 0; i < kept.length; i++) {
      const { block, text } = kept[i];
      if (block.kind === "heading") {
        // A heading whose section lost all of its prose (only a moment link left, or nothing) goes too.
        let j = i + 1;
        let prose = false;
        while (j < kept.length && !(kept[j].block.kind === "heading" && kept[j].block.level <= block.level)) {
          if (!isLinkOnly(kept[j].text)) prose = true;
          j++;
        }
        if (!prose) {
          i = j - 1;
          continue;
        }
      }
      out.push(text);
    }
    return out.join("\n\n").trim();
  }
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

/** The moment (seconds) of a link to `videoId`; null when it has none; undefined for other links. */
export function momentOf(url: string, videoId: string): number | null | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/&amp;/g, "&"));
  } catch {
    return undefined;
  }
  const host = parsed.hostname.replace(/^(www|m|music)\./, "");
  const id =
    host === "youtu.be"
      ? parsed.pathname.slice(1).split("/")[0]
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? (parsed.searchParams.get("v") ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[1] ?? null)
        : null;
  if (id !== videoId) return undefined;
  const t = parsed.searchParams.get("t") ?? parsed.searchParams.get("start");
  if (t === null) return null;
  const hms = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(t.trim());
  if (!hms || !t.trim()) return Number.NaN;
  return Number(hms[1] ?? 0) * 3600 + Number(hms[2] ?? 0) * 60 + Number(hms[3] ?? 0);
}

/** A sentence without its links (labels included). */
function dropLinks(text: string): string {
  let out = "";
  let last = 0;
  for (const link of findLinks(text)) {
    out += `${text.slice(last, link.from)} `;
    last = link.to;
  }
  return out + text.slice(last);
}

/** A link's moment within the tolerance of where its words are. */
function near(moment: number | null | undefined, seconds: number): boolean {
  return typeof moment === "number" && Number.isFinite(moment) && Math.abs(moment - seconds) <= QUOTE_TOLERANCE_SECONDS;
}

function countMoments(markdown: string, videoId: string): number {
  let n = 0;
  for (const block of splitBlocks(markdown)) {
    for (const link of findLinks(block.text)) {
      const m = momentOf(link.url, videoId);
      if (m !== undefined && m !== null) n++;
    }
  }
  return n;
}

function unlinkEdit(text: string, link: Link): Edit {
  // A link that is only a time ("1:15", "Watch from 1:15", "▶ 1:15") goes with its brackets around it.
  if (/^\s*(?:▶\s*)?(?:[\p{L} ]{0,20}\s)?\d{1,2}:\d{2}(?::\d{2})?\s*$/u.test(link.label)) {
    let from = link.from;
    let to = link.to;
    if (text[from - 1] === "(" && text[to] === ")") {
      from--;
      to++;
    }
    while (from > 0 && text[from - 1] === " ") from--;
    return { from, to, text: "" };
  }
  return { from: link.from, to: link.to, text: link.label };
}

/** Index of the last span starting at or before `at` (spans in order). */
function lastAtOrBefore(spans: ReadonlyArray<[number, number]>, at: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][0] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the first link starting after `at` (links in order). */
function firstAfter(links: readonly Link[], at: number): number {
  let lo = 0;
  let hi = links.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (links[mid].from <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function applyEdits(text: string, edits: Edit[]): string {
  // Later edits first so offsets hold; a drop wins over the edits inside it.
  const ordered = [...edits].sort((x, y) => y.from - x.from || Number(Boolean(y.drop)) - Number(Boolean(x.drop)));
  const drops = edits.filter((e) => e.drop).map((d) => [d.from, d.to] as [number, number]);
  drops.sort((x, y) => x[0] - y[0]);
  // Merged drop ranges, so "inside a drop" is one binary search.
  const merged: Array<[number, number]> = [];
  for (const d of drops) {
    const last = merged.at(-1);
    if (last && d[0] <= last[1]) last[1] = Math.max(last[1], d[1]);
    else merged.push([d[0], d[1]]);
  }
  const insideDrop = (e: Edit) => {
    const k = lastAtOrBefore(merged, e.from);
    // An insertion at the very end of a dropped sentence belongs to it too.
    return k >= 0 && (e.from < merged[k][1] || (e.from === e.to && e.from === merged[k][1]));
  };
  // Pieces from the end backwards, joined once: linear however many edits there are.
  const pieces: string[] = [];
  let floor = text.length;
  for (const edit of ordered) {
    if (!edit.drop && insideDrop(edit)) continue;
    if (edit.to > floor) continue; // overlaps an edit already made
    pieces.push(text.slice(edit.to, floor), edit.text);
    floor = edit.from;
  }
  pieces.push(text.slice(0, floor));
  return pieces.reverse().join("");
}

function tidyText(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/\s+([,.;:!?])/g, "$1")
        .trimEnd(),
    )
    .filter((line, i, all) => !(line.trim() === ">" && (i === 0 || i === all.length - 1)))
    .join("\n")
    .trim();
}

/** A block that is nothing but one link (a section's "Watch from 1:25"). */
function isLinkOnly(text: string): boolean {
  const links = findLinks(text.trim());
  return links.length === 1 && links[0].from === 0 && text.trim().slice(links[0].to).replace(/[.\s]/g, "") === "";
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

/** A quotation's fragments between omission marks, as normalised words. */
export function splitOmissions(text: string): string[][] {
  return text
    .split(/…|\.{3}|\[(?:…|\.{3})\]|\((?:…|\.{3})\)/)
    .map((part) => contentTokens(part).map((t) => t.norm))
    .filter((words) => words.length > 0);
}

/** Link labels instead of links, no emphasis marks. */
export function stripMarkdown(text: string): string {
  let out = "";
  let last = 0;
  for (const link of findLinks(text)) {
    out += text.slice(last, text[link.from - 1] === "!" ? link.from - 1 : link.from) + link.label;
    last = link.to;
  }
  out += text.slice(last);
  return out
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The source's exact words, with the quotation's own closing punctuation kept ("…price," said). */
function keepEdgePunctuation(original: string, exact: string): string {
  const tail = /[,.!?;:]+$/.exec(original.trim())?.[0] ?? "";
  const body = exact.replace(/[,.!?;:]+$/, "");
  return tail ? `${body}${tail}` : exact;
}

function firstParagraphText(markdown: string): string {
  const block = splitBlocks(markdown).find((b) => b.kind === "paragraph" && !isLinkOnly(b.text));
  const text = block ? stripMarkdown(block.text) : "";
  if (text.length <= 300) return text;
  const cut = text.slice(0, 299);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 200)).replace(/[\s,;:.]+$/, "")}…`;
}

function clipText(text: string): string {
  const plain = stripMarkdown(text);
  return plain.length > 120 ? `${plain.slice(0, 117)}…` : plain;
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/** Tokens of a text (re-exported for the audit). */
export { tokenize };
