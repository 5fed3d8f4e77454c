import { z } from "zod";

/** Spec sections 5 and 9: one file of at most 5 MB (5,242,880 bytes). */
export const PROFILE_PICTURE_MAX_BYTES = 5_242_880;

/** The formats a profile picture may arrive in, by MIME type and file extension. */
export const PROFILE_PICTURE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export const PROFILE_PICTURE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif"] as const;

/** The upload dialog's help text, word for word (spec section 2). */
export const PROFILE_PICTURE_HELP = "Maximum file size: 5MB. Supported formats: JPG, PNG, GIF";

/** How long a signed upload URL may be used, in seconds. */
export const UPLOAD_URL_TTL_SECONDS = 600;

/** Width and height of the stored avatar, in pixels. */
export const AVATAR_SIZE = 256;

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
