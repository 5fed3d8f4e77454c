import { ADMIN_MAX_PAGE } from "@contract/admin-query";
import {
  type CommentReportsPage,
  commentReportsQueryKey,
  MODERATE_COMMENT_INTENT,
  type ModerationAction,
  type ReportedComment,
} from "@contract/comments";
import { articlePath } from "@contract/pages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Check, Trash2 } from "lucide-react";
import type { FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AdminPager } from "@/features/admin/list-controls";
import { useHydrated } from "@/hooks/use-hydrated";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/format";
import { COMMENT_BODY_CLASS } from "./comment-item";
import { useModerateComment } from "./use-comments";

/**
 * The admin dashboard's queue of reported comments (issue 19 item 4): comments with open
 * reports, the longest waiting first, each with its reports' count and reasons, and two
 * decisions: keep it (the reports are resolved) or remove it. The buttons are forms posted to
 * /admin (server/pages/action-posts.ts) until the page's scripts run, and without them.
 */
export function AdminCommentReports({ page, enabled }: { page: number; enabled: boolean }) {
  const { data, isPending, isError, error } = useQuery<CommentReportsPage>({
    queryKey: commentReportsQueryKey(page),
    enabled,
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-label="Reported comments" className="space-y-4">
      {isPending ? (
        <p className="py-8 text-center text-muted-foreground">Loading reported comments...</p>
      ) : isError ? (
        <p role="alert" className="py-8 text-center text-destructive">
          {error.message}
        </p>
      ) : data.items.length > 0 ? (
        <div className="space-y-4">
          {data.items.map((item) => (
            <ReportedCommentCard key={item.comment.id} item={item} page={page} />
          ))}
        </div>
      ) : (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <h2 className="text-lg font-semibold">No reported comments</h2>
          <p className="mt-1 text-sm text-muted-foreground">Nothing is waiting for a decision.</p>
        </div>
      )}
      <AdminPager tab="comments" params={{ page }} hasNext={Boolean(data?.hasMore) && page < ADMIN_MAX_PAGE} />
    </section>
  );
}

function ReportedCommentCard({ item, page }: { item: ReportedComment; page: number }) {
  const hydrated = useHydrated();
  const moderate = useModerateComment();
  const { comment } = item;
  const decide = (action: ModerationAction) => (event: FormEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    moderate.mutate(
      { id: comment.id, action },
      {
        onSuccess: () =>
          toast({
            title: action === "keep" ? "Comment kept" : "Comment removed",
            description: "The reports are resolved.",
          }),
        onError: (failure: Error) =>
          toast({ title: "Could not moderate comment", description: failure.message, variant: "destructive" }),
      },
    );
  };
  return (
    <Card data-testid="reported-comment">
      <CardContent className="space-y-3 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="destructive">
            {item.reportCount} {item.reportCount === 1 ? "report" : "reports"}
          </Badge>
          <span>
            by <span className="font-medium text-foreground">{comment.author?.name ?? "a deleted comment"}</span>
          </span>
          <span>on</span>
          <a
            href={`${articlePath(item.article)}#comment-${comment.id}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {item.article.title}
          </a>
          <span>· {formatDate(comment.createdAt)}</span>
        </div>
        {comment.deleted ? (
          <p className="text-sm italic text-muted-foreground">Comment deleted</p>
        ) : (
          <div
            className={`${COMMENT_BODY_CLASS} rounded-md bg-muted/50 p-3`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from the markdown subset and sanitised with an allowlist on the server
            dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
          />
        )}
        <ul className="space-y-1 text-sm" aria-label="Reports">
          {item.reports.map((report) => (
            <li key={`${report.reporter}-${report.createdAt}`} className="text-muted-foreground">
              <span className="font-medium text-foreground">{report.reporter || "A reader"}</span>:{" "}
              {report.reason || <em>no reason given</em>}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {(["keep", "remove"] as const).map((action) => (
            <form key={action} method="post" action="/admin" onSubmit={decide(action)}>
              <input type="hidden" name="intent" value={MODERATE_COMMENT_INTENT} />
              <input type="hidden" name="commentId" value={comment.id} />
              <input type="hidden" name="action" value={action} />
              <input type="hidden" name="page" value={page} />
              <Button
                type="submit"
                size="sm"
                variant={action === "keep" ? "outline" : "destructive"}
                disabled={moderate.isPending}
              >
                {action === "keep" ? <Check aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {action === "keep" ? "Keep comment" : "Remove comment"}
              </Button>
            </form>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
