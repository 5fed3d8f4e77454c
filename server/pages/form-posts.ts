import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMAIL_TAKEN, registerAccountStep, registerRequest } from "../../contract/auth";
import type { LoginValues, RegisterAnswer, RegisterValues } from "../../contract/auth-forms";
import {
  accountProblem,
  type FormProblem,
  formAnswerKey,
  LOGIN_FAILED,
  loginProblem,
  REGISTRATION_FAILED,
} from "../../contract/auth-forms";
import { HANDLE_TAKEN } from "../../contract/authors";
import { emailAvailable } from "../auth/email-available";
import { setSessionCookie } from "../auth/plugin";
import * as auth from "../auth/service";
import { SESSION_COOKIE } from "../auth/sessions";
import { signUpRateLimit } from "../auth/sign-up-limit";
import { handleAvailable } from "../community/handles";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { errorAnswer, HttpError } from "../http/errors";
import { holdsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../http/text-hygiene";
import { openSealedValue, sealValue } from "../lib/sealed-value";
import type { PreloadedQuery } from "./page-data";

/**
 * Sign-in and sign-up without JavaScript (progressive enhancement): the forms on /login and
 * /register post here natively when their scripts have not run (not loaded yet, blocked, or
 * turned off). The answer is what a browser expects from a form: a redirect home once signed in,
 * or the same page again with what was typed and what went wrong, in the words of the toast the
 * hydrated page would show. The checks are the contract's and the page's own (form-checks.ts),
 * and the work is the API's (auth/service.ts), so both ways in behave alike.
 */

/** Renders a page answering a form post, with the form's answer as a preloaded query. */
export type RenderFormPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  answer: PreloadedQuery,
  status: number,
) => Promise<FastifyReply>;

interface FormPostOptions {
  db: Db;
  config: AppConfig;
  renderPage: RenderFormPage;
}

/** Every form here is a handful of short fields; no person sends more. */
const FORM_BODY_LIMIT = 32 * 1024;
const PASSWORD_SEAL = "sign-up/password";
const PASSWORD_SEAL_TTL_MS = 60 * 60 * 1000;

export type Fields = Map<string, string[]>;

/** A url-encoded body as its fields (URLSearchParams reads it in one linear pass). */
export function parseFormBody(body: string): Fields {
  const fields: Fields = new Map();
  for (const [key, value] of new URLSearchParams(body)) {
    const list = fields.get(key);
    if (list) list.push(value);
    else fields.set(key, [value]);
  }
  return fields;
}

/** The fields of whatever body arrived: a JSON body, a missing one or junk reads as empty fields. */
export function fieldsOf(body: unknown): Fields {
  return body instanceof Map ? (body as Fields) : new Map();
}

/** A field's first value ("" when it was not sent), and all its values. */
export const text = (fields: Fields, name: string) => fields.get(name)?.[0] ?? "";
export const list = (fields: Fields, name: string) => fields.get(name) ?? [];

function loginValues(fields: Fields): LoginValues {
  return { email: text(fields, "email") };
}

function registerValues(fields: Fields): RegisterValues {
  return {
    firstName: text(fields, "firstName"),
    lastName: text(fields, "lastName"),
    handle: text(fields, "handle"),
    email: text(fields, "email"),
    preferredCategories: list(fields, "preferredCategories"),
    preferredTopics: list(fields, "preferredTopics"),
  };
}

function stepOf(fields: Fields): 1 | 2 | 3 {
  const step = text(fields, "step");
  return step === "2" ? 2 : step === "3" ? 3 : 1;
}

const problem = (title: string, description: string): FormProblem => ({ title, description });

export async function registerFormPosts(app: FastifyInstance, { db, config, renderPage }: FormPostOptions) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseFormBody(body as string)),
  );

  const loginPage = (request: FastifyRequest, reply: FastifyReply, error: FormProblem, status: number) =>
    renderPage(
      request,
      reply,
      "/login",
      { queryKey: formAnswerKey("login"), data: { values: loginValues(fieldsOf(request.body)), error } },
      status,
    );

  const registerPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: Omit<RegisterAnswer, "values">,
    status: number,
  ) =>
    renderPage(
      request,
      reply,
      "/register",
      { queryKey: formAnswerKey("register"), data: { ...answer, values: registerValues(fieldsOf(request.body)) } },
      status,
    );

  // Whatever goes wrong (a throttled sign-in, a taken email, a body too large) is the page again
  // with the sentence the API would have sent, never a JSON error in a browser tab.
  const answerError =
    (title: string, page: typeof loginPage) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const answer = errorAnswer(error, request);
      reply.headers(answer.headers);
      // A post from another site is refused before it is read: it gets the plain answer, not
      // a page holding this visitor's session.
      if (answer.status === 403) return reply.status(403).send({ message: answer.message });
      return page(request, reply, problem(title, answer.message), answer.status);
    };

  app.post(
    "/login",
    { config: { htmlPage: true }, errorHandler: answerError(LOGIN_FAILED, loginPage) },
    async (request, reply) => {
      const fields = fieldsOf(request.body);
      if (holdsUnstorableText([...fields.values()])) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
      const input = { email: text(fields, "email"), password: text(fields, "password") };
      const wrong = loginProblem(input);
      if (wrong) return loginPage(request, reply, wrong, 400);
      const previous = request.cookies[SESSION_COOKIE];
      const { session } = await auth.login(db, input, request.ip);
      if (previous) await auth.logout(db, previous);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.redirect("/", 303);
    },
  );

  // A taken email is fixed on the first step; anything else (a refused sign-up allowance) keeps
  // the person where they were, with what they chose.
  const registerErrorPage = (request: FastifyRequest, reply: FastifyReply, error: FormProblem, status: number) => {
    const fields = fieldsOf(request.body);
    const step = status === 409 ? 1 : stepOf(fields);
    const sealedPassword = text(fields, "sealedPassword");
    return registerPage(request, reply, step === 1 ? { step, error } : { step, error, sealedPassword }, status);
  };

  app.post(
    "/register",
    {
      config: { htmlPage: true },
      // The API's sign-up allowance, shared: only the post that creates an account counts, so
      // it is checked once the fields are read.
      preHandler: signUpRateLimit(app, config),
      errorHandler: answerError(REGISTRATION_FAILED, registerErrorPage),
    },
    async (request, reply) => {
      const fields = fieldsOf(request.body);
      if (holdsUnstorableText([...fields.values()])) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
      const step = stepOf(fields);
      const values = registerValues(fields);
      const sealed = text(fields, "sealedPassword");

      if (text(fields, "intent") === "back") {
        const back = step === 3 ? 2 : 1;
        return registerPage(request, reply, back === 1 ? { step: 1 } : { step: 2, sealedPassword: sealed }, 200);
      }

      if (step === 1) {
        const password = text(fields, "password");
        const wrong = accountProblem({ ...values, password });
        if (wrong) return registerPage(request, reply, { step: 1, error: wrong }, 400);
        // A taken address is said here, as the hydrated wizard says it (the API's 409 words).
        if (!(await emailAvailable(db, values.email.trim(), request.ip))) {
          return registerPage(request, reply, { step: 1, error: problem(REGISTRATION_FAILED, EMAIL_TAKEN) }, 409);
        }
        // A chosen handle someone has (issue 19) is said here too, before the interests.
        const chosen = registerAccountStep.shape.handle.safeParse(values.handle);
        if (chosen.success && chosen.data && !(await handleAvailable(db, chosen.data))) {
          return registerPage(request, reply, { step: 1, error: problem(REGISTRATION_FAILED, HANDLE_TAKEN) }, 409);
        }
        const sealedPassword = sealValue(config.appSecret, PASSWORD_SEAL, password, PASSWORD_SEAL_TTL_MS);
        return registerPage(request, reply, { step: 2, sealedPassword }, 200);
      }

      // Steps 2 and 3 carry the first step's password sealed; one that does not open (expired,
      // or not ours) sends the person back to type it again.
      const password = openSealedValue(config.appSecret, PASSWORD_SEAL, sealed);
      if (password === null) {
        const expired = problem(REGISTRATION_FAILED, "Your sign-up took too long. Please enter your password again.");
        return registerPage(request, reply, { step: 1, error: expired }, 400);
      }
      const parsed = registerRequest.safeParse({ ...values, password, preferredAuthors: [] });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const onInterests = issue?.path[0] === "preferredCategories" || issue?.path[0] === "preferredTopics";
        const error = problem(REGISTRATION_FAILED, issue?.message ?? "Please check the form.");
        const at = onInterests ? (issue?.path[0] === "preferredCategories" ? 2 : 3) : 1;
        return registerPage(request, reply, { step: at, error, ...(at > 1 ? { sealedPassword: sealed } : {}) }, 400);
      }
      if (step === 2) return registerPage(request, reply, { step: 3, sealedPassword: sealed }, 200);
      const { session } = await auth.register(db, parsed.data, { config, mailer: app.mailer });
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.redirect("/", 303);
    },
  );
}
