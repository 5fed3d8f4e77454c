import { CONTENTS_MIN_WORDS } from "@contract/article-reading";
import type { Article, ArticleHeading } from "@contract/articles";
import { ChevronDown, ListTree } from "lucide-react";
import { cn } from "@/lib/utils";

/** The headings a long article's table of contents lists; none for a short one or one without two headings. */
export function contentsOf(article: Pick<Article, "wordCount" | "headings">): ArticleHeading[] {
  const headings = article.headings ?? [];
  return article.wordCount > CONTENTS_MIN_WORDS && headings.length >= 2 ? headings : [];
}

/** The entries: plain links to the headings' anchors, so they work before and without scripts. */
function ContentsList({ headings, lang }: { headings: ArticleHeading[]; lang?: string }) {
  return (
    <ol lang={lang} className="space-y-1 text-sm">
      {headings.map((heading) => (
        <li key={heading.id} className={cn(heading.level === 3 && "pl-4")}>
          <a
            href={`#${heading.id}`}
            className="block rounded-sm py-1 leading-snug text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * The table of contents on phones and tablets: a closed disclosure above the body (a native
 * <details>, so it opens without scripts). Hidden from the large breakpoint, where the sidebar
 * (ArticleContentsSidebar) shows the same links.
 */
export function ArticleContentsInline({ headings, lang }: { headings: ArticleHeading[]; lang?: string }) {
  return (
    <nav aria-label="Contents" className="lg:hidden" data-testid="contents-inline">
      <details className="group rounded-xl border bg-muted/40">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <ListTree className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
          Contents
          <span className="font-normal text-muted-foreground">({headings.length} sections)</span>
          <ChevronDown
            className="ml-auto h-4 w-4 text-muted-foreground transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="border-t px-4 py-3">
          <ContentsList headings={headings} lang={lang} />
        </div>
      </details>
    </nav>
  );
}

/** The table of contents beside the article on wide screens, staying in view as the article scrolls. */
export function ArticleContentsSidebar({ headings, lang }: { headings: ArticleHeading[]; lang?: string }) {
  return (
    <nav
      aria-labelledby="contents-title"
      className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto rounded-2xl border bg-card p-5 shadow-sm lg:block"
      data-testid="contents-sidebar"
    >
      <h2
        id="contents-title"
        className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <ListTree className="h-4 w-4" aria-hidden="true" />
        Contents
      </h2>
      <ContentsList headings={headings} lang={lang} />
    </nav>
  );
}
