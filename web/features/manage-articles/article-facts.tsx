import type { Article } from "@contract/articles";
import { STYLE_LABELS } from "@contract/options";
import { ExternalLink, Eye } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { countLabel } from "@/lib/format";

/** The article's style and category, as badges: how the lists of one's own and all articles tag a row. */
export function StyleAndCategoryBadges({ article }: { article: Pick<Article, "style" | "category"> }) {
  return (
    <>
      <Badge>{STYLE_LABELS[article.style] ?? article.style}</Badge>
      <Badge variant="secondary">{article.category}</Badge>
    </>
  );
}

/** How many times the article was read, with the eye icon. */
export function ViewCount({ count }: { count: number | null | undefined }) {
  return (
    <span className="flex items-center gap-1">
      <Eye className="h-4 w-4" /> {countLabel(count, "view")}
    </span>
  );
}

/** The link to the video an article was written from, opened in a new tab. */
export function SourceVideoLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-1 text-primary hover:underline"
    >
      <ExternalLink className="h-4 w-4" /> {children}
    </a>
  );
}
