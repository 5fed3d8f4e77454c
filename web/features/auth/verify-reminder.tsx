import {
  RESEND_VERIFICATION_INTENT,
  RESEND_VERIFICATION_PATH,
  type ResendVerificationForm,
  resendVerificationForm,
  VERIFICATION_SENT,
} from "@contract/account";
import type { User } from "@contract/auth";
import { type FormAnswer, RESEND_VERIFICATION_FAILED } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { toast } from "@/hooks/use-toast";
import { postAccount } from "./account-api";
import { SuccessNotice } from "./auth-layout";
import { useFormAnswer } from "./use-form-answer";

/**
 * The profile's reminder while the address is not verified, with a button that mails a new
 * link. The button posts to /profile natively until hydrated (server/pages/account-posts.ts
 * answers `?verification=sent`, or the page with the reason), then to the API.
 */
export function VerifyReminder({ user }: { user: User }) {
  const answer = useFormAnswer<FormAnswer<Record<string, never>>>("resend-verification");
  const [problem, setProblem] = useState(answer?.error);
  const sentByServer = new URLSearchParams(useSearch()).get("verification") === "sent";
  const [sent, setSent] = useState(sentByServer ? VERIFICATION_SENT : null);
  const form = useForm<ResendVerificationForm>({
    resolver: zodResolver(resendVerificationForm),
    defaultValues: { intent: RESEND_VERIFICATION_INTENT },
  });

  const resend = useMutation({
    mutationFn: () => postAccount(RESEND_VERIFICATION_PATH),
    onSuccess: (result) => setSent(result.message),
    onError: (error: Error) => {
      setProblem({ title: RESEND_VERIFICATION_FAILED, description: error.message });
      toast({ title: RESEND_VERIFICATION_FAILED, description: error.message, variant: "destructive" });
    },
  });
  const submit = form.handleSubmit(() => {
    setProblem(undefined);
    resend.mutate();
  });

  if (user.emailVerified) return null;
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="verify-reminder">
      <CardContent className="space-y-3 p-6">
        <div className="flex gap-3">
          <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
          <div className="space-y-1">
            <h2 className="font-semibold text-amber-950">Please verify your email address</h2>
            <p className="text-sm text-amber-900">
              We sent a link to {user.email} when you signed up. Verifying lets us reach you, for example to reset your
              password. You can use VidScribe meanwhile.
            </p>
          </div>
        </div>
        {problem && <FormAlert {...problem} />}
        {sent && <SuccessNotice title="Link sent">{sent}</SuccessNotice>}
        <form method="post" action="/profile" onSubmit={submit}>
          <input type="hidden" {...form.register("intent")} value={RESEND_VERIFICATION_INTENT} />
          <Button type="submit" variant="outline" disabled={resend.isPending}>
            <PendingLabel pending={resend.isPending} busy="Sending...">
              Send a new link
            </PendingLabel>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
