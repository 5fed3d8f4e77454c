import { z } from "zod";
import { email, newPassword } from "./auth";

/*
 * The account's mailed links (issue 18): a forgotten password and a proved email address. The
 * API paths and the schemas of what each takes and answers, shared by the server's routes, the
 * pages' forms (web/pages/forgot-password.tsx, reset-password.tsx, verify-email.tsx) and the
 * server's answers to those forms posted without JavaScript (server/auth/account-form-posts.ts).
 */

export const FORGOT_PASSWORD_PATH = "/api/auth/forgot-password";
export const RESET_PASSWORD_PATH = "/api/auth/reset-password";
export const VERIFY_EMAIL_PATH = "/api/auth/verify-email";
export const RESEND_VERIFICATION_PATH = "/api/auth/verify-email/resend";

/** How long a password reset link works. */
export const RESET_TOKEN_MINUTES = 30;
/** How long an email verification link works: a week, and the profile offers a new one. */
export const VERIFY_TOKEN_DAYS = 7;

/** A mailed token: 256 random bits, base64url (43 characters); anything else is refused early. */
const TOKEN_MAX_LENGTH = 200;
const token = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "The link's token is missing" : "The token must be text",
  })
  .trim()
  .min(1, { error: "The link's token is missing. Open the link from the email again." })
  .max(TOKEN_MAX_LENGTH, { error: "This link is not valid. Open the link from the email again." });

const objectBody = { error: "Request body must be a JSON object" };

export const forgotPasswordRequest = z.object({ email }, objectBody);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({ token, password: newPassword }, objectBody);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const verifyEmailRequest = z.object({ token }, objectBody);
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/** Every answer of these routes: one sentence to show. */
export const accountMessageResponse = z.object({ message: z.string() });
export type AccountMessage = z.infer<typeof accountMessageResponse>;

/**
 * The answer to a forgotten password, the same whether or not the address has an account (so it
 * tells nobody which addresses do).
 */
export const FORGOT_PASSWORD_ANSWER =
  "If an account uses that email, we have sent it a link to choose a new password. The link works for 30 minutes.";
export const RESET_PASSWORD_DONE = "Your password has been changed. Sign in with your new password.";
export const EMAIL_VERIFIED = "Thank you: your email address is verified.";
export const VERIFICATION_SENT = "We have sent you a new verification link. Check your inbox.";

/** The dev mailbox (no SMTP_URL): what admins read at /admin/mailbox. */
export const MAILBOX_PATH = "/api/admin/mailbox";
/** A message's id as the mailbox names its file: its time and a random part. */
export const MAIL_ID = /^[0-9]{13}-[0-9a-f]{16}$/;

export const mailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type MailSummary = z.infer<typeof mailSummary>;
export const mailboxResponse = z.array(mailSummary);

export const mailMessage = mailSummary.extend({ from: z.string(), text: z.string(), html: z.string() });
export type MailMessage = z.infer<typeof mailMessage>;

export const mailIdParams = z.object({
  id: z.string().regex(MAIL_ID, { error: "No such message" }),
});

/** The profile's "send a new link" form: one button, posted with this intent to /profile. */
export const RESEND_VERIFICATION_INTENT = "resend-verification";
export const resendVerificationForm = z.object({
  intent: z.literal(RESEND_VERIFICATION_INTENT, { error: "This form cannot do that." }),
});
export type ResendVerificationForm = z.infer<typeof resendVerificationForm>;
