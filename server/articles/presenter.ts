import type { Article, ArticleStyle } from "../../contract/articles";
import type { ArticleSummary } from "../../contract/feed";
import type { ArticleRow, UserRow } from "../db/schema";

export interface ArticleAuthor {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

/**
 * The article as the API shows it. `content` is the sanitized HTML; the markdown source goes
 * only to those who may edit it (decisions.md).
 */
export function presentArticle(
  row: ArticleRow,
  author: ArticleAuthor,
  options: { includeMarkdown?: boolean; note?: string | null } = {},
): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.contentHtml,
    ...(options.includeMarkdown ? { contentMarkdown: row.contentMarkdown } : {}),
    category: row.category,
    style: row.style as ArticleStyle,
    length: row.length,
    tone: row.tone,
    tags: row.tags,
    youtubeUrl: row.youtubeUrl,
    youtubeVideoId: row.youtubeVideoId,
    thumbnailUrl: row.thumbnailUrl,
    transcriptUsed: row.transcriptUsed,
    wordCount: row.wordCount,
    viewCount: row.viewCount,
    views: row.viewCount,
    avgRating: row.ratingAvg,
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: author,
    ...(options.note ? { note: options.note } : {}),
  };
}

/** The article for one viewer: its owner and admins also get the markdown they may edit. */
export function presentArticleFor(
  found: { article: ArticleRow; author: ArticleAuthor },
  viewer: UserRow | undefined,
): Article {
  const mayEdit = viewer !== undefined && (viewer.id === found.article.userId || viewer.role === "admin");
  return presentArticle(found.article, found.author, { includeMarkdown: mayEdit });
}

/** A feed card: the article without its body. */
export function presentSummary(row: ArticleRow, author: ArticleAuthor): ArticleSummary {
  const { content: _content, contentMarkdown: _markdown, note: _note, ...summary } = presentArticle(row, author);
  return summary;
}
