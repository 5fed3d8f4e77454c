import { z } from "zod";
import { ADMIN_MAX_PAGE, ADMIN_MAX_SEARCH } from "./admin-query";

/*
 * The admin dashboard's API: the user list and role or type changes, the article list's search
 * and pages, and the 30-day figures. Keys and addresses are in admin-query.ts.
 */

export const USER_ROLES = ["user", "admin"] as const;
/** The account types an admin may set: guests have the article allowance, registered users none. */
export const USER_TYPES = ["guest", "registered"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserType = (typeof USER_TYPES)[number];

/** The title a failed role or type change shows under (the toast's, or the page's alert without scripts). */
export const UPDATE_USER_FAILED = "Failed to update user";

export const ROLE_LABELS: Record<UserRole, string> = { user: "User", admin: "Admin" };
export const USER_TYPE_LABELS: Record<UserType, string> = { guest: "Guest", registered: "Registered" };

const PAGE_MESSAGE = `page must be a whole number from 1 to ${ADMIN_MAX_PAGE}`;

/** The query of an admin list: ?search=&page=. Bad values are a 400 with a sentence, never a 500. */
export const adminListQuery = z.object({
  search: z
    .string({ error: "search must be text" })
    .trim()
    .max(ADMIN_MAX_SEARCH, { error: `search must be at most ${ADMIN_MAX_SEARCH} characters` })
    .optional()
    .transform((v) => v || undefined),
  page: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .int({ error: PAGE_MESSAGE })
      .min(1, { error: PAGE_MESSAGE })
      .max(ADMIN_MAX_PAGE, { error: PAGE_MESSAGE })
      .default(1),
  ),
});
export type AdminListQuery = z.output<typeof adminListQuery>;

/** A user as the admin's list shows them. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  /** The type in effect now (an ended subscription is a guest again, as everywhere). */
  userType: z.string(),
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  /** Articles they have now (deleted ones not counted). */
  articleCount: z.number().int(),
  /** Articles they have generated, deleted ones included (the guest allowance counts these). */
  articlesGenerated: z.number().int(),
  createdAt: z.string(),
  /** The latest use of any of their sessions still on record (to within 5 minutes); null when none is. */
  lastSeenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserList = z.object({
  users: z.array(adminUser),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Users matching the search, on every page. */
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserList>;

/** PUT /api/admin/users/{id}: a new role, a new account type, or both. */
export const adminUpdateUserRequest = z
  .object(
    {
      role: z.enum(USER_ROLES, { error: `role must be one of: ${USER_ROLES.join(", ")}` }).optional(),
      userType: z.enum(USER_TYPES, { error: `userType must be one of: ${USER_TYPES.join(", ")}` }).optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  .refine((v) => v.role !== undefined || v.userType !== undefined, { error: "Send a role or a userType to change" });
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequest>;

/** A user id in a path: a UUID, anything else a 400. */
export const userIdParam = z.object({
  id: z.uuid({ error: "id must be a user id" }),
});

/** One day of the dashboard's figures (UTC). */
export const dashboardDay = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  signUps: z.number().int(),
  articles: z.number().int(),
  /** Users with a successful payment that day. */
  payingUsers: z.number().int(),
});

export const adminDashboard = z.object({
  /** The first day counted (UTC midnight, 29 days before today) and the moment the figures were taken. */
  since: z.string(),
  until: z.string(),
  /** Every day from since to today, oldest first, zeros included. */
  days: z.array(dashboardDay),
  totals: z.object({
    signUps: z.number().int(),
    articles: z.number().int(),
    /** Distinct users with a successful payment in the period. */
    payingUsers: z.number().int(),
    /** Users whose subscription is active now. */
    activeSubscribers: z.number().int(),
    users: z.number().int(),
    admins: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
