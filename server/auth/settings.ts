import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type ChangePasswordRequest,
  PASSWORD_CHANGED,
  type updateProfileRequest,
  WRONG_CURRENT_PASSWORD,
} from "../../contract/account";
import { forgetCachedReads } from "../articles/read-cache";
import { changeHandle, handleTaken } from "../community/handles";
import type { Db } from "../db/client";
import { databaseErrorCode, UNIQUE_VIOLATION } from "../db/errors";
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

/**
 * New names, interests, handle and bio for the user (the sign-up rules); answers the updated
 * user. A new handle leaves the old one redirecting to it (community/handles.ts); a handle held
 * by someone else, or left behind by someone else, is a 409. Names and handles show on every
 * card, so the cached pages and lists are forgotten.
 */
export async function updateProfile(db: Db, user: UserRow, input: z.output<typeof updateProfileRequest>) {
  let row: UserRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, user.id))
        .for("update");
      if (!current) return undefined;
      if (input.handle !== undefined) await changeHandle(tx, user.id, current.handle, input.handle);
      const [updated] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          preferredCategories: input.preferredCategories,
          preferredTopics: input.preferredTopics,
          ...(input.handle !== undefined ? { handle: input.handle } : {}),
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return updated;
    });
  } catch (error) {
    // Another account took the handle between the check and the write.
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw handleTaken();
    throw error;
  }
  if (!row) throw new HttpError(401, "Please sign in again.");
  forgetCachedReads(db);
  return row;
}
