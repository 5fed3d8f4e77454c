import type { Article } from "@contract/articles";
import { commentsQueryKey } from "@contract/comment-keys";
import { STYLE_LABELS } from "@contract/options";
import { articlePath } from "@contract/pages";
import { bookmarkCheckQueryKey } from "@contract/query-keys";
import {
  Calendar,
  Captions,
  Clock,
  Eye,
  FileQuestion,
  FileText,
  MessageSquare,
  Mic,
  Play,
  TextQuote,
} from "lucide-react";
import { Suspense } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { AuthorLink, CategoryLink, TagLink } from "@/features/community/topic-links";
import { ArticleThumbnail } from "@/features/feed/article-thumbnail";
import { Notice } from "@/features/layout/page-shell";
import { UserAvatar } from "@/features/layout/user-avatar";
import { countLabel, formatDate } from "@/lib/format";
import { lazyComponent } from "@/lib/lazy";
import { PersonalIsland, SIGNED_IN } from "@/lib/personal-island";
import { ArticleContentsInline, ArticleContentsSidebar, contentsOf } from "./article-contents";
import { ReaderArticleRating } from "./article-rating";
import { ArticleReceipts } from "./article-receipts";
import { ReaderBookmarkButton } from "./bookmark-button";
import { MomentPlayer, useMomentPlayer } from "./moment-player";
import { ReadNext } from "./read-next";
import { ShareButtons } from "./share-buttons";
import { transcriptSourceLine } from "./transcript-source";
import { useOrigin } from "./use-article-actions";

/**
 * The comments, rendered by the server with the page (readers see them at once, and their forms
 * post without JavaScript) and hydrated on their own once their code arrives: it brings the
 * comment forms with react-hook-form and zod, which the article itself does not wait for.
 */
const CommentsSection = lazyComponent(
  () => import("@/features/comments/comments-section").then((module) => module.CommentsSection),
  { ssr: true },
);

/**
 * One article as the spec's article page shows it (section 2): style badge, 'From YouTube',
 * title, author, date and reading time; rating, views, sharing and 'Save Article'; excerpt and
 * body; the source video; tags. A long article has a table of contents (beside it on wide
 * screens, above the body otherwise); after it, the author's previous and next articles and
 * related ones (issue 19).
 *
 * Everything here but the personal islands (the bookmark, the rating, the comments; the top bar
 * in the page shell) reads alike for every reader who is not the article's author or an
 * admin, so the server renders it once per article (server/pages/shared-article.ts). The
 * islands read the reader and their copy of the article (`articleKey`) from the query cache.
 */
export function ArticleView({ article, articleKey }: { article: Article; articleKey: readonly unknown[] }) {
  const author = `${article.user.firstName} ${article.user.lastName}`.trim();
  const contents = contentsOf(article);
  const lang = article.language ?? undefined;
  return (
    <div className={contents.length > 0 ? "lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-8" : undefined}>
      <div className="min-w-0 space-y-10">
        <ArticleBody article={article} articleKey={articleKey} contents={contents} />
        <Suspense fallback={null}>
          <PersonalIsland name="comments" reads={[SIGNED_IN, commentsQueryKey(article.id)]}>
            <CommentsSection article={{ id: article.id, slug: article.slug, commentCount: article.commentCount }} />
          </PersonalIsland>
        </Suspense>
        <ReadNext articleId={article.id} authorName={author} />
      </div>
      {contents.length > 0 && (
        <div className="hidden lg:block">
          <ArticleContentsSidebar headings={contents} lang={lang} />
        </div>
      )}
    </div>
  );
}

/** Whether the article page is wide enough for a table of contents beside the article. */
export function hasContentsSidebar(article: Article): boolean {
  return contentsOf(article).length > 0;
}

function ArticleBody({
  article,
  articleKey,
  contents,
}: {
  article: Article;
  articleKey: readonly unknown[];
  contents: ReturnType<typeof contentsOf>;
}) {
  const shareUrl = `${useOrigin()}${articlePath(article)}`;
  const author = `${article.user.firstName} ${article.user.lastName}`.trim();
  const player = useMomentPlayer(article.youtubeVideoId);
  // The article's words in their own language; the page around them stays in the interface's.
  const lang = article.language ?? undefined;

  return (
    // Full width on a phone (every pixel for the text), a card from the small breakpoint up.
    <article className="-mx-4 -mt-8 overflow-hidden border-b bg-card shadow-sm sm:mx-0 sm:mt-0 sm:rounded-2xl sm:border">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegated; the clicks are on the moment links inside, which keep their own keyboard behaviour */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too */}
      <div className="space-y-6 px-5 py-7 sm:px-10 sm:py-10" onClick={player.onClick}>
        <header className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{STYLE_LABELS[article.style] ?? article.style}</Badge>
            {article.youtubeUrl ? (
              <Badge variant="outline" className="gap-1.5 border-red-200 bg-red-50 text-red-700">
                <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="currentColor" aria-hidden="true">
                  <path d="M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6-6.3 3.6z" />
                </svg>
                From YouTube
              </Badge>
            ) : (
              // Written from the author's own recording: there is no video page to point at.
              <Badge variant="outline" className="gap-1.5">
                <Mic className="h-3.5 w-3.5" aria-hidden="true" />
                From a recording
              </Badge>
            )}
            <Badge variant="secondary">
              <CategoryLink name={article.category} />
            </Badge>
          </div>
          <h1
            lang={lang}
            className="text-[1.75rem] font-extrabold leading-tight tracking-tight text-balance sm:text-4xl"
          >
            {article.title}
          </h1>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
              <span className="flex items-center gap-2.5">
                <UserAvatar user={{ ...article.user, email: "" }} className="h-9 w-9 text-xs" />
                <span className="font-medium text-foreground">
                  <AuthorLink handle={article.authorHandle}>{author || "Unknown author"}</AuthorLink>
                </span>
              </span>
              <span className="flex items-center gap-1.5">
                <Calendar className="h-4 w-4" />
                <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
              </span>
              <span className="flex items-center gap-1.5" data-testid="reading-time">
                <Clock className="h-4 w-4" aria-hidden="true" /> {article.readingMinutes} min read
              </span>
              {/*
               * The count the page was rendered with, for every reader alike (it may be a minute
               * old); this read's own count is in the page's data, and hydrating keeps the text.
               */}
              <span className="flex items-center gap-1.5" data-testid="view-count" suppressHydrationWarning>
                <Eye className="h-4 w-4" /> {countLabel(article.viewCount, "view")}
              </span>
              <a
                href="#comments"
                className="flex items-center gap-1.5 hover:text-foreground"
                data-testid="comment-count"
              >
                <MessageSquare className="h-4 w-4" aria-hidden="true" /> {countLabel(article.commentCount, "comment")}
              </a>
            </div>
            <PersonalIsland name="bookmark" reads={[SIGNED_IN, bookmarkCheckQueryKey(article.id)]}>
              <ReaderBookmarkButton articleId={article.id} className="rounded-full" />
            </PersonalIsland>
          </div>
          <TranscriptSourceNote article={article} />
        </header>

        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-4 border-y py-4">
          <PersonalIsland name="rating" reads={[SIGNED_IN, articleKey]}>
            <ReaderArticleRating articleKey={articleKey} />
          </PersonalIsland>
          <ShareButtons url={shareUrl} title={article.title} />
        </div>

        {article.excerpt && (
          <p lang={lang} className="border-l-4 border-primary/60 pl-4 text-lg leading-relaxed text-muted-foreground">
            {article.excerpt}
          </p>
        )}

        {article.evidence && <ArticleReceipts evidence={article.evidence} videoId={article.youtubeVideoId} />}

        {contents.length > 0 && <ArticleContentsInline headings={contents} lang={lang} />}

        <div
          lang={lang}
          // The sticky header would cover a heading a contents link scrolls to: stop below it.
          className="article-body break-words [&_h2]:scroll-mt-24 [&_h3]:scroll-mt-24"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from markdown and sanitized with an allowlist on the server
          dangerouslySetInnerHTML={{ __html: article.content }}
        />

        {article.youtubeUrl && (
          <section aria-labelledby="source-video" className="space-y-3 pt-2">
            <h2 id="source-video" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              Source video
            </h2>
            <a
              href={article.youtubeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="group relative block aspect-video overflow-hidden rounded-xl border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ArticleThumbnail
                article={article}
                className="transition-transform duration-300 group-hover:scale-[1.02]"
              />
              <span className="absolute inset-x-0 bottom-0 flex items-center gap-3 bg-gradient-to-t from-black/80 via-black/50 to-transparent px-4 pt-12 pb-4 text-white sm:px-6 sm:pb-5">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-red-600 shadow-lg transition-transform group-hover:scale-110 sm:h-12 sm:w-12">
                  <Play className="ml-0.5 h-5 w-5" fill="currentColor" />
                </span>
                <span className="min-w-0">
                  <span className="block text-base font-semibold sm:text-lg">Watch Original Video</span>
                  <span className="block text-xs text-white/80 sm:text-sm">Opens on YouTube in a new tab</span>
                </span>
              </span>
            </a>
          </section>
        )}

        {article.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {article.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary" className="px-3 py-1 text-sm font-medium">
                  <TagLink tag={tag} prefix="#" />
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      {player.start !== null && article.youtubeVideoId && (
        <>
          {/* Room to scroll the end of the article above the player on a phone. */}
          <div aria-hidden="true" className="h-64 sm:hidden" />
          <MomentPlayer
            videoId={article.youtubeVideoId}
            start={player.start}
            title={article.title}
            onClose={player.close}
          />
        </>
      )}
    </article>
  );
}

const SOURCE_ICONS = {
  captions: Captions,
  "auto-captions": Captions,
  speech: Mic,
  pasted: FileText,
  file: FileText,
  none: TextQuote,
} as const;

/**
 * How the article's words were obtained, in one line of the byline's small print. Those who may
 * edit the article (they get its markdown) read "your transcript"; everyone else "the author's".
 */
export function TranscriptSourceNote({ article }: { article: Pick<Article, "transcriptSource" | "contentMarkdown"> }) {
  const Icon = SOURCE_ICONS[article.transcriptSource] ?? TextQuote;
  return (
    <p className="-mt-2 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="transcript-source">
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      {transcriptSourceLine(article.transcriptSource, { ownArticle: article.contentMarkdown !== undefined })}
    </p>
  );
}

/** Spec section 2: what a missing article shows. */
export function ArticleNotFound() {
  return (
    <Notice
      icon={<FileQuestion className="h-10 w-10 text-muted-foreground" />}
      title="Article Not Found"
      message="The article you're looking for doesn't exist or has been removed."
      action={
        <Button asChild>
          <Link href="/">Go Home</Link>
        </Button>
      }
    />
  );
}

/** The article's shape while it loads. */
export function ArticleSkeleton() {
  return (
    <div
      className="-mx-4 -mt-8 space-y-6 border-b bg-card px-5 py-7 sm:mx-0 sm:mt-0 sm:rounded-2xl sm:border sm:px-10 sm:py-10"
      aria-busy="true"
    >
      <p className="sr-only">Loading article...</p>
      <div className="flex gap-2">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-28 rounded-full" />
      </div>
      <Skeleton className="h-10 w-4/5" />
      <div className="flex items-center gap-3">
        <Skeleton className="h-9 w-9 rounded-full" />
        <Skeleton className="h-4 w-48" />
      </div>
      <Skeleton className="h-12 w-full" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-4 w-full" />
      ))}
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
