import {
  FORGOT_PASSWORD_ANSWER,
  FORGOT_PASSWORD_PATH,
  type ForgotPasswordRequest,
  forgotPasswordRequest,
} from "@contract/account";
import type { ForgotPasswordValues, FormAnswer } from "@contract/auth-forms";
import { FORGOT_PASSWORD_FAILED, forgotPasswordProblem } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { postAccount } from "@/features/auth/account-api";
import { AuthLayout, AuthSwitch, EmailField, SuccessNotice } from "@/features/auth/auth-layout";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { toast } from "@/hooks/use-toast";

/**
 * A forgotten password: the address, and a link by mail. The form posts to /forgot-password
 * natively until hydrated (server/pages/account-posts.ts redirects to ?sent=1); once hydrated it
 * is checked with the contract's schema and sent to the API. Either way the answer is the same
 * sentence whether or not the address has an account.
 */
export default function ForgotPasswordPage() {
  const answer = useFormAnswer<FormAnswer<ForgotPasswordValues>>("forgot-password");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const sentByServer = new URLSearchParams(useSearch()).get("sent") === "1";
  const [sent, setSent] = useState(sentByServer ? FORGOT_PASSWORD_ANSWER : null);
  const form = useForm<ForgotPasswordRequest>({ resolver: zodResolver(forgotPasswordRequest) });
  const { errors } = form.formState;

  const request = useMutation({
    mutationFn: (values: ForgotPasswordRequest) => postAccount(FORGOT_PASSWORD_PATH, values),
    onSuccess: (result) => setSent(result.message),
    onError: (error: Error) =>
      toast({ title: FORGOT_PASSWORD_FAILED, description: error.message, variant: "destructive" }),
  });

  const submit = form.handleSubmit(
    (values) => {
      setServerProblem(undefined);
      request.mutate(values);
    },
    () => {
      const problem = forgotPasswordProblem({ email: form.getValues("email") ?? "" });
      if (problem) toast({ ...problem, variant: "destructive" });
    },
  );

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Forgot your password?
          </CardTitle>
          <CardDescription>Enter your account's email and we will send you a link to choose a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" action="/forgot-password" onSubmit={submit} className="space-y-4">
            {serverProblem && <FormAlert {...serverProblem} />}
            {sent && <SuccessNotice title="Check your email">{sent}</SuccessNotice>}
            <EmailField
              required
              defaultValue={answer?.values.email}
              error={errors.email?.message}
              {...form.register("email")}
            />
            <Button type="submit" className="w-full" disabled={request.isPending}>
              <PendingLabel pending={request.isPending} busy="Sending...">
                {sent ? "Send another link" : "Send reset link"}
              </PendingLabel>
            </Button>
          </form>
          <AuthSwitch question="Remembered it?" href="/login">
            Back to sign in
          </AuthSwitch>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
