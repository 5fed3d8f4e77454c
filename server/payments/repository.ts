import { and, desc, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { PAYMENT_HISTORY_LIMIT } from "../../contract/payments";
import { findUserByEmail } from "../auth/repository";
import type { Db } from "../db/client";
import { type PaymentRow, payments, type UserRow, users } from "../db/schema";

/**
 * The payments table (and the subscription columns a payment moves): every query the payments
 * service runs, so the service reads as the rules it keeps.
 */

/** A user's payments, newest first (the history shows at most PAYMENT_HISTORY_LIMIT). */
export async function listPayments(db: Db, userId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENT_HISTORY_LIMIT);
}

/** One payment of one user: another user's reference is as absent as an unknown one. */
export async function findOwnPayment(db: Db, userId: string, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.userId, userId)))
    .limit(1);
  return row;
}

export async function findPayment(db: Db, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).limit(1);
  return row;
}

export async function insertPendingPayment(
  db: Db,
  values: Pick<PaymentRow, "userId" | "reference" | "plan" | "amount" | "currency" | "provider">,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: "pending" })
    .returning();
  return row;
}

/**
 * A renewal Paystack charged on its own (its reference is Paystack's): filed as pending once,
 * however often the event is delivered; the caller settles it by verifying, as any payment.
 */
export async function fileRenewalPayment(
  db: Db,
  values: Pick<PaymentRow, "userId" | "reference" | "plan" | "amount" | "currency" | "provider">,
): Promise<void> {
  await db
    .insert(payments)
    .values({ ...values, status: "pending" })
    .onConflictDoNothing({ target: payments.reference });
}

/** The user Paystack means by a customer code, else by the customer's email. */
export async function findPaystackCustomer(
  db: Db,
  customer: { code: string | null; email: string | null },
): Promise<UserRow | undefined> {
  if (customer.code) {
    const [byCode] = await db.select().from(users).where(eq(users.paystackCustomerCode, customer.code)).limit(1);
    if (byCode) return byCode;
  }
  return customer.email ? findUserByEmail(db, customer.email) : undefined;
}

/** Remembers a user's Paystack subscription (from subscription.create): what cancelling needs. */
export async function rememberPaystackSubscription(
  db: Db,
  userId: string,
  values: { customerCode: string | null; subscriptionCode: string; emailToken: string },
): Promise<void> {
  await db
    .update(users)
    .set({
      paystackSubscriptionCode: values.subscriptionCode,
      paystackEmailToken: values.emailToken,
      ...(values.customerCode ? { paystackCustomerCode: values.customerCode } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Turns a user's renewal off (they cancelled, or Paystack says the subscription no longer
 * renews); with `subscriptionCode`, only while that is still the user's subscription. Answers
 * the row, or undefined when nothing matched.
 */
export async function stopRenewal(
  db: Db,
  where: { userId: string } | { subscriptionCode: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ subscriptionRenews: false, updatedAt: new Date() })
    .where("userId" in where ? eq(users.id, where.userId) : eq(users.paystackSubscriptionCode, where.subscriptionCode))
    .returning();
  return row;
}

/**
 * Renewing subscriptions whose end date has come, in sandbox mode (no card to charge): the
 * sandbox renews them as Paystack would, with a payment of the plan's price. At most `batch`.
 */
export async function dueSandboxRenewals(db: Db, now: Date, batch: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.subscriptionRenews, true),
        eq(users.subscriptionStatus, "active"),
        isNotNull(users.subscriptionEndDate),
        lte(users.subscriptionEndDate, now),
      ),
    )
    .limit(batch);
}

export async function setAccessCode(db: Db, id: string, accessCode: string | null): Promise<void> {
  await db.update(payments).set({ accessCode, updatedAt: new Date() }).where(eq(payments.id, id));
}

/**
 * Marks an unpaid payment failed or abandoned (from pending, or from abandoned when Paystack
 * later says failed); answers the row, or undefined when it had moved on (paid, say).
 */
export async function markUnpaid(
  db: Db,
  id: string,
  status: "failed" | "abandoned",
  providerData: unknown,
): Promise<PaymentRow | undefined> {
  const from = status === "failed" ? ["pending", "abandoned"] : ["pending"];
  const [row] = await db
    .update(payments)
    .set({ status, providerData: providerData ?? null, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning();
  return row;
}

/** Marks a still-pending payment failed; answers the row, or undefined when it was no longer pending. */
export async function failPendingPayment(db: Db, id: string, providerData: unknown): Promise<PaymentRow | undefined> {
  return markUnpaid(db, id, "failed", providerData);
}

/**
 * Records a payment as successful and extends its user's subscription (which then renews), in one transaction. The
 * conditional UPDATE (pending or failed to success) and the user's row lock make this happen
 * exactly once however many callers race: the others get `extended: false` and the row as it is.
 * `extend` gives the new end date from the current one.
 */
export async function recordSuccess(
  db: Db,
  paymentId: string,
  paid: { paidAt: Date; providerData: unknown; now: Date; customerCode?: string | null },
  extend: (currentEnd: Date | null) => Date,
): Promise<{ payment: PaymentRow; extended: boolean }> {
  return db.transaction(async (tx) => {
    const [settled] = await tx
      .update(payments)
      .set({ status: "success", paidAt: paid.paidAt, providerData: paid.providerData ?? null, updatedAt: paid.now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ["pending", "failed", "abandoned"])))
      .returning();
    if (!settled) {
      const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      return { payment: current, extended: false };
    }
    const [user] = await tx.select().from(users).where(eq(users.id, settled.userId)).for("update");
    const endDate = extend(user.subscriptionEndDate);
    await tx
      .update(users)
      .set({
        subscriptionStatus: "active",
        subscriptionPlan: settled.plan,
        subscriptionEndDate: endDate,
        // A plan renews until cancelled (Paystack's subscription; the sandbox pretends).
        subscriptionRenews: true,
        ...(paid.customerCode ? { paystackCustomerCode: paid.customerCode } : {}),
        userType: "registered",
        updatedAt: paid.now,
      })
      .where(eq(users.id, user.id));
    const [withPeriod] = await tx
      .update(payments)
      .set({ periodEnd: endDate })
      .where(eq(payments.id, settled.id))
      .returning();
    return { payment: withPeriod, extended: true };
  });
}

/** Sandbox checkouts nobody decided, created before `before`, become abandoned. */
export async function abandonStaleSandboxPayments(db: Db, before: Date, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: "abandoned", updatedAt: now })
    .where(and(eq(payments.status, "pending"), eq(payments.provider, "sandbox"), lt(payments.createdAt, before)));
}

/**
 * Claims up to `batch` Paystack payments pending since before `createdBefore` and not asked
 * about since `askedBefore`, oldest question first, marking them asked now. SKIP LOCKED: several
 * processes never claim the same one. Answers their references.
 */
export async function claimStalePaystackPayments(
  db: Db,
  { createdBefore, askedBefore, batch, now }: { createdBefore: Date; askedBefore: Date; batch: number; now: Date },
): Promise<string[]> {
  const claimed = await db.execute(sql`update ${payments} set updated_at = ${now.toISOString()}::timestamptz
    where ${payments.id} in (
      select ${payments.id} from ${payments}
      where ${payments.status} = 'pending' and ${payments.provider} = 'paystack'
        and ${payments.createdAt} < ${createdBefore.toISOString()}::timestamptz
        and ${payments.updatedAt} < ${askedBefore.toISOString()}::timestamptz
      order by ${payments.updatedAt} limit ${batch}
      for update skip locked)
    returning ${payments.reference} as reference`);
  return (claimed as unknown as { rows: Array<{ reference: string }> }).rows.map((r) => r.reference);
}

/**
 * Tidies rows whose subscription has ended: status expired, user type guest. Reads never
 * depend on it (see effectiveSubscription); it keeps the table honest for reports and admins.
 */
export async function expireSubscriptions(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      subscriptionStatus: sql`case when ${users.subscriptionStatus} = 'active' then 'expired' else ${users.subscriptionStatus} end`,
      userType: "guest",
      updatedAt: now,
    })
    .where(
      and(
        isNotNull(users.subscriptionEndDate),
        lte(users.subscriptionEndDate, now),
        or(eq(users.subscriptionStatus, "active"), sql`${users.userType} <> 'guest'`),
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}
