import { ShieldAlert } from "lucide-react";
import { Notice, PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";

/** Admin dashboard shell; the article list and editing arrive with the management feature. */
export default function AdminPage() {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) {
    return (
      <PageShell>
        <p className="text-center text-muted-foreground">Loading admin dashboard...</p>
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
    <PageShell className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <div className="rounded-xl border border-dashed bg-background p-12 text-center">
        <h2 className="text-lg font-semibold">No articles found</h2>
        <p className="mt-1 text-sm text-muted-foreground">There are currently no articles in the system.</p>
      </div>
    </PageShell>
  );
}
