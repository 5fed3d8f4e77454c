import { z } from "zod";
import { optionalHandle } from "./authors";
import { choiceList, requiredText } from "./common";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_CATEGORIES,
  TOPICS,
} from "./options";

/** An email address as every form takes it: trimmed, at most EMAIL_MAX_LENGTH characters. */
export const email = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? "Email is required" : "Email must be text"),
  })
  .trim()
  .min(1, { error: "Email is required" })
  .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: "Please enter a valid email address" }));

const password = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "Password is required" : "Password must be text",
  })
  .min(1, { error: "Password is required" })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

/** A password being chosen (sign-up, reset): the sign-up rules, one place. */
export const newPassword = password.min(PASSWORD_MIN_LENGTH, {
  error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
});

export const registerRequest = z.object(
  {
    email,
    password: newPassword,
    firstName: requiredText("First name", NAME_MAX_LENGTH),
    lastName: requiredText("Last name", NAME_MAX_LENGTH),
    /** Optional (issue 19): empty lets the database derive one from the name. */
    handle: optionalHandle,
    preferredCategories: choiceList("categories", REGISTRATION_CATEGORIES),
    preferredTopics: choiceList("topics", TOPICS),
    // The spec's client always sends an empty list; we keep whatever names come, within bounds.
    preferredAuthors: z
      .array(requiredText("Author name", NAME_MAX_LENGTH), { error: "preferredAuthors must be a list" })
      .max(50, { error: "Too many preferred authors" })
      .default([]),
  },
  { error: "Request body must be a JSON object" },
);
export type RegisterRequest = z.input<typeof registerRequest>;

/** Sign-up's first step (names, email, password): checked before the interests are asked. */
export const registerAccountStep = registerRequest.pick({
  firstName: true,
  lastName: true,
  handle: true,
  email: true,
  password: true,
});
export type RegisterAccount = z.input<typeof registerAccountStep>;

export const loginRequest = z.object({ email, password }, { error: "Request body must be a JSON object" });
export type LoginRequest = z.infer<typeof loginRequest>;

export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Their public page is /u/{handle} (issue 19). */
  handle: z.string(),
  /** Plain text shown on their page. */
  bio: z.string(),
  role: z.enum(["user", "admin"]),
  userType: z.string(),
  articlesGenerated: z.number().int(),
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  preferredCategories: z.array(z.string()),
  preferredTopics: z.array(z.string()),
  /** Whether the owner proved the address by opening a link mailed to it. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userResponse>;

export const limitsResponse = z.object({
  canCreate: z.boolean(),
  /** Articles a guest may still create; null when there is no limit. */
  remaining: z.number().int().nullable(),
  isGuest: z.boolean(),
});
export type Limits = z.infer<typeof limitsResponse>;

export const logoutResponse = z.object({ message: z.string() });

/** What sign-up says of an address that already has an account (the API's 409, the wizard's step 1). */
export const EMAIL_TAKEN = "An account with this email already exists. Sign in instead, or use another email.";

/** Sign-up's first step asks whether the address is free before the interests are asked. */
export const EMAIL_AVAILABLE_PATH = "/api/auth/email-available";
export const emailAvailableQuery = z.object({ email }, { error: "Query must hold an email" });
export const emailAvailableResponse = z.object({ available: z.boolean() });
export type EmailAvailable = z.infer<typeof emailAvailableResponse>;
