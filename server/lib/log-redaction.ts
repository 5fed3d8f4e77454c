import type { FastifyRequest } from "fastify";

/*
 * What the logs may keep of a request or an error. Bearer links (the upload URL's token is the
 * whole authority), query strings (searches, payment references, tokens) and a failed query's
 * parameters (emails, password hashes) are secrets or personal data: they are replaced before a
 * line is written, whoever logs it.
 */

// Path prefixes whose next segment is a bearer token.
const TOKEN_PATHS = ["/api/uploads/"];

/** A request's address with tokens in its path and every query value replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const text = url.slice(0, 2048);
  const q = text.indexOf("?");
  let path = q < 0 ? text : text.slice(0, q);
  for (const prefix of TOKEN_PATHS) {
    if (path.startsWith(prefix)) path = `${prefix}[redacted]`;
  }
  if (q < 0) return path;
  const keys = text
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return `${path}?${keys.join("&")}`;
}

/**
 * Body fields that are secrets wherever they appear: passwords, the sign-up's sealed password,
 * and the single-use tokens of mailed links (a password reset, an email verification, whose
 * pages carry them as `?token=`, which redactUrl already hides with every query value).
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  "password",
  "currentPassword",
  "newPassword",
  "sealedPassword",
  "token",
]);

/** An object as the logs may keep it: secret fields (SECRET_FIELDS) replaced, a few levels deep. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 3) return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  if (value instanceof Map) return redactFields(Object.fromEntries(value), depth);
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    kept[key] = SECRET_FIELDS.has(key) ? "[redacted]" : redactFields(field, depth + 1);
  }
  return kept;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the logs keep it: its type, code and stack, and its message without the parameters
 * a failed database query carries ("…\nparams: ana@example.com,$argon2id$…"). Causes are kept the
 * same way, a few levels deep.
 */
export function redactError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 500), stack: "" };
  const message = error.message.split("\nparams:")[0];
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: (error.stack ?? "").replace(error.message, message),
    code: (error as { code?: unknown }).code,
  };
  if (error.cause !== undefined && depth < 3) logged.cause = redactError(error.cause, depth + 1);
  return logged;
}

/** Pino serializers for the app's loggers: requests and errors redacted as above. */
export const LOG_SERIALIZERS = {
  err: (error: unknown) => redactError(error),
  error: (error: unknown) => redactError(error),
  // Nothing logs request bodies today; one that does keeps no password or token.
  body: (body: unknown) => redactFields(body),
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
};
