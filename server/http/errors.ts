import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { databaseError, FOREIGN_KEY_VIOLATION } from "../db/errors";

/** An error whose message is safe and useful to show the person who caused it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do that.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);

// Fastify's own 4xx messages for bodies it could not read are written for developers; these
// say the same thing to whoever is calling.
const FRIENDLY_FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must be a JSON object",
  // Fastify 5 reports unparseable JSON with this code (not as a SyntaxError).
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body length does not match its Content-Length",
};

// Database errors that mean the input could not be stored or compared (it got past the checks
// in front: text hygiene, the contract's ranges), not that the server is broken.
const BAD_INPUT_CODES = new Set([
  "22P02", // invalid text representation ("abc" for an integer, a NUL in json)
  "22003", // numeric value out of range (an id past an integer column's 2^31 - 1)
  "22001", // string too long for its column
  "22021", // invalid byte sequence / character not in repertoire (a NUL in text)
  "22P05", // untranslatable character (an unpaired surrogate, "\u0000" in jsonb)
]);
const BAD_INPUT_MESSAGE = "The request contains a value that cannot be stored. Please check what you sent.";

/**
 * What a database error means for the caller, or undefined for one that is the server's fault.
 * A foreign key violation is a lost race: what the request points at was deleted meanwhile (404),
 * or what it would delete is still in use (409).
 */
export function databaseErrorAnswer(error: unknown): { status: number; message: string } | undefined {
  const found = databaseError(error);
  if (!found) return undefined;
  if (BAD_INPUT_CODES.has(found.code)) return { status: 400, message: BAD_INPUT_MESSAGE };
  if (found.code === FOREIGN_KEY_VIOLATION) {
    const stillReferenced = /still referenced/i.test(`${found.detail ?? ""} ${found.message ?? ""}`);
    return stillReferenced
      ? { status: 409, message: "This is still in use elsewhere and cannot be removed. Please try again." }
      : { status: 404, message: "What this request refers to no longer exists. It may have just been removed." };
  }
  return undefined;
}

/**
 * What an error tells the caller: its status, a sentence for a person, and any headers (a
 * Retry-After). Client errors keep their message; server errors are logged with the request id
 * and answered with a message that reveals nothing inside. Pages that answer a form post
 * (server/pages/form-posts.ts) show the same sentence in the page.
 */
export function errorAnswer(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; message: string; headers: Record<string, string> } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const message =
      first?.params?.issue && typeof first.params.issue === "object"
        ? String((first.params.issue as { message?: string }).message ?? first.message)
        : (first?.message ?? "Invalid request");
    return { status: 400, message, headers: {} };
  }
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, headers: error.headers };
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return { status: 400, message: "The request body is not valid JSON", headers: {} };
  }
  const fromDatabase = databaseErrorAnswer(error);
  if (fromDatabase) {
    request.log.warn({ err: error }, "database refused the request's input");
    return { ...fromDatabase, headers: {} };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, message: (error.code && FRIENDLY_FASTIFY_MESSAGES[error.code]) || error.message, headers: {} };
  }
  request.log.error({ err: error }, "request failed");
  return {
    status: 500,
    message: `Something went wrong on our side. Please try again. (reference ${request.id})`,
    headers: {},
  };
}

/**
 * Turns every error into `{ message }`. Client errors keep their message; server errors are
 * logged with the request id and answered with a message that reveals nothing inside.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    return reply.status(answer.status).headers(answer.headers).send({ message: answer.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split("?")[0]}` });
  });
}

/**
 * Errors Fastify meets before routing (a path it cannot decode, "/%zz"), in the app's `{ message }`
 * shape rather than Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_INVALID_URL";
  const status = badUrl ? 400 : (error.statusCode ?? 400);
  reply.code(status).send({ message: badUrl ? "The address of this request is not valid." : error.message });
}
