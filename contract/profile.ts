import { z } from "zod";

export {
  AVATAR_SIZE,
  PROFILE_PICTURE_EXTENSIONS,
  PROFILE_PICTURE_HELP,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  UPLOAD_URL_TTL_SECONDS,
} from "./options";
/** POST /api/objects/upload: where the browser PUTs the file (one request, the file as the body). */
export const uploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

/** PUT /api/profile-picture: the upload URL (or its object key) the file was sent to. */
export const profilePictureRequest = z.object(
  {
    profilePictureURL: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? "profilePictureURL is required"
            : "profilePictureURL must be text",
      })
      .trim()
      .min(1, { error: "profilePictureURL is required" })
      .max(4096, { error: "profilePictureURL is too long" }),
  },
  { error: "Request body must be a JSON object" },
);
export type ProfilePictureRequest = z.infer<typeof profilePictureRequest>;
