import { PROFILE_PICTURE_EXTENSIONS, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from "./options";

/*
 * The sentences a picture is refused with. One set for both ways in: the upload dialog (checked
 * in the browser, then by the server) and the settings form posted without JavaScript. No zod
 * here: the settings page imports this, and its chunk stays small.
 */
export const PICTURE_TYPE_MESSAGE = "This file type is not supported. Please choose a JPG, PNG or GIF image.";
export const PICTURE_SIZE_MESSAGE = "This file is larger than 5MB. Please choose a smaller picture.";
export const PICTURE_EMPTY_MESSAGE = "This file is empty. Please choose a picture.";
export const ONE_PICTURE_MESSAGE = "You can only upload 1 file.";
export const NOT_AN_IMAGE =
  "That file is not a JPG, PNG or GIF image. Please choose a picture in one of those formats.";
export const UNREADABLE_IMAGE = "That picture could not be read. It may be damaged; please try another file.";
export const TOO_MANY_PIXELS = "That picture has too many pixels. Please choose one under 64 megapixels.";
export const TOO_MANY_UPLOADS = "You have started too many uploads. Please try again in an hour.";
/** The success toast's sentence (spec section 8), and the generic failure's. */
export const PICTURE_UPDATED = "Profile picture updated successfully!";
export const PICTURE_FAILED = "Failed to update profile picture";

/** The extension of a file name, lower case, with its dot ("" when it has none). No regex: the name is untrusted. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
}

/**
 * The checks on a chosen file before its bytes are looked at (spec section 5): JPG, PNG or GIF,
 * not empty, at most 5 MB. A file whose type is unknown ("" in a browser, octet-stream in a
 * form post) is judged by its extension. The server checks the bytes whatever this says.
 */
export function pictureFileProblem(file: { name: string; size: number; type: string }): string | null {
  const type = file.type.toLowerCase();
  const typeOk =
    type && type !== "application/octet-stream"
      ? (PROFILE_PICTURE_TYPES as readonly string[]).includes(type)
      : (PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeOk) return PICTURE_TYPE_MESSAGE;
  if (file.size === 0) return PICTURE_EMPTY_MESSAGE;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_SIZE_MESSAGE;
  return null;
}

/**
 * The settings page's upload form without JavaScript: a multipart POST to /settings with the
 * file as `picture`. The server answers with a redirect to /settings?picture=<answer>, and the
 * page shows that answer's fixed sentence: nothing the request sent is ever shown back.
 */
export const PICTURE_FORM_PATH = "/settings";
export const PICTURE_FORM_FIELD = "picture";
export const PICTURE_ANSWER_PARAM = "picture";
export const PICTURE_FORM_ANSWERS = {
  updated: PICTURE_UPDATED,
  "no-file": "Please choose a picture to upload.",
  empty: PICTURE_EMPTY_MESSAGE,
  "too-large": PICTURE_SIZE_MESSAGE,
  type: PICTURE_TYPE_MESSAGE,
  "not-image": NOT_AN_IMAGE,
  unreadable: UNREADABLE_IMAGE,
  "too-many-pixels": TOO_MANY_PIXELS,
  "one-file": ONE_PICTURE_MESSAGE,
  "too-many-uploads": TOO_MANY_UPLOADS,
  unstorable: "The form holds characters that cannot be stored (a NUL character). Please choose the picture again.",
  failed: PICTURE_FAILED,
} as const;
export type PictureFormAnswer = keyof typeof PICTURE_FORM_ANSWERS;

/** Where the server sends the browser after a form post, with its answer. */
export const pictureAnswerUrl = (answer: PictureFormAnswer) => `${PICTURE_FORM_PATH}?${PICTURE_ANSWER_PARAM}=${answer}`;

/** The answer a settings address carries, if it is one of the fixed set. */
export function pictureAnswerIn(search: string): { answer: PictureFormAnswer; message: string } | null {
  const value = new URLSearchParams(search).get(PICTURE_ANSWER_PARAM);
  if (!value || !Object.hasOwn(PICTURE_FORM_ANSWERS, value)) return null;
  const answer = value as PictureFormAnswer;
  return { answer, message: PICTURE_FORM_ANSWERS[answer] };
}
