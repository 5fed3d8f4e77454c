import type { Limits, User } from "../../contract/auth";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import type { UserRow } from "../db/schema";

/** The user as the API shows it: never the password hash, dates as ISO strings. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    role: row.role === "admin" ? "admin" : "user",
    userType: row.userType,
    articlesGenerated: row.articlesGenerated,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
    subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
    preferredCategories: row.preferredCategories,
    preferredTopics: row.preferredTopics,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How many more articles this user may create: guests have a fixed allowance. */
export function presentLimits(row: UserRow): Limits {
  if (row.userType !== "guest") return { canCreate: true, remaining: null, isGuest: false };
  // Generations still running hold their place, so parallel requests see the truth.
  const remaining = Math.max(0, GUEST_ARTICLE_LIMIT - row.articlesGenerated - row.articlesInProgress);
  return { canCreate: remaining > 0, remaining, isGuest: true };
}
