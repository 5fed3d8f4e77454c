import type { Article } from "@contract/articles";
import { articleQueryKey } from "@contract/pages";
import { useQuery } from "@tanstack/react-query";
import { Eye, FileQuestion, PlayCircle } from "lucide-react";
import { Link, useParams } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Notice, PageShell } from "@/features/layout/page-shell";
import { UserAvatar } from "@/features/layout/user-avatar";
import { formatCount, formatDate } from "@/lib/format";

const STYLE_LABELS: Record<string, string> = { blog: "Blog Style", nyt: "NYT Style", custom: "Custom Style" };

export default function ArticlePage() {
  const { identifier = "" } = useParams<{ identifier: string }>();
  const { data: article, isLoading, isError } = useQuery<Article>({ queryKey: articleQueryKey(identifier) });

  if (isLoading) {
    return (
      <PageShell>
        <p className="text-center text-muted-foreground">Loading article...</p>
      </PageShell>
    );
  }
  if (isError || !article) {
    return (
      <PageShell>
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
      </PageShell>
    );
  }

  return (
    <PageShell className="max-w-3xl">
      <article className="space-y-6">
        <header className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{STYLE_LABELS[article.style] ?? article.style}</Badge>
            <Badge variant="outline" className="gap-1">
              <PlayCircle className="h-3 w-3" /> From YouTube
            </Badge>
            <Badge variant="secondary">{article.category}</Badge>
          </div>
          <h1 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{article.title}</h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            <span className="flex items-center gap-2">
              <UserAvatar user={{ ...article.user, email: "" }} className="h-8 w-8 text-xs" />
              <span className="font-medium text-foreground">
                {article.user.firstName} {article.user.lastName}
              </span>
            </span>
            <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
            <span className="flex items-center gap-1">
              <Eye className="h-4 w-4" /> {formatCount(article.viewCount)} views
            </span>
          </div>
        </header>

        {article.excerpt && <p className="text-lg leading-relaxed text-muted-foreground">{article.excerpt}</p>}

        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from markdown and sanitized with an allowlist on the server */}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.content }} />

        {article.youtubeUrl && article.youtubeVideoId && (
          <a
            href={article.youtubeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="group relative block overflow-hidden rounded-xl border"
          >
            <img
              src={`https://i.ytimg.com/vi/${article.youtubeVideoId}/hqdefault.jpg`}
              alt={`Video thumbnail for ${article.title}`}
              className="aspect-video w-full object-cover transition-transform group-hover:scale-[1.02]"
              loading="lazy"
            />
            <span className="absolute inset-0 flex items-center justify-center bg-black/35 text-lg font-semibold text-white">
              <PlayCircle className="mr-2 h-8 w-8" /> Watch Original Video
            </span>
          </a>
        )}

        {article.tags.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                #{tag}
              </Badge>
            ))}
          </div>
        )}
      </article>
    </PageShell>
  );
}
