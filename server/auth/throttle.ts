import { eq, lt, sql } from "drizzle-orm";
import { COMMENTS_PER_DAY, COMMENTS_PER_MINUTE } from "../../contract/comment-keys";
import type { Db } from "../db/client";
import { authThrottle } from "../db/schema";
import { HttpError } from "../http/errors";

/*
 * Failed sign-ins are metered, never punished with a long lockout that others could trigger.
 * Three allowances are spent by every attempt that reaches the password check:
 *
 * - one account from one address (`pair:`): 10 failures, then one more every 90 s. A script
 *   guessing one account's password from one address gets what it got before (10 per 15 min).
 * - one address, any accounts (`ip:`): 15 failures, then one more every 60 s. A script spraying
 *   many accounts from one address is held to 15 per 15 min; a classroom behind that address
 *   waits a minute at worst, and its right passwords cost nothing.
 * - one account, all addresses (`account:`): 15 failures, then one more every 90 s. Guesses spread
 *   over many addresses are held to the same 10 per 15 min in the long run.
 *
 * One address can spend at most 10 of the account's 15 (its pair allowance is checked first and
 * stops it), so an attacker at one address never keeps the owner at another out; an attacker at
 * several addresses can only slow the owner down (by at most 90 s at a time), never lock them out.
 *
 * Each allowance is a token bucket kept in one timestamp (the "generic cell rate algorithm"):
 * `window_started_at` holds the moment the key's counted failures are all forgotten, each failure
 * pushes it one step later, and an attempt is let through while it lies less than `burst` steps
 * ahead. `failures` counts the failures since the key was last clear (for reading only).
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS = 10;
export const MAX_FAILURES_PER_ACCOUNT = 15;
export const MAX_FAILURES_PER_IP = 15;
/** Once an allowance is spent, one more attempt every this often (ms). */
export const ACCOUNT_STEP_MS = THROTTLE_WINDOW_MS / 10;
export const IP_STEP_MS = THROTTLE_WINDOW_MS / MAX_FAILURES_PER_IP;

const normalEmail = (email: string) => email.trim().toLowerCase();
export const accountKey = (email: string) => `account:${normalEmail(email)}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** The address comes last and never holds a space, so the key is unambiguous. */
export const pairKey = (email: string, ip: string) => `pair:${normalEmail(email)} ${ip}`;

/*
 * Mailed links (server/auth/account.ts) are metered with the same buckets, counting every
 * request rather than failures, so nobody can fill an inbox or the outgoing mail:
 *
 * - one address asked a password reset link (`reset-mail:`): 3, then one more every 10 minutes;
 * - one client asking reset links for any addresses (`mail-ip:`): 10, then one every 90 s;
 * - one account asking a new verification link (`verify-mail:`): 3, then one every 10 minutes.
 */
export const MAILS_PER_ADDRESS = 3;
export const MAILS_PER_CLIENT = 10;
export const MAIL_ADDRESS_STEP_MS = 10 * 60 * 1000;
export const MAIL_CLIENT_STEP_MS = 90 * 1000;
export const resetMailKey = (email: string) => `reset-mail:${normalEmail(email)}`;
export const mailClientKey = (ip: string) => `mail-ip:${ip}`;
export const verifyMailKey = (userId: string) => `verify-mail:${userId}`;

/*
 * Sign-up's "is this address free?" lookup (email-available.ts) answers whether an account
 * exists, as sign-up's 409 does, so it gets sign-up's allowance per client (sign-up-limit.ts):
 * 60, then one a minute (`email-check:`). A classroom signing up behind one address fits.
 */
export const EMAIL_CHECKS_PER_CLIENT = 60;
export const EMAIL_CHECK_STEP_MS = 60 * 1000;
export const emailCheckKey = (ip: string) => `email-check:${ip}`;

/*
 * Comments (server/comments/service.ts) are metered per user, every comment counted: 5, then one
 * more every 12 s (`comment-minute:`), and 50, then one more every ~29 minutes (`comment-day:`).
 */
export const COMMENT_MINUTE_STEP_MS = (60 * 1000) / COMMENTS_PER_MINUTE;
export const COMMENT_DAY_STEP_MS = (24 * 60 * 60 * 1000) / COMMENTS_PER_DAY;
export const commentMinuteKey = (userId: string) => `comment-minute:${userId}`;
export const commentDayKey = (userId: string) => `comment-day:${userId}`;

interface Allowance {
  burst: number;
  stepMs: number;
}

function allowanceFor(key: string): Allowance {
  if (key.startsWith("reset-mail:") || key.startsWith("verify-mail:")) {
    return { burst: MAILS_PER_ADDRESS, stepMs: MAIL_ADDRESS_STEP_MS };
  }
  if (key.startsWith("comment-minute:")) return { burst: COMMENTS_PER_MINUTE, stepMs: COMMENT_MINUTE_STEP_MS };
  if (key.startsWith("comment-day:")) return { burst: COMMENTS_PER_DAY, stepMs: COMMENT_DAY_STEP_MS };
  if (key.startsWith("email-check:")) return { burst: EMAIL_CHECKS_PER_CLIENT, stepMs: EMAIL_CHECK_STEP_MS };
  if (key.startsWith("mail-ip:")) return { burst: MAILS_PER_CLIENT, stepMs: MAIL_CLIENT_STEP_MS };
  if (key.startsWith("ip:")) return { burst: MAX_FAILURES_PER_IP, stepMs: IP_STEP_MS };
  if (key.startsWith("pair:")) return { burst: MAX_FAILURES_PER_ACCOUNT_AT_ADDRESS, stepMs: ACCOUNT_STEP_MS };
  return { burst: MAX_FAILURES_PER_ACCOUNT, stepMs: ACCOUNT_STEP_MS };
}

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const interval = (ms: number) => sql`${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * Counts one failure against the key when its allowance has room, in one atomic statement (so a
 * burst of parallel guesses cannot all slip in), and answers 0; otherwise counts nothing and
 * answers the seconds until there is room. Callers count the attempt before checking the
 * password and take it back (`forgiveFailure`) when the password proves right.
 */
export async function takeAttempt(db: Db, key: string): Promise<number> {
  const { burst, stepMs } = allowanceFor(key);
  const now = Date.now();
  const [row] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: new Date(now + stepMs) })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} <= ${timestamp(now)} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`greatest(${authThrottle.windowStartedAt}, ${timestamp(now)}) + ${interval(stepMs)}`,
      },
      setWhere: sql`${authThrottle.windowStartedAt} <= ${timestamp(now + (burst - 1) * stepMs)}`,
    })
    .returning({ key: authThrottle.key });
  if (row) return 0;
  const [current] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
  const roomAt = (current?.windowStartedAt.getTime() ?? now) - (burst - 1) * stepMs;
  return Math.max(1, Math.ceil((roomAt - now) / 1000));
}

/** Takes back one counted failure: the attempt counted in advance turned out to be right. */
export async function forgiveFailure(db: Db, key: string): Promise<void> {
  const { stepMs } = allowanceFor(key);
  await db
    .update(authThrottle)
    .set({
      failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
      windowStartedAt: sql`${authThrottle.windowStartedAt} - ${interval(stepMs)}`,
    })
    .where(eq(authThrottle.key, key));
}

/** A successful sign-in clears the account's counts (not the address's). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Deletes the keys whose failures time has already forgiven (a missing key is a clear one). */
export async function pruneThrottle(db: Db): Promise<void> {
  await db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, new Date()));
}

/** A 429 saying how long to wait before trying again ("Too many {what}. Please wait 2 minutes…"). */
export function tooManyAttempts(waitSeconds: number, what: string): HttpError {
  const wait = Math.max(1, waitSeconds);
  const minutes = Math.ceil(wait / 60);
  const howLong = wait < 60 ? `${wait} second${wait === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return new HttpError(429, `Too many ${what}. Please wait ${howLong} and try again.`, {
    "retry-after": String(wait),
  });
}

/**
 * Counts a password attempt for an account from an address against sign-in's allowances: this
 * address's own allowance for the account first (once spent, its attempts stop here and use up
 * nothing the owner at another address needs), then the address's, then the account's. The
 * attempt counts as a failure until the password proves right (passwordAccepted), so a burst of
 * parallel guesses cannot all be checked before the first is counted. Past an allowance: 429.
 */
export async function takePasswordAttempt(db: Db, email: string, ip: string, what: string): Promise<void> {
  const taken: string[] = [];
  for (const key of [pairKey(email, ip), ipKey(ip), accountKey(email)]) {
    const wait = await takeAttempt(db, key);
    if (wait > 0) {
      for (const counted of taken) await forgiveFailure(db, counted);
      throw tooManyAttempts(wait, what);
    }
    taken.push(key);
  }
}

/** The password proved right: the account's failures are cleared and the address's attempt given back. */
export async function passwordAccepted(db: Db, email: string, ip: string): Promise<void> {
  await clearFailures(db, pairKey(email, ip));
  await clearFailures(db, accountKey(email));
  await forgiveFailure(db, ipKey(ip));
}
