import type { Article } from "@contract/articles";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, ExternalLink, Eye, FileText, Star } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";
import { formatCount, formatDate } from "@/lib/format";

const STYLE_LABELS: Record<string, string> = { blog: "Blog Style", nyt: "NYT Style", custom: "Custom Style" };

/** The signed-in user's own articles (spec section 2). Editing and deleting arrive with article management. */
export default function MyArticlesPage() {
  const { user } = useAuth();
  const { data: articles, isLoading } = useQuery<Article[]>({
    queryKey: ["/api/user/articles"],
    enabled: Boolean(user),
  });
  if (!user) return <SignInRequired message="Please sign in to see your articles." />;

  return (
    <PageShell className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">My Articles</h1>
      {isLoading ? (
        <p className="text-muted-foreground">Loading your articles...</p>
      ) : articles && articles.length > 0 ? (
        <div className="space-y-4">
          {articles.map((article) => (
            <Card key={article.id} data-testid="my-article">
              <CardContent className="space-y-3 p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge>{STYLE_LABELS[article.style] ?? article.style}</Badge>
                  <Badge variant="secondary">{article.category}</Badge>
                  {article.transcriptUsed && (
                    <Badge variant="outline" className="gap-1">
                      <CheckCircle2 className="h-3 w-3" /> Transcript Used
                    </Badge>
                  )}
                </div>
                <Link href={`/article/${article.id}`} className="block text-xl font-semibold hover:text-primary">
                  {article.title}
                </Link>
                <p className="line-clamp-2 text-sm text-muted-foreground">{article.excerpt}</p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span>{formatDate(article.createdAt)}</span>
                  <span className="flex items-center gap-1">
                    <Eye className="h-4 w-4" /> {formatCount(article.views)} views
                  </span>
                  <span className="flex items-center gap-1">
                    <Star className="h-4 w-4" /> {article.avgRating.toFixed(1)}
                  </span>
                  {article.youtubeUrl && (
                    <a
                      href={article.youtubeUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-1 text-primary hover:underline"
                    >
                      <ExternalLink className="h-4 w-4" /> Source video
                    </a>
                  )}
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      ) : (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <FileText className="mx-auto h-10 w-10 text-muted-foreground" />
          <h2 className="mt-4 text-lg font-semibold">No articles yet</h2>
          <p className="mt-1 text-sm text-muted-foreground">Articles you create from videos will appear here.</p>
          <Button asChild className="mt-6">
            <Link href="/">Go to Home</Link>
          </Button>
        </div>
      )}
    </PageShell>
  );
}
