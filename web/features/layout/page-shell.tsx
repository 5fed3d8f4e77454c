import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AUTH_USER_KEY } from "@/hooks/use-auth";
import { PersonalIsland } from "@/lib/personal-island";
import { cn } from "@/lib/utils";
import { ActionAnswerAlert } from "./action-answer";
import { Main } from "./main-landmark";
import { Navigation } from "./navigation";

/** Top navigation and a centred content column: the frame of every signed-in page. */
export function PageShell({
  children,
  onCreateArticle,
  className,
}: {
  children: ReactNode;
  onCreateArticle?: () => void;
  className?: string;
}) {
  return (
    <div className="min-h-screen bg-muted/30">
      <PersonalIsland name="navigation" reads={[AUTH_USER_KEY]} sitewide>
        <Navigation onCreateArticle={onCreateArticle} />
      </PersonalIsland>
      <Main className={cn("mx-auto max-w-7xl px-4 py-8 sm:px-6", className)}>
        <ActionAnswerAlert />
        {children}
      </Main>
    </div>
  );
}

/** A centred message card, for access notices and empty pages. */
export function Notice({
  title,
  message,
  icon,
  action,
}: {
  title: string;
  message: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardContent className="flex flex-col items-center gap-3 p-8">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        {action && <div className="mt-2">{action}</div>}
      </CardContent>
    </Card>
  );
}

/** The button to /login under a notice. */
export function SignInButton() {
  return (
    <Button asChild>
      <Link href="/login">Sign In</Link>
    </Button>
  );
}

/** What a visitor sees on a page that needs an account. */
export function SignInRequired({ message = "Please sign in to continue." }: { message?: string }) {
  return (
    <PageShell>
      <Notice title="Sign in required" message={message} action={<SignInButton />} />
    </PageShell>
  );
}

/** A page the reader may not see: why, and what they can do about it. */
export function AccessDenied({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <PageShell>
      <Notice
        icon={<ShieldAlert className="h-10 w-10 text-destructive" />}
        title="Access Denied"
        message={message}
        action={action}
      />
    </PageShell>
  );
}
