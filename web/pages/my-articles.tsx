import { ownDeleteQuestion } from "@contract/action-forms";
import { EDIT_ARTICLE_PARAM } from "@contract/article-forms";
import type { Article } from "@contract/articles";
import { MY_ARTICLES_KEY } from "@contract/query-keys";
import { useQuery } from "@tanstack/react-query";
import { Bookmark, CheckCircle2, FileText, Star } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { SavedArticles } from "@/features/article/saved-articles";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { SourceVideoLink, StyleAndCategoryBadges, ViewCount } from "@/features/manage-articles/article-facts";
import { EditDeleteButtons } from "@/features/manage-articles/edit-delete-buttons";
import { useDeleteArticle } from "@/features/manage-articles/use-manage-articles";
import { useAddressParam } from "@/hooks/use-address-param";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/format";
import { lazyComponent, MountWhen } from "@/lib/lazy";
import { cn } from "@/lib/utils";

// Only an Edit click opens the dialog: its code loads then, or sooner when the pointer comes to
// an Edit button. The server loads it up front (ssr), for the dialog opened by the address
// (/my-articles?edit=12, without JavaScript).
const EditArticleDialog = lazyComponent(
  () => import("@/features/manage-articles/edit-article-dialog").then((module) => module.EditArticleDialog),
  { ssr: true },
);

const TABS = [
  { id: "mine", label: "My Articles", href: "/my-articles", icon: <FileText /> },
  { id: "saved", label: "Saved", href: "/my-articles?tab=saved", icon: <Bookmark /> },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * The signed-in user's own articles (spec section 2) and, in a second tab, the articles they
 * saved. The tab lives in the URL (?tab=saved), so it can be linked and the back button works.
 */
export default function MyArticlesPage() {
  const { user } = useAuth();
  const active: TabId = new URLSearchParams(useSearch()).get("tab") === "saved" ? "saved" : "mine";
  if (!user) return <SignInRequired message="Please sign in to see your articles." />;

  return (
    <PageShell className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">My Articles</h1>
      <Tabs active={active} />
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {active === "saved" ? <SavedArticles /> : <OwnArticles />}
      </div>
    </PageShell>
  );
}

/** 'My Articles' | 'Saved': links styled as tabs; arrow keys move between them. */
function Tabs({ active }: { active: TabId }) {
  const [, navigate] = useLocation();
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    navigate(TABS[next].href);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Your articles" className="inline-flex rounded-lg border bg-muted p-1">
      {TABS.map((tab, index): ReactNode => {
        const selected = tab.id === active;
        return (
          <Link
            key={tab.id}
            ref={(node: HTMLAnchorElement | null) => {
              refs.current[index] = node;
            }}
            href={tab.href}
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event: KeyboardEvent) => onKeyDown(event, index)}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-4 py-1.5 text-sm font-medium transition-colors [&_svg]:size-4",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              selected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.icon}
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}

/** The articles the user wrote, newest first, each with Edit and Delete. */
function OwnArticles() {
  const { data: articles, isLoading } = useQuery<Article[]>({ queryKey: MY_ARTICLES_KEY });
  // /my-articles?edit=12 opens that article's dialog in the server's HTML, in the page itself.
  const byAddress = useAddressParam(EDIT_ARTICLE_PARAM);
  const [openedByAddress] = useState(() => articles?.find((a) => String(a.id) === byAddress.initial) ?? null);
  const [editing, setEditing] = useState<Article | null>(openedByAddress);
  const closeEdit = () => {
    setEditing(null);
    byAddress.clear();
  };
  const remove = useDeleteArticle("owner");
  const confirmDelete = (article: Article) => {
    if (!window.confirm(ownDeleteQuestion(article.title))) return;
    remove.mutate(article.id, {
      onSuccess: () => toast({ title: "Article deleted" }),
      onError: () =>
        toast({ title: "Error", description: "Failed to delete article. Please try again.", variant: "destructive" }),
    });
  };
  return (
    <>
      <MountWhen when={editing !== null}>
        <EditArticleDialog article={editing} onClose={closeEdit} inline={openedByAddress !== null} />
      </MountWhen>
      {isLoading ? (
        <p className="text-muted-foreground">Loading your articles...</p>
      ) : articles && articles.length > 0 ? (
        <div className="space-y-4">
          {articles.map((article) => (
            <Card key={article.id} data-testid="my-article">
              <CardContent className="space-y-3 p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <StyleAndCategoryBadges article={article} />
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
                  <ViewCount count={article.views} />
                  <span className="flex items-center gap-1">
                    <Star className="h-4 w-4" /> {article.avgRating.toFixed(1)}
                  </span>
                  {article.youtubeUrl && <SourceVideoLink href={article.youtubeUrl}>Source video</SourceVideoLink>}
                </div>
                <div className="flex gap-2 pt-1">
                  <EditDeleteButtons
                    page="/my-articles"
                    articleId={article.id}
                    onEdit={() => setEditing(article)}
                    onEditSoon={EditArticleDialog.preload}
                    onDelete={() => confirmDelete(article)}
                    deleting={remove.isPending && remove.variables === article.id}
                  />
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
    </>
  );
}
