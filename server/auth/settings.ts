import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type ChangePasswordRequest,
  PASSWORD_CHANGED,
  type updateProfileRequest,
  WRONG_CURRENT_PASSWORD,
} from "../../contract/account";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { hashPassword, verifyPassword } from "./passwords";
import { deleteOtherSessions } from "./sessions";
import { passwordAccepted, takePasswordAttempt } from "./throttle";

/*
 * Account settings (issue 18 item 4): what a signed-in user changes about their own account.
 * The current password is checked with sign-in's allowances (throttle.ts), so a stolen session
 * cannot be used to guess the password faster than the sign-in form allows.
 */

/** Checks the user's password, counted like a sign-in attempt: 400 when wrong, 429 past the allowance. */
export async function checkOwnPassword(
  db: Db,
  user: UserRow,
  password: string,
  ip: string,
  wrong = WRONG_CURRENT_PASSWORD,
): Promise<void> {
  await takePasswordAttempt(db, user.email, ip, "wrong passwords");
  if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, wrong);
  await passwordAccepted(db, user.email, ip);
}

/**
 * A new password for a signed-in user who knows the current one. Every other session of the
 * user ends (whoever else held the account is signed out); the one making the change stays.
 * Answers the sentence to show.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: ChangePasswordRequest,
  { ip, sessionToken }: { ip: string; sessionToken: string | undefined },
): Promise<string> {
  await checkOwnPassword(db, user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteOtherSessions(tx, user.id, sessionToken);
  });
  return PASSWORD_CHANGED;
}

/** New names and interests for the user (the sign-up rules); answers the updated user. */
export async function updateProfile(db: Db, user: UserRow, input: z.output<typeof updateProfileRequest>) {
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      preferredCategories: input.preferredCategories,
      preferredTopics: input.preferredTopics,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new HttpError(401, "Please sign in again.");
  return row;
}
