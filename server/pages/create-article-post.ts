import { randomBytes } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  CREATE_ARTICLE_FAILED,
  CREATE_ARTICLE_URL,
  type CreateArticleAnswer,
  type CreateArticleValues,
  createRequestOf,
} from "../../contract/article-forms";
import { createArticleRequest } from "../../contract/articles";
import { formAnswerKey } from "../../contract/auth-forms";
import { articlePath } from "../../contract/pages";
import {
  finishedArticle,
  type GenerationServiceDeps,
  startArticleGeneration,
  waitForGeneration,
} from "../generation/service";
import { errorAnswer, HttpError } from "../http/errors";
import { holdsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../http/text-hygiene";
import { type Fields, fieldsOf, type RenderFormPage, text } from "./form-posts";

/**
 * The Create New Article dialog posted without JavaScript (progressive enhancement). The dialog
 * opens server-rendered at /?create=1 and posts to / with intent=create; the server starts the
 * article exactly as POST /api/articles does (same checks, limits and durable job), waits for
 * it while the browser shows its own loading state, and answers with a redirect to the new
 * article, or the dialog again with what was typed and what went wrong.
 */

/** A pasted transcript may hold 2,000,000 characters; url-encoded, each can take up to 9 bytes. */
const CREATE_FORM_BODY_LIMIT = 20 * 1024 * 1024;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** A fresh request key for the next post of the form (128 random bits). */
export const newCreateKey = () => randomBytes(16).toString("hex");

/**
 * The reference articles in the order their boxes came: the dialog names them as its form
 * library does ("referenceArticles.0.text"); a plain "referenceArticles" is read too. More than
 * three is kept for the schema to refuse with its own sentence.
 */
function referencesOf(fields: Fields): string[] {
  const references: string[] = [];
  for (const [name, values] of fields) {
    if (name === "referenceArticles" || /^referenceArticles\.\d{1,2}\.text$/.test(name)) references.push(...values);
  }
  return references;
}

function createValues(fields: Fields): CreateArticleValues {
  return {
    youtubeUrl: text(fields, "youtubeUrl"),
    recordingId: text(fields, "recordingId"),
    style: text(fields, "style"),
    length: text(fields, "length"),
    tone: text(fields, "tone"),
    // An unticked checkbox is not posted at all.
    includeComments: text(fields, "includeComments") !== "",
    category: text(fields, "category"),
    language: text(fields, "language"),
    referenceArticles: referencesOf(fields),
    transcript: text(fields, "transcript"),
  };
}

export function registerCreateArticlePost(
  app: FastifyInstance,
  { generation, renderPage }: { generation: GenerationServiceDeps | undefined; renderPage: RenderFormPage },
) {
  const answerPage = (request: FastifyRequest, reply: FastifyReply, message: string, status: number) => {
    const fields = fieldsOf(request.body);
    const answer: CreateArticleAnswer = {
      // A failed request's key is spent: the next post is a new request.
      key: newCreateKey(),
      values: createValues(fields),
      error: { title: CREATE_ARTICLE_FAILED, description: message },
    };
    return renderPage(
      request,
      reply,
      CREATE_ARTICLE_URL,
      { queryKey: formAnswerKey("create-article"), data: answer },
      status,
    );
  };

  app.post(
    "/",
    {
      config: { htmlPage: true },
      bodyLimit: CREATE_FORM_BODY_LIMIT,
      errorHandler: (error: FastifyError, request, reply) => {
        const answer = errorAnswer(error, request);
        reply.headers(answer.headers);
        // A post from another site is refused before its body is read, with the plain answer (a
        // 403 after reading it is the article limit, shown in the dialog).
        if (answer.status === 403 && request.body === undefined) {
          return reply.status(403).send({ message: answer.message });
        }
        return answerPage(request, reply, answer.message, answer.status);
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      // Signed out (the session ended while the dialog was open): sign in, then start again.
      if (!user) return reply.redirect("/login", 303);
      const fields = fieldsOf(request.body);
      if (holdsUnstorableText([...fields.values()])) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
      if (text(fields, "intent") !== "create") throw new HttpError(400, "This form does not say what to do.");
      if (!generation) throw new HttpError(503, "Articles cannot be created on this server right now.");

      const parsed = createArticleRequest.safeParse(createRequestOf(createValues(fields)));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "Please check the form.");
      const key = text(fields, "key");
      const started = await startArticleGeneration(
        generation,
        user,
        parsed.data,
        KEY_PATTERN.test(key) ? key : undefined,
      );
      // The job goes on if the browser leaves; only this wait stops.
      const gone = new AbortController();
      request.raw.on("close", () => gone.abort());
      const finished = await waitForGeneration(generation, started.id, { signal: gone.signal });
      if (!finished) throw new HttpError(410, "The article request was removed.");
      const article = await finishedArticle(generation.db, finished);
      return reply.redirect(articlePath(article), 303);
    },
  );
}
