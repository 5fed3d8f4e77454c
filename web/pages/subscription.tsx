import type { PlanId } from "@contract/payments";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { CancelSubscription } from "@/features/subscription/cancel-subscription";
import { PaymentHistory } from "@/features/subscription/payment-history";
import { PlanCards } from "@/features/subscription/plan-cards";
import { useInitializePayment, usePayments, useSubscription } from "@/features/subscription/use-subscription";
import { WhyPremium } from "@/features/subscription/why-premium";
import { useAuth } from "@/hooks/use-auth";
import { formatDate } from "@/lib/format";

const planName = (plan: string | null | undefined) =>
  plan === "yearly" ? "Yearly" : plan === "monthly" ? "Monthly" : plan || "None";

/** Spec section 2: the current subscription, the plans while not active, history, and why. */
export default function SubscriptionPage() {
  const { user } = useAuth();
  const subscription = useSubscription(Boolean(user));
  const payments = usePayments(Boolean(user));
  const initialize = useInitializePayment();
  if (!user) return <SignInRequired message="Please sign in to manage your subscription." />;

  // The subscription call reads expiry at request time; the user record is the fallback.
  const current = subscription.data ?? user;
  const active = current.subscriptionStatus === "active";
  // The user record (the fallback) does not say; only the subscription call does.
  const renews = active && subscription.data?.renews === true;
  const cancelled = active && subscription.data?.renews === false;
  const endLabel = !active ? "Expired: " : renews ? "Renews: " : "Ends: ";
  // Still busy after success: the browser is on its way to the checkout page.
  const pending: PlanId | null = initialize.isPending || initialize.isSuccess ? (initialize.variables ?? null) : null;

  return (
    <PageShell className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Subscription Plans</h1>
        <p className="mt-1 text-muted-foreground">Go premium for unlimited articles, paid in Ghana cedis.</p>
      </div>
      <Card data-testid="current-subscription">
        <CardHeader className="flex flex-row items-center justify-between space-y-0">
          <CardTitle className="text-lg">Current Subscription</CardTitle>
          <Badge variant={active ? "default" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm sm:grid-cols-3">
          <p>
            <span className="text-muted-foreground">Plan: </span>
            {planName(current.subscriptionPlan)}
          </p>
          <p>
            <span className="text-muted-foreground">User type: </span>
            {current.userType}
          </p>
          {current.subscriptionEndDate && (
            <p>
              <span className="text-muted-foreground">{endLabel}</span>
              {formatDate(current.subscriptionEndDate)}
            </p>
          )}
          {renews && (
            <div className="flex flex-col gap-3 border-t pt-3 sm:col-span-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-muted-foreground">
                Your plan renews on its own. Cancel anytime: you keep premium until{" "}
                {formatDate(current.subscriptionEndDate)} and are not charged again.
              </p>
              <CancelSubscription />
            </div>
          )}
          {cancelled && (
            <p className="border-t pt-3 text-muted-foreground sm:col-span-3" data-testid="subscription-cancelled">
              Cancelled: your plan will not renew. You keep premium until {formatDate(current.subscriptionEndDate)}.
            </p>
          )}
        </CardContent>
      </Card>

      {!active && <PlanCards pending={pending} onSubscribe={(plan) => initialize.mutate(plan)} />}

      {payments.data && payments.data.length > 0 && <PaymentHistory payments={payments.data} />}

      <WhyPremium />
    </PageShell>
  );
}
