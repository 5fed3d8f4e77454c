import type { Article } from "@contract/articles";
import { useQuery } from "@tanstack/react-query";
import { Newspaper, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CreateArticleDialog } from "@/features/create-article/create-article-dialog";
import { PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";
import { formatDate } from "@/lib/format";

/** The signed-in home: the latest articles. Filters, search and featured arrive with the reading feature. */
export default function HomePage() {
  const { user } = useAuth();
  const [creating, setCreating] = useState(false);
  const { data: articles, isLoading } = useQuery<Article[]>({ queryKey: ["/api/articles"] });
  const openCreate = () => setCreating(true);

  return (
    <PageShell className="space-y-8" onCreateArticle={openCreate}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user?.firstName}</h1>
          <p className="mt-1 text-muted-foreground">Articles written from the videos people share.</p>
        </div>
        <Button onClick={openCreate} className="sm:hidden">
          <Plus /> Create Article
        </Button>
      </div>
      <section aria-labelledby="latest-articles" className="space-y-4">
        <h2 id="latest-articles" className="text-xl font-semibold">
          Latest Articles
        </h2>
        {isLoading ? (
          <p className="text-muted-foreground">Loading articles...</p>
        ) : articles && articles.length > 0 ? (
          <div className="grid gap-4 md:grid-cols-2">
            {articles.map((article) => (
              <Card key={article.id}>
                <CardContent className="space-y-2 p-5">
                  <Link
                    href={`/article/${article.slug || article.id}`}
                    className="text-lg font-semibold leading-snug hover:text-primary"
                  >
                    {article.title}
                  </Link>
                  <p className="line-clamp-2 text-sm text-muted-foreground">{article.excerpt}</p>
                  <p className="text-xs text-muted-foreground">
                    {article.user.firstName} {article.user.lastName} · {formatDate(article.createdAt)}
                  </p>
                </CardContent>
              </Card>
            ))}
          </div>
        ) : (
          <div className="rounded-xl border border-dashed bg-background p-12 text-center">
            <Newspaper className="mx-auto h-10 w-10 text-muted-foreground" />
            <h3 className="mt-4 text-lg font-semibold">No articles found</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Be the first to create an article from YouTube content!
            </p>
            <Button className="mt-6" onClick={openCreate}>
              <Plus /> Create First Article
            </Button>
          </div>
        )}
      </section>
      <CreateArticleDialog open={creating} onOpenChange={setCreating} />
    </PageShell>
  );
}
