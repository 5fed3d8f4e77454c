import type { Article } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Eye, Loader2, Pencil, ShieldAlert, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LabeledSelect } from "@/components/ui/labeled-select";
import { Textarea } from "@/components/ui/textarea";
import { Notice, PageShell } from "@/features/layout/page-shell";
import { ADMIN_ARTICLES_KEY, useDeleteArticle, useSaveArticle } from "@/features/manage-articles/use-manage-articles";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatCount, formatDate } from "@/lib/format";

const STYLE_LABELS: Record<string, string> = Object.fromEntries(STYLES.map((s) => [s.value, s.label]));

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
    return (
      <PageShell>
        <Notice
          icon={<ShieldAlert className="h-10 w-10 text-destructive" />}
          title="Access Denied"
          message="You need admin privileges to access this page."
        />
      </PageShell>
    );
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
  const [editing, setEditing] = useState(false);
  const remove = useDeleteArticle("admin");
  const confirmDelete = () => {
    if (!window.confirm("Are you sure you want to delete this article? This action cannot be undone.")) return;
    remove.mutate(article.id, {
      onSuccess: () => toast({ title: "Article deleted", description: "Article has been successfully deleted." }),
      onError: () => toast({ title: "Error", description: "Failed to delete article.", variant: "destructive" }),
    });
  };

  return (
    <Card data-testid="admin-article">
      <CardContent className="space-y-3 p-5">
        {editing ? (
          <AdminEditForm article={article} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-2">
                <Link
                  href={`/article/${article.slug || article.id}`}
                  className="text-lg font-semibold hover:text-primary"
                >
                  {article.title}
                </Link>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge>{STYLE_LABELS[article.style] ?? article.style}</Badge>
                  <Badge variant="secondary">{article.category}</Badge>
                  <span>
                    {article.user.firstName} {article.user.lastName}
                  </span>
                  <span>·</span>
                  <span>{formatDate(article.createdAt)}</span>
                </div>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil /> Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={remove.isPending}
                  onClick={confirmDelete}
                >
                  <Trash2 /> Delete
                </Button>
              </div>
            </div>
            {article.excerpt && <p className="text-sm font-medium">{article.excerpt}</p>}
            <p className="text-sm text-muted-foreground" data-testid="content-preview">
              {contentPreview(article.content)}
            </p>
            <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              <span className="flex items-center gap-1">
                <Eye className="h-4 w-4" /> {formatCount(article.viewCount ?? 0)} views
              </span>
              {article.youtubeUrl && (
                <a
                  href={article.youtubeUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-1 text-primary hover:underline"
                >
                  <ExternalLink className="h-4 w-4" /> View Source Video
                </a>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Edit mode: title, excerpt, content, category and style, with Save and Cancel (spec section 4). */
function AdminEditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const [draft, setDraft] = useState({
    title: article.title,
    excerpt: article.excerpt,
    content: article.contentMarkdown ?? "",
    category: article.category,
    style: article.style,
  });
  const { save: saveArticle, isPending } = useSaveArticle("admin");
  const ids = useId();
  const categories = editCategoriesFor(article.category);
  const save = () => saveArticle(article.id, draft, onDone);

  return (
    <fieldset disabled={isPending} className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-title`}>Title</Label>
        <Input
          id={`${ids}-title`}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-excerpt`}>Excerpt</Label>
        <Textarea
          id={`${ids}-excerpt`}
          rows={3}
          value={draft.excerpt}
          onChange={(e) => setDraft({ ...draft, excerpt: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-content`}>Content</Label>
        <Textarea
          id={`${ids}-content`}
          rows={10}
          className="font-mono text-sm"
          value={draft.content}
          onChange={(e) => setDraft({ ...draft, content: e.target.value })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabeledSelect
          id={`${ids}-category`}
          label="Category"
          value={draft.category}
          onChange={(category) => setDraft({ ...draft, category })}
          options={categories.map((c) => ({ value: c, label: c }))}
        />
        <LabeledSelect
          id={`${ids}-style`}
          label="Style"
          value={draft.style}
          onChange={(style) => setDraft({ ...draft, style: style as Article["style"] })}
          options={STYLES}
        />
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={save}>
          {isPending && <Loader2 className="animate-spin" />} Save
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
