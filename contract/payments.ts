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
});
export type Subscription = z.infer<typeof subscriptionResponse>;

export const paymentStatus = z.enum(["pending", "success", "failed"]);
export type PaymentStatus = z.infer<typeof paymentStatus>;

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
export const paymentListResponse = z.array(paymentResponse);
