import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  CHANGE_PASSWORD_FAILED,
  CHANGE_PASSWORD_FORM_PATH,
  changePasswordRequest,
  DELETE_ACCOUNT_FAILED,
  DELETE_ACCOUNT_FORM_PATH,
  deleteAccountRequest,
  forgotPasswordRequest,
  PROFILE_FAILED,
  PROFILE_FORM_PATH,
  resetPasswordRequest,
  updateProfileRequest,
  verifyEmailRequest,
} from "../../contract/account";
import {
  FORGOT_PASSWORD_FAILED,
  type FormName,
  type FormProblem,
  forgotPasswordProblem,
  formAnswerKey,
  RESEND_VERIFICATION_FAILED,
  RESET_PASSWORD_FAILED,
  resetPasswordProblem,
  VERIFY_EMAIL_FAILED,
} from "../../contract/auth-forms";
import { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "../auth/account";
import { clearSessionCookie } from "../auth/plugin";
import { SESSION_COOKIE } from "../auth/sessions";
import { changePassword, updateProfile } from "../auth/settings";
import { deleteAccount } from "../auth/settings-delete";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { errorAnswer, HttpError } from "../http/errors";
import { holdsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../http/text-hygiene";
import type { ObjectStore } from "../storage/store";
import { type Fields, fieldsOf, list, type RenderFormPage, text } from "./form-posts";

/*
 * The account's mailed-link forms without JavaScript (progressive enhancement), as the sign-in
 * form's (form-posts.ts): /forgot-password, /reset-password, /verify-email and the profile's
 * "send a new link" button post here natively until their page has hydrated. The checks are the
 * contract's, the work is the API's (server/auth/account.ts); the answer is a redirect (post,
 * redirect, get) or the page again with what was typed and the sentence the API would send.
 */

interface AccountPostOptions {
  db: Db;
  config: AppConfig;
  renderPage: RenderFormPage;
  /** Uploaded files, deleted with an account (absent: the deletion form answers 503). */
  store?: ObjectStore;
}

/** The page and form a post answers with, and how its typed values are kept. */
interface FormPage {
  path: string;
  form: FormName;
  title: string;
  values: (fields: Fields) => Record<string, string>;
}

const FORGOT: FormPage = {
  path: "/forgot-password",
  form: "forgot-password",
  title: FORGOT_PASSWORD_FAILED,
  values: (fields) => ({ email: text(fields, "email") }),
};
const RESET: FormPage = {
  path: "/reset-password",
  form: "reset-password",
  title: RESET_PASSWORD_FAILED,
  values: (fields) => ({ token: text(fields, "token") }),
};
const VERIFY: FormPage = {
  path: "/verify-email",
  form: "verify-email",
  title: VERIFY_EMAIL_FAILED,
  values: (fields) => ({ token: text(fields, "token") }),
};
const RESEND: FormPage = {
  path: "/profile",
  form: "resend-verification",
  title: RESEND_VERIFICATION_FAILED,
  values: () => ({}),
};

// Settings' "Change password" form: the page again with the sentence on failure (nothing typed is
// kept: both fields are passwords).
const CHANGE_PASSWORD: FormPage = {
  path: "/settings",
  form: "change-password",
  title: CHANGE_PASSWORD_FAILED,
  values: () => ({}),
};

// Settings' profile form: what was typed and ticked is kept on failure.
const PROFILE: FormPage = {
  path: "/settings",
  form: "update-profile",
  title: PROFILE_FAILED,
  values: (fields) => ({ firstName: text(fields, "firstName"), lastName: text(fields, "lastName") }),
};
const profileInput = (fields: Fields) => ({
  firstName: text(fields, "firstName"),
  lastName: text(fields, "lastName"),
  preferredCategories: list(fields, "preferredCategories"),
  preferredTopics: list(fields, "preferredTopics"),
  // Issue 19: a field the form did not send keeps what the profile holds.
  ...(fields.has("handle") ? { handle: text(fields, "handle") } : {}),
  ...(fields.has("bio") ? { bio: text(fields, "bio") } : {}),
});

// Settings' "Delete account" form: nothing typed is kept (the only field is the password).
const DELETE_ACCOUNT: FormPage = {
  path: "/settings",
  form: "delete-account",
  title: DELETE_ACCOUNT_FAILED,
  values: () => ({}),
};

export function registerAccountPosts(app: FastifyInstance, { db, config, renderPage, store }: AccountPostOptions) {
  const page = (request: FastifyRequest, reply: FastifyReply, form: FormPage, error: FormProblem, status: number) =>
    renderPage(
      request,
      reply,
      form.path,
      { queryKey: formAnswerKey(form.form), data: { values: form.values(fieldsOf(request.body)), error } },
      status,
    );

  // Whatever goes wrong (a spent allowance, a used link, a body too large) is the page again.
  const answerError = (form: FormPage) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    reply.headers(answer.headers);
    // A post from another site is refused before it is read, with the plain answer.
    if (answer.status === 403) return reply.status(403).send({ message: answer.message });
    return page(request, reply, form, { title: form.title, description: answer.message }, answer.status);
  };

  const fieldsChecked = (request: FastifyRequest) => {
    const fields = fieldsOf(request.body);
    if (holdsUnstorableText([...fields.values()])) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
    return fields;
  };
  const deps = () => ({ db, config, mailer: app.mailer });
  const firstIssue = (issues: ReadonlyArray<{ message: string }>) => issues[0]?.message ?? "Please check the form.";

  app.post(FORGOT.path, { config: { htmlPage: true }, errorHandler: answerError(FORGOT) }, async (request, reply) => {
    const fields = fieldsChecked(request);
    const input = { email: text(fields, "email") };
    const wrong = forgotPasswordProblem(input);
    if (wrong) return page(request, reply, FORGOT, wrong, 400);
    const parsed = forgotPasswordRequest.parse(input);
    await requestPasswordReset(deps(), parsed.email, request.ip);
    return reply.redirect(`${FORGOT.path}?sent=1`, 303);
  });

  app.post(RESET.path, { config: { htmlPage: true }, errorHandler: answerError(RESET) }, async (request, reply) => {
    const fields = fieldsChecked(request);
    const input = { token: text(fields, "token"), password: text(fields, "password") };
    const wrong = resetPasswordProblem(input);
    if (wrong) return page(request, reply, RESET, wrong, 400);
    await resetPassword(db, resetPasswordRequest.parse(input));
    return reply.redirect("/login?reset=1", 303);
  });

  app.post(VERIFY.path, { config: { htmlPage: true }, errorHandler: answerError(VERIFY) }, async (request, reply) => {
    const fields = fieldsChecked(request);
    const parsed = verifyEmailRequest.safeParse({ token: text(fields, "token") });
    if (!parsed.success) {
      return page(request, reply, VERIFY, { title: VERIFY.title, description: firstIssue(parsed.error.issues) }, 400);
    }
    await verifyEmail(db, config, parsed.data.token);
    return reply.redirect(`${VERIFY.path}?verified=1`, 303);
  });

  // The profile's reminder: "send a new link" (its only form).
  app.post(RESEND.path, { config: { htmlPage: true }, errorHandler: answerError(RESEND) }, async (request, reply) => {
    const fields = fieldsChecked(request);
    const user = await request.currentUser();
    if (!user) return reply.redirect("/login", 303);
    if (text(fields, "intent") !== "resend-verification") {
      throw new HttpError(400, "This form cannot do that. Please use the button on your profile.");
    }
    await resendVerification(deps(), user);
    return reply.redirect(`${RESEND.path}?verification=sent`, 303);
  });

  app.post(
    CHANGE_PASSWORD_FORM_PATH,
    { config: { htmlPage: true }, errorHandler: answerError(CHANGE_PASSWORD) },
    async (request, reply) => {
      const fields = fieldsChecked(request);
      const user = await request.currentUser();
      if (!user) return reply.redirect("/login", 303);
      const parsed = changePasswordRequest.safeParse({
        currentPassword: text(fields, "currentPassword"),
        newPassword: text(fields, "newPassword"),
      });
      if (!parsed.success) {
        const description = firstIssue(parsed.error.issues);
        return page(request, reply, CHANGE_PASSWORD, { title: CHANGE_PASSWORD.title, description }, 400);
      }
      await changePassword(db, user, parsed.data, { ip: request.ip, sessionToken: request.cookies[SESSION_COOKIE] });
      return reply.redirect("/settings?password=changed", 303);
    },
  );

  app.post(
    PROFILE_FORM_PATH,
    { config: { htmlPage: true }, errorHandler: answerError(PROFILE) },
    async (request, reply) => {
      const fields = fieldsChecked(request);
      const user = await request.currentUser();
      if (!user) return reply.redirect("/login", 303);
      const parsed = updateProfileRequest.safeParse(profileInput(fields));
      if (!parsed.success) {
        const description = firstIssue(parsed.error.issues);
        return page(request, reply, PROFILE, { title: PROFILE.title, description }, 400);
      }
      await updateProfile(db, user, parsed.data);
      return reply.redirect("/settings?profile=saved", 303);
    },
  );

  app.post(
    DELETE_ACCOUNT_FORM_PATH,
    { config: { htmlPage: true }, errorHandler: answerError(DELETE_ACCOUNT) },
    async (request, reply) => {
      const fields = fieldsChecked(request);
      const user = await request.currentUser();
      if (!user) return reply.redirect("/login", 303);
      const parsed = deleteAccountRequest.safeParse({ password: text(fields, "password") });
      if (!parsed.success) {
        const description = firstIssue(parsed.error.issues);
        return page(request, reply, DELETE_ACCOUNT, { title: DELETE_ACCOUNT.title, description }, 400);
      }
      if (!store) throw new HttpError(503, "Deleting an account is not available right now.");
      await deleteAccount({ db, config, store, log: request.log }, user, parsed.data.password, request.ip);
      clearSessionCookie(reply, config);
      return reply.redirect("/?account=deleted", 303);
    },
  );
}
