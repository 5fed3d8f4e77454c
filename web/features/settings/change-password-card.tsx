import {
  accountMessageResponse,
  CHANGE_PASSWORD_FAILED,
  CHANGE_PASSWORD_FORM_PATH,
  CHANGE_PASSWORD_PATH,
  type ChangePasswordRequest,
  changePasswordRequest,
  PASSWORD_CHANGED,
} from "@contract/account";
import type { FormAnswer } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextField } from "@/components/ui/text-field";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";

const CHANGED_QUERY = "password=changed";

/**
 * Settings' "Change password" (issue 18 item 4). Until hydrated, and without JavaScript, the form
 * posts to /settings/password (server/pages/account-posts.ts), which redirects back with
 * ?password=changed or renders this page again with the sentence; once hydrated it is checked
 * with the contract's schema and sent to PUT /api/user/password. Other devices are signed out;
 * this one stays signed in.
 */
export function ChangePasswordCard() {
  const answer = useFormAnswer<FormAnswer<Record<string, string>>>("change-password");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [done, setDone] = useState(() => new URLSearchParams(search).get("password") === "changed");
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;

  useEffect(() => {
    // The answer stays on screen, but a reload should not say it again.
    if (window.location.search.includes(CHANGED_QUERY)) navigate(location, { replace: true });
  }, [location, navigate]);

  const change = useMutation({
    mutationFn: async (values: ChangePasswordRequest) => {
      const response = await apiRequest("PUT", CHANGE_PASSWORD_PATH, values);
      return accountMessageResponse.parse(await response.json());
    },
    onSuccess: (result) => {
      form.reset();
      setDone(true);
      toast({ title: "Password changed", description: result.message });
    },
    onError: (error: Error) => {
      setServerProblem({ title: CHANGE_PASSWORD_FAILED, description: error.message });
      toast({ title: CHANGE_PASSWORD_FAILED, description: error.message, variant: "destructive" });
    },
  });

  const submit = form.handleSubmit((values) => {
    setServerProblem(undefined);
    setDone(false);
    change.mutate(values);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Change password</CardTitle>
        <CardDescription>This signs you out on every other device; you stay signed in here.</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={CHANGE_PASSWORD_FORM_PATH} onSubmit={submit} className="space-y-4" noValidate>
          {serverProblem && <FormAlert {...serverProblem} />}
          {done && !serverProblem && (
            <div
              role="status"
              className="flex gap-3 rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm text-emerald-800"
            >
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <div>
                <p className="font-medium">Password changed</p>
                <p>{PASSWORD_CHANGED}</p>
              </div>
            </div>
          )}
          <TextField
            id="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...form.register("currentPassword")}
          />
          <TextField
            id="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            required
            error={errors.newPassword?.message}
            {...form.register("newPassword")}
          />
          <Button type="submit" disabled={change.isPending}>
            <PendingLabel pending={change.isPending} busy="Saving...">
              Change password
            </PendingLabel>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
