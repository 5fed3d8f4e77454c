import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ACCOUNT_DELETED, SUBSCRIPTION_STILL_ACTIVE, WRONG_PASSWORD } from "../../contract/account";
import type { Db } from "../db/client";
import { profileUploads, recordings, type UserRow, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { countUsersWithImage } from "../profile/repository";
import type { ObjectStore } from "../storage/store";
import { checkOwnPassword } from "./settings";

/*
 * Leaving (issue 18 item 4). The password is checked with sign-in's allowances; an active paid
 * subscription must be cancelled first (nothing here may leave a card being charged). Then the
 * user row goes, and with it, by the schema's cascades, the user's articles (removed, not kept
 * unattributed: an article is its author's writing), their ratings, bookmarks and views, the
 * user's own ratings and bookmarks, sessions, mailed-link tokens, generations and payments.
 * Uploaded files (picture uploads, recordings, the profile picture when nobody else shows it)
 * are deleted from storage after the rows; a file that cannot be deleted is logged, not fatal.
 */
export async function deleteAccount(
  deps: { db: Db; store: ObjectStore; log: FastifyBaseLogger },
  user: UserRow,
  password: string,
  ip: string,
): Promise<string> {
  const { db, store, log } = deps;
  await checkOwnPassword(db, user, password, ip, WRONG_PASSWORD);
  const paidUntil = user.subscriptionEndDate?.getTime() ?? 0;
  if (user.subscriptionStatus === "active" && paidUntil > Date.now())
    throw new HttpError(409, SUBSCRIPTION_STILL_ACTIVE);

  const keys = await db.transaction(async (tx) => {
    const uploads = await tx
      .select({ key: profileUploads.key })
      .from(profileUploads)
      .where(eq(profileUploads.userId, user.id));
    const recorded = await tx.select({ key: recordings.key }).from(recordings).where(eq(recordings.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    return [...uploads, ...recorded].map((row) => row.key);
  });

  for (const key of keys) {
    await store.deleteObject(key).catch((error) => log.warn({ err: error, key }, "could not delete an upload"));
  }
  const picture = user.profileImageUrl ? store.avatarFileFromUrl(user.profileImageUrl) : null;
  if (picture && user.profileImageUrl) {
    try {
      if ((await countUsersWithImage(db, user.profileImageUrl)) === 0) await store.deleteAvatar(picture);
    } catch (error) {
      log.warn({ err: error, file: picture }, "could not delete a profile picture");
    }
  }
  return ACCOUNT_DELETED;
}
