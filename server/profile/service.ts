import type { FastifyBaseLogger } from "fastify";
import { PROFILE_PICTURE_MAX_BYTES } from "../../contract/profile";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { forbidden, HttpError } from "../http/errors";
import { ImageRejectedError, makeAvatar } from "../storage/image";
import { isUploadKey, uploadKeyOwner } from "../storage/keys";
import { type ObjectStore, ObjectTooLargeError } from "../storage/object-store";
import { claimUploadUse, findUpload } from "../storage/repository";
import { countUsersWithImage, setProfileImage } from "./repository";

export const NOT_AN_UPLOAD_URL = "profilePictureURL must be the uploadURL answered by POST /api/objects/upload.";
export const NOT_YOURS = "That upload belongs to another account.";
export const ALREADY_USED = "That upload has already been used. Please upload the picture again.";
export const NOTHING_UPLOADED = "No file has been uploaded to that URL. Please upload the picture again.";
export const TOO_LARGE = "The picture must be at most 5MB.";

/** The object key a client's profilePictureURL names: the upload URL as issued, or the bare key. */
export function uploadKeyFor(store: ObjectStore, profilePictureURL: string): string | null {
  if (isUploadKey(profilePictureURL)) return profilePictureURL;
  return store.keyFromUploadUrl(profilePictureURL);
}

/**
 * Makes an uploaded file the user's profile picture: only an object issued to this user and
 * not used before, at most 5 MB, really a JPG, PNG or GIF. The picture is redrawn as a square
 * WebP without metadata under its content hash; the original upload is deleted whatever
 * happens once the object has been taken. Answers the updated user.
 */
export async function setProfilePicture(
  db: Db,
  store: ObjectStore,
  user: UserRow,
  profilePictureURL: string,
  log?: FastifyBaseLogger,
): Promise<UserRow> {
  const key = uploadKeyFor(store, profilePictureURL);
  if (!key) throw new HttpError(400, NOT_AN_UPLOAD_URL);
  if (uploadKeyOwner(key) !== user.id) throw forbidden(NOT_YOURS);
  const upload = await findUpload(db, key);
  if (!upload) throw new HttpError(404, NOTHING_UPLOADED);
  if (upload.userId !== user.id) throw forbidden(NOT_YOURS);
  if (upload.consumedAt) throw new HttpError(409, ALREADY_USED);

  let bytes: Buffer | null = null;
  let tooLarge = false;
  try {
    bytes = await store.readObject(key, PROFILE_PICTURE_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    tooLarge = true;
  }
  // Not taken yet: the file may still be on its way, and the URL then stays usable.
  if (!bytes && !tooLarge) throw new HttpError(400, NOTHING_UPLOADED);
  if (!(await claimUploadUse(db, key, user.id, new Date()))) throw new HttpError(409, ALREADY_USED);

  try {
    if (tooLarge || !bytes) throw new HttpError(413, TOO_LARGE);
    return await setProfilePictureFromBytes(db, store, user, bytes, log);
  } finally {
    await store.deleteObject(key).catch((error) => log?.warn({ err: error, key }, "could not delete an upload"));
  }
}

/**
 * The picture itself, whichever way its bytes came (an upload URL, or the settings form posted
 * without JavaScript): really a JPG, PNG or GIF, redrawn as a square WebP without metadata and
 * stored under its content hash; the previous picture goes when nobody else shows it. A file
 * that is not a picture we take is a 400 with the contract's sentence. Answers the updated user.
 */
export async function setProfilePictureFromBytes(
  db: Db,
  store: ObjectStore,
  user: UserRow,
  bytes: Buffer,
  log?: FastifyBaseLogger,
): Promise<UserRow> {
  let avatar: Awaited<ReturnType<typeof makeAvatar>>;
  try {
    avatar = await makeAvatar(bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new HttpError(400, error.message);
    throw error;
  }
  const url = await store.putAvatar(avatar.fileName, avatar.bytes, avatar.contentType);
  const updated = await setProfileImage(db, user.id, url);
  await removeUnusedAvatar(db, store, user.profileImageUrl, url, log);
  return updated;
}

/**
 * The previous picture goes when nobody shows it any more (the same picture may be someone
 * else's too: file names are content hashes).
 */
async function removeUnusedAvatar(
  db: Db,
  store: ObjectStore,
  previousUrl: string | null,
  currentUrl: string,
  log?: FastifyBaseLogger,
) {
  if (!previousUrl || previousUrl === currentUrl) return;
  const file = store.avatarFileFromUrl(previousUrl);
  if (!file) return;
  try {
    if ((await countUsersWithImage(db, previousUrl)) === 0) await store.deleteAvatar(file);
  } catch (error) {
    log?.warn({ err: error, file }, "could not delete a previous avatar");
  }
}
