import { authorPath } from "@contract/author-paths";
import { categoryPath, tagPath } from "@contract/topics";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/utils";

/*
 * Links to the community's pages (issue 19): an author's, a category's and a tag's. On a card,
 * whose title link covers the card, they sit above that cover (relative z-10) so each is its
 * own link.
 */

export function AuthorLink({
  handle,
  className,
  children,
}: {
  handle: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!handle) return <>{children}</>;
  return (
    <Link href={authorPath(handle)} className={cn("relative z-10 hover:text-primary hover:underline", className)}>
      {children}
    </Link>
  );
}

export function CategoryLink({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Link href={categoryPath(name)} className={cn("relative z-10 hover:underline", className)}>
      {children ?? name}
    </Link>
  );
}

/** A tag's link; a tag without a slug (no ASCII letter or digit) is shown as text. */
export function TagLink({ tag, prefix = "", className }: { tag: string; prefix?: string; className?: string }) {
  const href = tagPath(tag);
  if (!href) return <span className={className}>{`${prefix}${tag}`}</span>;
  return (
    <Link href={href} className={cn("relative z-10 hover:underline", className)}>
      {`${prefix}${tag}`}
    </Link>
  );
}
