import { FileQuestion } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Notice, PageShell } from "@/features/layout/page-shell";

/** Article page; until articles exist every identifier is one that was not found. */
export default function ArticlePage() {
  return (
    <PageShell>
      <Notice
        icon={<FileQuestion className="h-10 w-10 text-muted-foreground" />}
        title="Article Not Found"
        message="The article you're looking for doesn't exist or has been removed."
        action={
          <Button asChild>
            <Link href="/">Go Home</Link>
          </Button>
        }
      />
    </PageShell>
  );
}
