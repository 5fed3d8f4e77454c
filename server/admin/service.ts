// The admin dashboard's rules: who may change whose access, and what the 30-day figures are.
import type { AdminDashboard, AdminUpdateUserRequest, AdminUser, AdminUserList } from "../../contract/admin";
import { ADMIN_PAGE_SIZE, DASHBOARD_DAYS, LAST_ADMIN_MESSAGE } from "../../contract/admin-query";
import type { Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import { presentAdminUser } from "./presenter";
import { type AccessChange, changeUserAccess, dashboardCounts, findAdminUserRow, listUsersPage } from "./repository";

export const NO_SUCH_USER = "That user does not exist.";
const DAY_MS = 86_400_000;

/** One page of users for the admin's list, with the total the search matches. */
export async function listUsers(db: Db, query: { search?: string; page: number }): Promise<AdminUserList> {
  const { rows, total } = await listUsersPage(db, query);
  return { users: rows.map(presentAdminUser), page: query.page, pageSize: ADMIN_PAGE_SIZE, total };
}

/**
 * Sets a user's role and/or account type. Removing the last admin's role (theirs or one's own)
 * is a 409: the site would be left with nobody to manage it. The user's next request reads the
 * new role (sessions look the user up on every request), so the change takes effect at once.
 */
export async function updateUserAccess(db: Db, id: string, request: AdminUpdateUserRequest): Promise<AdminUser> {
  const change: AccessChange = {};
  if (request.role) change.role = request.role;
  if (request.userType) change.userType = request.userType;
  const result = await changeUserAccess(db, id, change);
  if (result === "last-admin") throw new HttpError(409, LAST_ADMIN_MESSAGE);
  if (!result) throw notFound(NO_SUCH_USER);
  const row = await findAdminUserRow(db, id);
  if (!row) throw notFound(NO_SUCH_USER);
  return presentAdminUser(row);
}

/** UTC midnight, DASHBOARD_DAYS - 1 days before `now`'s day: the period is today and the 29 days before it. */
export function dashboardSince(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS);
}

/** Sign-ups, articles and paying users per UTC day over the last 30 days, every day listed. */
export async function dashboard(db: Db, now: Date = new Date()): Promise<AdminDashboard> {
  const since = dashboardSince(now);
  const counts = await dashboardCounts(db, since, now);
  const days: AdminDashboard["days"] = [];
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    days.push({
      date,
      signUps: counts.signUps.get(date) ?? 0,
      articles: counts.articles.get(date) ?? 0,
      payingUsers: counts.payers.get(date) ?? 0,
    });
  }
  const sum = (key: "signUps" | "articles") => days.reduce((total, day) => total + day[key], 0);
  return {
    since: since.toISOString(),
    until: now.toISOString(),
    days,
    totals: {
      signUps: sum("signUps"),
      articles: sum("articles"),
      payingUsers: counts.payingUsers,
      activeSubscribers: counts.activeSubscribers,
      users: counts.users,
      admins: counts.admins,
    },
  };
}
