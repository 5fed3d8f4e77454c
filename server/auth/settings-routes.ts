import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountMessageResponse, DELETE_ACCOUNT_PATH, deleteAccountRequest } from "../../contract/account";
import { errorResponse } from "../../contract/common";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { ObjectStore } from "../storage/store";
import { clearSessionCookie, requireUser, signedInUser } from "./plugin";
import { deleteAccount } from "./settings-delete";

/** Settings' routes that need the object store (registered once it exists, server/app.ts). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; config: AppConfig; store: ObjectStore }> = async (
  app,
  { db, config, store },
) => {
  app.delete(
    DELETE_ACCOUNT_PATH,
    {
      onRequest: requireUser,
      schema: {
        body: deleteAccountRequest,
        response: {
          200: accountMessageResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
          429: errorResponse,
          502: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const message = await deleteAccount(
        { db, config, store, log: request.log },
        user,
        request.body.password,
        request.ip,
      );
      clearSessionCookie(reply, config);
      return { message };
    },
  );
};
