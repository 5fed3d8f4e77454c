import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Set on HTML page routes: the text check leaves them to answer a bad address with a page of
     * their own (see unstorableTextIn), not with JSON.
     */
    htmlPage?: boolean;
  }
}

export const UNSTORABLE_TEXT_MESSAGE =
  "The request contains characters that cannot be stored (a NUL character or an unpaired surrogate).";

// A NUL, a high surrogate with no low one after it, or a low surrogate with no high one before
// it. Without the "u" flag a regular expression reads UTF-16 code units, which is what is needed
// to see a half of a pair.
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL could not keep this text: it holds a NUL or an unpaired surrogate. */
export function isUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * True when any string in a parsed JSON value (object keys included) is unstorable. The walk
 * uses its own stack, not recursion, so a deeply nested body cannot overflow the call stack;
 * the body limit bounds how many values there are, and the walk stops at the first bad one.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "string") {
      if (isUnstorableText(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === "object" && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnstorableText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** True when the request's path parameters or query string hold unstorable text. */
export function unstorableTextIn(request: FastifyRequest): boolean {
  return holdsUnstorableText(request.params) || holdsUnstorableText(request.query) || unstorablePath(request.url);
}

/** The path as the router decodes it: "%00" anywhere in it, even where no parameter reads it. */
function unstorablePath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  if (!path.includes("%")) return false;
  try {
    return isUnstorableText(decodeURIComponent(path));
  } catch {
    // Malformed escapes are the router's to refuse ("/%zz" is a 400 already).
    return false;
  }
}

/**
 * Text hygiene in one place. PostgreSQL text and jsonb cannot hold a NUL, and an unpaired
 * surrogate is not valid UTF-8; either made a query fail and the request answer 500. Every
 * request is checked once, after its body is parsed and before any handler reads it: the path,
 * the query string and every string in a JSON body.
 *
 * Refused, not removed: silently dropping characters would store something other than what
 * the person sent (and could join two words, or change what a search or a slug means), while a
 * 400 says what is wrong and lets them fix it. Neither character has a place in the text this
 * app keeps. Bodies read raw (the payment webhook, uploads) are not JSON-parsed here and are
 * checked by their own routes.
 */
export function registerTextHygiene(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    // Page routes answer with a page (server/pages/routes.ts), using unstorableTextIn themselves.
    if (request.routeOptions.config?.htmlPage) return;
    if (unstorableTextIn(request) || holdsUnstorableText(request.body)) {
      throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
