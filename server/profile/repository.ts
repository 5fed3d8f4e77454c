import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { notFound } from "../http/errors";

/** Saves the user's picture URL and answers the updated row. */
export async function setProfileImage(db: Db, userId: string, url: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ profileImageUrl: url, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound("Your account no longer exists.");
  return row;
}

/** How many accounts show this picture URL. */
export async function countUsersWithImage(db: Db, url: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.profileImageUrl, url));
  return row?.n ?? 0;
}
