import { forgotPasswordRequest, resetPasswordRequest } from "./account";
import { loginRequest, registerAccountStep } from "./auth";
import { PASSWORD_MIN_LENGTH } from "./options";

/*
 * The sign-in and sign-up forms' own contract, shared by the pages (web/pages/login.tsx,
 * register.tsx) and the server that answers them when they are posted without JavaScript
 * (server/pages/form-posts.ts): what the server's answer carries, and what is wrong with what
 * was typed, in the words of spec section 7's toasts.
 */

/**
 * The server's answer to a form posted without JavaScript (server/pages/form-posts.ts): the page
 * again, with what was typed, the step reached and what went wrong. It travels as one preloaded
 * query, read once when the page mounts, so leaving and coming back starts a clean form.
 */
export interface FormAnswer<Values> {
  values: Values;
  /** The same title and sentence a toast would show. */
  error?: { title: string; description: string };
}

export interface LoginValues {
  email: string;
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  /** The handle typed (optional: empty lets the server derive one). */
  handle?: string;
  email: string;
  preferredCategories: string[];
  preferredTopics: string[];
}

export interface RegisterAnswer extends FormAnswer<RegisterValues> {
  step: 1 | 2 | 3;
  /** The first step's password, sealed by the server: the page never holds it in clear. */
  sealedPassword?: string;
}

/** The forgotten-password form's answer: the address typed. */
export interface ForgotPasswordValues {
  email: string;
}

/** The new-password form's answer: the link's token, kept so the form can be sent again. */
export interface ResetPasswordValues {
  token: string;
}

/** The verify-email form's answer: the link's token. */
export interface VerifyEmailValues {
  token: string;
}

export type FormName =
  | "login"
  | "register"
  | "create-article"
  | "edit-article"
  | "forgot-password"
  | "reset-password"
  | "verify-email"
  | "resend-verification"
  | "change-password"
  | "update-profile"
  | "delete-account";

export const formAnswerKey = (form: FormName) => ["form-answer", form] as const;

/**
 * What is wrong with a sign-in or a sign-up's first step, as the toast of spec section 7 words
 * it. One place for both answers: the page's own check once it has hydrated, and the server's
 * when the form was posted without JavaScript (server/pages/form-posts.ts).
 */
export interface FormProblem {
  title: string;
  description: string;
}

export const LOGIN_FAILED = "Login failed";
export const REGISTRATION_FAILED = "Registration failed";

const firstIssue = (issues: ReadonlyArray<{ message: string }>) => issues[0]?.message ?? "Please check the form.";

export function loginProblem(input: { email: string; password: string }): FormProblem | null {
  if (!input.email.trim() || !input.password) {
    return { title: "Missing fields", description: "Please fill in all fields." };
  }
  const parsed = loginRequest.safeParse(input);
  return parsed.success ? null : { title: LOGIN_FAILED, description: firstIssue(parsed.error.issues) };
}

export function accountProblem(input: {
  firstName: string;
  lastName: string;
  handle?: string;
  email: string;
  password: string;
}): FormProblem | null {
  if (!input.firstName.trim() || !input.lastName.trim() || !input.email.trim() || !input.password) {
    return { title: "Missing information", description: "Please fill in all required fields." };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { title: "Password too short", description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  const parsed = registerAccountStep.safeParse(input);
  return parsed.success ? null : { title: REGISTRATION_FAILED, description: firstIssue(parsed.error.issues) };
}

export const FORGOT_PASSWORD_FAILED = "Could not send the link";
export const RESET_PASSWORD_FAILED = "Could not change the password";
export const VERIFY_EMAIL_FAILED = "Could not verify your email";
export const RESEND_VERIFICATION_FAILED = "Could not send a new link";

/** What is wrong with the forgotten-password form: the same words before and after hydration. */
export function forgotPasswordProblem(input: { email: string }): FormProblem | null {
  if (!input.email.trim()) return { title: "Missing fields", description: "Please enter your email address." };
  const parsed = forgotPasswordRequest.safeParse(input);
  return parsed.success ? null : { title: FORGOT_PASSWORD_FAILED, description: firstIssue(parsed.error.issues) };
}

/** What is wrong with the new-password form (the sign-up's password rules). */
export function resetPasswordProblem(input: { token: string; password: string }): FormProblem | null {
  if (!input.password) return { title: "Missing fields", description: "Please enter a new password." };
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { title: "Password too short", description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  const parsed = resetPasswordRequest.safeParse(input);
  return parsed.success ? null : { title: RESET_PASSWORD_FAILED, description: firstIssue(parsed.error.issues) };
}
