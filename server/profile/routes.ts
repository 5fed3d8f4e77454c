import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userResponse } from "../../contract/auth";
import { errorResponse } from "../../contract/common";
import { profilePictureRequest } from "../../contract/profile";
import { requireUser, signedInUser } from "../auth/plugin";
import { presentUser } from "../auth/presenter";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { storageRoutes } from "../storage/routes";
import { createObjectStore, type ObjectStore } from "../storage/store";
import { pictureFormRoutes } from "./form-upload";
import { setProfilePicture } from "./service";

export interface ProfileRoutesOptions {
  db: Db;
  config: AppConfig;
  /** The store STORAGE names unless given (tests may pass their own). */
  store?: ObjectStore;
}

/**
 * Profile pictures: POST /api/objects/upload hands out a signed URL, the browser PUTs the file
 * there, PUT /api/profile-picture checks and re-encodes it. With local storage the app also
 * serves the signed PUT and the pictures (see storage/routes). Without JavaScript the settings
 * page posts the file to POST /settings instead (form-upload.ts).
 */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { db, config, store }) => {
  const objects = store ?? createObjectStore(config);
  await app.register(storageRoutes, { db, store: objects });
  await app.register(pictureFormRoutes, { db, config, store: objects });

  app.put(
    "/api/profile-picture",
    {
      onRequest: requireUser,
      schema: {
        body: profilePictureRequest,
        response: {
          200: userResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const updated = await setProfilePicture(db, objects, user, request.body.profilePictureURL, request.log);
      return presentUser(updated);
    },
  );
};
