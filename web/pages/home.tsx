import { Newspaper } from "lucide-react";
import { PageShell } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";

/** The signed-in home. The feed, filters and featured card arrive with the reading feature. */
export default function HomePage() {
  const { user } = useAuth();
  return (
    <PageShell className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user?.firstName}</h1>
        <p className="mt-1 text-muted-foreground">Articles written from the videos people share.</p>
      </div>
      <section aria-labelledby="latest-articles" className="space-y-4">
        <h2 id="latest-articles" className="text-xl font-semibold">
          Latest Articles
        </h2>
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <Newspaper className="mx-auto h-10 w-10 text-muted-foreground" />
          <h3 className="mt-4 text-lg font-semibold">No articles found</h3>
          <p className="mt-1 text-sm text-muted-foreground">Be the first to create an article from YouTube content!</p>
        </div>
      </section>
    </PageShell>
  );
}
