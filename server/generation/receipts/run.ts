/**
 * One check of one article (CheckRun): what the check has found so far (quotations, sections,
 * problems, the tally of mends), the verdicts it has reached per quotation and the invented
 * quotations it has seen, and the order of the passes. The passes themselves are in sections.ts
 * (sections and their links) and blocks.ts (quotations, links and people in each block).
 */
import type { QuoteEvidence, SectionEvidence } from "../../../contract/evidence";
import { applyEdits, type Edit, tidyText } from "./edits";
import { isLinkOnly, momentOf } from "./links";
import { type Block, findLinks, findQuotes, findSentences, linkTargets } from "./markdown";
import { findExact } from "./match";
import { splitOmissions, stripMarkdown } from "./plain";
import type { SourceDoc, Sources } from "./sources";
import { isKnown, mentionsIn } from "./speakers";
import { contentTokens } from "./tokens";
import { judgeAnew, type Verdict } from "./verdict";

export const MAX_PROBLEMS = 20;
/** Length of the word runs by which an invented quotation is recognised when repeated. */
const SHINGLE_WORDS = 5;

interface Tally {
  requoted: number;
  unquoted: number;
  dropped: number;
  reanchored: number;
  unlinked: number;
  quotesSeen: number;
  quotesFailed: number;
}

export class CheckRun {
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
  readonly videoId: string;
  private readonly invented = new Set<string>();
  readonly rejected = new Set<string>();
  private readonly verdicts = new Map<string, Verdict>();

  constructor(readonly sources: Sources) {
    this.videoId = sources.video.id;
  }

  /**
   * Runs of five words from quotations the sources do not hold (and that are not themselves in
   * the sources): an invented quotation must not come back elsewhere as unquoted prose.
   */
  collectInvented(blocks: Block[]) {
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
  repeatsInvented(sentence: string): boolean {
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

  judgeQuote(quoted: string): Verdict {
    const known = this.verdicts.get(quoted);
    if (known !== undefined) return known;
    const verdict = judgeAnew(this.sources, quoted);
    this.verdicts.set(quoted, verdict);
    return verdict;
  }

  quoteEvidence(text: string, doc: SourceDoc, from: number, to: number): QuoteEvidence {
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

  /** The person a sentence credits with its quotation, when the sources name them. */
  creditedIn(text: string, attributionLine = false): string | null {
    const known = mentionsIn(stripMarkdown(text), { attributionLine }).find((m) => isKnown(m, this.sources.vocabulary));
    return known?.name ?? null;
  }

  unknownPeople(sentence: string, attributionLine = false): string[] {
    return mentionsIn(stripMarkdown(sentence), { attributionLine })
      .filter((m) => !isKnown(m, this.sources.vocabulary))
      .map((m) => m.name);
  }

  /** The moment (seconds) of a link to this video; null for a link to the video without one; undefined for other links. */
  momentOf(url: string): number | null | undefined {
    return momentOf(url, this.videoId);
  }

  problem(text: string) {
    if (this.problems.length < MAX_PROBLEMS && !this.problems.includes(text)) this.problems.push(text);
  }

  // ---------------------------------------------------------------- tidy

  /** Rejoins blocks, dropping empty ones and sections left with no text. */
  tidy(blocks: Block[], texts: string[]): string {
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

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
