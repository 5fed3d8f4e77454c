import { EMAIL_VERIFIED, VERIFY_EMAIL_PATH, type VerifyEmailRequest, verifyEmailRequest } from "@contract/account";
import type { FormAnswer, VerifyEmailValues } from "@contract/auth-forms";
import { VERIFY_EMAIL_FAILED } from "@contract/auth-forms";
import { AUTH_USER_KEY } from "@contract/query-keys";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { postAccount } from "@/features/auth/account-api";
import { AuthLayout, SuccessNotice } from "@/features/auth/auth-layout";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { useAuth } from "@/hooks/use-auth";

/**
 * The link mailed at sign-up (`?token=`). Once hydrated the page verifies the address at once;
 * before that, or without JavaScript, its button posts the token to /verify-email
 * (server/pages/account-posts.ts), which answers with `?verified=1` or the page with the reason.
 */
// One request per token for the page's automatic verification, shared by every mount.
const verifying = new Map<string, Promise<{ message: string }>>();
function verifyOnce(token: string): Promise<{ message: string }> {
  let pending = verifying.get(token);
  if (!pending) {
    pending = postAccount(VERIFY_EMAIL_PATH, { token });
    verifying.set(token, pending);
  }
  return pending;
}

export default function VerifyEmailPage() {
  const answer = useFormAnswer<FormAnswer<VerifyEmailValues>>("verify-email");
  const search = new URLSearchParams(useSearch());
  const token = answer?.values.token || search.get("token") || "";
  const [problem, setProblem] = useState(answer?.error);
  const [done, setDone] = useState(search.get("verified") === "1" ? EMAIL_VERIFIED : null);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // The token is in the form's values from the start: the automatic submit below may run
  // before the hidden input has registered its value.
  const form = useForm<VerifyEmailRequest>({ resolver: zodResolver(verifyEmailRequest), defaultValues: { token } });

  const verify = useMutation({
    mutationFn: (values: VerifyEmailRequest) => postAccount(VERIFY_EMAIL_PATH, values),
    onSuccess: async (result) => {
      setDone(result.message);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    onError: (error: Error) => setProblem({ title: VERIFY_EMAIL_FAILED, description: error.message }),
  });

  const submit = form.handleSubmit(
    (values) => {
      setProblem(undefined);
      verify.mutate(values);
    },
    (errors) =>
      setProblem({ title: VERIFY_EMAIL_FAILED, description: errors.token?.message ?? "This link is not valid." }),
  );

  // Opened from the mail with scripts running: verify without asking for a click, once per
  // token even if the page mounts again (the user refetched after success can re-render the
  // layout): a second request would find the token used and say so.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || done || answer || !token) return;
    started.current = true;
    if (!verifyEmailRequest.safeParse({ token }).success) {
      void submit();
      return;
    }
    verifyOnce(token).then(
      async (result) => {
        setDone(result.message);
        await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      },
      (error: Error) => setProblem({ title: VERIFY_EMAIL_FAILED, description: error.message }),
    );
  }, [done, answer, token, submit, queryClient]);

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Verify your email
          </CardTitle>
          <CardDescription>
            Confirming your address lets us reach you, for example to reset your password.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {done ? (
            <>
              <SuccessNotice title="Email verified">{done}</SuccessNotice>
              <Button asChild className="w-full">
                <Link href={user ? "/profile" : "/login"}>{user ? "Go to your profile" : "Sign in"}</Link>
              </Button>
            </>
          ) : token ? (
            <form method="post" action="/verify-email" onSubmit={submit} className="space-y-4">
              {problem && <FormAlert {...problem} />}
              <input type="hidden" defaultValue={token} {...form.register("token")} />
              <Button type="submit" className="w-full" disabled={verify.isPending}>
                <PendingLabel pending={verify.isPending} busy="Verifying...">
                  Confirm my email address
                </PendingLabel>
              </Button>
            </form>
          ) : (
            <FormAlert
              title="This page needs the link from your email"
              description="Open the link in the email we sent you. Your profile can send a new one."
            />
          )}
          {!done && (
            <p className="text-center text-sm text-muted-foreground">
              Link expired or used?{" "}
              <Link href={user ? "/profile" : "/login"} className="font-medium text-primary hover:underline">
                {user ? "Send a new one from your profile" : "Sign in to send a new one"}
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
