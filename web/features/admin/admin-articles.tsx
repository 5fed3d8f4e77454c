import { ADMIN_DELETE_QUESTION } from "@contract/action-forms";
import { ADMIN_PAGE_SIZE, type AdminListParams } from "@contract/admin-query";
import { EDIT_ARTICLE_PARAM } from "@contract/article-forms";
import type { Article } from "@contract/articles";
import { articlePath } from "@contract/pages";
import { Suspense, useState } from "react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { SourceVideoLink, StyleAndCategoryBadges, ViewCount } from "@/features/manage-articles/article-facts";
import { EditDeleteButtons } from "@/features/manage-articles/edit-delete-buttons";
import { useAddressParam } from "@/hooks/use-address-param";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/format";
import { lazyComponent } from "@/lib/lazy";
import { ConfirmDialog } from "./confirm-dialog";
import { AdminPager, AdminSearchForm } from "./list-controls";
import { useAdminAddress, useAdminArticles, useAdminDeleteArticle, useRefreshAdminLists } from "./use-admin";

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

/** The Articles tab: every article, searched by title, tags or author, 20 a page, editable and deletable. */
export function AdminArticles({ params }: { params: AdminListParams }) {
  const { go } = useAdminAddress();
  const { data: articles, isPending, isError, error } = useAdminArticles(params, true);
  const [deleting, setDeleting] = useState<Article | null>(null);
  const remove = useAdminDeleteArticle();
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: "Article deleted", description: "Article has been successfully deleted." });
      },
      onError: () => {
        setDeleting(null);
        toast({ title: "Error", description: "Failed to delete article.", variant: "destructive" });
      },
    });
  };

  return (
    <section aria-label="Articles" className="space-y-4">
      <AdminSearchForm
        tab="articles"
        params={params}
        label="Search articles"
        placeholder="Search by title, tag or author..."
        onSearch={(search) => go("articles", { search, page: 1 })}
      />
      {isPending ? (
        <p className="py-8 text-center text-muted-foreground">Loading articles...</p>
      ) : isError ? (
        <p role="alert" className="py-8 text-center text-destructive">
          {error.message}
        </p>
      ) : articles.length > 0 ? (
        <div className="space-y-4">
          {articles.map((article) => (
            <AdminArticle key={article.id} article={article} onDelete={() => setDeleting(article)} />
          ))}
        </div>
      ) : params.search || params.page > 1 ? (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <h2 className="text-lg font-semibold">No articles found</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {params.search ? "No article matches this search." : "There are no more articles."}
          </p>
        </div>
      ) : (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <h2 className="text-lg font-semibold">No articles found</h2>
          <p className="mt-1 text-sm text-muted-foreground">There are currently no articles in the system.</p>
        </div>
      )}
      <AdminPager tab="articles" params={params} hasNext={(articles?.length ?? 0) >= ADMIN_PAGE_SIZE} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete article"
        question={ADMIN_DELETE_QUESTION}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </section>
  );
}

function AdminArticle({ article, onDelete }: { article: Article; onDelete: () => void }) {
  // /admin?edit=12 opens that article's editor in the server's HTML.
  const byAddress = useAddressParam(EDIT_ARTICLE_PARAM);
  const [editing, setEditing] = useState(byAddress.initial === String(article.id));
  const refreshLists = useRefreshAdminLists();
  const doneEditing = () => {
    setEditing(false);
    byAddress.clear();
    refreshLists();
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
                  onDelete={onDelete}
                  deleting={false}
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
