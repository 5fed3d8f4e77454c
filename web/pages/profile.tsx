import { ArrowUpCircle, CalendarDays, FileText, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { VerifyReminder } from "@/features/auth/verify-reminder";
import { AccessDenied, PageShell, SignInButton } from "@/features/layout/page-shell";
import { UserAvatar } from "@/features/layout/user-avatar";
import { useAuth, useLimits } from "@/hooks/use-auth";
import { displayName, formatDate } from "@/lib/format";

/** One figure of the stats card, under its label. */
function Stat({ label, testId, value }: { label: string; testId: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-3xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  const limits = useLimits(Boolean(user));

  if (!user) {
    return <AccessDenied message="Please sign in to view your profile." action={<SignInButton />} />;
  }

  const isGuest = user.userType === "guest";
  return (
    <PageShell className="max-w-3xl space-y-6">
      <VerifyReminder user={user} />
      <Card>
        <CardContent className="flex flex-col items-center gap-6 p-6 sm:flex-row sm:items-start">
          <UserAvatar user={user} className="h-24 w-24 text-2xl" />
          <div className="flex-1 space-y-2 text-center sm:text-left">
            <h1 className="text-2xl font-bold">{displayName(user)}</h1>
            <p className="flex items-center justify-center gap-2 text-muted-foreground sm:justify-start">
              <Mail className="h-4 w-4" /> {user.email}
            </p>
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground sm:justify-start">
              <CalendarDays className="h-4 w-4" /> Member since {formatDate(user.createdAt)}
            </p>
            <Badge variant={isGuest ? "secondary" : "default"}>{isGuest ? "Guest User" : "Registered User"}</Badge>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your stats</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Stat label="Articles Created" testId="articles-created" value={user.articlesGenerated} />
          {isGuest && <Stat label="Articles Remaining" testId="articles-remaining" value={limits.remaining} />}
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="outline">
          <Link href="/my-articles">
            <FileText /> View My Articles
          </Link>
        </Button>
        {isGuest && (
          <Button asChild>
            <Link href="/subscription">
              <ArrowUpCircle /> Upgrade Account
            </Link>
          </Button>
        )}
      </div>
    </PageShell>
  );
}
