import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse } from "../../contract/common";
import {
  FOLLOWS_PATH,
  followRequest,
  followResult,
  USER_FOLLOWS_PATH,
  userFollowsResponse,
} from "../../contract/follows";
import { requireUser, signedInUser } from "../auth/plugin";
import type { Db } from "../db/client";
import { follow, listFollows, unfollow } from "./follows";

/** Following authors, tags and categories (issue 19 item 3): signed-in readers only. */
export const followRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const refusals = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

  app.post(
    FOLLOWS_PATH,
    {
      onRequest: requireUser,
      schema: { body: followRequest, response: { 200: followResult, ...refusals, 409: errorResponse } },
    },
    async (request) => follow(db, await signedInUser(request), request.body),
  );

  // DELETE takes its target in the query: a body on DELETE is dropped by some proxies.
  app.delete(
    FOLLOWS_PATH,
    { onRequest: requireUser, schema: { querystring: followRequest, response: { 200: followResult, ...refusals } } },
    async (request) => unfollow(db, await signedInUser(request), request.query),
  );

  app.get(
    USER_FOLLOWS_PATH,
    { onRequest: requireUser, schema: { response: { 200: userFollowsResponse, 401: errorResponse } } },
    async (request) => listFollows(db, await signedInUser(request)),
  );
};
