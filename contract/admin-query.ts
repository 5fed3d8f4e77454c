// The admin dashboard's lists as its address holds them (/admin?tab=users&search=ada&page=2),
// and the query keys of their answers: shared by the browser and the server, which preloads the
// first page under the same keys. No zod here: the web's entry may import it.

export const ADMIN_ARTICLES_PATH = "/api/admin/articles";
export const ADMIN_USERS_PATH = "/api/admin/users";
export const ADMIN_DASHBOARD_PATH = "/api/admin/dashboard";

/** Rows on one page of an admin list (articles or users). */
export const ADMIN_PAGE_SIZE = 20;
/** The last page an admin list goes to: offsets stay below 10,000 rows. Search to go further. */
export const ADMIN_MAX_PAGE = 500;
export const ADMIN_MAX_SEARCH = 200;
/** How far back the dashboard's figures go. */
export const DASHBOARD_DAYS = 30;

/** The dashboard's lists; "comments" is the queue of reported comments (issue 19). */
export const ADMIN_TABS = ["articles", "users", "comments"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** What one of the dashboard's lists shows: its search (absent when none) and page. */
export interface AdminListParams {
  search?: string;
  page: number;
}

/** The dashboard's address: which list, its search and its page. Bad values fall back quietly. */
export function parseAdminSearch(search: string): { tab: AdminTab } & AdminListParams {
  const query = new URLSearchParams(search);
  const asked = query.get("tab");
  const tab: AdminTab = ADMIN_TABS.find((name) => name === asked && name !== "articles") ?? "articles";
  const params: { tab: AdminTab } & AdminListParams = { tab, page: 1 };
  const text = query.get("search")?.trim().slice(0, ADMIN_MAX_SEARCH).trim();
  if (text) params.search = text;
  const page = query.get("page")?.trim() ?? "";
  if (/^\d{1,6}$/.test(page) && Number(page) >= 1) params.page = Math.min(Number(page), ADMIN_MAX_PAGE);
  return params;
}

function pairs(params: AdminListParams): Array<[string, string]> {
  const list: Array<[string, string]> = [];
  if (params.search?.trim()) list.push(["search", params.search.trim()]);
  if (params.page > 1) list.push(["page", String(params.page)]);
  return list;
}

/** The dashboard page's own address for a list, its search and page (page 1 left out). */
export function adminHref(tab: AdminTab, params: AdminListParams): string {
  const query = new URLSearchParams([
    ...(tab !== "articles" ? [["tab", tab] as [string, string]] : []),
    ...pairs(params),
  ]);
  const text = query.toString();
  return text ? `/admin?${text}` : "/admin";
}

/**
 * The key (and URL) of one page of the admin's article list. The first page without a search is
 * the plain ["/api/admin/articles"], the key every article change already refreshes.
 */
export function adminArticlesQueryKey(params: AdminListParams): readonly [string] {
  const query = new URLSearchParams(pairs(params)).toString();
  return [query ? `${ADMIN_ARTICLES_PATH}?${query}` : ADMIN_ARTICLES_PATH] as const;
}

/** The key (and URL) of one page of the admin's user list. */
export function adminUsersQueryKey(params: AdminListParams): readonly [string] {
  const query = new URLSearchParams(pairs(params)).toString();
  return [query ? `${ADMIN_USERS_PATH}?${query}` : ADMIN_USERS_PATH] as const;
}

export const ADMIN_DASHBOARD_KEY = [ADMIN_DASHBOARD_PATH] as const;

const isUnder = (path: string) => (queryKey: readonly unknown[]) => {
  const [url] = queryKey;
  return queryKey.length === 1 && typeof url === "string" && (url === path || url.startsWith(`${path}?`));
};

/** Whether a key is a page of the admin's article list (any search, any page). */
export const isAdminArticlesQueryKey = isUnder(ADMIN_ARTICLES_PATH);
/** Whether a key is a page of the admin's user list (any search, any page). */
export const isAdminUsersQueryKey = isUnder(ADMIN_USERS_PATH);

/** The no-script form's intent for a role or type change, posted to /admin. */
export const UPDATE_USER_INTENT = "update-user";

/** Why the last admin cannot be demoted (409). */
export const LAST_ADMIN_MESSAGE =
  "This is the only admin left: make another account admin before removing this one's admin role.";
