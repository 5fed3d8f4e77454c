import { and, eq, sql } from "drizzle-orm";
import {
  EMAIL_VERIFIED,
  RESET_PASSWORD_DONE,
  RESET_TOKEN_MINUTES,
  type ResetPasswordRequest,
  VERIFICATION_SENT,
  VERIFY_TOKEN_DAYS,
} from "../../contract/account";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { sessions, type UserRow, users } from "../db/schema";
import { HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail, verifyEmailMail } from "../mail/templates";
import { consumeAccountToken, deleteAccountTokens, findAccountToken, issueAccountToken } from "./account-tokens";
import { hashPassword } from "./passwords";
import { findUserByEmail } from "./repository";
import {
  accountKey,
  clearFailures,
  mailClientKey,
  resetMailKey,
  takeAttempt,
  tooManyAttempts,
  verifyMailKey,
} from "./throttle";

/*
 * The account's mailed links: a forgotten password, and the proof that an address is the
 * owner's. Tokens are single-use, stored hashed (account-tokens.ts), and never logged: they
 * travel only in the mail, in the link's query string (redacted from logs) and in request bodies.
 */

export const RESET_TOKEN_TTL_MS = RESET_TOKEN_MINUTES * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = VERIFY_TOKEN_DAYS * 24 * 60 * 60 * 1000;

export interface AccountDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
}

const pageLink = (config: AppConfig, path: string, token: string) => {
  const url = new URL(path, config.publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
};

/**
 * A forgotten password: counts the request against the client and the address (429 past either
 * allowance), then looks the address up and mails a link after the answer has gone. The caller
 * answers the same 202 either way, and both ways spend the same work before answering, so
 * neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset({ db, config, mailer }: AccountDeps, email: string, ip: string) {
  const clientWait = await takeAttempt(db, mailClientKey(ip));
  if (clientWait > 0) throw tooManyAttempts(clientWait, "password reset requests from your network");
  const addressWait = await takeAttempt(db, resetMailKey(email));
  if (addressWait > 0) throw tooManyAttempts(addressWait, "password reset emails for this address");
  mailer.later("password reset", async () => {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueAccountToken(db, "password-reset", user, RESET_TOKEN_TTL_MS);
    const link = pageLink(config, "/reset-password", token);
    await mailer.send(user.email, passwordResetMail({ firstName: user.firstName, link, minutes: RESET_TOKEN_MINUTES }));
  });
}

const invalidResetLink = () =>
  new HttpError(
    400,
    "This password reset link is not valid, has been used or has expired. Ask for a new one on the Forgot password page.",
  );

/**
 * Sets a new password with a reset token: the token is used up, every other reset link of the
 * user stops working, and every session of the user ends (whoever held the old password is
 * signed out). Answers the sentence to show.
 */
export async function resetPassword(db: Db, input: ResetPasswordRequest): Promise<string> {
  // The slow hash only for a live token; the transaction below still decides.
  if (!(await findAccountToken(db, "password-reset", input.token))) throw invalidResetLink();
  const passwordHash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    const token = await consumeAccountToken(tx, "password-reset", input.token);
    if (!token) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, token.userId), sql`lower(${users.email}) = lower(${token.email})`))
      .returning({ email: users.email });
    if (!user) return null;
    await tx.delete(sessions).where(eq(sessions.userId, token.userId));
    await deleteAccountTokens(tx, "password-reset", token.userId);
    return user.email;
  });
  if (email === null) throw invalidResetLink();
  // The owner proved the mailbox: failed sign-ins counted against the account are forgiven.
  await clearFailures(db, accountKey(email));
  return RESET_PASSWORD_DONE;
}

/** Mails the user a link that proves their address (after the current request). */
export function sendVerification({ db, config, mailer }: AccountDeps, user: UserRow): void {
  mailer.later("email verification", async () => {
    const token = await issueAccountToken(db, "verify-email", user, VERIFY_TOKEN_TTL_MS);
    const link = pageLink(config, "/verify-email", token);
    await mailer.send(user.email, verifyEmailMail({ firstName: user.firstName, link, days: VERIFY_TOKEN_DAYS }));
  });
}

/** A new verification link for a signed-in user: 409 once verified, 429 past the allowance. */
export async function resendVerification(deps: AccountDeps, user: UserRow): Promise<string> {
  if (user.emailVerified) throw new HttpError(409, "Your email address is already verified.");
  const wait = await takeAttempt(deps.db, verifyMailKey(user.id));
  if (wait > 0) throw tooManyAttempts(wait, "verification emails");
  sendVerification(deps, user);
  return VERIFICATION_SENT;
}

/**
 * Marks the address verified with a verification token (used up). The address must still be the
 * account's. An address listed in ADMIN_EMAILS becomes admin here: the mail proved its owner
 * holds it (see admin-setup.ts). Answers the sentence to show.
 */
export async function verifyEmail(db: Db, config: AppConfig, token: string): Promise<string> {
  const used = await consumeAccountToken(db, "verify-email", token);
  const listed = used ? config.adminEmails.includes(used.email.toLowerCase()) : false;
  const [user] = used
    ? await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date(), ...(listed ? { role: "admin" } : {}) })
        .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
        .returning({ id: users.id })
    : [];
  if (!used || !user) {
    throw new HttpError(
      400,
      "This verification link is not valid, has been used or has expired. Sign in and ask for a new one on your profile.",
    );
  }
  await deleteAccountTokens(db, "verify-email", user.id);
  return EMAIL_VERIFIED;
}
