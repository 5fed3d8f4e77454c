import { z } from "zod";
import { email, newPassword, registerRequest } from "./auth";
import { bio, handle } from "./authors";
import { PASSWORD_MAX_LENGTH } from "./options";

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

/*
 * Account settings (issue 18 item 4): the signed-in user's own password. The Settings page's form
 * posts natively to CHANGE_PASSWORD_FORM_PATH until hydrated (server/pages/account-posts.ts).
 */
export const CHANGE_PASSWORD_PATH = "/api/user/password";
export const CHANGE_PASSWORD_FORM_PATH = "/settings/password";

export const changePasswordRequest = z.object(
  {
    currentPassword: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? "Your current password is required"
            : "Your current password must be text",
      })
      .min(1, { error: "Your current password is required" })
      .max(PASSWORD_MAX_LENGTH, { error: "Your current password is not correct." }),
    newPassword,
  },
  objectBody,
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const PASSWORD_CHANGED = "Your password has been changed. You have been signed out on every other device.";
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const CHANGE_PASSWORD_FAILED = "Could not change your password";

/*
 * "Download my data": the account, its articles (Markdown), its ratings and bookmarks, as one
 * JSON file (attachment vidscribe-export-YYYY-MM-DD.json). Streamed page by page, so an account
 * with any number of articles is exported whole without holding it in memory.
 */
export const EXPORT_PATH = "/api/user/export";
export const exportFileName = (date: Date) => `vidscribe-export-${date.toISOString().slice(0, 10)}.json`;

export const exportedAccount = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.string(),
  userType: z.string(),
  articlesGenerated: z.number(),
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  preferredCategories: z.array(z.string()),
  preferredTopics: z.array(z.string()),
  preferredAuthors: z.array(z.string()),
  handle: z.string(),
  bio: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const exportedArticle = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  style: z.string(),
  length: z.string(),
  tone: z.string(),
  youtubeUrl: z.string().nullable(),
  wordCount: z.number(),
  viewCount: z.number(),
  ratingCount: z.number(),
  ratingAverage: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contentMarkdown: z.string(),
});
export const exportedRating = z.object({
  articleId: z.number(),
  articleSlug: z.string(),
  articleTitle: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const exportedBookmark = z.object({
  articleId: z.number(),
  articleSlug: z.string(),
  articleTitle: z.string(),
  createdAt: z.string(),
});
export const exportedFollow = z.object({
  type: z.string(),
  /** The author's handle now, or the tag's or category's slug. */
  target: z.string(),
  createdAt: z.string(),
});
export const exportedComment = z.object({
  id: z.number(),
  articleId: z.number(),
  articleSlug: z.string(),
  parentId: z.number().nullable(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export const exportedRead = z.object({
  articleId: z.number(),
  articleSlug: z.string(),
  articleTitle: z.string(),
  readAt: z.string(),
});
export const userExportResponse = z.object({
  exportedAt: z.string(),
  account: exportedAccount,
  articles: z.array(exportedArticle),
  ratings: z.array(exportedRating),
  bookmarks: z.array(exportedBookmark),
  /** What the user follows (issue 19). */
  follows: z.array(exportedFollow),
  /** The user's comments that are not deleted. */
  comments: z.array(exportedComment),
  /** The articles the user opened, the reads 'For You' learns from. */
  readingHistory: z.array(exportedRead),
});
export type UserExport = z.infer<typeof userExportResponse>;

/*
 * The profile's names and interests, changed in Settings: the sign-up rules (registerRequest).
 * The form posts natively to PROFILE_FORM_PATH until hydrated; the API answers the user.
 */
export const PROFILE_PATH = "/api/user/profile";
export const PROFILE_FORM_PATH = "/settings/profile";
export const updateProfileRequest = registerRequest
  .pick({
    firstName: true,
    lastName: true,
    preferredCategories: true,
    preferredTopics: true,
  })
  .extend({
    /** A new handle (issue 19); left out keeps the current one. The old one redirects. */
    handle: handle.optional(),
    /** Plain text for the author page; left out keeps the current one, empty clears it. */
    bio: bio.optional(),
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
export const PROFILE_SAVED = "Your profile has been saved.";
export const PROFILE_FAILED = "Could not save your profile";

/*
 * Leaving: DELETE /api/user {password}. The account and everything of it go: its articles (with
 * their ratings, bookmarks and views), its own ratings and bookmarks, sessions, mailed-link
 * tokens, payments and uploaded files. The page form posts to DELETE_ACCOUNT_FORM_PATH.
 */
export const DELETE_ACCOUNT_PATH = "/api/user";
export const DELETE_ACCOUNT_FORM_PATH = "/settings/delete";
export const deleteAccountRequest = z.object(
  {
    password: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? "Your password is required"
            : "Your password must be text",
      })
      .min(1, { error: "Your password is required" })
      .max(PASSWORD_MAX_LENGTH, { error: "Your password is not correct." }),
  },
  objectBody,
);
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export { ACCOUNT_DELETED, DELETE_ACCOUNT_FAILED, WRONG_PASSWORD } from "./account-messages";
