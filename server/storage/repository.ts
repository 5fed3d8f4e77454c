import { and, asc, count, eq, gt, gte, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ProfileUploadRow, profileUploads } from "../db/schema";

/*
 * Times are compared with the app's clock (passed in), not the database's now(): the same
 * clock signs the URLs, so the two can never disagree about whether one has expired.
 */

export async function insertUpload(
  db: Db,
  row: { key: string; userId: string; expiresAt: Date; createdAt: Date; uploadedAt?: Date; consumedAt?: Date },
) {
  await db.insert(profileUploads).values(row);
}

export async function findUpload(db: Db, key: string): Promise<ProfileUploadRow | undefined> {
  const [row] = await db.select().from(profileUploads).where(eq(profileUploads.key, key)).limit(1);
  return row;
}

/** How many upload URLs the user was given since a moment. */
export async function countUploadsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profileUploads)
    .where(and(eq(profileUploads.userId, userId), gte(profileUploads.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Takes the one write an upload URL allows. True for exactly one caller, however many PUTs
 * race with the same URL; false once it was used or has expired.
 */
export async function claimUploadWrite(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileUploads)
    .set({ uploadedAt: now })
    .where(and(eq(profileUploads.key, key), isNull(profileUploads.uploadedAt), gt(profileUploads.expiresAt, now)))
    .returning({ key: profileUploads.key });
  return rows.length === 1;
}

/** Gives the write back when storing the file failed, so the person can try the same URL again. */
export async function releaseUploadWrite(db: Db, key: string): Promise<void> {
  await db.update(profileUploads).set({ uploadedAt: null }).where(eq(profileUploads.key, key));
}

/** Takes the object for a profile picture: true for exactly one caller, and only its owner. */
export async function claimUploadUse(db: Db, key: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileUploads)
    .set({ consumedAt: now })
    .where(and(eq(profileUploads.key, key), eq(profileUploads.userId, userId), isNull(profileUploads.consumedAt)))
    .returning({ key: profileUploads.key });
  return rows.length === 1;
}

/** Upload rows whose URL expired before a moment, oldest first (for the sweep). */
export async function listStaleUploads(db: Db, expiredBefore: Date, limit: number): Promise<ProfileUploadRow[]> {
  return db
    .select()
    .from(profileUploads)
    .where(lt(profileUploads.expiresAt, expiredBefore))
    .orderBy(asc(profileUploads.expiresAt))
    .limit(limit);
}

export async function deleteUpload(db: Db, key: string): Promise<void> {
  await db.delete(profileUploads).where(eq(profileUploads.key, key));
}
