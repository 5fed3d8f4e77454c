import type { FastifyInstance } from "fastify";
import type { PageRenderer, PreloadedQuery } from "../server/pages/routes";
import { TEST_ORIGIN } from "./app";

/**
 * Helpers for tests of the forms pages post without JavaScript (server/pages/*-posts.ts,
 * server/profile/form-upload.ts): post a form as a browser does, and read what the page was
 * rendered with.
 */

/** A renderer that writes down the URL and queries it was handed, for renderedPage to read back. */
export const recordingRenderer: PageRenderer = {
  async render(input) {
    return `<!doctype html><html><body><pre>${JSON.stringify(input).replace(/</g, "\\u003c")}</pre></body></html>`;
  },
};

/** The URL and preloaded queries a page from recordingRenderer was rendered with. */
export function renderedPage(body: string): { url: string; queries: PreloadedQuery[] } {
  return JSON.parse(body.slice(body.indexOf("<pre>") + 5, body.indexOf("</pre>")));
}

/** A form's answer (the `["form-answer", form]` query) in a rendered page; throws when there is none. */
export function formAnswerIn<T>(body: string, form: string): T {
  const found = renderedPage(body).queries.find((q) => q.queryKey[0] === "form-answer" && q.queryKey[1] === form);
  if (!found) throw new Error(`no ${form} answer in the page: ${body.slice(0, 300)}`);
  return found.data as T;
}

/** A form posted as a browser posts it: url-encoded, with our Origin. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Array<[string, string]>,
  {
    cookie,
    headers = {},
    remoteAddress,
  }: { cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: "POST",
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
