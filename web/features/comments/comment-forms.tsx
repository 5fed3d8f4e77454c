import {
  COMMENT_INTENTS,
  type CreateCommentRequest,
  createCommentRequest,
  MAX_COMMENT_LENGTH,
  MAX_REPORT_REASON_LENGTH,
  POST_COMMENT_FAILED,
  reportCommentFields,
  type UpdateCommentRequest,
  updateCommentRequest,
} from "@contract/comments";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { toast } from "@/hooks/use-toast";
import { useEditComment, usePostComment, useReportComment } from "./use-comments";

/*
 * The comment forms. Each posts natively to the article's own page with an `intent` until the
 * page's scripts run, and without them (server/pages/action-posts.ts hands comment intents to
 * server/comments/form-posts.ts); once hydrated, react-hook-form checks it with the contract's
 * schema and sends it to the API.
 */

/** A new comment, or (with parentId) a reply to a top-level comment. */
export function CommentForm({
  articleId,
  action,
  parentId = null,
  initialBody = "",
  initialProblem,
  onDone,
  autoFocus,
}: {
  articleId: number;
  /** The article page's path, where the form posts without scripts. */
  action: string;
  parentId?: number | null;
  initialBody?: string;
  initialProblem?: { title: string; description: string };
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const [problem, setProblem] = useState(initialProblem);
  const form = useForm<CreateCommentRequest>({
    resolver: zodResolver(createCommentRequest),
    defaultValues: { body: initialBody, parentId },
  });
  const post = usePostComment(articleId);
  const id = parentId ? `reply-${parentId}` : "new-comment";
  const submit = form.handleSubmit((values) => {
    setProblem(undefined);
    post.mutate(
      { body: values.body, parentId },
      {
        onSuccess: () => {
          form.reset({ body: "", parentId });
          toast({ title: parentId ? "Reply posted" : "Comment posted" });
          onDone?.();
        },
        onError: (error: Error) => {
          setProblem({ title: POST_COMMENT_FAILED, description: error.message });
          toast({ title: POST_COMMENT_FAILED, description: error.message, variant: "destructive" });
        },
      },
    );
  });
  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="space-y-3">
      {problem && <FormAlert {...problem} />}
      <input type="hidden" name="intent" value={COMMENT_INTENTS.post} />
      <input type="hidden" name="articleId" value={articleId} />
      {parentId !== null && <input type="hidden" name="parentId" value={parentId} />}
      <TextAreaField
        id={id}
        label={parentId ? "Your reply" : "Add a comment"}
        rows={parentId ? 3 : 4}
        maxLength={MAX_COMMENT_LENGTH}
        placeholder="Be kind. **bold**, *italic*, `code`, links, > quotes and - lists work."
        defaultValue={initialBody}
        autoFocus={autoFocus}
        error={form.formState.errors.body?.message}
        {...form.register("body")}
      />
      <Button type="submit" size="sm" disabled={post.isPending}>
        <PendingLabel pending={post.isPending} busy="Posting...">
          {parentId ? "Post reply" : "Post comment"}
        </PendingLabel>
      </Button>
    </form>
  );
}

/** The writer's edit, within the edit window. */
export function EditCommentForm({
  articleId,
  commentId,
  action,
  body,
  onDone,
}: {
  articleId: number;
  commentId: number;
  action: string;
  body: string;
  onDone: () => void;
}) {
  const form = useForm<UpdateCommentRequest>({ resolver: zodResolver(updateCommentRequest), defaultValues: { body } });
  const edit = useEditComment(articleId);
  const submit = form.handleSubmit((values) =>
    edit.mutate(
      { id: commentId, body: values.body },
      {
        onSuccess: () => {
          toast({ title: "Comment updated" });
          onDone();
        },
        onError: (error: Error) =>
          toast({ title: "Could not edit comment", description: error.message, variant: "destructive" }),
      },
    ),
  );
  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="space-y-3">
      <input type="hidden" name="intent" value={COMMENT_INTENTS.edit} />
      <input type="hidden" name="commentId" value={commentId} />
      <TextAreaField
        id={`edit-${commentId}`}
        label="Edit your comment"
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        defaultValue={body}
        error={form.formState.errors.body?.message}
        {...form.register("body")}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending}>
          <PendingLabel pending={edit.isPending} busy="Saving...">
            Save
          </PendingLabel>
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A report of someone else's comment, with an optional reason. */
export function ReportCommentForm({
  commentId,
  action,
  onDone,
}: {
  commentId: number;
  action: string;
  onDone: () => void;
}) {
  const form = useForm<{ reason?: string }>({
    resolver: zodResolver(reportCommentFields),
    defaultValues: { reason: "" },
  });
  const report = useReportComment();
  const submit = form.handleSubmit((values) =>
    report.mutate(
      { id: commentId, reason: values.reason ?? "" },
      {
        onSuccess: () => {
          toast({ title: "Comment reported", description: "Thank you. An admin will look at it." });
          onDone();
        },
        onError: (error: Error) =>
          toast({ title: "Could not report comment", description: error.message, variant: "destructive" }),
      },
    ),
  );
  return (
    <form method="post" action={action} onSubmit={submit} noValidate className="space-y-3">
      <input type="hidden" name="intent" value={COMMENT_INTENTS.report} />
      <input type="hidden" name="commentId" value={commentId} />
      <TextField
        id={`report-${commentId}`}
        label="Why should an admin look at it? (optional)"
        maxLength={MAX_REPORT_REASON_LENGTH}
        error={form.formState.errors.reason?.message}
        {...form.register("reason")}
      />
      <Button type="submit" size="sm" variant="outline" disabled={report.isPending}>
        <PendingLabel pending={report.isPending} busy="Reporting...">
          Report comment
        </PendingLabel>
      </Button>
    </form>
  );
}
