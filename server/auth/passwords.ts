import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. The numeric 2 is argon2id in
// @node-rs/argon2's Algorithm enum (a const enum we cannot import under isolatedModules).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as Parameters<typeof hash>[1]);
}

/** Checks a password against a stored hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so response times do
 * not reveal which emails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword("decoy-password-for-timing");
  await verifyPassword(await decoyHash, password);
}
