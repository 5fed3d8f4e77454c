import { and, eq, ne, sql } from "drizzle-orm";
import { HANDLE_TAKEN } from "../../contract/authors";
import type { Db } from "../db/client";
import { handleRedirects, users } from "../db/schema";
import { HttpError } from "../http/errors";

/*
 * Handles (issue 19): unique among users, and never one another user left behind while its
 * redirect stands (handle_redirects). The shape rules are the contract's (contract/authors.ts);
 * the database's unique index decides races.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Whether a handle is free for this user (or for a new account, without one). */
export async function handleAvailable(db: Db | Tx, handle: string, userId?: string): Promise<boolean> {
  const owner = userId ? and(eq(users.handle, handle), ne(users.id, userId)) : eq(users.handle, handle);
  const redirect = userId
    ? and(eq(handleRedirects.oldHandle, handle), ne(handleRedirects.userId, userId))
    : eq(handleRedirects.oldHandle, handle);
  const [taken] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(owner)
    .union(db.select({ one: sql<number>`1` }).from(handleRedirects).where(redirect))
    .limit(1);
  return !taken;
}

export const handleTaken = () => new HttpError(409, HANDLE_TAKEN);

/**
 * Gives the user a new handle: the old one goes to handle_redirects (so /u/{old} answers a 301),
 * and a redirect row of the user's own equal to the new handle goes away (they took it back).
 * A handle taken meanwhile (the unique index) is the same 409 as one taken before.
 */
export async function changeHandle(tx: Tx, userId: string, oldHandle: string, newHandle: string): Promise<void> {
  if (oldHandle === newHandle) return;
  if (!(await handleAvailable(tx, newHandle, userId))) throw handleTaken();
  await tx
    .delete(handleRedirects)
    .where(and(eq(handleRedirects.oldHandle, newHandle), eq(handleRedirects.userId, userId)));
  if (oldHandle) {
    await tx
      .insert(handleRedirects)
      .values({ oldHandle, userId })
      .onConflictDoUpdate({ target: handleRedirects.oldHandle, set: { userId, createdAt: new Date() } });
  }
}

/** Where an old handle leads now: the current handle of the user who gave it up, if any. */
export async function redirectedHandle(db: Db, oldHandle: string): Promise<string | undefined> {
  const [row] = await db
    .select({ handle: users.handle })
    .from(handleRedirects)
    .innerJoin(users, eq(users.id, handleRedirects.userId))
    .where(eq(handleRedirects.oldHandle, oldHandle))
    .limit(1);
  return row && row.handle !== oldHandle ? row.handle : undefined;
}
