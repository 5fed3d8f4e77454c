import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { PRODUCT_NAME } from "../../contract/options";
import { SESSION_COOKIE } from "../auth/sessions";
import { standalonePage } from "../pages/html";

/**
 * The API described from the same zod schemas that check its requests (OpenAPI 3.1):
 * GET /api/openapi.json for clients, /api/docs for people (Swagger UI, served by the app from
 * the swagger-ui-dist package, with no inline script so it runs under the site's CSP). Only
 * /api routes are described; pages and the forms they post are the web app's, not the API.
 */

/** A response header as the document describes it: a JSON Schema with a description. */
export type ResponseHeaderSchema = Readonly<{ type: string; description: string; enum?: readonly string[] }>;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Headers a route's answers carry, by status code (`X-Has-More` on the feed): described in
     * the document, since the zod transform keeps only the body's schema.
     */
    responseHeaders?: Readonly<Record<number, Readonly<Record<string, ResponseHeaderSchema>>>>;
  }
}

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/** Registered before any route: the document is built from the routes as they are added. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${PRODUCT_NAME} API`,
        version: "1",
        description:
          "Turns a video link into an article, and the reading community around it. Errors answer `{ message }` with a 4xx or 5xx status.",
      },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session cookie set by sign-in or sign-up.",
          },
        },
      },
    },
    transform: (route) => {
      if (!route.url.startsWith("/api/") || route.url === OPENAPI_PATH || route.url.startsWith(DOCS_PATH)) {
        return { schema: { ...route.schema, hide: true }, url: route.url };
      }
      const described = jsonSchemaTransform(route);
      const schema = withResponseHeaders(described.schema, route.route.config?.responseHeaders);
      return { ...described, schema: { ...schema, tags: [groupOf(route.url)] } };
    },
  });
}

/**
 * Adds a route's response headers to its described answers: @fastify/swagger turns a response
 * schema's `headers` into the OpenAPI response's `headers`.
 */
function withResponseHeaders<T extends { response?: unknown }>(
  schema: T,
  headers: Readonly<Record<number, Readonly<Record<string, ResponseHeaderSchema>>>> | undefined,
): T {
  if (!headers || !schema.response || typeof schema.response !== "object") return schema;
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown>) };
  for (const [status, described] of Object.entries(headers)) {
    const answer = response[status];
    if (answer && typeof answer === "object") response[status] = { ...answer, headers: described };
  }
  return { ...schema, response };
}

/** The group a route is listed under in the docs: /api/auth/login is "auth". */
function groupOf(url: string): string {
  const segment = url.split("/")[2] ?? "api";
  const groups: Record<string, string> = {
    auth: "accounts",
    user: "accounts",
    "profile-picture": "profile",
    objects: "profile",
    uploads: "profile",
    bookmarks: "community",
    authors: "community",
    generations: "articles",
    stats: "articles",
  };
  return groups[segment] ?? segment;
}

const UI_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const UI_FILES = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
} as const;

// Starts the viewer on our document; a file, not an inline script, so the CSP allows it.
const INITIALIZER = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
  });
});
`;

const DOCS_PAGE = standalonePage({
  title: `${PRODUCT_NAME} API`,
  head: `<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">`,
  body: `<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/initializer.js"></script>`,
});

/** The document and its viewer. */
export async function openApiRoutes(app: FastifyInstance) {
  app.get(OPENAPI_PATH, async (_request, reply) => reply.header("cache-control", "no-cache").send(app.swagger()));

  app.get(DOCS_PATH, async (_request, reply) =>
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-cache").send(DOCS_PAGE),
  );
  app.get(`${DOCS_PATH}/initializer.js`, async (_request, reply) =>
    reply.header("content-type", UI_FILES["swagger-ui-bundle.js"]).send(INITIALIZER),
  );
  // The viewer's two files, read once when first asked for.
  const cache = new Map<string, Buffer>();
  for (const [file, type] of Object.entries(UI_FILES)) {
    app.get(`${DOCS_PATH}/${file}`, async (_request, reply) => {
      let body = cache.get(file);
      if (!body) {
        body = await readFile(join(UI_DIR, file));
        cache.set(file, body);
      }
      return reply.header("content-type", type).header("cache-control", "public, max-age=86400").send(body);
    });
  }
}
