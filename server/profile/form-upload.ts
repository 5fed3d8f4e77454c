import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  PICTURE_FORM_ANSWERS,
  PICTURE_FORM_PATH,
  type PictureFormAnswer,
  pictureAnswerUrl,
  pictureFileProblem,
} from "../../contract/picture-form";
import { PROFILE_PICTURE_MAX_BYTES } from "../../contract/profile";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { errorAnswer, HttpError } from "../http/errors";
import { isSameOrigin } from "../http/security";
import { holdsUnstorableText, unstorableTextIn } from "../http/text-hygiene";
import type { ObjectStore } from "../storage/object-store";
import { UPLOAD_BODY_LIMIT } from "../storage/routes";
import { recordDirectUpload } from "../storage/uploads";
import { setProfilePictureFromBytes } from "./service";

/**
 * The profile picture without JavaScript (progressive enhancement): until the settings page has
 * hydrated, or without scripts, 'Change Profile Picture' is a plain multipart form posted to
 * /settings. The picture goes through the same checks and the same code as the upload URL
 * (signed in, the hourly upload cap, 5 MB, JPG/PNG/GIF, re-encoded by setProfilePictureFromBytes),
 * and the answer is a redirect back to /settings: with ?picture=updated, or with the code of
 * what went wrong, which the page shows as the contract's fixed sentence (never request text).
 */

/** A problem with the post, answered with one of the page's fixed sentences. */
class PictureFormError extends HttpError {
  constructor(
    status: number,
    readonly answer: PictureFormAnswer,
  ) {
    super(status, PICTURE_FORM_ANSWERS[answer]);
  }
}

// The shared code (image checks, the upload cap) throws the contract's sentences: each maps back
// to its code. A message not in this fixed set is never shown.
const ANSWER_BY_MESSAGE = new Map<string, PictureFormAnswer>(
  (Object.entries(PICTURE_FORM_ANSWERS) as Array<[PictureFormAnswer, string]>)
    .filter(([answer]) => answer !== "updated")
    .map(([answer, message]) => [message, answer]),
);

function answerFor(error: unknown, status: number): PictureFormAnswer {
  if (error instanceof PictureFormError) return error.answer;
  const known = status < 500 && error instanceof Error ? ANSWER_BY_MESSAGE.get(error.message) : undefined;
  if (known) return known;
  if (status === 413) return "too-large";
  // Not multipart at all (a url-encoded post): no file came.
  if (status === 415) return "no-file";
  if (status === 429) return "too-many-uploads";
  return "failed";
}

/** How large a refused body may be and still be read to its end (see the onSend hook): a big phone photo. */
export const DRAIN_LIMIT = 4 * PROFILE_PICTURE_MAX_BYTES;

interface PostedPicture {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * A file part's bytes, refused the moment busboy's 5 MB limit is hit: toBuffer() would read on to
 * the end of the part first, however long it is.
 */
function fileBytes(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => {
      reject(new PictureFormError(413, "too-large"));
      file.destroy();
    });
    file.once("end", () =>
      file.truncated ? reject(new PictureFormError(413, "too-large")) : resolve(Buffer.concat(chunks)),
    );
    file.once("error", reject);
  });
}

/**
 * The one file of the form, read into memory (busboy stops at 5 MB), and the other fields only
 * looked at for text that cannot be stored. An empty file input is posted as a file with no name
 * and no bytes: no file.
 */
async function readPicture(request: FastifyRequest): Promise<PostedPicture | null> {
  let picture: PostedPicture | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await fileBytes(part.file);
        if (part.filename === "" && bytes.length === 0) continue;
        if (picture) throw new PictureFormError(400, "one-file");
        picture = { name: part.filename, type: part.mimetype, bytes };
      } else if (holdsUnstorableText([part.fieldname, part.value])) {
        throw new PictureFormError(400, "unstorable");
      }
    }
  } catch (error) {
    if (error instanceof PictureFormError) throw error;
    // A second file passes busboy's limit of one; anything else it throws is malformed multipart,
    // the sender's fault: a 400, not a 500.
    if ((error as FastifyError).code === "FST_FILES_LIMIT") throw new PictureFormError(400, "one-file");
    throw new PictureFormError(400, "failed");
  }
  return picture;
}

export const pictureFormRoutes: FastifyPluginAsync<{ db: Db; config: AppConfig; store: ObjectStore }> = async (
  app,
  { db, config, store },
) => {
  // Scoped to this plugin: everywhere else a multipart body is refused as before.
  await app.register(multipart, {
    limits: {
      fileSize: PROFILE_PICTURE_MAX_BYTES,
      files: 1,
      fields: 8,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 10,
      headerPairs: 20,
    },
    // The size is checked as the file is read (fileBytes), and refused there.
    throwFileSizeLimit: false,
  });

  // An answer sent before the body was all read (too large, signed out, over the cap). A browser
  // reads the answer only once it has sent its whole body, and shows a connection error if the
  // connection closes first; so a body that declared a size up to DRAIN_LIMIT is read and thrown
  // away (never kept) for the page to say why. Anything larger, or of unknown size, is not read:
  // the connection closes after the answer.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.raw.complete) return payload;
    const length = Number(request.headers["content-length"]);
    if (!(Number.isFinite(length) && length <= DRAIN_LIMIT)) reply.header("connection", "close");
    return payload;
  });

  const answerError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    reply.headers(answer.headers);
    // A post from another site is refused before it is read, with the plain answer: not a
    // redirect into this visitor's settings.
    if (!isSameOrigin(request, config.publicUrl)) return reply.status(answer.status).send({ message: answer.message });
    if (answer.status === 401) return reply.redirect("/login", 303);
    return reply.redirect(pictureAnswerUrl(answerFor(error, answer.status)), 303);
  };

  app.post(PICTURE_FORM_PATH, { config: { htmlPage: true }, errorHandler: answerError }, async (request, reply) => {
    // htmlPage routes check their own address for text that cannot be stored.
    if (unstorableTextIn(request)) throw new PictureFormError(400, "unstorable");
    const user = await request.currentUser();
    if (!user) return reply.redirect("/login", 303);
    // Checked before a byte of the body is read (the multipart parser reads it only below).
    const length = Number(request.headers["content-length"]);
    if (Number.isFinite(length) && length > UPLOAD_BODY_LIMIT) throw new PictureFormError(413, "too-large");
    if (!request.isMultipart()) throw new PictureFormError(400, "no-file");

    await recordDirectUpload(db, store, user.id, request.log);
    const picture = await readPicture(request);
    if (!picture) throw new PictureFormError(400, "no-file");
    const problem = pictureFileProblem({ name: picture.name, type: picture.type, size: picture.bytes.length });
    if (problem) throw new HttpError(problem === PICTURE_FORM_ANSWERS["too-large"] ? 413 : 400, problem);
    await setProfilePictureFromBytes(db, store, user, picture.bytes, request.log);
    return reply.redirect(pictureAnswerUrl("updated"), 303);
  });
};
