import {
  accountMessageResponse,
  DELETE_ACCOUNT_FAILED,
  DELETE_ACCOUNT_FORM_PATH,
  DELETE_ACCOUNT_PATH,
  type DeleteAccountRequest,
  deleteAccountRequest,
} from "@contract/account";
import type { FormAnswer } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { TextField } from "@/components/ui/text-field";
import { ConfirmDialog } from "@/features/admin/confirm-dialog";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";

/**
 * Settings' "Delete account" (issue 18 item 4). The password is the first confirmation; once
 * hydrated the app's confirm dialog asks once more before DELETE /api/user. Without JavaScript
 * the form posts to /settings/delete (server/pages/account-posts.ts), which signs out and goes
 * home. Everything goes: articles (removed, not kept unattributed), ratings, bookmarks, sessions,
 * payments and uploaded files. A plan that renews is cancelled first.
 */
export function DeleteAccountCard() {
  const answer = useFormAnswer<FormAnswer<Record<string, string>>>("delete-account");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequest),
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;

  const remove = useMutation({
    mutationFn: async (values: DeleteAccountRequest) => {
      const response = await apiRequest("DELETE", DELETE_ACCOUNT_PATH, values);
      return accountMessageResponse.parse(await response.json());
    },
    onSuccess: () => {
      queryClient.clear();
      // A full load: every cached page and query of the account is gone with it.
      window.location.assign("/?account=deleted");
    },
    onError: (error: Error) => {
      setConfirming(false);
      setServerProblem({ title: DELETE_ACCOUNT_FAILED, description: error.message });
      toast({ title: DELETE_ACCOUNT_FAILED, description: error.message, variant: "destructive" });
    },
  });

  const submit = form.handleSubmit(() => {
    setServerProblem(undefined);
    setConfirming(true);
  });

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-lg">Delete account</CardTitle>
        <CardDescription>
          This deletes your account for good: your articles, ratings, bookmarks, payment history and uploaded pictures
          and recordings. A premium plan that renews is cancelled first, so you are not charged again; nothing is
          refunded. It cannot be undone. Download your data first if you want to keep it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={DELETE_ACCOUNT_FORM_PATH} onSubmit={submit} className="space-y-4" noValidate>
          {serverProblem && <FormAlert {...serverProblem} />}
          <TextField
            id="deletePassword"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register("password")}
          />
          <Button type="submit" variant="destructive" disabled={remove.isPending}>
            Delete my account
          </Button>
        </form>
        <ConfirmDialog
          open={confirming}
          title="Delete your account?"
          question="Your account, your articles and everything else in it will be deleted for good. This cannot be undone."
          confirmLabel="Delete everything"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(form.getValues())}
          onOpenChange={setConfirming}
        />
      </CardContent>
    </Card>
  );
}
