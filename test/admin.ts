import { adminSetupToken, adminSetupUrl } from "../server/auth/admin-setup";
import { registerUser, type TestApp } from "./app";

/**
 * Registers an account and makes it admin the way an operator does: by opening the setup link
 * the server logs at start (signing up alone never makes an admin). The app's ADMIN_EMAILS, when
 * set, must list the email.
 */
export async function registerAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(t.app, overrides);
  const url = new URL(adminSetupUrl(t.config.publicUrl, adminSetupToken(t.config.appSecret)));
  const response = await t.app.inject({
    method: "GET",
    url: `${url.pathname}${url.search}`,
    headers: { cookie: registered.cookie },
  });
  if (response.statusCode !== 303) throw new Error(`admin setup failed: ${response.statusCode} ${response.body}`);
  return { ...registered, user: { ...registered.user, role: "admin" } };
}
