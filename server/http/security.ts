import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
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
      return url.host === request.headers.host || url.origin === publicUrl.origin;
    } catch {
      return false;
    }
  }
  if (origin === "null") return false;
  const site = request.headers["sec-fetch-site"];
  if (site) return site === "same-origin" || site === "none";
  return true;
}

/** Security headers on every response, and the cross-origin guard on state changes. */
export async function registerSecurity(app: FastifyInstance, config: AppConfig, dev: boolean) {
  const storage = storageCspSources(config);
  await app.register(helmet, {
    // Vite's dev server injects inline scripts for hot reload; production pages have none.
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            // Radix positions popovers with inline style attributes.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", "https:", ...storage.imgSrc],
            fontSrc: ["'self'", "data:"],
            // With S3 storage the browser uploads profile pictures straight to the bucket.
            connectSrc: ["'self'", ...storage.connectSrc],
            mediaSrc: ["'self'"],
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

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.allowCrossOrigin) return;
    if (!isSameOrigin(request, config.publicUrl)) {
      throw new HttpError(403, "This request came from another site and was refused.");
    }
  });
}
