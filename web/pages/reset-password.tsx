import { RESET_PASSWORD_PATH, type ResetPasswordRequest, resetPasswordRequest } from "@contract/account";
import type { FormAnswer, ResetPasswordValues } from "@contract/auth-forms";
import { RESET_PASSWORD_FAILED, resetPasswordProblem } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextField } from "@/components/ui/text-field";
import { postAccount } from "@/features/auth/account-api";
import { AuthLayout, AuthSwitch } from "@/features/auth/auth-layout";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { toast } from "@/hooks/use-toast";

/**
 * A new password, from the link mailed by /forgot-password (`?token=`). The form posts to
 * /reset-password natively until hydrated (server/pages/account-posts.ts), then to the API; on
 * success every session of the account has ended, and the person signs in again at /login.
 */
export default function ResetPasswordPage() {
  const answer = useFormAnswer<FormAnswer<ResetPasswordValues>>("reset-password");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const search = useSearch();
  const token = answer?.values.token || new URLSearchParams(search).get("token") || "";
  const [, navigate] = useLocation();
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, password: "" },
  });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: (values: ResetPasswordRequest) => postAccount(RESET_PASSWORD_PATH, values),
    onSuccess: (result) => {
      toast({ title: "Password changed", description: result.message });
      navigate("/login?reset=1");
    },
    onError: (error: Error) =>
      toast({ title: RESET_PASSWORD_FAILED, description: error.message, variant: "destructive" }),
  });

  const submit = form.handleSubmit(
    (values) => {
      setServerProblem(undefined);
      reset.mutate(values);
    },
    () => {
      const problem = resetPasswordProblem({ token, password: form.getValues("password") ?? "" });
      if (problem) toast({ ...problem, variant: "destructive" });
    },
  );

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Choose a new password
          </CardTitle>
          <CardDescription>This signs you out on every device; then sign in with the new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <form method="post" action="/reset-password" onSubmit={submit} className="space-y-4">
              {serverProblem && <FormAlert {...serverProblem} />}
              <input type="hidden" defaultValue={token} {...form.register("token")} />
              <TextField
                id="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                placeholder="At least 6 characters"
                required
                error={errors.password?.message}
                {...form.register("password")}
              />
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                <PendingLabel pending={reset.isPending} busy="Saving...">
                  Change password
                </PendingLabel>
              </Button>
            </form>
          ) : (
            <FormAlert
              title="This page needs the link from your email"
              description="Open the link in the email we sent you, or ask for a new one."
            />
          )}
          <p className="mt-6 text-center text-sm">
            <Link href="/forgot-password" className="font-medium text-primary hover:underline">
              Ask for a new link
            </Link>
          </p>
          <AuthSwitch question="Remembered it?" href="/login">
            Back to sign in
          </AuthSwitch>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
