import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { EMBED_ORIGIN } from "../../contract/moments";
import type { AppConfig } from "../config";
import { BOOT_SCRIPT_CSP_SOURCE } from "../pages/boot-script";
import { storageCspSources } from "../storage/store";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on routes that other sites call on purpose (payment webhooks). */
    allowCrossOrigin?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from our own pages. Browsers send Origin on every
 * cross-site POST and Sec-Fetch-Site on every request; a caller with neither is not a browser,
 * so it cannot be riding a visitor's cookies.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: URL): boolean {
  const origin = request.headers.origin;
  if (origin && origin !== "null") {
    try {
      const url = new URL(origin);
      // The whole origin: scheme too, so https://host is not taken for an http app at host
      // (the scheme behind a proxy is the forwarded one when TRUST_PROXY says so).
      const ours = url.host === request.headers.host && url.protocol === `${request.protocol}:`;
      return ours || url.origin === publicUrl.origin;
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  const site = request.headers["sec-fetch-site"];
  if (site) return site === "same-origin" || site === "none";
  return true;
}

/**
 * The headers helmet would set, worked out once: they are the same for every response, and
 * building helmet's middleware per request (as @fastify/helmet does) cost more than the rest
 * of a cached answer.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Security headers on every response, and the cross-origin guard on state changes. */
export async function registerSecurity(app: FastifyInstance, config: AppConfig, dev: boolean) {
  const storage = storageCspSources(config);
  const headers = helmetHeaders({
    // Vite's dev server injects inline scripts for hot reload; production pages have one, the
    // boot script (server/pages/boot-script.ts).
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            // The one inline script is the fixed boot script, allowed by its hash.
            scriptSrc: ["'self'", BOOT_SCRIPT_CSP_SOURCE],
            // Radix positions popovers with inline style attributes.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", "https:", ...storage.imgSrc],
            fontSrc: ["'self'", "data:"],
            // With S3 storage the browser uploads profile pictures straight to the bucket.
            connectSrc: ["'self'", ...storage.connectSrc],
            mediaSrc: ["'self'"],
            // Moment links play in YouTube's privacy-enhanced embed (the article page); no other frame.
            frameSrc: [EMBED_ORIGIN],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // API answers carry people's data (their session, articles, bookmarks, payments): no browser
  // or shared cache keeps them unless a route says otherwise.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.allowCrossOrigin) return;
    if (!isSameOrigin(request, config.publicUrl)) {
      throw new HttpError(403, "This request came from another site and was refused.");
    }
  });
}
