import type { User } from "@contract/auth";
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, REGISTRATION_CATEGORIES, TOPICS } from "@contract/options";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Loader2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { AuthLayout } from "@/features/auth/auth-layout";
import { useAfterSignIn } from "@/features/auth/use-sign-in";
import { toast } from "@/hooks/use-toast";
import { authRequest } from "@/lib/api";
import { cn } from "@/lib/utils";

type Step = 1 | 2 | 3;

const STEPS: Record<Step, { title: string; description: string }> = {
  1: { title: "Create Your Account", description: "Start turning videos into articles." },
  2: { title: "Choose Your Interests", description: "Pick the categories you like to read. You can skip this." },
  3: { title: "Personalize Your Feed", description: "Choose topics to shape your feed." },
};

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

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

/** The three-step sign-up wizard (spec sections 2, 4 and 5). Only step 3 submits. */
export default function RegisterPage() {
  const [step, setStep] = useState<Step>(1);
  const [account, setAccount] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const [categories, setCategories] = useState<string[]>([]);
  const [topics, setTopics] = useState<string[]>([]);
  const afterSignIn = useAfterSignIn();

  const register = useMutation({
    mutationFn: () =>
      authRequest<User>(
        "/api/auth/register",
        {
          ...account,
          preferredCategories: categories,
          preferredTopics: topics,
          preferredAuthors: [],
        },
        "Registration failed",
      ),
    onSuccess: async (user) => {
      toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: "Your personalized blog feed is ready!" });
      await afterSignIn(user);
    },
    onError: (error: Error) =>
      toast({
        title: "Registration failed",
        description: error.message || "Please try again with different details.",
        variant: "destructive",
      }),
  });

  const next = () => {
    if (step === 1) {
      const { firstName, lastName, email, password } = account;
      if (!firstName.trim() || !lastName.trim() || !email.trim() || !password) {
        toast({
          title: "Missing information",
          description: "Please fill in all required fields.",
          variant: "destructive",
        });
        return;
      }
      if (password.length < PASSWORD_MIN_LENGTH) {
        toast({
          title: "Password too short",
          description: "Password must be at least 6 characters.",
          variant: "destructive",
        });
        return;
      }
      setStep(2);
    } else if (step === 2) {
      setStep(3);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step < 3) next();
    else register.mutate();
  };

  const field = (name: keyof typeof account) => ({
    id: name,
    value: account[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setAccount((a) => ({ ...a, [name]: e.target.value })),
  });

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="space-y-4 text-center">
          <StepDots step={step} />
          <div className="space-y-1.5">
            <CardTitle className="text-2xl">{STEPS[step].title}</CardTitle>
            <CardDescription>{STEPS[step].description}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-6">
            {step === 1 && (
              <div className="space-y-4">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <TextField label="First name" autoComplete="given-name" placeholder="Ama" {...field("firstName")} />
                  <TextField label="Last name" autoComplete="family-name" placeholder="Mensah" {...field("lastName")} />
                </div>
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  {...field("email")}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  placeholder="At least 6 characters"
                  {...field("password")}
                />
              </div>
            )}

            {step === 2 && (
              <fieldset>
                <legend className="mb-3 text-sm font-medium">Categories</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {REGISTRATION_CATEGORIES.map((category) => {
                    const id = `category-${category}`;
                    return (
                      <label
                        key={category}
                        htmlFor={id}
                        className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                      >
                        <Checkbox
                          id={id}
                          checked={categories.includes(category)}
                          onCheckedChange={() => setCategories((list) => toggle(list, category))}
                        />
                        {category}
                      </label>
                    );
                  })}
                </div>
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
                    {TOPICS.map((topic) => {
                      const id = `topic-${topic}`;
                      return (
                        <label
                          key={topic}
                          htmlFor={id}
                          className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-accent"
                        >
                          <Checkbox
                            id={id}
                            checked={topics.includes(topic)}
                            onCheckedChange={() => setTopics((list) => toggle(list, topic))}
                          />
                          {topic}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              </div>
            )}

            <div className="flex gap-3">
              {step > 1 && (
                <Button
                  type="button"
                  variant="outline"
                  className="flex-1"
                  disabled={register.isPending}
                  onClick={() => setStep((s) => (s - 1) as Step)}
                >
                  <ArrowLeft /> Back
                </Button>
              )}
              {step < 3 ? (
                <Button type="submit" className="flex-1">
                  Next <ArrowRight />
                </Button>
              ) : (
                <Button type="submit" className="flex-1" disabled={register.isPending}>
                  {register.isPending ? (
                    <>
                      <Loader2 className="animate-spin" /> Creating account...
                    </>
                  ) : (
                    "Complete Setup"
                  )}
                </Button>
              )}
            </div>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link href="/login" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
