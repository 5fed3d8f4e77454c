/**
 * Measurable features of the reference articles a custom-style article imitates. Only the form is
 * measured (structure and voice), never the content.
 */
export interface StyleProfile {
  /** Headings per 1,000 words of body text. */
  headingsPer1000: number;
  /** The markdown level body headings use (2 or 3); null when the references use none. */
  headingLevel: 2 | 3 | null;
  /** Most headings are numbered ("1. Start small"), as in a listicle. */
  numberedHeadings: boolean;
  /** Share of blocks that are list items, 0..1. */
  bulletShare: number;
  /** The list marker the references use. */
  listStyle: "bullet" | "numbered" | null;
  /** Where the first list appears, as a share of the article (0 = top). */
  listPosition: number;
  avgSentenceWords: number;
  avgParagraphSentences: number;
  avgParagraphWords: number;
  /** First-person singular and plural pronouns per 100 words. */
  firstPersonRate: number;
  /** Second-person pronouns per 100 words. */
  secondPersonRate: number;
  /** Share of sentences that are questions. */
  questionShare: number;
  /** Share of sentences that are exclamations. */
  exclamationShare: number;
  /** Quotations (blockquotes or quoted passages of 4+ words) per 1,000 words. */
  quotesPer1000: number;
  /** Bold spans per 1,000 words. */
  boldPer1000: number;
  /** Words in the opening paragraph. */
  openingWords: number;
}

interface Block {
  kind: "heading" | "list" | "quote" | "paragraph";
  level?: number;
  text: string;
  numbered?: boolean;
}

/** Splits a reference (markdown or plain text) into headings, list items, quotes and paragraphs. */
export function blocksOf(article: string): Block[] {
  const blocks: Block[] = [];
  const chunks = article
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/);
  for (const [k, chunk] of chunks.entries()) {
    const lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    // A first line on its own, short and unpunctuated, is the article's title (as a "# " line is).
    if (k === 0 && lines.length === 1 && chunks.length > 1 && isTitleLine(lines[0])) {
      blocks.push({ kind: "heading", level: 1, text: lines[0].replace(/^#\s+|\*\*/g, "") });
      continue;
    }
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
      paragraph = [];
    };
    for (const line of lines) {
      const heading = /^(#{1,6})\s+(.+)$/.exec(line);
      const bullet = /^[-*+•]\s+(.+)$/.exec(line);
      const numbered = /^\d+[.)]\s+(.+)$/.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: "heading", level: heading[1].length, text: heading[2] });
      } else if (bullet || numbered) {
        flush();
        blocks.push({ kind: "list", text: (bullet ?? numbered)![1], numbered: Boolean(numbered) });
      } else if (line.startsWith(">")) {
        flush();
        blocks.push({ kind: "quote", text: line.replace(/^>\s*/, "") });
      } else if (/^\*\*[^*]+\*\*:?$/.test(line) || (lines.length === 1 && isPlainHeading(line, chunks.length))) {
        // A bold line of its own, or a short unpunctuated line alone: a plain-text heading.
        flush();
        blocks.push({ kind: "heading", level: 2, text: line.replace(/\*\*/g, "") });
      } else {
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

function isTitleLine(line: string): boolean {
  return (
    /^#\s/.test(line) ||
    (!/^(?:#{2,}|[-*+•>]|\d{1,3}[.)])\s/.test(line) && line.split(/\s+/).length <= 14 && !/[.!?,;:"”]$/.test(line))
  );
}

function isPlainHeading(line: string, chunkCount: number): boolean {
  const words = line.split(/\s+/).length;
  return chunkCount > 2 && words <= 9 && !/[.!?,;:"”]$/.test(line);
}

// A reference's sentence ends: its own punctuation, however long the sentence (splitProse cuts
// sentences over 45 words, which would make a long-sentence essay read as a shorter one).
const SENTENCE_END = /(?<=[.!?…]["'”’)]*)\s+(?=["“'‘(¿¡]?[\p{Lu}\p{N}])/u;
const MAX_PARAGRAPH_CHARS = 20_000;
const ABBREVIATED = /(?:^|\s)(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|\p{L})\.$/iu;

/** A reference paragraph's sentences, cut only where the writer ended one. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  // Only the form is measured here, so a reference's words are never used, only counted.
  for (const piece of text.slice(0, MAX_PARAGRAPH_CHARS).replace(/\s+/g, " ").trim().split(SENTENCE_END)) {
    const previous = out[out.length - 1];
    if (previous !== undefined && ABBREVIATED.test(previous)) out[out.length - 1] = `${previous} ${piece}`;
    else if (piece.trim()) out.push(piece.trim());
  }
  return out;
}

const countWordsIn = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** Measures the structure and voice of 1 to 3 reference articles (averaged over all of them). */
export function analyseStyle(articles: readonly string[]): StyleProfile {
  const all = articles.map(blocksOf);
  const blocks = all.flat();
  // A first heading that is the article's own title is not a section heading.
  const bodyBlocks = all.flatMap((b) => (b[0]?.kind === "heading" && b[0].level === 1 ? b.slice(1) : b));
  const headings = bodyBlocks.filter((b) => b.kind === "heading");
  const lists = bodyBlocks.filter((b) => b.kind === "list");
  const paragraphs = bodyBlocks.filter((b) => b.kind === "paragraph");
  const prose = [...paragraphs, ...lists, ...bodyBlocks.filter((b) => b.kind === "quote")];
  const words = Math.max(
    1,
    prose.reduce((n, b) => n + countWordsIn(b.text), 0),
  );
  const sentences = paragraphs.flatMap((p) => sentencesOf(p.text));
  const sentenceCount = Math.max(1, sentences.length);
  const lower = prose.map((b) => b.text.toLowerCase()).join(" ");
  const count = (re: RegExp) => (lower.match(re) ?? []).length;
  const levels = headings.map((h) => h.level ?? 2);
  const minLevel = levels.length ? Math.min(...levels) : null;
  let listPosition = 1;
  for (const article of all) {
    const at = article.findIndex((b) => b.kind === "list");
    if (at >= 0) listPosition = Math.min(listPosition, at / Math.max(1, article.length));
  }
  const quoted = count(/["“][^"”]{20,}["”]/g) + bodyBlocks.filter((b) => b.kind === "quote").length;
  return {
    headingsPer1000: (headings.length / words) * 1000,
    headingLevel: minLevel === null ? null : minLevel >= 3 ? 3 : 2,
    numberedHeadings:
      headings.length >= 2 && headings.filter((h) => /^\d+[.):]\s/.test(h.text)).length > headings.length / 2,
    bulletShare: lists.length / Math.max(1, bodyBlocks.length),
    listStyle:
      lists.length === 0 ? null : lists.filter((l) => l.numbered).length > lists.length / 2 ? "numbered" : "bullet",
    listPosition,
    avgSentenceWords: sentences.reduce((n, s) => n + countWordsIn(s), 0) / sentenceCount,
    avgParagraphSentences: sentences.length / Math.max(1, paragraphs.length),
    avgParagraphWords: paragraphs.reduce((n, p) => n + countWordsIn(p.text), 0) / Math.max(1, paragraphs.length),
    firstPersonRate: (count(/\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|us|our|ours)\b/g) / words) * 100,
    secondPersonRate: (count(/\b(?:you|you're|you've|you'll|your|yours)\b/g) / words) * 100,
    questionShare: sentences.filter((s) => /\?["”)]*$/.test(s)).length / sentenceCount,
    exclamationShare: sentences.filter((s) => /!["”)]*$/.test(s)).length / sentenceCount,
    quotesPer1000: (quoted / words) * 1000,
    boldPer1000:
      ((
        blocks
          .map((b) => b.text)
          .join(" ")
          .match(/\*\*[^*]+\*\*/g) ?? []
      ).length /
        words) *
      1000,
    openingWords: countWordsIn(all[0]?.find((b) => b.kind === "paragraph")?.text ?? ""),
  };
}
