import { ADMIN_MAX_SEARCH, type AdminListParams, type AdminTab, adminHref } from "@contract/admin-query";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import type { FormEvent } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A list's search box: a GET form to /admin, so Enter searches before the page's scripts run and
 * without them (the address carries the search); once hydrated the page changes in place.
 */
export function AdminSearchForm({
  tab,
  params,
  label,
  placeholder,
  onSearch,
}: {
  tab: AdminTab;
  params: AdminListParams;
  label: string;
  placeholder: string;
  onSearch: (search: string) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("search") ?? "").trim());
  };
  return (
    <form method="get" action="/admin" role="search" className="flex flex-wrap items-center gap-2" onSubmit={submit}>
      {tab === "users" && <input type="hidden" name="tab" value="users" />}
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
        <Input
          // A new search from the address (Back, a link) shows in the box.
          key={params.search ?? ""}
          type="search"
          name="search"
          aria-label={label}
          placeholder={placeholder}
          defaultValue={params.search ?? ""}
          maxLength={ADMIN_MAX_SEARCH}
          className="pl-9"
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
      {params.search && (
        <Button variant="ghost" asChild>
          <Link href={adminHref(tab, { page: 1 })}>Clear</Link>
        </Button>
      )}
    </form>
  );
}

/** Previous and Next as links to that page (they work without scripts); shown once there is more than one page. */
export function AdminPager({
  tab,
  params,
  hasNext,
  summary,
}: {
  tab: AdminTab;
  params: AdminListParams;
  hasNext: boolean;
  summary?: string;
}) {
  if (!hasNext && params.page <= 1) return summary ? <p className="text-sm text-muted-foreground">{summary}</p> : null;
  const link = (page: number, enabled: boolean, children: React.ReactNode) =>
    enabled ? (
      <Button variant="outline" size="sm" asChild>
        <Link href={adminHref(tab, { ...params, page })}>{children}</Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {children}
      </Button>
    );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <span className="text-sm text-muted-foreground">{summary ?? `Page ${params.page}`}</span>
      <div className="flex gap-2">
        {link(
          params.page - 1,
          params.page > 1,
          <>
            <ChevronLeft /> Previous
          </>,
        )}
        {link(
          params.page + 1,
          hasNext,
          <>
            Next <ChevronRight />
          </>,
        )}
      </div>
    </nav>
  );
}
