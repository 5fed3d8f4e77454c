import { PROFILE_PICTURE_EXTENSIONS, PROFILE_PICTURE_TYPES } from "@contract/options";
import {
  ONE_PICTURE_MESSAGE,
  PICTURE_EMPTY_MESSAGE,
  PICTURE_SIZE_MESSAGE,
  PICTURE_TYPE_MESSAGE,
  pictureFileProblem,
} from "@contract/picture-form";

// The sentences are the contract's: the server refuses a form post without JavaScript in the same words.
export const TYPE_MESSAGE = PICTURE_TYPE_MESSAGE;
export const SIZE_MESSAGE = PICTURE_SIZE_MESSAGE;
export const EMPTY_MESSAGE = PICTURE_EMPTY_MESSAGE;
export const ONE_FILE_MESSAGE = ONE_PICTURE_MESSAGE;

/** What the file input accepts: the picker shows only these (the check below still runs). */
export const ACCEPT = [...PROFILE_PICTURE_TYPES, ...PROFILE_PICTURE_EXTENSIONS].join(",");

/**
 * The dialog's own checks before anything is sent (spec section 5): JPG, PNG or GIF, at most
 * 5 MB. A browser that knows no type for the file is judged by its extension. The server checks
 * the bytes again whatever this says.
 */
export const checkPictureFile = pictureFileProblem;

/** "1.2 MB", "340 KB": sizes as the dialog shows them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
