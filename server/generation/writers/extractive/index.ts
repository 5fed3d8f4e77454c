import { categoryScores, inferCategory } from "../../categorize";
import { markdownToPlainText, truncateText } from "../../render";
import { countWords, normalizeTags, wordRange } from "../../text";
import type { ArticleWriter, WriteRequest, WrittenArticle } from "../../types";
import { BLOG_OPTIONS, type Composition, composeNyt, composeProse, isPersonal } from "./compose";
import { customOptions } from "./custom";
import { buildPlan, buildTags, type Plan } from "./plan";
import { splitProse } from "./sentences";

export { categoryScores };

/**
 * The offline writer: no model, no network. It splits the transcript into sentences (punctuating
 * auto captions), ranks them, builds sections from chapters or topic shifts, and composes a blog,
 * news or custom-style article from the best of them with framing of its own, aiming for the
 * middle of the requested word range. Deterministic: the same request gives the same article.
 */
export function createExtractiveWriter(): ArticleWriter {
  return {
    name: "extractive",
    async write(request, onProgress) {
      onProgress?.({ stage: "writing", detail: "Writing the article from the transcript" });
      return writeExtractive(request);
    },
  };
}

function composer(plan: Plan): (budget: number) => Composition {
  const { style, referenceArticles } = plan.request;
  if (style === "nyt") return (budget) => composeNyt(plan, budget);
  const options = style === "custom" ? customOptions(referenceArticles) : BLOG_OPTIONS;
  return (budget) => composeProse(plan, options, budget);
}

/**
 * Writes with growing or shrinking sentence budgets until the body's word count (countWords) lands
 * near the middle of the range. When the source runs out first, the longest honest article is
 * kept and a note says so.
 */
export function fitLength(
  compose: (budget: number) => Composition,
  min: number,
  max: number,
): { markdown: string; words: number } {
  const target = Math.round((min + max) / 2);
  const distance = (words: number) =>
    words >= min && words <= max
      ? Math.abs(words - target)
      : 10_000 + Math.min(Math.abs(words - min), Math.abs(words - max));
  let budget = Math.round(target * 0.7);
  let best: { markdown: string; words: number } | null = null;
  const tried = new Set<number>();
  for (let attempt = 0; attempt < 12; attempt++) {
    if (tried.has(budget)) break;
    tried.add(budget);
    const composition = compose(budget);
    const words = countWords(composition.markdown);
    if (!best || distance(words) < distance(best.words)) best = { markdown: composition.markdown, words };
    if (words >= min && words <= max && Math.abs(words - target) <= (max - min) * 0.12) break;
    if (composition.exhausted && words < target) break;
    budget = Math.max(20, Math.round(budget + (target - words) * 0.9));
  }
  return best!;
}

/** One or two whole sentences of plain text, at most 200 characters (cut at a word if it must). */
function upTo200(sentences: readonly string[]): string {
  let out = "";
  for (const sentence of sentences.slice(0, 2)) {
    const next = out ? `${out} ${sentence}` : sentence;
    if (next.length > 200) break;
    out = next;
  }
  return out || truncateText(sentences[0] ?? "", 200);
}

/**
 * The excerpt (plain text, 1-2 sentences, at most 200 characters): the creator's own summary
 * when the description opens with an impersonal one (it reads best on a card), else the article's
 * opening (a news article's lede is its summary).
 */
export function excerptFor(plan: Plan, markdown: string): string {
  const opening = splitProse(markdownToPlainText(markdown).split("\n\n")[0] ?? "");
  const summary = plan.description.filter((d) => !isPersonal(d) && d.split(/\s+/).length >= 8);
  if (summary.length > 0 && plan.description[0] === summary[0]) {
    return upTo200(summary[0].length < 60 ? summary : summary.slice(0, 1));
  }
  return upTo200(opening);
}

/** The extractive writer's work, synchronously (see createExtractiveWriter). */
export function writeExtractive(request: WriteRequest): WrittenArticle {
  const plan = buildPlan(request);
  const { min, max } = wordRange(request.length);
  const { markdown, words } = fitLength(composer(plan), min, max);
  const transcriptText = request.transcript?.segments.map((s) => s.text).join(" ");
  const category = request.category ?? inferCategory(request.video, transcriptText);
  const article: WrittenArticle = {
    title: plan.meta.headline,
    excerpt: excerptFor(plan, markdown),
    markdown,
    tags: normalizeTags(buildTags(plan, category), 8),
    category,
  };
  if (words < min) {
    article.note =
      plan.source === "metadata"
        ? `No transcript was available, so this article is based on the video's title, description${plan.chapters.length ? ", chapters" : ""}${plan.comments.length ? " and comments" : ""}, and is shorter than the ${request.length} range (${min}–${max} words).`
        : `The video has little content, so this article is shorter than the ${request.length} range (${min}–${max} words).`;
  }
  return article;
}
