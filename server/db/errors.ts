export interface DatabaseErrorDetails {
  /** The SQLSTATE, e.g. "23503" (foreign key violation). */
  code: string;
  message?: string;
  detail?: string;
}

/**
 * The database's own error behind a failed query, looked for along the cause chain: drizzle
 * wraps the driver's error (DrizzleQueryError, the original as .cause), and node-postgres and
 * PGlite both put the five-character SQLSTATE on .code. Other errors (Node's "ECONNREFUSED",
 * Fastify's "FST_...") do not match that shape.
 */
export function databaseError(error: unknown): DatabaseErrorDetails | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseErrorDetails;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const databaseErrorCode = (error: unknown): string | undefined => databaseError(error)?.code;

export const FOREIGN_KEY_VIOLATION = "23503";
export const UNIQUE_VIOLATION = "23505";
