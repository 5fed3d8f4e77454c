import type { z } from "zod";
import type { LoginRequest, registerRequest } from "../../contract/auth";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { HttpError } from "../http/errors";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { findUserByEmail, insertUser } from "./repository";
import { createSession, deleteSession } from "./sessions";
import { accountKey, clearFailures, forgiveFailure, ipKey, recordFailure, throttledFor } from "./throttle";

export interface SignedIn {
  user: UserRow;
  session: { token: string; expiresAt: Date };
}

type RegisterInput = z.output<typeof registerRequest>;

/** Creates a guest account and signs it in. A taken email (in any case) is a 409. */
export async function register(db: Db, input: RegisterInput, options: { adminEmails: string[] }): Promise<SignedIn> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw emailTaken();
  const user = await insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    preferredCategories: input.preferredCategories,
    preferredTopics: input.preferredTopics,
    preferredAuthors: input.preferredAuthors,
    role: options.adminEmails.includes(input.email.toLowerCase()) ? "admin" : "user",
  });
  // Two sign-ups with one email at the same moment: the unique index lets only one through.
  if (!user) throw emailTaken();
  return { user, session: await createSession(db, user.id) };
}

const emailTaken = () =>
  new HttpError(409, "An account with this email already exists. Sign in instead, or use another email.");

/**
 * Checks the password and starts a new session (a fresh token at every sign-in). Failures are
 * counted per account and per address; past the limit the answer is 429 until the window ends.
 */
export async function login(db: Db, input: LoginRequest, ip: string): Promise<SignedIn> {
  const keys = [accountKey(input.email), ipKey(ip)];
  const wait = await throttledFor(db, keys);
  if (wait > 0) throw tooManyAttempts(wait);
  // The attempt counts as a failure until the password proves right, so a burst of parallel
  // guesses cannot all be checked before the first of them is counted.
  if (await recordFailure(db, keys)) throw tooManyAttempts(await throttledFor(db, keys));
  const user = await findUserByEmail(db, input.email);
  let valid = false;
  if (user) valid = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstDecoy(input.password);
  if (!user || !valid) throw new HttpError(401, "Invalid email or password.");
  await clearFailures(db, accountKey(input.email));
  await forgiveFailure(db, ipKey(ip));
  return { user, session: await createSession(db, user.id) };
}

function tooManyAttempts(waitSeconds: number) {
  const wait = Math.max(1, waitSeconds);
  const minutes = Math.ceil(wait / 60);
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { "retry-after": String(wait) },
  );
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteSession(db, token);
}
