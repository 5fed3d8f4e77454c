import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AUTHOR_API_PATH,
  AUTHOR_NOT_FOUND,
  authorParams,
  authorResponse,
  isHandleSegment,
} from "../../contract/authors";
import { errorResponse } from "../../contract/common";
import type { Db } from "../db/client";
import { HttpError } from "../http/errors";
import { findAuthor } from "./authors";
import { redirectedHandle } from "./handles";

/**
 * GET /api/authors/{handle}: an author's public profile and totals (issue 19), for anyone. Their
 * articles are the feed's: GET /api/articles?author={handle}. A handle its owner changed answers
 * a 301 to the new one's address, so old links keep working.
 */
export const authorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    AUTHOR_API_PATH,
    { schema: { params: authorParams, response: { 200: authorResponse, 404: errorResponse } } },
    async (request, reply) => {
      const handle = request.params.handle.trim().toLowerCase();
      if (!isHandleSegment(handle)) throw new HttpError(404, AUTHOR_NOT_FOUND);
      const author = await findAuthor(db, handle);
      if (author) return author;
      const moved = await redirectedHandle(db, handle);
      if (moved) return reply.redirect(`/api/authors/${moved}`, 301);
      throw new HttpError(404, AUTHOR_NOT_FOUND);
    },
  );
};
