import { randomBytes } from "node:crypto";
import type { Payment, PaymentStatus, PlanId } from "../../contract/payments";
import {
  ABANDONED_AFTER_MS,
  ALREADY_RENEWS,
  NOTHING_TO_CANCEL,
  PAYMENT_CURRENCY,
  PAYMENT_REFERENCE,
  PLAN_IDS,
  PLANS,
} from "../../contract/payments";
import { effectiveSubscription } from "../auth/presenter";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { PaymentRow, UserRow } from "../db/schema";
import { HttpError } from "../http/errors";
import { isUnstorableText } from "../http/text-hygiene";
import { type PaystackClient, PaystackError, type PlanSpec, type Verification } from "./paystack";
import {
  abandonStaleSandboxPayments,
  claimStalePaystackPayments,
  dueSandboxRenewals,
  failPendingPayment,
  fileRenewalPayment,
  findOwnPayment,
  findPayment,
  findPaystackCustomer,
  insertPendingPayment,
  markUnpaid,
  recordSuccess,
  rememberPaystackSubscription,
  setAccessCode,
  stopRenewal,
} from "./repository";

export { expireSubscriptions, findPayment, listPayments } from "./repository";

export interface PaymentsDeps {
  db: Db;
  config: AppConfig;
  /** Absent in sandbox mode: the sandbox checkout page decides instead. */
  paystack?: PaystackClient;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** Card and mobile money: what people in Ghana pay with. */
export const CHANNELS = ["card", "mobile_money"];

/**
 * Adds whole calendar months in UTC. A day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), so a month is never more than a month.
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from.getTime());
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
}

/** A plan's period starts at the later of now and the current end (an early renewal loses nothing). */
export function extendSubscription(currentEnd: Date | null, plan: PlanId, now: Date = new Date()): Date {
  const start = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return addCalendarMonths(start, PLANS[plan].months);
}

export function newReference(): string {
  return `vs_${Date.now().toString(36)}_${randomBytes(9).toString("hex")}`;
}

/** What Paystack's verify `data.status` means for one of our payments. */
export type ProviderVerdict = "success" | "failed" | "abandoned" | "pending";

/**
 * Paystack's verify `data.status` to our verdict: `success` is paid (once the reference, amount
 * and currency match); `failed` (declined) and `reversed` (money returned to the customer) are
 * failed; `abandoned` is a checkout nobody finished (it may still be paid, so it only counts as
 * abandoned once the checkout is ABANDONED_AFTER_MS old); `ongoing`, `pending`, `processing`,
 * `queued` and anything unknown are still pending: never success without a `success`.
 */
export function providerVerdict(status: string): ProviderVerdict {
  switch (status.trim().toLowerCase()) {
    case "success":
      return "success";
    case "failed":
    case "reversed":
    case "declined":
      return "failed";
    case "abandoned":
      return "abandoned";
    default:
      return "pending";
  }
}

/** Whether a checkout started at `createdAt` is old enough to call unpaid abandoned. */
export function isAbandonable(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() >= ABANDONED_AFTER_MS;
}

/**
 * The status the user sees for a stored row: a pending checkout older than ABANDONED_AFTER_MS
 * is abandoned (Paystack said so, or nobody ever told us it was paid); anything but success,
 * pending and abandoned is failed.
 */
export function visibleStatus(row: Pick<PaymentRow, "status" | "createdAt">, now: Date = new Date()): PaymentStatus {
  if (row.status === "success" || row.status === "abandoned") return row.status;
  if (row.status === "pending") return isAbandonable(row.createdAt, now) ? "abandoned" : "pending";
  return "failed";
}

/** A stored row as the contract's payment, its status as the user sees it now. */
export function presentPayment(row: PaymentRow): Payment {
  return presentPaymentAt(row, new Date());
}

export function presentPaymentAt(row: PaymentRow, now: Date): Payment {
  return {
    id: row.id,
    plan: row.plan,
    amount: row.amount,
    currency: row.currency,
    status: visibleStatus(row, now),
    paystackReference: row.reference,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The Paystack plan each of ours subscribes to: found (or created) by name, price and interval. */
export function planSpec(plan: PlanId): PlanSpec {
  const { name, amount, months } = PLANS[plan];
  return {
    name: `VidScribe ${name}`,
    interval: months === 12 ? "annually" : "monthly",
    amount,
    currency: PAYMENT_CURRENCY,
  };
}

/** Each of our plans with its Paystack plan code (looked up once per process, see planCode). */
async function paystackPlans(paystack: PaystackClient): Promise<Map<PlanId, string>> {
  const codes = await Promise.all(
    PLAN_IDS.map(async (plan) => [plan, await paystack.planCode(planSpec(plan))] as const),
  );
  return new Map(codes);
}

export function callbackUrl(config: AppConfig): string {
  return new URL("/api/payments/callback", config.publicUrl).toString();
}

export function sandboxCheckoutUrl(config: AppConfig, reference: string): string {
  return new URL(`/payments/sandbox/${encodeURIComponent(reference)}`, config.publicUrl).toString();
}

/**
 * Starts a payment: a pending row with the server's price and a fresh reference, then the
 * provider's checkout (Paystack, or the local sandbox page). A provider error marks the row
 * failed and answers a sentence the 'Payment Error' toast can show.
 */
export async function initializePayment(deps: PaymentsDeps, user: UserRow, plan: PlanId) {
  const { db, config } = deps;
  // A second plan would be a second card charge every period: change plans by cancelling first.
  if (effectiveSubscription(user).renews) throw new HttpError(409, ALREADY_RENEWS);
  const price = PLANS[plan];
  const mode = config.payments.mode;
  const row = await insertPendingPayment(db, {
    userId: user.id,
    reference: newReference(),
    plan,
    amount: price.amount,
    currency: PAYMENT_CURRENCY,
    provider: mode,
  });

  if (mode === "sandbox" || !deps.paystack) {
    return { authorizationUrl: sandboxCheckoutUrl(config, row.reference), reference: row.reference };
  }

  try {
    const result = await deps.paystack.initialize({
      email: user.email,
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      callbackUrl: callbackUrl(config),
      metadata: { userId: user.id, plan, paymentId: row.id },
      channels: CHANNELS,
      // The paid charge starts a Paystack subscription that renews on the plan's interval.
      plan: await deps.paystack.planCode(planSpec(plan)),
    });
    await setAccessCode(db, row.id, result.accessCode);
    return { authorizationUrl: result.authorizationUrl, reference: row.reference };
  } catch (error) {
    const message =
      error instanceof PaystackError ? error.message : "Failed to initialize payment. Please try again in a moment.";
    deps.log?.warn({ err: error, reference: row.reference }, "payment initialize failed");
    await failPendingPayment(db, row.id, { error: message });
    throw new HttpError(502, message);
  }
}

export type SettleOutcome =
  /** Not one of our references. */
  | { kind: "unknown" }
  /** The payment is (now, or already) successful; `extended` only for the one call that extended. */
  | { kind: "success"; payment: PaymentRow; extended: boolean }
  /** The provider says it did not go through; the row is failed. */
  | { kind: "failed"; payment: PaymentRow }
  /** Nobody paid the checkout within ABANDONED_AFTER_MS; the row is abandoned (paying later still settles it). */
  | { kind: "abandoned"; payment: PaymentRow }
  /** Not decided yet (still processing, or an answer we refuse: wrong amount, currency, reference). */
  | { kind: "pending"; payment: PaymentRow; reason: string };

/**
 * Settles a payment from what the provider says (Paystack's verify, or the sandbox page's
 * decision). Callback, webhook and sandbox all come here, any number of times, in any order:
 * the subscription is extended exactly once, by the one transaction whose conditional UPDATE
 * moves the row to success (the row lock makes every other one see it already done).
 */
export async function settlePayment(
  deps: PaymentsDeps,
  reference: string,
  options: { decision?: Verification } = {},
): Promise<SettleOutcome> {
  const { db } = deps;
  const payment = await findPayment(db, reference);
  if (!payment) return { kind: "unknown" };
  if (payment.status === "success") return { kind: "success", payment, extended: false };

  let verification: Verification;
  if (options.decision) {
    verification = options.decision;
  } else if (payment.provider === "paystack" && deps.paystack) {
    verification = await deps.paystack.verify(reference);
  } else {
    // Nobody to ask: what is stored stands (a sandbox checkout decided, or nobody decided yet).
    if (payment.status === "failed" || payment.status === "abandoned") return { kind: payment.status, payment };
    return { kind: "pending", payment, reason: "not paid yet" };
  }

  const verdict = providerVerdict(verification.status);
  if (verdict === "abandoned" && !isAbandonable(payment.createdAt)) {
    // Paystack calls an open checkout "abandoned" until it is paid: the customer may still be paying.
    return { kind: "pending", payment, reason: "checkout not paid yet" };
  }
  if (verdict === "failed" || verdict === "abandoned") {
    const marked = await markUnpaid(db, payment.id, verdict, verification.raw);
    if (marked) return { kind: verdict, payment: marked } as SettleOutcome;
    const current = (await findPayment(db, reference)) ?? payment;
    if (current.status === "success") return { kind: "success", payment: current, extended: false };
    return current.status === "abandoned"
      ? { kind: "abandoned", payment: current }
      : { kind: "failed", payment: current };
  }
  if (verdict !== "success") {
    return { kind: "pending", payment, reason: `provider says ${verification.status}` };
  }
  // Money moved, but it must be exactly the transaction we asked for.
  const problem =
    verification.reference !== payment.reference
      ? "reference differs"
      : verification.amount !== payment.amount
        ? `amount ${verification.amount} instead of ${payment.amount}`
        : verification.currency !== payment.currency
          ? `currency ${verification.currency} instead of ${payment.currency}`
          : null;
  if (problem) {
    deps.log?.error({ reference, problem }, "payment verification does not match the payment; not settled");
    return { kind: "pending", payment, reason: problem };
  }

  const now = new Date();
  const paidAt =
    verification.paidAt && !Number.isNaN(Date.parse(verification.paidAt)) ? new Date(verification.paidAt) : now;
  // Pending, or failed earlier (an abandoned checkout the customer went back to and paid).
  const paid = { paidAt, providerData: verification.raw, now, customerCode: verification.customerCode };
  const recorded = await recordSuccess(db, payment.id, paid, (currentEnd) =>
    extendSubscription(currentEnd, payment.plan as PlanId, now),
  );
  return { kind: "success", ...recorded };
}

/** Pending payments this old are asked about; each at most this often. */
export const RECONCILE = { afterMs: 30 * 60_000, everyMs: 10 * 60_000, batch: 20, sandboxAfterMs: 24 * 60 * 60_000 };

/**
 * Payments nobody settled: the customer paid but both the callback and the webhook were lost,
 * or they left the checkout. Each run asks Paystack about a few payments pending for over 30
 * minutes (each at most every 10 minutes, oldest question first): a paid one extends the
 * subscription as the callback would have; a declined or reversed one is marked failed, and
 * one left unpaid for ABANDONED_AFTER_MS abandoned (paying on that checkout later still settles
 * it). Processes claim their batch with SKIP LOCKED, so
 * several web processes do not ask twice. A sandbox checkout nobody decided within a day is
 * marked abandoned. Answers how many were asked about.
 */
export async function reconcilePayments(deps: PaymentsDeps, now: Date = new Date()): Promise<number> {
  const { db } = deps;
  await abandonStaleSandboxPayments(db, new Date(now.getTime() - RECONCILE.sandboxAfterMs), now);
  if (!deps.paystack) return 0;
  const references = await claimStalePaystackPayments(db, {
    createdBefore: new Date(now.getTime() - RECONCILE.afterMs),
    askedBefore: new Date(now.getTime() - RECONCILE.everyMs),
    batch: RECONCILE.batch,
    now,
  });
  for (const reference of references) {
    try {
      await settlePayment(deps, reference);
    } catch (error) {
      // Paystack unreachable: this one is asked again at a later run.
      deps.log?.warn({ err: error, reference }, "payment reconciliation failed");
    }
  }
  return references.length;
}

/**
 * One payment of the signed-in user, as the result page shows it: a row still pending is first
 * verified with Paystack (through settlePayment, so a paid one settles here too). When Paystack
 * cannot be reached the stored state is shown (pending, never success). Another user's
 * reference answers undefined, as an unknown one does.
 */
export async function checkPayment(
  deps: PaymentsDeps,
  userId: string,
  reference: string,
): Promise<Payment | undefined> {
  const row = await findOwnPayment(deps.db, userId, reference);
  if (!row) return undefined;
  if (row.status !== "pending" || row.provider !== "paystack" || !deps.paystack) return presentPayment(row);
  try {
    await settlePayment(deps, reference);
  } catch (error) {
    deps.log?.warn({ err: error, reference }, "payment check could not verify");
  }
  return presentPayment((await findOwnPayment(deps.db, userId, reference)) ?? row);
}

/**
 * Stops the user's plan renewing (issue 18): Paystack's subscription/disable with the code and
 * email token that subscription.create gave us; when that was never delivered (or Paystack no
 * longer knows it), the customer's subscriptions on our plans are looked up and each one still
 * renewing is disabled. Only then is the renewal turned off here: premium lasts to the end
 * date, nothing is refunded. Paystack unreachable or refusing is a 502 and nothing changes.
 */
export async function cancelRenewal(deps: PaymentsDeps, user: UserRow): Promise<UserRow> {
  if (!effectiveSubscription(user).renews) throw new HttpError(409, NOTHING_TO_CANCEL);
  if (deps.paystack) {
    try {
      await disablePaystackRenewal(deps.paystack, user);
    } catch (error) {
      deps.log?.warn({ err: error, userId: user.id }, "subscription cancel failed");
      const message =
        error instanceof PaystackError
          ? error.message
          : "We could not cancel with the payment provider. Please try again.";
      throw new HttpError(502, message);
    }
  }
  return (await stopRenewal(deps.db, { userId: user.id })) ?? user;
}

async function disablePaystackRenewal(paystack: PaystackClient, user: UserRow): Promise<void> {
  if (user.paystackSubscriptionCode && user.paystackEmailToken) {
    try {
      await paystack.disableSubscription(user.paystackSubscriptionCode, user.paystackEmailToken);
      return;
    } catch (error) {
      // Paystack refusing this code (already disabled, unknown): ask what is still renewing.
      if (!(error instanceof PaystackError) || error.status === undefined || error.status >= 500) throw error;
    }
  }
  const ours = new Set((await paystackPlans(paystack)).values());
  let subscriptions: Awaited<ReturnType<PaystackClient["customerSubscriptions"]>>;
  try {
    subscriptions = await paystack.customerSubscriptions(user.paystackCustomerCode ?? user.email);
  } catch (error) {
    // No such customer: nothing of theirs renews on Paystack.
    if (error instanceof PaystackError && error.status === 404) return;
    throw error;
  }
  for (const subscription of subscriptions) {
    const renewing = subscription.status === "active" || subscription.status === "attention";
    if (renewing && (subscription.planCode === null || ours.has(subscription.planCode))) {
      await paystack.disableSubscription(subscription.code, subscription.emailToken);
    }
  }
}

/** A Paystack webhook event: its name and data, as the signature vouched for them. */
export interface PaystackEvent {
  event?: unknown;
  data?: Record<string, unknown> | null;
}

/**
 * A text field of an event. Our references and Paystack's codes are plain text: one holding a
 * NUL or an unpaired surrogate is none of ours and never will be, so it reads as absent (the
 * event is then acknowledged and ignored: any answer but 200 would bring it back for days).
 */
const field = (value: unknown): string | null =>
  typeof value === "string" && value.trim() && !isUnstorableText(value) ? value.trim() : null;
const customerOf = (data: Record<string, unknown>) => {
  const customer = (data.customer ?? {}) as Record<string, unknown>;
  return { code: field(customer.customer_code), email: field(customer.email) };
};

/**
 * What a signed webhook event does. charge.success settles our payment, or files and settles a
 * renewal Paystack charged on its own; subscription.create remembers what cancelling needs;
 * subscription.not_renew and subscription.disable turn the renewal off (cancelled on Paystack's
 * side, by the customer's email link or the card failing). Everything else is acknowledged.
 * Answers whether the event meant anything to us. Throws when Paystack must deliver again.
 */
export async function handlePaystackEvent(deps: PaymentsDeps, event: PaystackEvent): Promise<"received" | "ignored"> {
  const data = event.data && typeof event.data === "object" ? event.data : {};
  switch (event.event) {
    case "charge.success": {
      const reference = field(data.reference);
      if (!reference || !PAYMENT_REFERENCE.test(reference)) return "ignored";
      if (!(await findPayment(deps.db, reference)) && !(await fileRenewal(deps, reference, data))) return "ignored";
      const outcome = await settlePayment(deps, reference);
      return outcome.kind === "unknown" ? "ignored" : "received";
    }
    case "subscription.create": {
      const subscriptionCode = field(data.subscription_code);
      const emailToken = field(data.email_token);
      const customer = customerOf(data);
      const user = await findPaystackCustomer(deps.db, customer);
      if (!user || !subscriptionCode || !emailToken) return "ignored";
      await rememberPaystackSubscription(deps.db, user.id, {
        customerCode: customer.code,
        subscriptionCode,
        emailToken,
      });
      return "received";
    }
    case "subscription.not_renew":
    case "subscription.disable": {
      const subscriptionCode = field(data.subscription_code);
      if (!subscriptionCode) return "ignored";
      return (await stopRenewal(deps.db, { subscriptionCode })) ? "received" : "ignored";
    }
    default:
      return "ignored";
  }
}

/**
 * A charge.success whose reference is not ours: a renewal, when it is on one of our plans and
 * its customer is one of our users. It is filed as pending under Paystack's reference (once,
 * however often delivered), then settled by verifying like any payment. Answers whether it was.
 */
async function fileRenewal(deps: PaymentsDeps, reference: string, data: Record<string, unknown>): Promise<boolean> {
  const planCode = field(((data.plan ?? {}) as Record<string, unknown>).plan_code);
  if (!planCode || !deps.paystack) return false;
  const plan = [...(await paystackPlans(deps.paystack)).entries()].find(([, code]) => code === planCode)?.[0];
  const user = plan ? await findPaystackCustomer(deps.db, customerOf(data)) : undefined;
  if (!plan || !user) return false;
  await fileRenewalPayment(deps.db, {
    userId: user.id,
    reference,
    plan,
    amount: PLANS[plan].amount,
    currency: PAYMENT_CURRENCY,
    provider: "paystack",
  });
  return true;
}

/** Sandbox plans due to renew are renewed this many at a time. */
const SANDBOX_RENEWAL_BATCH = 100;

/**
 * Without Paystack nobody charges a card when a plan's period ends: the sandbox renews each
 * renewing plan whose end date has come, with a paid sandbox payment of its price, so a
 * developer sees what a subscriber would. Nothing in paystack mode. Answers how many renewed.
 */
export async function renewSandboxSubscriptions(deps: PaymentsDeps, now: Date = new Date()): Promise<number> {
  if (deps.config.payments.mode !== "sandbox") return 0;
  const due = await dueSandboxRenewals(deps.db, now, SANDBOX_RENEWAL_BATCH);
  for (const user of due) {
    const plan: PlanId = user.subscriptionPlan === "yearly" ? "yearly" : "monthly";
    const row = await insertPendingPayment(deps.db, {
      userId: user.id,
      reference: newReference(),
      plan,
      amount: PLANS[plan].amount,
      currency: PAYMENT_CURRENCY,
      provider: "sandbox",
    });
    // As Paystack does, one period from now: a server that was down charges once, not per missed period.
    await recordSuccess(deps.db, row.id, { paidAt: now, providerData: { sandbox: true, renewal: true }, now }, (end) =>
      extendSubscription(end, plan, now),
    );
  }
  return due.length;
}
