import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { authThrottle } from "../db/schema";

/**
 * Failed sign-ins allowed per window. Someone who mistypes a password a few times is never
 * stopped; a script guessing passwords for one account, or many accounts from one address, is.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 15;

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

const limitFor = (key: string) => (key.startsWith("ip:") ? MAX_FAILURES_PER_IP : MAX_FAILURES_PER_ACCOUNT);

/** Seconds until these keys may try again, or 0 when none is over its limit. */
export async function throttledFor(db: Db, keys: string[]): Promise<number> {
  const rows = await db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
  const now = Date.now();
  let wait = 0;
  for (const row of rows) {
    const endsAt = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (endsAt > now && row.failures >= limitFor(row.key)) {
      wait = Math.max(wait, Math.ceil((endsAt - now) / 1000));
    }
  }
  return wait;
}

/**
 * Counts one failure against each key, starting a fresh window when the old one is over.
 * Answers true when any key is now past its limit. The count is atomic, so callers may count an
 * attempt before checking it: parallel guesses then cannot all slip in under the limit.
 */
export async function recordFailure(db: Db, keys: string[]): Promise<boolean> {
  const windowStart = sql`${new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString()}::timestamptz`;
  let over = false;
  for (const key of keys) {
    const [row] = await db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then now() else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning({ failures: authThrottle.failures });
    if (row && row.failures > limitFor(key)) over = true;
  }
  return over;
}

/** Takes back one counted failure: the attempt counted in advance turned out to be right. */
export async function forgiveFailure(db: Db, key: string): Promise<void> {
  await db
    .update(authThrottle)
    .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
