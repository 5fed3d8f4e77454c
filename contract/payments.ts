import { z } from "zod";

/**
 * Plans belong to the server (spec section 9): the client names a plan and nothing else; the
 * amount is always ours. Amounts are in pesewas (minor units of GHS): 200 is GH₵2.
 */
export const PLANS = {
  monthly: { name: "Monthly", amount: 200, months: 1 },
  yearly: { name: "Yearly", amount: 2000, months: 12 },
} as const;
export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = ["monthly", "yearly"] as const satisfies readonly PlanId[];
export const PAYMENT_CURRENCY = "GHS";

/** Any other field (an `amount`, say) is ignored: the server prices the plan. */
export const initializePaymentRequest = z.object(
  {
    plan: z.enum(PLAN_IDS, { error: "Plan must be monthly or yearly" }),
  },
  { error: "Request body must be a JSON object" },
);
export type InitializePaymentRequest = z.infer<typeof initializePaymentRequest>;

export const initializePaymentResponse = z.object({
  status: z.literal("success"),
  /** Where the browser goes to pay: Paystack's checkout, or the local sandbox page. */
  authorization_url: z.string(),
  message: z.string(),
  reference: z.string(),
});
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponse>;

export const subscriptionResponse = z.object({
  /** active, or inactive/expired (anything but active is shown as Inactive). */
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  userType: z.string(),
  subscriptionEndDate: z.string().nullable(),
  /**
   * Whether an active plan renews at subscriptionEndDate (the saved card is charged again).
   * False once cancelled: premium lasts to the end date, then the account is free again.
   */
  renews: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionResponse>;

/**
 * POST /api/user/subscription/cancel: stops the renewal (Paystack's subscription/disable). Nothing
 * is refunded and nothing ends early: premium stays until subscriptionEndDate. Answers the
 * subscription as it now stands.
 */
export const CANCEL_SUBSCRIPTION_PATH = "/api/user/subscription/cancel";
export const cancelSubscriptionResponse = subscriptionResponse.extend({ message: z.string() });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;
/** 409 from initialize: a plan that renews must be cancelled before another is bought. */
export const ALREADY_RENEWS =
  "Your premium plan already renews on its own. To change plans, cancel it first: the new plan then starts when the current one ends.";
/** 409: no active plan, or one that already will not renew. */
export const NOTHING_TO_CANCEL = "You have no subscription that renews, so there is nothing to cancel.";
/** The confirmation the page's dialog (or, without JavaScript, the server) asks first. */
export const CANCEL_SUBSCRIPTION_QUESTION =
  "Cancel your subscription? You keep premium until the end of the period you paid for, and you will not be charged again.";
/** What the cancel answers, for the toast or the page. */
export function subscriptionCancelledMessage(endDate: string | null): string {
  if (!endDate) return "Your subscription is cancelled and will not renew.";
  // As the pages write a date (web/lib/format.ts formatDate).
  const day = new Date(endDate).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return `Your subscription is cancelled. Premium stays until ${day}, and you will not be charged again.`;
}

/**
 * A payment as the user sees it. `abandoned`: a checkout nobody paid within ABANDONED_AFTER_MS
 * (Paystack said abandoned, or nobody ever told us anything); paying it later still settles it.
 */
export const paymentStatus = z.enum(["pending", "success", "failed", "abandoned"]);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** A checkout still unpaid this long after it started is shown (and, once verified, stored) as abandoned: 1 hour. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/** Our references (`vs_<time>_<hex>`) and Paystack's own: letters, digits and `_ - . =`, at most 100. */
export const PAYMENT_REFERENCE = /^[A-Za-z0-9_.=-]{1,100}$/;
export const paymentReference = z
  .string({ error: "A payment reference is required" })
  .trim()
  .regex(PAYMENT_REFERENCE, { error: "That is not a payment reference" });

/** Where one payment is looked up (verified with the provider while pending). */
export const PAYMENT_PATH = "/api/user/payments/:reference";
export function paymentPath(reference: string): string {
  return `/api/user/payments/${encodeURIComponent(reference)}`;
}
/** The query key of one payment (GET /api/user/payments/{reference}): its URL. */
export function paymentQueryKey(reference: string): readonly [string] {
  return [paymentPath(reference)] as const;
}
/** Whether a query key is one payment (see paymentQueryKey). */
export function isPaymentQueryKey(queryKey: readonly unknown[]): boolean {
  const [url] = queryKey;
  return typeof url === "string" && /^\/api\/user\/payments\/[A-Za-z0-9_.=-]{1,100}$/.test(url);
}
/** The page the checkout comes back to, for one reference. */
export function paymentResultPath(reference: string): string {
  return `/payment/success?reference=${encodeURIComponent(reference)}`;
}

export const paymentResponse = z.object({
  id: z.string(),
  plan: z.string(),
  /** Minor units (pesewas). */
  amount: z.number().int(),
  currency: z.string(),
  status: paymentStatus,
  paystackReference: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentResponse>;
/** The user's payments, newest first, at most PAYMENT_HISTORY_LIMIT. */
export const paymentListResponse = z.array(paymentResponse);
export const PAYMENT_HISTORY_LIMIT = 100;
