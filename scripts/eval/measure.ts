import type { ArticleStyle } from "../../contract/articles";
import { formatTimestamp } from "../../server/content/text";
import { stripMarkdown } from "../../server/generation/receipts/check";
import { type Block, splitBlocks } from "../../server/generation/receipts/markdown";
import type { InventedMaterial } from "../../test/fakes/careless-writer";
import { detectLanguage, type Language } from "./language";

/**
 * What a reader notices in a finished article that the receipts do not count: its shape for
 * the style asked, the language of its sentences, openings that lean on a sentence that is not
 * there, markup that leaked through, and (for the careless fake models) anything they made up
 * that reached the page. Pure functions of the markdown, so the script and the thresholds test
 * measure the same way.
 */

const ENVELOPE_LINE = /^\s*(TITLE|EXCERPT|TAGS|CATEGORY|SUMMARY|BODY)\s*:/im;
const RULE_LINE = /^\s*(---+|\*\*\*+|___+)\s*$/m;

/** Style rules from the spec: what a blog post, a news story and a custom article look like. */
export function structureProblems(markdown: string, style: ArticleStyle): string[] {
  const blocks = splitBlocks(markdown).filter((b) => b.kind !== "code");
  const h2 = blocks.filter((b) => b.kind === "heading" && b.level === 2).length;
  const lists = blocks.filter((b) => b.kind === "list");
  const bullets = lists.filter((b) => /^\s{0,3}[-*+]\s/m.test(b.text));
  const paragraphs = blocks.filter((b) => b.kind === "paragraph");
  const problems: string[] = [];
  if (style === "blog") {
    if (h2 < 2) problems.push(`blog: ${h2} ## section(s), wants at least 2`);
    if (lists.length === 0) problems.push("blog: no list");
  } else if (style === "nyt") {
    if (blocks[0]?.kind !== "paragraph") problems.push(`nyt: opens with a ${blocks[0]?.kind ?? "nothing"}, not a lede`);
    if (bullets.length) problems.push(`nyt: ${bullets.length} bullet list(s)`);
    if (h2 > 2) problems.push(`nyt: ${h2} ## sections, wants at most 2`);
  } else {
    if (paragraphs.length < 2) problems.push(`custom: ${paragraphs.length} paragraph(s)`);
  }
  if (ENVELOPE_LINE.test(markdown) || RULE_LINE.test(markdown)) problems.push(`${style}: envelope line in the body`);
  return problems;
}

/** Prose without quotations, links' targets or markup, for judging its language. */
function proseSentences(markdown: string): string[] {
  const out: string[] = [];
  for (const block of splitBlocks(markdown)) {
    // Quotations (pull quotes too) are the speakers' words, in whatever language they spoke.
    if (block.kind === "code" || block.kind === "heading" || block.kind === "blockquote") continue;
    const text = stripMarkdown(block.text).replace(/["“„«][^"”«»]*["”»]/g, " ");
    for (const sentence of text.split(/(?<=[.!?…])\s+/u)) {
      if (sentence.trim()) out.push(sentence.trim());
    }
  }
  return out;
}

export interface LanguageJudgement {
  /** Sentences with enough function words to tell their language. */
  judged: number;
  matching: number;
  /** A few sentences in another language, for the report. */
  strays: string[];
}

/** How many of the article's own sentences are in the language expected of it. */
export function languagePurity(markdown: string, expected: Language): LanguageJudgement {
  const result: LanguageJudgement = { judged: 0, matching: 0, strays: [] };
  for (const sentence of proseSentences(markdown)) {
    const lang = detectLanguage(sentence);
    if (!lang) continue;
    result.judged++;
    if (lang === expected) result.matching++;
    else if (result.strays.length < 3) result.strays.push(`[${lang}] ${sentence.slice(0, 100)}`);
  }
  return result;
}

// An opening that leans on a sentence the reader never saw: a connective, a pointer back, a teaser.
const DANGLING =
  /^(and|but|so|or|which|this|that|these|those|also|however|then|thus|therefore|moreover|still|yet|meanwhile|besides|plus|y|pero|entonces|además|sin embargo|et|mais|donc|alors|und|aber|dann|e|mas|então)\b/iu;
/** "This video…", "This article…": pointing at the work itself, not back at a missing sentence. */
const SELF_REFERENCE = /^(this|these) (article|video|talk|episode|piece|story|report|clip|post)\b/i;
const TEASER = /^(the|la|le|el|die|a|o) [\p{L} ]{1,30}\?/iu;

/** The first sentence of a block's prose, without a leading moment link, emphasis or list marker. */
function firstSentence(block: Block): string {
  const line = block.text
    .replace(/^\s{0,3}(>\s*)?([-*+]|\d{1,3}[.)])?\s*/, "")
    .replace(/^(\s*\[[^\]]*\]\([^)]*\)\s*[—–:-]?\s*)+/, "")
    .replace(/^[*_"“«¿¡(\s]+/u, "");
  return line.split(/(?<=[.!?…])\s+/u)[0] ?? "";
}

/**
 * Openings of the article and of each section that start mid-thought: with a connective or a
 * reference back ("And…", "This…", "The good news?"), or with a lower-case letter.
 */
export function brokenOpenings(markdown: string): string[] {
  // A paragraph that is only a moment link ("[▶ 2:05](…)" under a heading) opens nothing.
  const blocks = splitBlocks(markdown).filter(
    (b) => b.kind !== "code" && /\p{L}/u.test(b.text.replace(/\[[^\]]*\]\([^)]*\)/g, "")),
  );
  const openers: Block[] = [];
  blocks.forEach((block, i) => {
    if (block.kind === "heading") return;
    if (i === 0 || blocks[i - 1].kind === "heading") openers.push(block);
  });
  const out: string[] = [];
  for (const block of openers) {
    const sentence = firstSentence(block);
    const first = /\p{L}/u.exec(sentence)?.[0];
    if (!first) continue;
    if (
      (DANGLING.test(sentence) && !SELF_REFERENCE.test(sentence)) ||
      TEASER.test(sentence) ||
      (first !== first.toUpperCase() && sentence[0] === first)
    ) {
      out.push(sentence.slice(0, 80));
    }
  }
  return out;
}

/** Markup a reader should never see: HTML, data tags, envelope lines, stray brackets and bold marks. */
export function leakedMarkup(markdown: string): string[] {
  const out: string[] = [];
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, " ").replace(/`[^`\n]*`/g, " ");
  for (const m of withoutCode.matchAll(/<\/?[a-z][\w-]*(\s[^>]*)?\/?>|<script|<!--/gi))
    out.push(`tag ${m[0].slice(0, 40)}`);
  if (withoutCode.includes("‹") || withoutCode.includes("›")) out.push("data marker ‹›");
  const envelope = ENVELOPE_LINE.exec(withoutCode);
  if (envelope) out.push(`envelope line ${envelope[0].trim()}`);
  if (RULE_LINE.test(withoutCode)) out.push("envelope rule ---");
  for (const block of splitBlocks(withoutCode)) {
    const bold = block.text.match(/\*\*/g)?.length ?? 0;
    if (bold % 2) out.push(`unbalanced ** in "${block.text.slice(0, 50)}"`);
  }
  // A bracket that is not a link's label (nor an image's) is a writer's marker left behind.
  const noLinks = withoutCode.replace(/!?\[[^\]\n]*\]\([^)\s]*\)/g, " ");
  for (const m of noLinks.matchAll(/\[[^\]\n]{0,80}\]/g)) out.push(`bracket ${m[0]}`);
  return out;
}

/**
 * Lowercase words and numbers only, space-separated and space-framed, for "said in order?" tests;
 * um and uh left out, as the receipts leave them out of quotations.
 */
const FILLERS = new Set(["um", "uh", "umm", "uhm", "erm"]);
const wordsOnly = (text: string) =>
  ` ${(text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => !FILLERS.has(w)).join(" ")} `;

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/[“”„«»"]/g, '"')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .replace(/[.,!?;:]+$/u, "")
    .trim();

/**
 * What a careless fake model made up that reached the page. Invented quotations and people must
 * not appear at all; an altered real quotation must not appear as a quotation (the checker may
 * restore the speaker's words or keep the point as unquoted paraphrase).
 */
export function inventedPublished(
  article: { title: string; excerpt: string; markdown: string },
  invented: readonly InventedMaterial[],
  sources = "",
): string[] {
  const page = squash(stripMarkdown(`${article.title}\n${article.excerpt}\n${article.markdown}`));
  const quoted = [...page.matchAll(/"([^"]+)"/g)].map((m) => squash(m[1]));
  // A model's "alteration" that is still the speaker's words in order (it dropped only words
  // before or after) is no invention: the checker rightly keeps it.
  const said = wordsOnly(sources);
  const out = new Set<string>();
  for (const material of invented) {
    const altered = new Set(material.altered.map((a) => squash(a.quote)));
    for (const quote of material.quotes.map(squash)) {
      if (!quote || (said.length > 2 && said.includes(wordsOnly(quote)))) continue;
      if (altered.has(quote) ? quoted.some((q) => q.includes(quote)) : page.includes(quote)) {
        out.add(`quotation "${quote.slice(0, 90)}"`);
      }
    }
    for (const name of material.names) {
      // The surname alone is enough to credit someone ("Marsh argues…").
      const surname = squash(name).split(" ").at(-1) ?? "";
      if (surname && new RegExp(`\\b${escapeRegExp(surname)}\\b`, "u").test(page)) out.add(`person "${name}"`);
    }
    for (const body of material.affiliations) {
      const bare = squash(body).replace(/^the /, "");
      if (bare && page.includes(bare)) out.add(`institution "${body}"`);
    }
  }
  return [...out];
}

/**
 * Labels of a careless model's wrong moment links ("16:24" in a seven-minute video) left on the
 * page as plain text after the link itself was taken away or moved: a moment that is not in the
 * video, still shown to the reader.
 */
export function staleMomentLabels(markdown: string, invented: readonly InventedMaterial[]): string[] {
  const unlinked = markdown.replace(/!?\[[^\]\n]*\]\([^)\s]*\)/g, " ");
  const out = new Set<string>();
  for (const link of invented.flatMap((m) => m.links)) {
    const label = formatTimestamp(link.seconds);
    if (new RegExp(`(^|[^\\d:])${escapeRegExp(label)}(?![\\d:])`).test(unlinked)) out.add(label);
  }
  return [...out];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
