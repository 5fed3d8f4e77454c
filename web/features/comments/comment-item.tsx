import { COMMENT_DELETED_TEXT, COMMENT_INTENTS, type CommentReply, type CommentResponse } from "@contract/comments";
import { Flag, MessageSquareReply, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { ConfirmDialog } from "@/features/admin/confirm-dialog";
import { useHydrated } from "@/hooks/use-hydrated";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { CommentForm, EditCommentForm, ReportCommentForm } from "./comment-forms";
import { useDeleteComment } from "./use-comments";

/** The markdown subset's elements, styled like the article's body but smaller. */
export const COMMENT_BODY_CLASS =
  "break-words text-[0.95rem] leading-relaxed [&>*+*]:mt-2 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-2 [&_blockquote]:border-primary/60 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em]";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("") || "?";

/**
 * One comment with, for a top-level one, its replies. The text is the server's sanitised HTML
 * (server/comments/render.ts): it is put in the page as it is. Reply, Edit and Report open in a
 * <details>, so they work before and without scripts; Delete asks first once hydrated.
 */
export function CommentItem({
  comment,
  articleId,
  action,
  signedIn,
}: {
  comment: CommentResponse | CommentReply;
  articleId: number;
  action: string;
  signedIn: boolean;
}) {
  const replies = "replies" in comment ? comment.replies : [];
  const topLevel = comment.parentId === null;
  return (
    <li id={`comment-${comment.id}`} className="scroll-mt-24" data-testid="comment">
      <CommentBody comment={comment} articleId={articleId} action={action} signedIn={signedIn} topLevel={topLevel} />
      {replies.length > 0 && (
        <ol className="mt-4 space-y-4 border-l-2 pl-4 sm:ml-5 sm:pl-6" aria-label="Replies">
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} articleId={articleId} action={action} signedIn={signedIn} />
          ))}
        </ol>
      )}
    </li>
  );
}

function CommentBody({
  comment,
  articleId,
  action,
  signedIn,
  topLevel,
}: {
  comment: CommentReply;
  articleId: number;
  action: string;
  signedIn: boolean;
  topLevel: boolean;
}) {
  const [editing, setEditing] = useState(false);
  if (comment.deleted || !comment.author) {
    return (
      <p className="rounded-md border border-dashed px-3 py-2 text-sm italic text-muted-foreground">
        {COMMENT_DELETED_TEXT}
      </p>
    );
  }
  const author = comment.author;
  return (
    <article aria-label={`Comment by ${author.name}`} className="flex gap-3">
      <Avatar className="h-9 w-9 text-xs">
        {author.profileImageUrl && <AvatarImage src={author.profileImageUrl} alt="" />}
        <AvatarFallback>{initials(author.name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <a href={`/u/${encodeURIComponent(author.handle)}`} className="font-semibold hover:underline">
            {author.name || "A reader"}
          </a>
          <time dateTime={comment.createdAt} className="text-muted-foreground">
            {formatDate(comment.createdAt)}
          </time>
          {comment.editedAt && <span className="text-muted-foreground">(edited)</span>}
        </p>
        {editing ? (
          <EditCommentForm
            articleId={articleId}
            commentId={comment.id}
            action={action}
            body={comment.body}
            onDone={() => setEditing(false)}
          />
        ) : (
          <div
            className={COMMENT_BODY_CLASS}
            data-testid="comment-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from the markdown subset and sanitised with an allowlist on the server
            dangerouslySetInnerHTML={{ __html: comment.bodyHtml }}
          />
        )}
        {!editing && (
          <CommentActions
            comment={comment}
            articleId={articleId}
            action={action}
            canReply={signedIn && topLevel}
            onEdit={() => setEditing(true)}
          />
        )}
      </div>
    </article>
  );
}

const summaryClass =
  "inline-flex cursor-pointer list-none items-center gap-1 rounded-sm px-1 py-0.5 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden";

function CommentActions({
  comment,
  articleId,
  action,
  canReply,
  onEdit,
}: {
  comment: CommentReply;
  articleId: number;
  action: string;
  canReply: boolean;
  onEdit: () => void;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  // Each <details> is keyed, so closing one after its form succeeds re-renders it shut.
  const [replyKey, setReplyKey] = useState(0);
  const [reportKey, setReportKey] = useState(0);
  const remove = useDeleteComment(articleId);
  if (!canReply && !comment.canEdit && !comment.canDelete && !comment.canReport) return null;

  const askFirst = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const confirmDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: "Comment deleted" });
      },
      onError: (error: Error) => {
        setConfirming(false);
        toast({ title: "Could not delete comment", description: error.message, variant: "destructive" });
      },
    });

  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
      {canReply && (
        <details key={`reply-${replyKey}`} className="group [&[open]]:w-full">
          <summary className={summaryClass}>
            <MessageSquareReply className="h-3.5 w-3.5" aria-hidden="true" /> Reply
          </summary>
          <div className="mt-2">
            <CommentForm
              articleId={articleId}
              action={action}
              parentId={comment.id}
              onDone={() => setReplyKey((n) => n + 1)}
            />
          </div>
        </details>
      )}
      {comment.canEdit &&
        (hydrated ? (
          <button type="button" className={summaryClass} onClick={onEdit}>
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> Edit
          </button>
        ) : (
          <details className="[&[open]]:w-full">
            <summary className={summaryClass}>
              <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> Edit
            </summary>
            <div className="mt-2">
              <EditCommentForm
                articleId={articleId}
                commentId={comment.id}
                action={action}
                body={comment.body}
                onDone={() => {}}
              />
            </div>
          </details>
        ))}
      {comment.canDelete && (
        <form method="post" action={action} onSubmit={hydrated ? askFirst : undefined} className="contents">
          <input type="hidden" name="intent" value={COMMENT_INTENTS.delete} />
          <input type="hidden" name="commentId" value={comment.id} />
          <button type="submit" className={cn(summaryClass, "hover:text-destructive")}>
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" /> Delete
          </button>
        </form>
      )}
      {comment.canReport && (
        <details key={`report-${reportKey}`} className="[&[open]]:w-full">
          <summary className={summaryClass}>
            <Flag className="h-3.5 w-3.5" aria-hidden="true" /> Report
          </summary>
          <div className="mt-2">
            <ReportCommentForm commentId={comment.id} action={action} onDone={() => setReportKey((n) => n + 1)} />
          </div>
        </details>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete comment"
        question="Are you sure you want to delete this comment? This cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={setConfirming}
      />
    </div>
  );
}
