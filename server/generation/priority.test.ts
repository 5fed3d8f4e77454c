import { describe, expect, it } from "vitest";
import { presentLimits } from "../auth/presenter";
import type { UserRow } from "../db/schema";
import { FREE_PRIORITY, generationPriority, PREMIUM_PRIORITY } from "./job";

// Which place in the generation queue an account gets: the queue itself taking the higher
// priority first is shown with real pg-boss in priority.api.test.ts.

const DAY = 24 * 60 * 60 * 1000;

function user(overrides: Partial<UserRow>): UserRow {
  const now = new Date();
  return {
    id: "00000000-0000-4000-8000-000000000001",
    email: "someone@example.com",
    passwordHash: "x",
    emailVerified: true,
    firstName: "Some",
    lastName: "One",
    handle: "some-one",
    bio: "",
    profileImageUrl: null,
    role: "user",
    userType: "guest",
    articlesGenerated: 0,
    articlesInProgress: 0,
    subscriptionStatus: "inactive",
    subscriptionPlan: null,
    subscriptionEndDate: null,
    subscriptionRenews: false,
    paystackCustomerCode: null,
    paystackSubscriptionCode: null,
    paystackEmailToken: null,
    preferredCategories: [],
    preferredTopics: [],
    preferredAuthors: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

const premium = (endsInMs: number, extra: Partial<UserRow> = {}) =>
  user({
    userType: "premium",
    subscriptionStatus: "active",
    subscriptionPlan: "monthly",
    subscriptionEndDate: new Date(Date.now() + endsInMs),
    ...extra,
  });

describe("generationPriority", () => {
  it("puts premium accounts and admins ahead, and free accounts at the default", () => {
    expect(PREMIUM_PRIORITY).toBeGreaterThan(FREE_PRIORITY);
    expect(FREE_PRIORITY).toBe(0);
  });

  it.each([
    ["a free account", user({}), FREE_PRIORITY],
    ["a free account that used up its articles", user({ articlesGenerated: 50 }), FREE_PRIORITY],
    ["an active premium account", premium(30 * DAY), PREMIUM_PRIORITY],
    ["a premium account that cancelled renewal but has not reached its end", premium(DAY), PREMIUM_PRIORITY],
    ["a premium account whose end date has passed (row not tidied yet)", premium(-1000), FREE_PRIORITY],
    ["an admin on a free account", user({ role: "admin" }), PREMIUM_PRIORITY],
    ["an admin whose premium has expired", premium(-DAY, { role: "admin" }), PREMIUM_PRIORITY],
    ["no account at all (deleted)", undefined, FREE_PRIORITY],
  ])("%s", (_name, account, expected) => {
    expect(generationPriority(account)).toBe(expected);
  });

  it("follows the article-limit rule: no limit means first in the queue", () => {
    for (const account of [user({}), premium(DAY), premium(-DAY), user({ role: "admin" })]) {
      const unlimited = presentLimits(account).remaining === null;
      expect(generationPriority(account)).toBe(unlimited ? PREMIUM_PRIORITY : FREE_PRIORITY);
    }
  });
});
