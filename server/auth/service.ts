import type { z } from "zod";
import { EMAIL_TAKEN, type LoginRequest, type registerRequest } from "../../contract/auth";
import { handleAvailable, handleTaken } from "../community/handles";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { HttpError } from "../http/errors";
import { type AccountDeps, sendVerification } from "./account";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { findUserByEmail, insertUser } from "./repository";
import { createSession, deleteSession } from "./sessions";
import { passwordAccepted, takePasswordAttempt } from "./throttle";

export interface SignedIn {
  user: UserRow;
  session: { token: string; expiresAt: Date };
}

type RegisterInput = z.output<typeof registerRequest>;

/**
 * Creates an account with role user, signs it in, and mails a link to verify the address (after
 * the answer). A taken email (in any case) is a 409. No address becomes admin by signing up,
 * ADMIN_EMAILS or not: see admin-setup.ts.
 */
export async function register(db: Db, input: RegisterInput, mail: Omit<AccountDeps, "db">): Promise<SignedIn> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw emailTaken();
  // A chosen handle must be free (nobody's, and no one's old one); none lets the database derive one.
  if (input.handle && !(await handleAvailable(db, input.handle))) throw handleTaken();
  const user = await insertUser(db, {
    email: input.email,
    ...(input.handle ? { handle: input.handle } : {}),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    preferredCategories: input.preferredCategories,
    preferredTopics: input.preferredTopics,
    preferredAuthors: input.preferredAuthors,
    role: "user",
  });
  // Two sign-ups with one email (or one handle) at the same moment: the unique indexes let only one through.
  if (!user) throw (await findUserByEmail(db, input.email)) || !input.handle ? emailTaken() : handleTaken();
  const session = await createSession(db, user.id);
  sendVerification({ db, ...mail }, user);
  return { user, session };
}

const emailTaken = () => new HttpError(409, EMAIL_TAKEN);

/**
 * Checks the password and starts a new session (a fresh token at every sign-in). Failures are
 * metered per account at this address, per address and per account (see throttle.ts): past an
 * allowance the answer is 429 for as long as it takes to get room again, never a long lockout.
 */
export async function login(db: Db, input: LoginRequest, ip: string): Promise<SignedIn> {
  await takePasswordAttempt(db, input.email, ip, "failed sign-in attempts");
  const user = await findUserByEmail(db, input.email);
  let valid = false;
  if (user) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDecoy(input.password);
  if (!user || !valid) throw new HttpError(401, "Invalid email or password.");
  await passwordAccepted(db, input.email, ip);
  return { user, session: await createSession(db, user.id) };
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, token);
}
