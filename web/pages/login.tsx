import { RESET_PASSWORD_DONE } from "@contract/account";
import { type LoginRequest, loginRequest, type User } from "@contract/auth";
import type { FormAnswer, LoginValues } from "@contract/auth-forms";
import { LOGIN_FAILED, loginProblem } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextField } from "@/components/ui/text-field";
import { AuthLayout, AuthSwitch, EmailField, SuccessNotice } from "@/features/auth/auth-layout";
import { SignedInGoesHome } from "@/features/auth/signed-in-home";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { useAfterSignIn } from "@/features/auth/use-sign-in";
import { toast } from "@/hooks/use-toast";
import { authRequest } from "@/lib/api";

/**
 * Sign in. The form posts to /login natively until the page has hydrated (or without
 * JavaScript), and the server answers with a redirect or this page again (server/pages/
 * form-posts.ts); once hydrated it is checked with the contract's schema and sent to the API.
 * The inputs are uncontrolled, so what was typed before hydration stays.
 */
export default function LoginPage() {
  const answer = useFormAnswer<FormAnswer<LoginValues>>("login");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  // Back from /reset-password: the new password is set and every session has ended.
  const passwordReset = new URLSearchParams(useSearch()).get("reset") === "1" && !serverProblem;
  const afterSignIn = useAfterSignIn();
  // No default values: the inputs keep what the server rendered and what was typed before hydration.
  const form = useForm<LoginRequest>({ resolver: zodResolver(loginRequest) });
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: (values: LoginRequest) => authRequest<User>("/api/auth/login", values, LOGIN_FAILED),
    onSuccess: async (user) => {
      toast({ title: "Welcome back!", description: "You've been logged in successfully." });
      await afterSignIn(user);
    },
    onError: (error: Error) =>
      toast({
        title: LOGIN_FAILED,
        description: error.message || "Please check your credentials and try again.",
        variant: "destructive",
      }),
  });

  const submit = form.handleSubmit(
    (values) => {
      setServerProblem(undefined);
      login.mutate(values);
    },
    () => {
      const problem = loginProblem({
        email: form.getValues("email") ?? "",
        password: form.getValues("password") ?? "",
      });
      if (problem) toast({ ...problem, variant: "destructive" });
    },
  );

  return (
    <AuthLayout>
      <SignedInGoesHome />
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            Welcome back
          </CardTitle>
          <CardDescription>Sign in to create, rate and save articles.</CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" action="/login" onSubmit={submit} className="space-y-4">
            {serverProblem && <FormAlert {...serverProblem} />}
            {passwordReset && <SuccessNotice title="Password changed">{RESET_PASSWORD_DONE}</SuccessNotice>}
            <EmailField
              required
              defaultValue={answer?.values.email}
              error={errors.email?.message}
              {...form.register("email")}
            />
            <TextField
              id="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              placeholder="Your password"
              required
              error={errors.password?.message}
              {...form.register("password")}
            />
            <p className="-mt-2 text-right text-sm">
              <Link href="/forgot-password" className="font-medium text-primary hover:underline">
                Forgot your password?
              </Link>
            </p>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              <PendingLabel pending={login.isPending} busy="Signing in...">
                Sign In
              </PendingLabel>
            </Button>
          </form>
          <AuthSwitch question="Don't have an account?" href="/register">
            Sign up for free
          </AuthSwitch>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
