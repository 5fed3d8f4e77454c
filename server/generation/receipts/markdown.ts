import { SAYING } from "./speakers";
/**
 * The parts of an article's markdown the receipts work on: blocks, links, quotations and
 * sentences, each as offsets into its block. Hand-written scanners, one pass each, so an
 * article of any shape costs time in proportion to its length.
 */

export type BlockKind = "heading" | "blockquote" | "list" | "paragraph" | "code";

export interface Block {
  kind: BlockKind;
  /** Heading level (2 for `##`). */
  level: number;
  text: string;
}

/** Blocks separated by blank lines; a fenced code block stays one block. */
export function splitBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let fenced = false;
  const flush = () => {
    if (lines.length) blocks.push(classify(lines.join("\n")));
    lines = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      if (!fenced) flush();
      fenced = !fenced;
      lines.push(line);
      if (!fenced) flush();
      continue;
    }
    if (fenced) {
      lines.push(line);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    // A heading is a block of its own even without blank lines around it.
    if (/^\s{0,3}#{1,6}\s/.test(line)) {
      flush();
      lines.push(line);
      flush();
      continue;
    }
    lines.push(line);
  }
  flush();
  return blocks;
}

function classify(text: string): Block {
  if (/^\s{0,3}(```|~~~)/.test(text)) return { kind: "code", level: 0, text };
  const heading = /^\s{0,3}(#{1,6})\s/.exec(text);
  if (heading) return { kind: "heading", level: heading[1].length, text };
  if (/^\s{0,3}>/.test(text)) return { kind: "blockquote", level: 0, text };
  if (/^\s{0,3}([-*+]|\d{1,3}[.)])\s/.test(text)) return { kind: "list", level: 0, text };
  return { kind: "paragraph", level: 0, text };
}

/** A blockquote's attribution line: `> — Dana Whitfield, [1:15](…)`. */
export function isAttributionLine(line: string): boolean {
  return /^\s*>\s*([—–]|--?\s)/.test(line);
}

/** The words of a pull quote: its lines without the `>` marks and the attribution. */
export function pullQuoteBody(text: string): string {
  return text
    .split("\n")
    .filter((line) => !isAttributionLine(line))
    .map((line) => line.replace(/^\s*>\s?/, ""))
    .join(" ")
    .trim();
}

export interface Link {
  /** `[` to `)` inclusive-exclusive. */
  from: number;
  to: number;
  label: string;
  url: string;
  /** Where the label is, inside [from, to). */
  labelFrom: number;
  labelTo: number;
}

/**
 * Inline links `[label](url)` (and images `![alt](url)`, marked by a `!` before `from`). Labels
 * never span lines and may hold bracket pairs; brackets are paired with a stack in one pass.
 */
export function findLinks(text: string): Link[] {
  // Where the next ")", "(" or line break is, from each position (one backward pass).
  const stop = new Int32Array(text.length + 1).fill(text.length);
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    stop[i] = c === ")" || c === "(" || c === "\n" ? i : stop[i + 1];
  }
  const pairs: Array<[number, number]> = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") open.length = 0;
    else if (c === "[") open.push(i);
    else if (c === "]" && open.length) {
      const from = open.pop() as number;
      if (text[i + 1] === "(") pairs.push([from, i]);
    }
  }
  pairs.sort((x, y) => x[0] - y[0]);
  const links: Link[] = [];
  let taken = -1;
  for (const [from, close] of pairs) {
    if (from < taken) continue; // inside a link already found
    const end = stop[close + 2];
    if (end >= text.length || text[end] !== ")") continue;
    const target = text.slice(close + 2, end).trim();
    const url = target.replace(/^<|>$/g, "").split(/\s+/)[0] ?? "";
    links.push({ from, to: end + 1, label: text.slice(from + 1, close), url, labelFrom: from + 1, labelTo: close });
    taken = end + 1;
  }
  return links;
}

export interface QuoteSpan {
  /** The opening and closing quotation marks. */
  open: number;
  close: number;
  /** What is between the marks. */
  text: string;
}

const PAIRS: Record<string, string> = { "“": "”", "«": "»", "„": "“", "「": "」", "『": "』" };

/**
 * Quotations in a piece of text: straight double quotes in pairs, and curly (double and single),
 * guillemet and corner-bracket pairs. Straight single quotes are not read: they cannot be told
 * from apostrophes (the players' bags, rock 'n' roll). Quote marks inside link targets or code are not quotations.
 */
export function findQuotes(text: string, skip: ReadonlyArray<[number, number]> = []): QuoteSpan[] {
  const quotes: QuoteSpan[] = [];
  const mask = new Uint8Array(text.length);
  for (const [a, b] of skip) mask.fill(1, a, b);
  const skipped = (i: number) => mask[i] === 1;
  let open: { at: number; closer: string } | null = null;
  let code = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "`") code = !code;
    if (code || skipped(i)) continue;
    if (c === "\n" && text[i + 1] === "\n") open = null;
    if (open) {
      // A curly pair also closes on a straight quote (models mix them); a straight one closes only on one.
      // A single curly quote closes on ’ that is not an apostrophe inside a word (don’t).
      const closes =
        open.closer === "’"
          ? c === "’" && !/[\p{L}\p{N}]/u.test(text[i + 1] ?? "")
          : c === open.closer || (open.closer !== '"' && c === '"');
      if (closes) {
        if (i > open.at + 1) quotes.push({ open: open.at, close: i, text: text.slice(open.at + 1, i) });
        open = null;
      }
      continue;
    }
    if (c === '"') open = { at: i, closer: '"' };
    else if (PAIRS[c]) open = { at: i, closer: PAIRS[c] };
    else if (c === "‘" && /\S/.test(text[i + 1] ?? "")) open = { at: i, closer: "’" };
  }
  return quotes;
}

/** Link targets (the `(url)` part) of each link: quotation marks there are not quotations. */
export function linkTargets(links: readonly Link[]): Array<[number, number]> {
  return links.map((l) => [l.labelTo, l.to] as [number, number]);
}

/**
 * Sentence spans of a paragraph: ends after `.`, `!`, `?` or `…` (and any closing quote or
 * bracket) followed by a space, never inside a quotation or a link, and at every line break.
 */
export function findSentences(
  text: string,
  quotes: readonly QuoteSpan[],
  links: readonly Link[],
): Array<[number, number]> {
  const inside = new Uint8Array(text.length);
  for (const q of quotes) inside.fill(1, q.open, q.close + 1);
  for (const l of links) inside.fill(1, l.from, l.to);
  const closes = new Set(quotes.map((q) => q.close));
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      if (i > start) spans.push([start, i]);
      start = i + 1;
      continue;
    }
    if (inside[i]) {
      // A quotation that ends its sentence inside the marks: `…he said, "It works."` ends there.
      // (`"Is it safe?" the mayor asked.` goes on: a lower-case word after the quotation continues the sentence.)
      if (
        closes.has(i) &&
        /[.!?…]/.test(text[i - 1] ?? "") &&
        (i + 1 >= text.length ||
          (/\s/.test(text[i + 1]) &&
            !/^\s+\p{Ll}/u.test(text.slice(i + 1, i + 40)) &&
            !attributionFollows(text, i + 1)))
      ) {
        const end = withTrailingLink(text, i + 1, links);
        spans.push([start, end]);
        start = end;
        while (start < text.length && text[start] === " ") start++;
        i = start - 1;
      }
      continue;
    }
    if (c === "." || c === "!" || c === "?" || c === "…" || c === "。" || c === "！" || c === "？") {
      let end = i + 1;
      while (end < text.length && /["”»)\]*_]/.test(text[end])) end++;
      if (end >= text.length || /\s/.test(text[end]) || /[。！？]/.test(c)) {
        // "Dr. Marsh", "e.g. this": an abbreviation is not the end of a sentence.
        const word = /([\p{L}]{1,4})$/u.exec(text.slice(Math.max(start, i - 5), i))?.[1] ?? "";
        if (c === "." && ABBREVIATIONS.has(word.toLowerCase())) continue;
        end = withTrailingLink(text, end, links);
        spans.push([start, end]);
        start = end;
        while (start < text.length && text[start] === " ") start++;
        i = start - 1;
      }
    }
  }
  if (start < text.length && text.slice(start).trim()) spans.push([start, text.length]);
  return spans;
}

/** `"…?" Dana said`: a verb of saying within the next three words makes the attribution part of the sentence. */
function attributionFollows(text: string, at: number): boolean {
  const after = text.slice(at, at + 60).toLowerCase();
  const word = /\p{L}+/gu;
  for (let k = 0; k < 3; k++) {
    const m = word.exec(after);
    if (!m) return false;
    if (!SAYING.has(m[0])) continue;
    // 'The resident explains: "…"', 'She wrote, "…"': the verb introduces the next quotation.
    return !/^\s*(?::|,\s*["“])/.test(after.slice(m.index + m[0].length));
  }
  return false;
}

/** A sentence that ends in a quotation may carry its moment after it: `"…works." ([1:15](…))`. */
function withTrailingLink(text: string, end: number, links: readonly Link[]): number {
  let at = end;
  while (text[at] === " ") at++;
  if (text[at] !== "(") return end;
  const link = links.find((l) => l.from === at + 1);
  if (!link || text[link.to] !== ")") return end;
  return link.to + 1;
}

const ABBREVIATIONS = new Set([
  "dr",
  "prof",
  "mr",
  "mrs",
  "ms",
  "mx",
  "st",
  "vs",
  "eg",
  "ie",
  "e.g",
  "i.e",
  "no",
  "sr",
  "sra",
  "jr",
  "mme",
  "etc",
]);

/**
 * Whether a block is a list each of whose items holds a link that `isMoment` accepts: a digest of
 * moments from all over the video (takeaways), which needs no one link for its section.
 */
export function isListOfMoments(block: Block, isMoment: (url: string) => boolean): boolean {
  if (block.kind !== "list") return false;
  const items = block.text.split("\n").filter((line) => /^\s{0,3}([-*+]|\d{1,3}[.)])\s/.test(line));
  return items.length > 0 && items.every((item) => findLinks(item).some((l) => isMoment(l.url)));
}

/**
 * The text with each link reduced to its label, so where a passage is said is judged by its words
 * and never by a URL's ("watch", the video id); the checker and the audit place sections alike.
 */
export function withoutLinkTargets(text: string): string {
  let out = "";
  let at = 0;
  for (const link of findLinks(text)) {
    out += text.slice(at, link.from) + link.label;
    at = link.to;
  }
  return out + text.slice(at);
}
