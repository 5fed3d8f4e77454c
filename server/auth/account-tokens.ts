import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountTokens } from "../db/schema";

/** What a mailed token is for. */
export type TokenPurpose = "password-reset" | "verify-email";

export const hashAccountToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use token for the user, mailed to `email`: 256 random bits for the link, only
 * their SHA-256 in the database. Expired tokens (anyone's: the index on expires_at makes it
 * cheap) go at the same time, so the table holds only live links.
 */
export async function issueAccountToken(
  db: Db,
  purpose: TokenPurpose,
  user: { id: string; email: string },
  ttlMs: number,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
  await db.insert(accountTokens).values({
    id: hashAccountToken(token),
    purpose,
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

type Executor = Pick<Db, "select" | "delete">;

/** The live token of this kind (not used, not expired), or undefined; changes nothing. */
export async function findAccountToken(db: Executor, purpose: TokenPurpose, token: string, now: Date = new Date()) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.id, hashAccountToken(token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Uses the token up: deletes it and answers its row when it was live, in one statement, so two
 * requests with the same link cannot both succeed.
 */
export async function consumeAccountToken(db: Executor, purpose: TokenPurpose, token: string, now: Date = new Date()) {
  const [row] = await db
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.id, hashAccountToken(token)),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Deletes every token of this kind the user holds (a reset link used, an address verified). */
export async function deleteAccountTokens(db: Pick<Db, "delete">, purpose: TokenPurpose, userId: string) {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}
