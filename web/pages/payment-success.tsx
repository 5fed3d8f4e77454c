import type { Payment } from "@contract/payments";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, HelpCircle, LogIn, XCircle } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useSearch } from "wouter";
import { Main } from "@/features/layout/main-landmark";
import { PaymentResult } from "@/features/subscription/payment-result";
import { formatCedis, usePayment } from "@/features/subscription/use-subscription";
import { useAuth } from "@/hooks/use-auth";
import { formatDate } from "@/lib/format";
import { afterPayment } from "@/lib/invalidate";

const SUBSCRIPTION = { href: "/subscription", label: "View Subscription" };
const HOME = { href: "/", label: "Return Home" };

/** The payment the page is about: reference, plan, amount and date, for the reader's records. */
function PaymentFacts({ payment }: { payment: Payment }) {
  return (
    <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted p-4 text-left text-sm">
      <dt className="text-muted-foreground">Reference</dt>
      <dd className="break-all font-mono text-xs" data-testid="payment-reference">
        {payment.paystackReference}
      </dd>
      <dt className="text-muted-foreground">Plan</dt>
      <dd>{payment.plan === "yearly" ? "Yearly" : payment.plan === "monthly" ? "Monthly" : payment.plan}</dd>
      <dt className="text-muted-foreground">Amount</dt>
      <dd>
        {formatCedis(payment.amount)} ({payment.currency})
      </dd>
      <dt className="text-muted-foreground">Started</dt>
      <dd>{formatDate(payment.createdAt)}</dd>
    </dl>
  );
}

/** Invalidates what a payment changes, once, for a verified success only. */
function AfterSuccess() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void afterPayment(queryClient);
  }, [queryClient]);
  return null;
}

/**
 * Where the checkout comes back to (/payment/success?reference=): the verified state of that
 * reference for its owner, which the server checked with Paystack while it was pending. It says
 * success only when the payment is recorded as paid; a missing, unknown or someone else's
 * reference gets a page that claims nothing.
 */
export default function PaymentSuccessPage() {
  const search = useSearch();
  const reference = new URLSearchParams(search).get("reference")?.trim() || null;
  const { user, isLoading: userLoading } = useAuth();
  const payment = usePayment(reference, Boolean(user));

  let view: { icon: ReactNode; title: string; message: string; extra?: ReactNode; primary: typeof HOME };
  if (!reference) {
    view = {
      icon: <HelpCircle className="h-14 w-14 text-muted-foreground" />,
      title: "No Payment to Show",
      message:
        "This page shows a payment's result when you come back from the checkout. Your payments are listed on the Subscription page.",
      primary: SUBSCRIPTION,
    };
  } else if (!user) {
    view = {
      icon: <LogIn className="h-14 w-14 text-muted-foreground" />,
      title: userLoading ? "Checking Your Payment..." : "Sign In to See This Payment",
      message: "A payment's result is shown only to the account that made it.",
      primary: { href: "/login", label: "Sign In" },
    };
  } else if (payment.isLoading) {
    view = {
      icon: <Clock className="h-14 w-14 text-muted-foreground" />,
      title: "Checking Your Payment...",
      message: "We are asking the payment provider about this payment.",
      primary: SUBSCRIPTION,
    };
  } else if (payment.isError || !payment.data) {
    view = {
      icon: <HelpCircle className="h-14 w-14 text-muted-foreground" />,
      title: "Payment Not Found",
      message:
        "We found no payment with this reference on your account. Your payments are listed on the Subscription page.",
      primary: SUBSCRIPTION,
    };
  } else {
    const found = payment.data;
    const facts = <PaymentFacts payment={found} />;
    switch (found.status) {
      case "success":
        view = {
          icon: <CheckCircle2 className="h-14 w-14 text-success" />,
          title: "Payment Successful!",
          message: "Thank you. Your premium subscription is now active.",
          extra: (
            <>
              <AfterSuccess />
              {facts}
            </>
          ),
          primary: { href: "/", label: "Start Creating Articles" },
        };
        break;
      case "pending":
        view = {
          icon: <Clock className="h-14 w-14 text-muted-foreground" />,
          title: "Payment Pending",
          message:
            "The payment provider has not confirmed this payment yet. Nothing changes until it does; check again in a moment.",
          extra: (
            <>
              {facts}
              <a
                className="text-sm font-medium text-primary underline"
                href={`?reference=${encodeURIComponent(found.paystackReference)}`}
              >
                Check again
              </a>
            </>
          ),
          primary: SUBSCRIPTION,
        };
        break;
      case "abandoned":
        view = {
          icon: <XCircle className="h-14 w-14 text-muted-foreground" />,
          title: "Checkout Abandoned",
          message:
            "This checkout was not paid within an hour, so it is marked abandoned and your plan is unchanged. Start a new one from the Subscription page whenever you like.",
          extra: facts,
          primary: { href: "/subscription", label: "Try Again" },
        };
        break;
      default:
        view = {
          icon: <XCircle className="h-14 w-14 text-destructive" />,
          title: "Payment Failed",
          message:
            "The payment provider reports that this payment did not go through (declined, or reversed). Your plan is unchanged.",
          extra: facts,
          primary: { href: "/subscription", label: "Try Again" },
        };
    }
  }

  return (
    <Main>
      <PaymentResult
        icon={view.icon}
        title={view.title}
        message={view.message}
        primary={view.primary}
        secondary={view.primary.href === "/subscription" ? HOME : SUBSCRIPTION}
      >
        {view.extra}
      </PaymentResult>
    </Main>
  );
}
