import type { Limits, User } from "../../contract/auth";
import { GUEST_ARTICLE_LIMIT } from "../../contract/options";
import type { UserRow } from "../db/schema";

/**
 * The subscription as it stands at `now`: an end date in the past means the user is a guest
 * again and no longer active, whatever the row still says (the tidy job catches the row up
 * later; correctness never waits for it). The article allowance check in
 * generation/repository.ts applies the same rule in SQL.
 */
export function effectiveSubscription(row: UserRow, now: Date = new Date()) {
  const expired = row.subscriptionEndDate !== null && row.subscriptionEndDate.getTime() <= now.getTime();
  return {
    subscriptionStatus: expired && row.subscriptionStatus === "active" ? "expired" : row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
    userType: expired ? "guest" : row.userType,
    subscriptionEndDate: row.subscriptionEndDate?.toISOString() ?? null,
    renews: !expired && row.subscriptionStatus === "active" && row.subscriptionRenews,
  };
}

/** The user as the API shows it: never the password hash, dates as ISO strings. */
export function presentUser(row: UserRow): User {
  const subscription = effectiveSubscription(row);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    handle: row.handle,
    bio: row.bio,
    role: row.role === "admin" ? "admin" : "user",
    userType: subscription.userType,
    articlesGenerated: row.articlesGenerated,
    subscriptionStatus: subscription.subscriptionStatus,
    subscriptionPlan: subscription.subscriptionPlan,
    subscriptionEndDate: subscription.subscriptionEndDate,
    preferredCategories: row.preferredCategories,
    preferredTopics: row.preferredTopics,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How many more articles this user may create: guests have a fixed allowance. */
export function presentLimits(row: UserRow): Limits {
  // Admins have no article limit, whatever their account type (as startGeneration allows).
  if (row.role === "admin" || effectiveSubscription(row).userType !== "guest") {
    return { canCreate: true, remaining: null, isGuest: false };
  }
  // Generations still running hold their place, so parallel requests see the truth.
  const remaining = Math.max(0, GUEST_ARTICLE_LIMIT - row.articlesGenerated - row.articlesInProgress);
  return { canCreate: remaining > 0, remaining, isGuest: true };
}
