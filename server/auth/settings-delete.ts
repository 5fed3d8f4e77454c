import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ACCOUNT_DELETED, WRONG_PASSWORD } from "../../contract/account";
import { recountRatings } from "../articles/community-queries";
import { recountComments } from "../comments/repository";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { articles, comments, profileUploads, ratings, recordings, type UserRow, users } from "../db/schema";
import { configuredPaystack } from "../payments/paystack";
import { cancelRenewal } from "../payments/service";
import { countUsersWithImage } from "../profile/repository";
import type { ObjectStore } from "../storage/store";
import { effectiveSubscription } from "./presenter";
import { checkOwnPassword } from "./settings";

/*
 * Leaving (issue 18 item 4). The password is checked with sign-in's allowances; a plan that
 * renews is cancelled first, with Paystack (nothing here may leave a card being charged): when
 * that fails the answer is a 502 and nothing is deleted. Nothing is refunded. Then the
 * user row goes, and with it, by the schema's cascades, the user's articles (removed, not kept
 * unattributed: an article is its author's writing), their ratings, bookmarks and views, the
 * user's own ratings (the rated articles' stored averages are recounted) and bookmarks,
 * sessions, mailed-link tokens, generations and payments.
 * Uploaded files (picture uploads, recordings, the profile picture when nobody else shows it)
 * are deleted from storage after the rows; a file that cannot be deleted is logged, not fatal.
 */
export async function deleteAccount(
  deps: { db: Db; config: AppConfig; store: ObjectStore; log: FastifyBaseLogger },
  user: UserRow,
  password: string,
  ip: string,
): Promise<string> {
  const { db, store, log } = deps;
  await checkOwnPassword(db, user, password, ip, WRONG_PASSWORD);
  if (effectiveSubscription(user).renews) {
    await cancelRenewal({ db, config: deps.config, paystack: configuredPaystack(deps.config), log }, user);
  }

  const keys = await db.transaction(async (tx) => {
    const uploads = await tx
      .select({ key: profileUploads.key })
      .from(profileUploads)
      .where(eq(profileUploads.userId, user.id));
    const recorded = await tx.select({ key: recordings.key }).from(recordings).where(eq(recordings.userId, user.id));
    // The user's ratings go with the user: the articles they rated are locked first (as a new
    // rating locks its article) and recounted after, so no average counts a deleted reader.
    const rated = await tx
      .select({ id: articles.id })
      .from(articles)
      .innerJoin(ratings, eq(ratings.articleId, articles.id))
      .where(eq(ratings.userId, user.id))
      .orderBy(articles.id)
      .for("update", { of: articles });
    // Their comments go too, and with them others' replies to them: the counts on cards are
    // recounted for every article they commented on (issue 19).
    const commented = await tx
      .selectDistinct({ id: comments.articleId })
      .from(comments)
      .where(eq(comments.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    const ratedIds = rated.map((row) => row.id);
    if (ratedIds.length > 0) await recountRatings(tx, ratedIds);
    for (const { id } of commented) await recountComments(tx, id);
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
