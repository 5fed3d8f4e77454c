import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ACTION_ANSWER_KEY,
  ACTION_INTENTS,
  type ActionAnswer,
  ADMIN_DELETE_QUESTION,
  CONFIRM_FIELD,
  ownDeleteQuestion,
  SIGN_OUT_PATH,
} from "../../contract/action-forms";
import { adminUpdateUserRequest, UPDATE_USER_FAILED, userIdParam } from "../../contract/admin";
import { adminHref, parseAdminSearch, UPDATE_USER_INTENT } from "../../contract/admin-query";
import {
  EDIT_ARTICLE_FAILED,
  type EditArticleAnswer,
  type EditArticleValues,
  editArticleUrl,
} from "../../contract/article-forms";
import { adminUpdateArticleRequest, updateArticleRequest } from "../../contract/articles";
import { formAnswerKey } from "../../contract/auth-forms";
import { MODERATE_COMMENT_INTENT } from "../../contract/comment-keys";
import { bookmarkRequest, rateRequest } from "../../contract/feed";
import { followRequest } from "../../contract/follows";
import { cleanTags, MAX_TAGS } from "../../contract/options";
import { CANCEL_SUBSCRIPTION_QUESTION, initializePaymentRequest } from "../../contract/payments";
import { updateUserAccess } from "../admin/service";
import { addBookmark } from "../articles/community";
import { removeBookmark } from "../articles/community-queries";
import { deleteAnyArticle, deleteOwnArticle, updateAnyArticle, updateOwnArticle } from "../articles/manage";
import { ARTICLE_NOT_FOUND, rateAsReader } from "../articles/reading";
import { findArticleById } from "../articles/repository";
import { clearSessionCookie, requireAdmin, requireUser, signedInUser } from "../auth/plugin";
import * as auth from "../auth/service";
import { SESSION_COOKIE } from "../auth/sessions";
import { answerCommentForm, answerModerationForm, COMMENT_FORM_INTENTS } from "../comments/form-posts";
import { follow, unfollow } from "../community/follows";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { errorAnswer, HttpError, notFound } from "../http/errors";
import { isSameOrigin } from "../http/security";
import { holdsUnstorableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextIn } from "../http/text-hygiene";
import { configuredPaystack } from "../payments/paystack";
import { initializeRateLimit } from "../payments/routes";
import { cancelRenewal, initializePayment, type PaymentsDeps } from "../payments/service";
import { type Fields, fieldsOf, list, type RenderFormPage, text } from "./form-posts";
import { escapeHtml, standalonePage } from "./html";

/**
 * The action buttons without JavaScript (progressive enhancement): Save Article / Saved and the
 * stars on an article, Delete on /my-articles and /admin, Subscribe on /subscription, and Sign
 * Out. Each is a form posted to its page's own path with an `intent` (Sign Out to /logout), done
 * by the API's own service functions under the API's rules, and answered as a browser expects: a
 * redirect back to the page (post, redirect, get), or the page again with what went wrong.
 */

interface ActionPostOptions {
  db: Db;
  config: AppConfig;
  renderPage: RenderFormPage;
}

const UNKNOWN_ACTION = "This form asked for an action this page does not have. Please reload the page and try again.";

/** The titles problems show under, as the toasts name them (spec section 8). */
const DELETE_FAILED = () => "Failed to delete article";
const PAYMENT_FAILED = () => "Payment Error";
const SUBSCRIPTION_FAILED = (intent: string) =>
  intent === ACTION_INTENTS.cancelSubscription ? "Could not cancel" : PAYMENT_FAILED();
const GENERIC_FAILED = () => "Error";
const FOLLOW_FAILED = () => "Could not update";
const articleActionFailed = (intent: string) =>
  intent === ACTION_INTENTS.rate
    ? "Failed to submit rating"
    : intent === ACTION_INTENTS.bookmark || intent === ACTION_INTENTS.unbookmark
      ? "Failed to bookmark article"
      : "Error";

/** The posted fields, refused whole when any text (the address included) could not be stored. */
function readFields(request: FastifyRequest): Fields {
  const fields = fieldsOf(request.body);
  if (unstorableTextIn(request) || holdsUnstorableText([...fields.entries()])) {
    throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
  }
  return fields;
}

function intentOf(fields: Fields, allowed: readonly string[]): string {
  const intent = text(fields, "intent");
  if (!allowed.includes(intent)) throw new HttpError(400, UNKNOWN_ACTION);
  return intent;
}

/** A whole number as a browser sends it; anything else is left for the contract's check to refuse. */
const wholeNumber = (value: string) => (/^\d{1,12}$/.test(value) ? Number(value) : Number.NaN);

/** A field checked by the API's own schema, so both ways in refuse the same input with the same sentence. */
function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }) {
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? "Please check the form.");
  return result.data;
}

const articleIdOf = (fields: Fields) =>
  parsed(bookmarkRequest.safeParse({ articleId: wholeNumber(text(fields, "articleId")) })).articleId;

/**
 * Where the browser goes to pay, as a page: a 303 to another site would be refused by the
 * pages' CSP (form-action 'self' covers a form's redirects too), while following a link or a
 * refresh is an ordinary navigation.
 */
function checkoutPage(url: string): string {
  const href = escapeHtml(url);
  return standalonePage({
    title: "Continue to payment",
    head: `<meta http-equiv="refresh" content="0;url=${href}">`,
    body: `<p>Taking you to the payment page. <a href="${href}">Continue to payment</a></p>`,
  });
}

/** An edit form's fields: the kept tag chips, plus whatever was typed in the tag box (commas separate). */
function editValues(fields: Fields): EditArticleValues {
  const typed = text(fields, "newTags").split(",");
  return {
    title: text(fields, "title"),
    content: text(fields, "content"),
    excerpt: text(fields, "excerpt"),
    category: text(fields, "category"),
    style: text(fields, "style"),
    tags: cleanTags([...list(fields, "tags"), ...typed]).slice(0, MAX_TAGS),
  };
}

export function registerActionPosts(app: FastifyInstance, { db, config, renderPage }: ActionPostOptions) {
  const payments: PaymentsDeps = { db, config, paystack: configuredPaystack(config), log: app.log };

  // Whatever goes wrong is the page again with the API's sentence, never JSON in a browser tab;
  // signed out is the sign-in page. A post from another site is refused before it is read and
  // gets the plain answer, not a page holding this visitor's session.
  const answerError =
    (pagePath: (request: FastifyRequest) => string, title: (intent: string) => string) =>
    (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const answer = errorAnswer(error, request);
      reply.headers(answer.headers);
      if (!isSameOrigin(request, config.publicUrl)) {
        return reply.status(answer.status).send({ message: answer.message });
      }
      if (answer.status === 401) return reply.redirect("/login", 303);
      const data: ActionAnswer = {
        error: { title: title(text(fieldsOf(request.body), "intent")), description: answer.message },
      };
      return renderPage(request, reply, pagePath(request), { queryKey: ACTION_ANSWER_KEY, data }, answer.status);
    };
  const fixedPath = (path: string) => () => path;
  /** The article page as it was asked for: the same address GET renders. */
  const postedPath = (request: FastifyRequest) => request.url.split("?")[0] ?? "/";

  // The header's Sign Out without scripts (the account menu cannot open): ends the session as
  // POST /api/auth/logout does, then home, as the hydrated menu goes.
  app.post(
    SIGN_OUT_PATH,
    { config: { htmlPage: true }, errorHandler: answerError(fixedPath("/"), GENERIC_FAILED) },
    async (request, reply) => {
      await auth.logout(db, request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, config);
      return reply.redirect("/", 303);
    },
  );

  app.post<{ Params: { identifier: string } }>(
    "/article/:identifier",
    { onRequest: requireUser, config: { htmlPage: true }, errorHandler: answerError(postedPath, articleActionFailed) },
    async (request, reply) => {
      const fields = readFields(request);
      const intent = intentOf(fields, [
        ACTION_INTENTS.bookmark,
        ACTION_INTENTS.unbookmark,
        ACTION_INTENTS.rate,
        ...COMMENT_FORM_INTENTS,
      ]);
      const user = await signedInUser(request);
      if (COMMENT_FORM_INTENTS.includes(intent)) {
        // Comments keep what was typed when refused: server/comments/form-posts.ts.
        const pagePath = `/article/${encodeURIComponent(request.params.identifier)}`;
        return answerCommentForm({ db, renderPage }, request, reply, { fields, intent, user, pagePath });
      }
      const articleId = articleIdOf(fields);
      if (intent === ACTION_INTENTS.bookmark) {
        if (!(await addBookmark(db, user.id, articleId))) throw notFound(ARTICLE_NOT_FOUND);
      } else if (intent === ACTION_INTENTS.unbookmark) {
        await removeBookmark(db, user.id, articleId);
      } else {
        const { rating } = parsed(rateRequest.safeParse({ rating: wholeNumber(text(fields, "rating")) }));
        await rateAsReader(db, user, articleId, rating);
      }
      // Re-encoded from the router's decoding: the text was checked above, so this cannot throw.
      return reply.redirect(`/article/${encodeURIComponent(request.params.identifier)}`, 303);
    },
  );

  // Follow / Following on an author's or a topic's page without scripts (issue 19): done by the
  // API's own service under its rules, then the page again.
  for (const path of ["/u/:segment", "/tag/:segment", "/category/:segment"]) {
    app.post(
      path,
      { onRequest: requireUser, config: { htmlPage: true }, errorHandler: answerError(postedPath, FOLLOW_FAILED) },
      async (request, reply) => {
        const fields = readFields(request);
        const intent = intentOf(fields, [ACTION_INTENTS.follow, ACTION_INTENTS.unfollow]);
        const user = await signedInUser(request);
        const wanted = parsed(followRequest.safeParse({ type: text(fields, "type"), target: text(fields, "target") }));
        await (intent === ACTION_INTENTS.follow ? follow : unfollow)(db, user, wanted);
        return reply.redirect(postedPath(request), 303);
      },
    );
  }

  // The page's delete asks first in a dialog (spec section 5); without scripts the server asks:
  // the page again with the question and a form that confirms it.
  const askToConfirm = (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    question: string,
    what: number | { intent: string; confirmLabel: string; dismissLabel: string },
  ) => {
    const data: ActionAnswer = {
      confirm: { question, action: path, ...(typeof what === "number" ? { articleId: what } : what) },
    };
    return renderPage(request, reply, path, { queryKey: ACTION_ANSWER_KEY, data }, 200);
  };
  const confirmed = (fields: Fields) => text(fields, CONFIRM_FIELD) === "yes";

  /**
   * The Edit Article dialog (owner) or the admin's edit form, posted without scripts: saved as
   * the API's PUT saves it (the same schema, the same rendering), then back to the list. What
   * the schema or the renderer refuses comes back as the form again, with what was typed.
   */
  const saveEdit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Fields,
    page: "/my-articles" | "/admin",
    save: (id: number, values: EditArticleValues) => Promise<{ id: number } | undefined>,
  ) => {
    const id = articleIdOf(fields);
    const values = editValues(fields);
    try {
      if (!(await save(id, values))) throw notFound(ARTICLE_NOT_FOUND);
    } catch (error) {
      // Not found (or not theirs) is the list with the API's sentence; the rest is the form again.
      if (!(error instanceof HttpError) || error.statusCode === 404) throw error;
      const data: EditArticleAnswer = {
        articleId: id,
        values,
        error: { title: EDIT_ARTICLE_FAILED, description: error.message },
      };
      reply.headers(error.headers);
      const answer = { queryKey: formAnswerKey("edit-article"), data };
      return renderPage(request, reply, editArticleUrl(page, id), answer, error.statusCode);
    }
    return reply.redirect(page, 303);
  };

  app.post(
    "/my-articles",
    {
      onRequest: requireUser,
      config: { htmlPage: true },
      errorHandler: answerError(fixedPath("/my-articles"), DELETE_FAILED),
    },
    async (request, reply) => {
      const fields = readFields(request);
      const intent = intentOf(fields, [ACTION_INTENTS.delete, ACTION_INTENTS.edit]);
      const user = await signedInUser(request);
      if (intent === ACTION_INTENTS.edit) {
        return saveEdit(request, reply, fields, "/my-articles", (id, values) =>
          updateOwnArticle(db, user.id, id, parsed(updateArticleRequest.safeParse(values))),
        );
      }
      const id = articleIdOf(fields);
      if (!confirmed(fields)) {
        // Another user's article is not found here either, so its existence is not confirmed.
        const found = await findArticleById(db, id);
        if (!found || found.article.userId !== user.id) throw notFound(ARTICLE_NOT_FOUND);
        return askToConfirm(request, reply, "/my-articles", ownDeleteQuestion(found.article.title), id);
      }
      // The owner's id is part of the delete: another user's article is simply not found.
      if (!(await deleteOwnArticle(db, user.id, id))) throw notFound(ARTICLE_NOT_FOUND);
      return reply.redirect("/my-articles", 303);
    },
  );

  // The admin's user list posts role and type changes here too; the answer is that list again.
  const adminUsersPage = (fields: Fields) =>
    adminHref(
      "users",
      parseAdminSearch(new URLSearchParams({ search: text(fields, "search"), page: text(fields, "page") }).toString()),
    );
  const adminPagePath = (request: FastifyRequest) => {
    const fields = fieldsOf(request.body);
    return text(fields, "intent") === UPDATE_USER_INTENT ? adminUsersPage(fields) : "/admin";
  };
  const adminActionFailed = (intent: string) => (intent === UPDATE_USER_INTENT ? UPDATE_USER_FAILED : DELETE_FAILED());

  app.post(
    "/admin",
    {
      onRequest: requireAdmin,
      config: { htmlPage: true },
      errorHandler: answerError(adminPagePath, adminActionFailed),
    },
    async (request, reply) => {
      const fields = readFields(request);
      const intent = intentOf(fields, [
        ACTION_INTENTS.delete,
        ACTION_INTENTS.edit,
        UPDATE_USER_INTENT,
        MODERATE_COMMENT_INTENT,
      ]);
      if (intent === MODERATE_COMMENT_INTENT) return answerModerationForm(db, reply, fields);
      if (intent === UPDATE_USER_INTENT) {
        // The same schemas as PUT /api/admin/users/{id}, and the same service (last-admin rule included).
        const { id } = parsed(userIdParam.safeParse({ id: text(fields, "userId") }));
        const change = parsed(
          adminUpdateUserRequest.safeParse({
            role: text(fields, "role") || undefined,
            userType: text(fields, "userType") || undefined,
          }),
        );
        await updateUserAccess(db, id, change);
        return reply.redirect(adminUsersPage(fields), 303);
      }
      if (intent === ACTION_INTENTS.edit) {
        // The admin's form has no tags: they stay as they are.
        return saveEdit(request, reply, fields, "/admin", (id, { tags: _kept, ...rest }) =>
          updateAnyArticle(db, id, parsed(adminUpdateArticleRequest.safeParse(rest))),
        );
      }
      const id = articleIdOf(fields);
      if (!confirmed(fields)) {
        if (!(await findArticleById(db, id))) throw notFound(ARTICLE_NOT_FOUND);
        return askToConfirm(request, reply, "/admin", ADMIN_DELETE_QUESTION, id);
      }
      if (!(await deleteAnyArticle(db, id))) throw notFound(ARTICLE_NOT_FOUND);
      return reply.redirect("/admin", 303);
    },
  );

  app.post(
    "/subscription",
    {
      onRequest: [requireUser, initializeRateLimit(app, config)],
      config: { htmlPage: true },
      errorHandler: answerError(fixedPath("/subscription"), SUBSCRIPTION_FAILED),
    },
    async (request, reply) => {
      const fields = readFields(request);
      const intent = intentOf(fields, [ACTION_INTENTS.subscribe, ACTION_INTENTS.cancelSubscription]);
      if (intent === ACTION_INTENTS.cancelSubscription) {
        if (!confirmed(fields)) {
          return askToConfirm(request, reply, "/subscription", CANCEL_SUBSCRIPTION_QUESTION, {
            intent,
            confirmLabel: "Cancel subscription",
            dismissLabel: "Keep subscription",
          });
        }
        await cancelRenewal(payments, await signedInUser(request));
        // The page shows the plan as it now stands: premium to its end date, not renewing.
        return reply.redirect("/subscription", 303);
      }
      const { plan } = parsed(initializePaymentRequest.safeParse({ plan: text(fields, "plan") }));
      const { authorizationUrl } = await initializePayment(payments, await signedInUser(request), plan);
      // The sandbox checkout is ours, so a redirect reaches it; Paystack's is another site.
      if (new URL(authorizationUrl).origin === config.publicUrl.origin) return reply.redirect(authorizationUrl, 303);
      return reply
        .header("cache-control", "no-store")
        .header("content-type", "text/html; charset=utf-8")
        .send(checkoutPage(authorizationUrl));
    },
  );
}
