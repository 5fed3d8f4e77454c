import { ADMIN_TABS, type AdminTab, adminHref } from "@contract/admin-query";
import { Link } from "wouter";
import { AdminArticles } from "@/features/admin/admin-articles";
import { AdminUsers } from "@/features/admin/admin-users";
import { DashboardFigures } from "@/features/admin/dashboard-figures";
import { useAdminAddress, useAdminDashboard } from "@/features/admin/use-admin";
import { AdminCommentReports } from "@/features/comments/comment-reports";
import { AccessDenied, PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";
import { cn } from "@/lib/utils";

const TAB_LABELS: Record<AdminTab, string> = {
  articles: "Articles",
  users: "Users",
  comments: "Reported comments",
};

/**
 * The admin dashboard (spec section 2, issue 18): the last 30 days' figures, then every article
 * or every user, each searched and paged through the address (/admin?tab=users&search=&page=),
 * so links, Back and the page without scripts all work.
 */
export default function AdminPage() {
  const { user, isLoading, isAdmin } = useAuth();
  const { tab, search, page } = useAdminAddress();
  const params = { search, page };
  const figures = useAdminDashboard(isAdmin);

  if (isLoading) {
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
    <PageShell className="max-w-5xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="mt-1 text-muted-foreground">
          Manage every article and account on the platform.{" "}
          <Link href="/admin/mailbox" className="text-primary underline underline-offset-4">
            Open the mailbox
          </Link>{" "}
          to read the mail the app sent without an SMTP server.
        </p>
      </div>
      {figures.data ? (
        <DashboardFigures data={figures.data} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {figures.isError ? figures.error.message : "Loading the last 30 days..."}
        </p>
      )}
      <div className="space-y-4">
        <nav aria-label="Dashboard sections" className="flex gap-1 border-b">
          {ADMIN_TABS.map((name) => (
            <Link
              key={name}
              href={adminHref(name, { page: 1 })}
              aria-current={tab === name ? "page" : undefined}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors",
                tab === name
                  ? "border-primary text-foreground"
                  : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {TAB_LABELS[name]}
            </Link>
          ))}
        </nav>
        {tab === "users" ? (
          <AdminUsers params={params} />
        ) : tab === "comments" ? (
          <AdminCommentReports page={page} enabled={isAdmin} />
        ) : (
          <AdminArticles params={params} />
        )}
      </div>
    </PageShell>
  );
}
