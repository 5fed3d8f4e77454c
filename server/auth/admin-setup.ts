import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { forbidden } from "../http/errors";

/*
 * Admin rights only by proof. Registering an address proves nothing (anyone may type any email),
 * so no account becomes admin by signing up or by being listed in ADMIN_EMAILS alone. Proof is
 * access to the server itself, in one of two ways:
 *
 * - the shell: `npm run admin -- grant <email>` (scripts/admin.ts);
 * - the server's log: while the site has no admin (or an ADMIN_EMAILS account is not one yet),
 *   every start logs a setup link. Opening it signed in makes that account admin. The link is
 *   signed with APP_SECRET, so any process of the site accepts it, and it lasts 24 hours. Without
 *   ADMIN_EMAILS it works once (an admin then exists); with it, only for the listed accounts, and
 *   only once their address is verified.
 *
 * ADMIN_EMAILS takes effect only for a verified address: the verification mail is proof that the
 * account's owner holds the address, so verifying a listed address makes the account admin
 * (server/auth/account.ts verifyEmail), and the setup link refuses a listed account that has not
 * verified yet. Whoever registers a listed address first, without its mailbox, gets nothing.
 */

export const ADMIN_SETUP_PATH = "/api/auth/admin-setup";
export const ADMIN_SETUP_TTL_MS = 24 * 60 * 60 * 1000;

// Mixed into the MAC, so a signature APP_SECRET makes for anything else never passes as this.
const PURPOSE = "vidscribe/admin-setup/v1";
const TOKEN_SHAPE = /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/;

const mac = (secret: string, issued: string) => createHmac("sha256", secret).update(`${PURPOSE}\n${issued}`).digest();

/** A setup token `<issued, unix seconds in base 36>.<HMAC-SHA256 with APP_SECRET>`. */
export function adminSetupToken(secret: string, now: number = Date.now()): string {
  const issued = Math.floor(now / 1000).toString(36);
  return `${issued}.${mac(secret, issued).toString("base64url")}`;
}

/** True for a token this site signed within the last 24 hours (checked in constant time). */
export function isAdminSetupToken(secret: string, token: string, now: number = Date.now()): boolean {
  if (!TOKEN_SHAPE.test(token)) return false;
  const [issued = "", signature = ""] = token.split(".");
  const expected = mac(secret, issued);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const issuedAt = Number.parseInt(issued, 36) * 1000;
  return issuedAt <= now + 60_000 && now - issuedAt < ADMIN_SETUP_TTL_MS;
}

export function adminSetupUrl(publicUrl: URL, token: string): string {
  const url = new URL(ADMIN_SETUP_PATH, publicUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return row !== undefined;
}

/**
 * Whether a start should log a setup link: the site has no admin yet, or an ADMIN_EMAILS address
 * has no admin account yet.
 */
export async function needsAdminSetup(db: Db, adminEmails: string[]): Promise<boolean> {
  if (adminEmails.length === 0) return !(await adminExists(db));
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), inArray(sql`lower(${users.email})`, adminEmails)));
  return admins.length < adminEmails.length;
}

/**
 * Makes the signed-in user an admin with a setup token: 403 with a sentence that says why not
 * when the token is not one this site signed in the last day, when ADMIN_EMAILS does not list
 * the account, or (without ADMIN_EMAILS) when the site has an admin already.
 */
export async function claimAdmin(
  db: Db,
  user: UserRow,
  token: string,
  options: { secret: string; adminEmails: string[] },
): Promise<void> {
  if (!isAdminSetupToken(options.secret, token)) {
    throw forbidden(
      "This admin setup link is not valid or has expired. Restart the server for a new one, or run `npm run admin -- grant <email>`.",
    );
  }
  if (user.role === "admin") return;
  const email = user.email.toLowerCase();
  if (options.adminEmails.length > 0) {
    if (!options.adminEmails.includes(email)) {
      throw forbidden("This admin setup link is only for the accounts listed in ADMIN_EMAILS.");
    }
    if (!user.emailVerified) {
      throw forbidden(
        "Verify this account's email address first (open the link we mailed to it, or send a new one from your profile), then open this link again.",
      );
    }
    await db.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, user.id));
    return;
  }
  // Without ADMIN_EMAILS the link makes one admin: the first to use it.
  const [granted] = await db
    .update(users)
    .set({ role: "admin", updatedAt: new Date() })
    .where(
      and(
        eq(users.id, user.id),
        sql`not exists (select 1 from ${users} where ${users.role} = 'admin' and ${ne(users.id, user.id)})`,
      ),
    )
    .returning({ id: users.id });
  if (!granted) {
    throw forbidden(
      "This site already has an admin. An admin can be added with `npm run admin -- grant <email>`, or by listing the email in ADMIN_EMAILS.",
    );
  }
}
