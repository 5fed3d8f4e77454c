import { readingMinutes } from "../../contract/article-reading";
import { type Article, type ArticleStyle, TRANSCRIPT_SOURCES, type TranscriptSource } from "../../contract/articles";
import { type ArticleEvidence, articleEvidence } from "../../contract/evidence";
import type { ArticleSummary } from "../../contract/feed";
import { withHeadingIds } from "../content/headings";
import { type ArticleRow, articles, type UserRow, users } from "../db/schema";

export interface ArticleAuthor {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  /** Their page is /u/{handle} (issue 19). */
  handle: string;
}

/** The author's columns every article query joins in (what a card, page or list shows). */
export const authorColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  handle: users.handle,
};

/**
 * The columns a card needs: everything but the bodies and the search columns, which are most
 * of a row's bytes. Lists select these so a page of ten reads kilobytes, not a hundred.
 */
export const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  userId: articles.userId,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  style: articles.style,
  length: articles.length,
  tone: articles.tone,
  tags: articles.tags,
  youtubeUrl: articles.youtubeUrl,
  youtubeVideoId: articles.youtubeVideoId,
  thumbnailUrl: articles.thumbnailUrl,
  transcriptUsed: articles.transcriptUsed,
  transcriptSource: articles.transcriptSource,
  language: articles.language,
  wordCount: articles.wordCount,
  viewCount: articles.viewCount,
  ratingAvg: articles.ratingAvg,
  ratingCount: articles.ratingCount,
  commentCount: articles.commentCount,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
export type SummaryRow = Pick<ArticleRow, keyof typeof summaryColumns>;

/** A card's row with its author, as the feed, featured and bookmark queries answer it. */
export interface SummaryWithAuthor {
  article: SummaryRow;
  author: ArticleAuthor;
}

/**
 * An article as read for showing it: the search fields stay in the database, and lists leave out
 * the receipts (only the article page shows them).
 */
export type ShownArticle = Omit<
  ArticleRow,
  "searchVector" | "rankVector" | "searchText" | "contentText" | "evidence"
> & {
  evidence?: unknown;
};

/** An article with its author, as the single-article and list queries answer it. */
export interface ArticleWithAuthor {
  article: ShownArticle;
  author: ArticleAuthor;
}

/**
 * Stored receipts as the contract shapes them. The column is jsonb written by code that may
 * change; a value that no longer fits the schema is shown as no receipts, never as an error.
 */
export function readEvidence(value: unknown): ArticleEvidence | null {
  if (value === null || value === undefined) return null;
  const parsed = articleEvidence.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The stored transcript source; a value this code does not know is shown as none, never as an error. */
function readTranscriptSource(value: string): TranscriptSource {
  return (TRANSCRIPT_SOURCES as readonly string[]).includes(value) ? (value as TranscriptSource) : "none";
}

/** A feed card: the article without its body. */
export function presentSummary(row: SummaryRow, author: ArticleAuthor): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    style: row.style as ArticleStyle,
    length: row.length,
    tone: row.tone,
    tags: row.tags,
    youtubeUrl: row.youtubeUrl,
    youtubeVideoId: row.youtubeVideoId,
    thumbnailUrl: row.thumbnailUrl,
    transcriptUsed: row.transcriptUsed,
    transcriptSource: readTranscriptSource(row.transcriptSource),
    language: row.language,
    wordCount: row.wordCount,
    readingMinutes: readingMinutes(row.wordCount),
    viewCount: row.viewCount,
    views: row.viewCount,
    avgRating: row.ratingAvg,
    ratingCount: row.ratingCount,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { firstName: author.firstName, lastName: author.lastName, profileImageUrl: author.profileImageUrl },
    authorHandle: author.handle,
  };
}

/**
 * The article as the API shows it. `content` is the sanitized HTML, its headings with ids for
 * the table of contents (content/headings.ts); the markdown source goes only to those who may
 * edit it (decisions.md). With `headings`, the headings are listed too (the article page).
 */
export function presentArticle(
  row: ShownArticle,
  author: ArticleAuthor,
  options: { includeMarkdown?: boolean; note?: string | null; headings?: boolean; ownArticle?: boolean } = {},
): Article {
  const body = withHeadingIds(row.contentHtml);
  return {
    ...presentSummary(row, author),
    content: body.html,
    ...(options.headings ? { headings: body.headings } : {}),
    ...(options.ownArticle !== undefined ? { ownArticle: options.ownArticle } : {}),
    ...(options.includeMarkdown ? { contentMarkdown: row.contentMarkdown } : {}),
    // Present only when the query read the column (single-article reads do, lists do not).
    ...(row.evidence !== undefined ? { evidence: readEvidence(row.evidence) } : {}),
    ...(options.note ? { note: options.note } : {}),
  };
}

/**
 * The article for one viewer, as its page shows it: with its headings, whether the viewer wrote
 * it, and for its owner and admins the markdown they may edit.
 */
export function presentArticleFor(
  found: { article: ShownArticle; author: ArticleAuthor },
  viewer: UserRow | undefined,
): Article {
  const ownArticle = viewer !== undefined && viewer.id === found.article.userId;
  return presentArticle(found.article, found.author, {
    includeMarkdown: mayEditArticle(found.article, viewer),
    headings: true,
    ownArticle,
  });
}

/** Whether the viewer may edit the article (its owner, or an admin): they get its markdown. */
export function mayEditArticle(article: { userId: string }, viewer: UserRow | undefined): boolean {
  return viewer !== undefined && (viewer.id === article.userId || viewer.role === "admin");
}
