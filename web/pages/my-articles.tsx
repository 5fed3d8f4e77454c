import { FileText } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";

export default function MyArticlesPage() {
  const { user } = useAuth();
  if (!user) return <SignInRequired message="Please sign in to see your articles." />;
  return (
    <PageShell className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">My Articles</h1>
      <div className="rounded-xl border border-dashed bg-background p-12 text-center">
        <FileText className="mx-auto h-10 w-10 text-muted-foreground" />
        <h2 className="mt-4 text-lg font-semibold">No articles yet</h2>
        <p className="mt-1 text-sm text-muted-foreground">Articles you create from videos will appear here.</p>
        <Button asChild className="mt-6">
          <Link href="/">Go to Home</Link>
        </Button>
      </div>
    </PageShell>
  );
}
