import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";

/** Looks a user up by email, ignoring case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = typeof users.$inferInsert;

/** Inserts a user; answers undefined when the email is already taken (by any case). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Gives role admin to the accounts with these emails; answers their emails. */
export function promoteAdmins(db: Db, emails: string[]): Promise<string[]> {
  return setRole(db, emails, "admin");
}

/** Gives role user back to the accounts with these emails; answers their emails. */
export function demoteAdmins(db: Db, emails: string[]): Promise<string[]> {
  return setRole(db, emails, "user");
}

async function setRole(db: Db, emails: string[], role: "admin" | "user"): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    )
    .returning({ email: users.email });
  return rows.map((r) => r.email);
}
