import { EMAIL_AVAILABLE_PATH, EMAIL_TAKEN, type EmailAvailable, registerRequest, type User } from "@contract/auth";
import type { RegisterAnswer } from "@contract/auth-forms";
import { accountProblem, REGISTRATION_FAILED } from "@contract/auth-forms";
import { HANDLE_MAX_LENGTH, HANDLE_TAKEN } from "@contract/authors";
import { PRODUCT_NAME, REGISTRATION_CATEGORIES, TOPICS } from "@contract/options";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormAlert } from "@/components/ui/form-alert";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextField } from "@/components/ui/text-field";
import { AuthLayout, AuthSwitch, EmailField } from "@/features/auth/auth-layout";
import { SignedInGoesHome } from "@/features/auth/signed-in-home";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { useAfterSignIn } from "@/features/auth/use-sign-in";
import { toast } from "@/hooks/use-toast";
import { ApiError, apiRequest, authRequest } from "@/lib/api";
import { cn } from "@/lib/utils";

type Step = 1 | 2 | 3;

const STEPS: Record<Step, { title: string; description: string }> = {
  1: { title: "Create Your Account", description: "Start turning videos into articles." },
  2: { title: "Choose Your Interests", description: "Pick the categories you like to read. You can skip this." },
  3: { title: "Personalize Your Feed", description: "Choose topics to shape your feed." },
};

function StepDots({ step }: { step: Step }) {
  return (
    <div className="flex justify-center gap-2" role="img" aria-label={`Step ${step} of 3`}>
      {([1, 2, 3] as const).map((n) => (
        <span
          key={n}
          data-testid={`step-dot-${n}`}
          data-active={n <= step}
          className={cn(
            "h-2.5 w-2.5 rounded-full transition-colors",
            n <= step ? "bg-primary" : "bg-muted-foreground/25",
          )}
        />
      ))}
    </div>
  );
}

type ListField = "preferredCategories" | "preferredTopics";
/** What the form holds: ticked boxes are plain names until the schema checks them. */
type RegisterForm = Omit<z.input<typeof registerRequest>, ListField> & Record<ListField, string[]>;
type RegisterOutput = z.output<typeof registerRequest>;
const registerResolver = zodResolver(registerRequest) as unknown as Resolver<RegisterForm, unknown, RegisterOutput>;
const ACCOUNT_FIELDS = ["firstName", "lastName", "handle", "email", "password"] as const;

/**
 * The three-step sign-up wizard (spec sections 2, 4 and 5). Only step 3 creates the account.
 * Every step posts to /register natively until the page has hydrated (or without JavaScript),
 * and the server answers with the next step, this step again with the problem, or a redirect
 * home (server/pages/form-posts.ts); the steps not shown travel as hidden fields, the password
 * sealed by the server. Once hydrated, the steps run here, checked with the contract's schema.
 * Inputs are uncontrolled, so what was typed or ticked before hydration stays.
 */
export default function RegisterPage() {
  const answer = useFormAnswer<RegisterAnswer>("register");
  const [step, setStep] = useState<Step>(answer?.step ?? 1);
  // Set while the password is the server's sealed copy (a step reached without JavaScript).
  const [sealedPassword, setSealedPassword] = useState(answer?.sealedPassword);
  const [serverProblem, setServerProblem] = useState(answer?.error);
  const afterSignIn = useAfterSignIn();
  // Text fields have no default values: they keep what was rendered and typed before hydration.
  const form = useForm<RegisterForm, unknown, RegisterOutput>({
    resolver: registerResolver,
    defaultValues: {
      preferredCategories: answer?.values.preferredCategories ?? [],
      preferredTopics: answer?.values.preferredTopics ?? [],
      preferredAuthors: [],
    },
  });
  const { errors } = form.formState;
  const [firstName, lastName, handle, email, categories = [], topics = []] = form.watch([
    "firstName",
    "lastName",
    "handle",
    "email",
    "preferredCategories",
    "preferredTopics",
  ]);
  const shown = (name: (typeof ACCOUNT_FIELDS)[number]) => form.getValues(name) ?? answer?.values[name as "email"];

  const register = useMutation({
    mutationFn: (values: RegisterOutput) => authRequest<User>("/api/auth/register", values, REGISTRATION_FAILED),
    onSuccess: async (user) => {
      toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: "Your personalized blog feed is ready!" });
      await afterSignIn(user);
    },
    onError: (error: Error) => {
      // A handle someone took meanwhile is fixed where it was typed: the first step.
      if (error.message === HANDLE_TAKEN) {
        setServerProblem({ title: REGISTRATION_FAILED, description: HANDLE_TAKEN });
        setStep(1);
      }
      toast({
        title: REGISTRATION_FAILED,
        description: error.message || "Please try again with different details.",
        variant: "destructive",
      });
    },
  });

  // Step 1 asks whether the address is free before going on (the API's 409 words when not).
  const [checkingEmail, setCheckingEmail] = useState(false);
  /** True to go on: the address is free, or the check could not answer (sign-up says it at the end). */
  const emailIsFree = async (address: string): Promise<boolean> => {
    setCheckingEmail(true);
    try {
      const response = await apiRequest("GET", `${EMAIL_AVAILABLE_PATH}?email=${encodeURIComponent(address)}`);
      const { available } = (await response.json()) as EmailAvailable;
      if (available) return true;
      const taken = { title: REGISTRATION_FAILED, description: EMAIL_TAKEN };
      setServerProblem(taken);
      toast({ ...taken, variant: "destructive" });
      return false;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast({ title: REGISTRATION_FAILED, description: error.message, variant: "destructive" });
        return false;
      }
      return true;
    } finally {
      setCheckingEmail(false);
    }
  };

  /** The ticked boxes of the step on screen, kept in the form when the step goes away. */
  const keepTicked = (formElement: HTMLFormElement) => {
    const listed: ListField | null = step === 2 ? "preferredCategories" : step === 3 ? "preferredTopics" : null;
    if (listed) form.setValue(listed, new FormData(formElement).getAll(listed).map(String));
  };

  const goTo = (next: Step) => {
    setServerProblem(undefined);
    setStep(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // A password held sealed is the server's to open: the last step posts natively.
    if (step === 3 && sealedPassword) return;
    event.preventDefault();
    keepTicked(event.currentTarget);
    if (step === 1) {
      const valid = await form.trigger(ACCOUNT_FIELDS);
      const problem = accountProblem({
        firstName: form.getValues("firstName") ?? "",
        lastName: form.getValues("lastName") ?? "",
        handle: form.getValues("handle") ?? "",
        email: form.getValues("email") ?? "",
        password: form.getValues("password") ?? "",
      });
      if (problem || !valid) {
        if (problem) toast({ ...problem, variant: "destructive" });
        return;
      }
      if (!(await emailIsFree((form.getValues("email") ?? "").trim()))) return;
      setSealedPassword(undefined);
      goTo(2);
    } else if (step === 2) {
      goTo(3);
    } else {
      await form.handleSubmit((values) => register.mutate(values))();
    }
  };

  const back = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (event.currentTarget.form) keepTicked(event.currentTarget.form);
    goTo((step - 1) as Step);
  };

  /** A checkbox list's choices, ticked as the form holds them. */
  const choices = (name: ListField, options: readonly string[], ticked: string[], prefix: string) =>
    options.map((option) => ({ option, id: `${prefix}-${option}`, name, defaultChecked: ticked.includes(option) }));

  return (
    <AuthLayout>
      <SignedInGoesHome />
      <Card>
        <CardHeader className="space-y-4 text-center">
          <StepDots step={step} />
          <div className="space-y-1.5">
            <CardTitle as="h1" className="text-2xl">
              {STEPS[step].title}
            </CardTitle>
            <CardDescription>{STEPS[step].description}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <form method="post" action="/register" onSubmit={submit} className="space-y-6">
            <input type="hidden" name="step" value={step} />
            {serverProblem && <FormAlert {...serverProblem} />}
            {step !== 1 && (
              <>
                <input type="hidden" name="firstName" value={firstName ?? shown("firstName") ?? ""} />
                <input type="hidden" name="lastName" value={lastName ?? shown("lastName") ?? ""} />
                <input type="hidden" name="handle" value={handle ?? shown("handle") ?? ""} />
                <input type="hidden" name="email" value={email ?? shown("email") ?? ""} />
                {sealedPassword && <input type="hidden" name="sealedPassword" value={sealedPassword} />}
              </>
            )}
            {step !== 2 &&
              categories.map((category) => (
                <input key={category} type="hidden" name="preferredCategories" value={category} />
              ))}
            {step !== 3 &&
              topics.map((topic) => <input key={topic} type="hidden" name="preferredTopics" value={topic} />)}

            {step === 1 && (
              <div className="space-y-4">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <TextField
                    id="firstName"
                    label="First name"
                    autoComplete="given-name"
                    placeholder="Ama"
                    defaultValue={shown("firstName")}
                    error={errors.firstName?.message}
                    {...form.register("firstName")}
                  />
                  <TextField
                    id="lastName"
                    label="Last name"
                    autoComplete="family-name"
                    placeholder="Mensah"
                    defaultValue={shown("lastName")}
                    error={errors.lastName?.message}
                    {...form.register("lastName")}
                  />
                </div>
                <TextField
                  id="handle"
                  label="Handle (optional)"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="ama-mensah"
                  maxLength={HANDLE_MAX_LENGTH}
                  aria-describedby={errors.handle ? "handle-error" : "handle-hint"}
                  defaultValue={shown("handle")}
                  error={errors.handle?.message}
                  {...form.register("handle")}
                />
                <p id="handle-hint" className="-mt-2 text-xs text-muted-foreground">
                  Your page will be /u/your-handle. Leave it empty and we make one from your name.
                </p>
                <EmailField defaultValue={shown("email")} error={errors.email?.message} {...form.register("email")} />
                <TextField
                  id="password"
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  placeholder="At least 6 characters"
                  error={errors.password?.message}
                  {...form.register("password")}
                />
              </div>
            )}

            {step === 2 && (
              <fieldset>
                <legend className="mb-3 text-sm font-medium">Categories</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {choices("preferredCategories", REGISTRATION_CATEGORIES, categories, "category").map(
                    ({ option, id, ...box }) => (
                      <label
                        key={option}
                        htmlFor={id}
                        className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent"
                      >
                        <Checkbox id={id} value={option} {...box} />
                        {option}
                      </label>
                    ),
                  )}
                </div>
                {errors.preferredCategories && (
                  <p className="mt-2 text-sm text-destructive">{errors.preferredCategories.message}</p>
                )}
              </fieldset>
            )}

            {step === 3 && (
              <div className="space-y-4">
                {categories.length > 0 && (
                  <div>
                    <p className="mb-2 text-sm font-medium">Your categories</p>
                    <div className="flex flex-wrap gap-2">
                      {categories.map((category) => (
                        <Badge key={category} variant="secondary">
                          {category}
                        </Badge>
                      ))}
                    </div>
                  </div>
                )}
                <fieldset>
                  <legend className="mb-2 text-sm font-medium">Topics</legend>
                  <div className="max-h-60 space-y-1 overflow-y-auto rounded-md border p-2" data-testid="topic-list">
                    {choices("preferredTopics", TOPICS, topics, "topic").map(({ option, id, ...box }) => (
                      <label
                        key={option}
                        htmlFor={id}
                        className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-accent"
                      >
                        <Checkbox id={id} value={option} {...box} />
                        {option}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </div>
            )}

            <div className="flex gap-3">
              {step > 1 && (
                <Button
                  type="submit"
                  name="intent"
                  value="back"
                  formNoValidate
                  variant="outline"
                  className="flex-1"
                  disabled={register.isPending}
                  onClick={back}
                >
                  <ArrowLeft /> Back
                </Button>
              )}
              {step < 3 ? (
                <Button type="submit" name="intent" value="next" className="flex-1" disabled={checkingEmail}>
                  <PendingLabel pending={checkingEmail} busy="Checking email...">
                    Next <ArrowRight />
                  </PendingLabel>
                </Button>
              ) : (
                <Button type="submit" name="intent" value="create" className="flex-1" disabled={register.isPending}>
                  <PendingLabel pending={register.isPending} busy="Creating account...">
                    Complete Setup
                  </PendingLabel>
                </Button>
              )}
            </div>
          </form>
          <AuthSwitch question="Already have an account?" href="/login">
            Sign in
          </AuthSwitch>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
