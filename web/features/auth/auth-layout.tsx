import { CheckCircle2 } from "lucide-react";
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { Link } from "wouter";
import { TextField } from "@/components/ui/text-field";
import { Logo } from "@/features/layout/logo";
import { Main } from "@/features/layout/main-landmark";

/** The centred card frame shared by /login and /register. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-indigo-50 to-background">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <Main className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">{children}</div>
      </Main>
    </div>
  );
}

/** The line under the card's form that sends a visitor to the other one of /login and /register. */
export function AuthSwitch({ question, href, children }: { question: string; href: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      {question}{" "}
      <Link href={href} className="font-medium text-primary hover:underline">
        {children}
      </Link>
    </p>
  );
}

/** The email input of both forms. */
export const EmailField = forwardRef<
  HTMLInputElement,
  Omit<ComponentPropsWithoutRef<typeof TextField>, "id" | "label" | "type" | "autoComplete" | "placeholder">
>((props, ref) => (
  <TextField
    id="email"
    label="Email"
    type="email"
    autoComplete="email"
    placeholder="you@example.com"
    ref={ref}
    {...props}
  />
));
EmailField.displayName = "EmailField";

/** A sentence that something worked (a link sent, a password changed), in the card itself. */
export function SuccessNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
