import {
  PROFILE_FAILED,
  PROFILE_FORM_PATH,
  PROFILE_PATH,
  PROFILE_SAVED,
  type UpdateProfileRequest,
  updateProfileRequest,
} from "@contract/account";
import { type User, userResponse } from "@contract/auth";
import type { FormAnswer } from "@contract/auth-forms";
import { authorPath, BIO_MAX_LENGTH, HANDLE_MAX_LENGTH } from "@contract/authors";
import { REGISTRATION_CATEGORIES, TOPICS } from "@contract/options";
import { AUTH_USER_KEY } from "@contract/query-keys";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useSearch } from "wouter";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { toast } from "@/hooks/use-toast";
import { apiRequest } from "@/lib/api";

type ProfileOutput = z.output<typeof updateProfileRequest>;
type Category = (typeof REGISTRATION_CATEGORIES)[number];
type Topic = (typeof TOPICS)[number];
const isCategory = (value: string): value is Category => (REGISTRATION_CATEGORIES as readonly string[]).includes(value);
const isTopic = (value: string): value is Topic => (TOPICS as readonly string[]).includes(value);

function Choices({
  legend,
  name,
  options,
  register,
  checked,
}: {
  legend: string;
  name: "preferredCategories" | "preferredTopics";
  options: readonly string[];
  /** What is ticked in the server's HTML (before hydration, or without JavaScript). */
  checked: readonly string[];
  register: ReturnType<typeof useForm<UpdateProfileRequest, unknown, ProfileOutput>>["register"];
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const id = `${name}-${option.replace(/[^A-Za-z0-9]+/g, "-")}`;
          return (
            <label key={option} htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox id={id} value={option} defaultChecked={checked.includes(option)} {...register(name)} />
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Settings' profile (issue 18 item 4): names and interests with the sign-up rules. Until
 * hydrated, and without JavaScript, the form posts to /settings/profile
 * (server/pages/account-posts.ts); once hydrated it is checked with the contract's schema and
 * sent to PUT /api/user/profile, whose answer (the user) replaces the cached one.
 */
export function ProfileCard({ user }: { user: User }) {
  const answer = useFormAnswer<FormAnswer<Record<string, string>>>("update-profile");
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [saved, setSaved] = useState(() => new URLSearchParams(search).get("profile") === "saved");
  const queryClient = useQueryClient();
  const form = useForm<UpdateProfileRequest, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: {
      firstName: answer?.values.firstName ?? user.firstName ?? "",
      lastName: answer?.values.lastName ?? user.lastName ?? "",
      handle: answer?.values.handle ?? user.handle ?? "",
      bio: answer?.values.bio ?? user.bio ?? "",
      preferredCategories: user.preferredCategories.filter(isCategory),
      preferredTopics: user.preferredTopics.filter(isTopic),
    },
  });
  const { errors } = form.formState;
  // RHF sets values once hydrated; the server's HTML carries them as the fields' defaults.
  const initial = form.formState.defaultValues;

  useEffect(() => {
    if (window.location.search.includes("profile=saved")) navigate(location, { replace: true });
  }, [location, navigate]);

  const save = useMutation({
    mutationFn: async (values: ProfileOutput) => {
      const response = await apiRequest("PUT", PROFILE_PATH, values);
      return userResponse.parse(await response.json());
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(AUTH_USER_KEY, updated);
      setSaved(true);
      toast({ title: "Profile saved", description: PROFILE_SAVED });
    },
    onError: (error: Error) => {
      setServerProblem({ title: PROFILE_FAILED, description: error.message });
      toast({ title: PROFILE_FAILED, description: error.message, variant: "destructive" });
    },
  });

  const submit = form.handleSubmit((values) => {
    setServerProblem(undefined);
    setSaved(false);
    save.mutate(values);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Profile</CardTitle>
        <CardDescription>
          Your name, your public page (
          <a href={authorPath(user.handle)} className="font-medium text-primary underline-offset-4 hover:underline">
            /u/{user.handle}
          </a>
          ) and the interests your feed is tuned to.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={PROFILE_FORM_PATH} onSubmit={submit} className="space-y-4" noValidate>
          {serverProblem && <FormAlert {...serverProblem} />}
          {saved && !serverProblem && (
            <div
              role="status"
              className="flex gap-3 rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm text-emerald-800"
            >
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <p className="font-medium">{PROFILE_SAVED}</p>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="firstName"
              label="First name"
              autoComplete="given-name"
              required
              defaultValue={initial?.firstName}
              error={errors.firstName?.message}
              {...form.register("firstName")}
            />
            <TextField
              id="lastName"
              label="Last name"
              autoComplete="family-name"
              required
              defaultValue={initial?.lastName}
              error={errors.lastName?.message}
              {...form.register("lastName")}
            />
          </div>
          <div className="space-y-2">
            <TextField
              id="handle"
              label="Handle"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={HANDLE_MAX_LENGTH}
              aria-describedby={errors.handle ? "handle-error" : "handle-hint"}
              defaultValue={initial?.handle}
              error={errors.handle?.message}
              {...form.register("handle")}
            />
            <p id="handle-hint" className="text-xs text-muted-foreground">
              Lowercase letters, digits and hyphens. Links to your old handle keep working.
            </p>
          </div>
          <TextAreaField
            id="bio"
            label="Bio"
            rows={3}
            maxLength={BIO_MAX_LENGTH}
            placeholder="A line or two about you, shown on your page."
            defaultValue={initial?.bio}
            error={errors.bio?.message}
            {...form.register("bio")}
          />
          <Choices
            legend="Categories"
            name="preferredCategories"
            options={REGISTRATION_CATEGORIES}
            checked={user.preferredCategories}
            register={form.register}
          />
          <Choices
            legend="Topics"
            name="preferredTopics"
            options={TOPICS}
            checked={user.preferredTopics}
            register={form.register}
          />
          {(errors.preferredCategories || errors.preferredTopics) && (
            <p className="text-sm text-destructive">
              {errors.preferredCategories?.message ?? errors.preferredTopics?.message}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            <PendingLabel pending={save.isPending} busy="Saving...">
              Save profile
            </PendingLabel>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
