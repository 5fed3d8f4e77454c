import type { AdminUser } from "../../contract/admin";
import { effectiveSubscription } from "../auth/presenter";
import type { AdminUserRow } from "./repository";

/** A user as the admin's list shows them: never the password hash; the subscription as it stands now. */
export function presentAdminUser({ user, articleCount, lastSeenAt }: AdminUserRow): AdminUser {
  const subscription = effectiveSubscription(user);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role === "admin" ? "admin" : "user",
    userType: subscription.userType,
    subscriptionStatus: subscription.subscriptionStatus,
    subscriptionPlan: subscription.subscriptionPlan,
    subscriptionEndDate: subscription.subscriptionEndDate,
    articleCount,
    articlesGenerated: user.articlesGenerated,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
  };
}
