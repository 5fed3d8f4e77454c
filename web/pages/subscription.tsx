import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { useAuth } from "@/hooks/use-auth";
import { formatDate } from "@/lib/format";

/** The current subscription; plans and checkout arrive with the payments feature. */
export default function SubscriptionPage() {
  const { user } = useAuth();
  if (!user) return <SignInRequired message="Please sign in to manage your subscription." />;
  const active = user.subscriptionStatus === "active";
  return (
    <PageShell className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Subscription Plans</h1>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between space-y-0">
          <CardTitle className="text-lg">Current Subscription</CardTitle>
          <Badge variant={active ? "default" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm sm:grid-cols-3">
          <p>
            <span className="text-muted-foreground">Plan: </span>
            {user.subscriptionPlan ?? "None"}
          </p>
          <p>
            <span className="text-muted-foreground">User type: </span>
            {user.userType}
          </p>
          {user.subscriptionEndDate && (
            <p>
              <span className="text-muted-foreground">Expires: </span>
              {formatDate(user.subscriptionEndDate)}
            </p>
          )}
        </CardContent>
      </Card>
    </PageShell>
  );
}
