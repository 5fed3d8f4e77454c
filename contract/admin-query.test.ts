import { describe, expect, it } from "vitest";
import { adminDashboard, adminUserList } from "./admin";
import {
  ADMIN_DASHBOARD_KEY,
  ADMIN_MAX_PAGE,
  adminArticlesQueryKey,
  adminHref,
  adminUsersQueryKey,
  isAdminArticlesQueryKey,
  isAdminUsersQueryKey,
  parseAdminSearch,
} from "./admin-query";
import { ADMIN_ARTICLES_KEY } from "./query-keys";
import { articleList, responseSchemaFor } from "./query-responses";

describe("the admin dashboard's address", () => {
  it("reads the tab, search and page, dropping what is out of range", () => {
    expect(parseAdminSearch("")).toEqual({ tab: "articles", page: 1 });
    expect(parseAdminSearch("?tab=users&search=%20ada%20&page=3")).toEqual({ tab: "users", search: "ada", page: 3 });
    for (const page of ["0", "-1", "1e9", "abc", "1.5", ""]) expect(parseAdminSearch(`page=${page}`).page).toBe(1);
    expect(parseAdminSearch("page=999999").page).toBe(ADMIN_MAX_PAGE);
    expect(parseAdminSearch(`search=${"x".repeat(300)}`).search).toHaveLength(200);
    expect(parseAdminSearch("tab=nonsense").tab).toBe("articles");
  });

  it("writes addresses and keys with page 1 and blank searches left out", () => {
    expect(adminHref("articles", { page: 1 })).toBe("/admin");
    expect(adminHref("users", { page: 1, search: " " })).toBe("/admin?tab=users");
    expect(adminHref("users", { page: 2, search: "a&b" })).toBe("/admin?tab=users&search=a%26b&page=2");
    expect(adminArticlesQueryKey({ page: 1 })).toEqual(ADMIN_ARTICLES_KEY);
    expect(adminArticlesQueryKey({ page: 2, search: "x" })).toEqual(["/api/admin/articles?search=x&page=2"]);
    expect(adminUsersQueryKey({ page: 1 })).toEqual(["/api/admin/users"]);
  });

  it("tells its keys apart and gives each the schema of its answer", () => {
    expect(isAdminArticlesQueryKey(["/api/admin/articles?page=2"])).toBe(true);
    expect(isAdminArticlesQueryKey(["/api/admin/articles/3"])).toBe(false);
    expect(isAdminUsersQueryKey(["/api/admin/users?search=a"])).toBe(true);
    expect(isAdminUsersQueryKey(["/api/admin/users/abc"])).toBe(false);
    expect(responseSchemaFor(adminArticlesQueryKey({ page: 3 }))).toBe(articleList);
    expect(responseSchemaFor(adminUsersQueryKey({ page: 1, search: "a" }))).toBe(adminUserList);
    expect(responseSchemaFor(ADMIN_DASHBOARD_KEY)).toBe(adminDashboard);
  });
});
