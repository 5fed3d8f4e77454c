import { PROFILE_PICTURE_EXTENSIONS, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from "@contract/options";

export const TYPE_MESSAGE = "This file type is not supported. Please choose a JPG, PNG or GIF image.";
export const SIZE_MESSAGE = "This file is larger than 5MB. Please choose a smaller picture.";
export const EMPTY_MESSAGE = "This file is empty. Please choose a picture.";
export const ONE_FILE_MESSAGE = "You can only upload 1 file.";

/** What the file input accepts: the picker shows only these (the check below still runs). */
export const ACCEPT = [...PROFILE_PICTURE_TYPES, ...PROFILE_PICTURE_EXTENSIONS].join(",");

/**
 * The dialog's own checks before anything is sent (spec section 5): JPG, PNG or GIF, at most
 * 5 MB. A browser that knows no type for the file is judged by its extension. The server checks
 * the bytes again whatever this says.
 */
export function checkPictureFile(file: { name: string; size: number; type: string }): string | null {
  const type = file.type.toLowerCase();
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  const typeOk = type
    ? (PROFILE_PICTURE_TYPES as readonly string[]).includes(type)
    : (PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return TYPE_MESSAGE;
  if (file.size === 0) return EMPTY_MESSAGE;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return SIZE_MESSAGE;
  return null;
}

/** "1.2 MB", "340 KB": sizes as the dialog shows them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
