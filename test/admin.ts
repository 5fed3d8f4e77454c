import { eq } from "drizzle-orm";
import { adminSetupToken, adminSetupUrl } from "../server/auth/admin-setup";
import { users } from "../server/db/schema";
import { createTestApp, registerUser, type TestApp } from "./app";

/**
 * Registers an account and makes it admin the way an operator does: by opening the setup link
 * the server logs at start (signing up alone never makes an admin). The app's ADMIN_EMAILS, when
 * set, must list the email.
 */
export async function registerAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(t.app, overrides);
  // ADMIN_EMAILS takes effect only for a verified address: this one is, as if its owner had
  // opened the link mailed at sign-up (server/auth/account.api.test.ts walks that link itself).
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, registered.user.id));
  const url = new URL(adminSetupUrl(t.config.publicUrl, adminSetupToken(t.config.appSecret)));
  const response = await t.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: { cookie: registered.cookie },
  });
  if (response.statusCode !== 303) throw new Error(`admin setup failed: ${response.statusCode} ${response.body}`);
  return { ...registered, user: { ...registered.user, role: "admin", emailVerified: true } };
}

/** The admin account's email in apps made by createAppWithAdmin. */
export const ADMIN_EMAIL = "boss@example.com";

/**
 * An app whose ADMIN_EMAILS lists ADMIN_EMAIL, with an ordinary account (the owner of what a test
 * seeds) and the admin, registered in that order.
 */
export async function createAppWithAdmin() {
  const t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  const owner = await registerUser(t.app);
  const admin = await registerAdmin(t, { email: ADMIN_EMAIL });
  return { t, owner, admin };
}
