import { ADMIN_DELETE_QUESTION } from "@contract/action-forms";
import { EDIT_ARTICLE_PARAM } from "@contract/article-forms";
import type { Article } from "@contract/articles";
import { articlePath } from "@contract/pages";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { AccessDenied, PageShell } from "@/features/layout/page-shell";
import { SourceVideoLink, StyleAndCategoryBadges, ViewCount } from "@/features/manage-articles/article-facts";
import { EditDeleteButtons } from "@/features/manage-articles/edit-delete-buttons";
import { ADMIN_ARTICLES_KEY, useDeleteArticle } from "@/features/manage-articles/use-manage-articles";
import { useAddressParam } from "@/hooks/use-address-param";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/format";
import { lazyComponent } from "@/lib/lazy";

// The in-place editor shows only after an Edit click: its code loads then, or sooner when the
// pointer comes to an Edit button. The server loads it up front (ssr), for the editor opened by
// the address (/admin?edit=12, without JavaScript).
const AdminEditForm = lazyComponent(
  () => import("@/features/manage-articles/admin-edit-form").then((module) => module.AdminEditForm),
  { ssr: true },
);

/** Spec: the first 300 characters of the content, then an ellipsis. */
function contentPreview(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return `${text.slice(0, 300)}...`;
}

/** The admin dashboard (spec section 2): every article, editable in place, deletable. */
export default function AdminPage() {
  const { user, isLoading, isAdmin } = useAuth();
  const { data: articles, isLoading: loadingArticles } = useQuery<Article[]>({
    queryKey: ADMIN_ARTICLES_KEY,
    enabled: isAdmin,
  });

  if (isLoading || (isAdmin && loadingArticles)) {
    return (
      <PageShell>
        <p className="py-12 text-center text-muted-foreground">Loading admin dashboard...</p>
      </PageShell>
    );
  }
  if (!user || !isAdmin) {
    return <AccessDenied message="You need admin privileges to access this page." />;
  }
  return (
    <PageShell className="max-w-5xl space-y-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Manage every article on the platform.</p>
        </div>
        {articles && articles.length > 0 && <Badge variant="secondary">{articles.length} articles</Badge>}
      </div>
      {articles && articles.length > 0 ? (
        <div className="space-y-4">
          {articles.map((article) => (
            <AdminArticle key={article.id} article={article} />
          ))}
        </div>
      ) : (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <h2 className="text-lg font-semibold">No articles found</h2>
          <p className="mt-1 text-sm text-muted-foreground">There are currently no articles in the system.</p>
        </div>
      )}
    </PageShell>
  );
}

function AdminArticle({ article }: { article: Article }) {
  // /admin?edit=12 opens that article's editor in the server's HTML.
  const byAddress = useAddressParam(EDIT_ARTICLE_PARAM);
  const [editing, setEditing] = useState(byAddress.initial === String(article.id));
  const doneEditing = () => {
    setEditing(false);
    byAddress.clear();
  };
  const remove = useDeleteArticle("admin");
  const confirmDelete = () => {
    if (!window.confirm(ADMIN_DELETE_QUESTION)) return;
    remove.mutate(article.id, {
      onSuccess: () => toast({ title: "Article deleted", description: "Article has been successfully deleted." }),
      onError: () => toast({ title: "Error", description: "Failed to delete article.", variant: "destructive" }),
    });
  };

  return (
    <Card data-testid="admin-article">
      <CardContent className="space-y-3 p-5">
        {editing ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading editor...</p>}>
            <AdminEditForm article={article} onDone={doneEditing} />
          </Suspense>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-2">
                <Link href={articlePath(article)} className="text-lg font-semibold hover:text-primary">
                  {article.title}
                </Link>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <StyleAndCategoryBadges article={article} />
                  <span>
                    {article.user.firstName} {article.user.lastName}
                  </span>
                  <span>·</span>
                  <span>{formatDate(article.createdAt)}</span>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <EditDeleteButtons
                  page="/admin"
                  articleId={article.id}
                  onEdit={() => setEditing(true)}
                  onEditSoon={AdminEditForm.preload}
                  onDelete={confirmDelete}
                  deleting={remove.isPending}
                />
              </div>
            </div>
            {article.excerpt && <p className="text-sm font-medium">{article.excerpt}</p>}
            <p className="text-sm text-muted-foreground" data-testid="content-preview">
              {contentPreview(article.content)}
            </p>
            <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              <ViewCount count={article.viewCount} />
              {article.youtubeUrl && <SourceVideoLink href={article.youtubeUrl}>View Source Video</SourceVideoLink>}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
