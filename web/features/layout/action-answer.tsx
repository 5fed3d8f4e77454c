import { ACTION_ANSWER_KEY, ACTION_INTENTS, type ActionAnswer, CONFIRM_FIELD } from "@contract/action-forms";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

/**
 * The server's answer to an action posted without JavaScript (server/pages/action-posts.ts), in
 * the page: why it could not be done, where the toast would have said it, or the confirmation
 * (a delete, a cancellation) the dialog would have asked. Read once: coming back shows neither.
 */
export function ActionAnswerAlert() {
  const queryClient = useQueryClient();
  const [answer] = useState(() => queryClient.getQueryData<ActionAnswer>(ACTION_ANSWER_KEY));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: ACTION_ANSWER_KEY, exact: true });
  }, [queryClient]);
  if (answer?.error) {
    return (
      <div className="mb-6">
        <FormAlert {...answer.error} />
      </div>
    );
  }
  const confirm = answer?.confirm;
  if (!confirm) return null;
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden />
      <form method="post" action={confirm.action} className="space-y-3">
        <p className="font-medium">{confirm.question}</p>
        <input type="hidden" name="intent" value={confirm.intent ?? ACTION_INTENTS.delete} />
        {confirm.articleId !== undefined && <input type="hidden" name="articleId" value={confirm.articleId} />}
        <input type="hidden" name={CONFIRM_FIELD} value="yes" />
        <div className="flex gap-2">
          <Button type="submit" variant="destructive" size="sm">
            {confirm.confirmLabel ?? "Delete"}
          </Button>
          <Button asChild variant="outline" size="sm">
            {/* A full load, so the question goes whether or not the page's scripts have run since. */}
            <a href={confirm.action}>{confirm.dismissLabel ?? "Cancel"}</a>
          </Button>
        </div>
      </form>
    </div>
  );
}
