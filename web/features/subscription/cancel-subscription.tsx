import { ACTION_INTENTS } from "@contract/action-forms";
import { CANCEL_SUBSCRIPTION_QUESTION } from "@contract/payments";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/features/admin/confirm-dialog";
import { useCancelSubscription } from "./use-subscription";

/**
 * Cancel subscription (issue 18): the plan stops renewing, premium lasts to its end date. Once
 * hydrated the app's confirm dialog asks first and the API cancels; before that the form posts
 * to /subscription, where the server asks the same question and then cancels
 * (server/pages/action-posts.ts).
 */
export function CancelSubscription() {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  return (
    <form method="post" action="/subscription" onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="intent" value={ACTION_INTENTS.cancelSubscription} />
      <Button type="submit" variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
        Cancel subscription
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel your subscription?"
        question={CANCEL_SUBSCRIPTION_QUESTION}
        confirmLabel="Cancel subscription"
        dismissLabel="Keep subscription"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onOpenChange={setConfirming}
      />
    </form>
  );
}
