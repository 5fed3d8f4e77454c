import type { Db } from "../db/client";
import { HttpError } from "../http/errors";
import { findUserByEmail } from "./repository";
import { emailCheckKey, takeAttempt } from "./throttle";

/**
 * Whether an address is free for sign-up (the wizard's first step). Every lookup counts
 * against the client's allowance (throttle.ts), so addresses cannot be checked in bulk; past
 * it the answer is 429 with the seconds to wait.
 */
export async function emailAvailable(db: Db, email: string, ip: string): Promise<boolean> {
  const wait = await takeAttempt(db, emailCheckKey(ip));
  if (wait > 0) {
    throw new HttpError(429, `Too many address checks. Please try again in ${wait} seconds.`, {
      "retry-after": String(wait),
    });
  }
  return !(await findUserByEmail(db, email));
}
