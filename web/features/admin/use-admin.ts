import type { AdminDashboard, AdminUpdateUserRequest, AdminUser, AdminUserList } from "@contract/admin";
import {
  ADMIN_DASHBOARD_KEY,
  ADMIN_USERS_PATH,
  type AdminListParams,
  type AdminTab,
  adminArticlesQueryKey,
  adminHref,
  adminUsersQueryKey,
  isAdminArticlesQueryKey,
  isAdminUsersQueryKey,
  parseAdminSearch,
} from "@contract/admin-query";
import type { Article } from "@contract/articles";
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { useAuth } from "@/hooks/use-auth";
import { apiRequest } from "@/lib/api";
import { afterArticleDeleted } from "@/lib/invalidate";

/** The dashboard's address: which list, its search and page; `go` changes them (a new search starts at page 1). */
export function useAdminAddress() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const address = useMemo(() => parseAdminSearch(search), [search]);
  const go = (tab: AdminTab, params: AdminListParams) => navigate(adminHref(tab, params));
  return { ...address, go };
}

/**
 * The 30-day figures, asked for only for an admin: anyone else's /admin shows 'Access Denied',
 * and the API would answer them 403 (a failed request in the browser's console).
 */
export function useAdminDashboard(enabled: boolean) {
  return useQuery<AdminDashboard>({ queryKey: ADMIN_DASHBOARD_KEY, enabled });
}

/** One page of articles; the page shown stays while the next one loads. */
export function useAdminArticles(params: AdminListParams, enabled: boolean) {
  return useQuery<Article[]>({ queryKey: adminArticlesQueryKey(params), enabled, placeholderData: keepPreviousData });
}

export function useAdminUsers(params: AdminListParams, enabled: boolean) {
  return useQuery<AdminUserList>({ queryKey: adminUsersQueryKey(params), enabled, placeholderData: keepPreviousData });
}

/** Every page of the admin's lists and its figures, after a change to articles or users. */
function refreshAdminLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      isAdminArticlesQueryKey(queryKey) || isAdminUsersQueryKey(queryKey) || queryKey[0] === ADMIN_DASHBOARD_KEY[0],
  });
}

/** Deletes any article (DELETE /api/admin/articles/{id}); every list that may show it refreshes. */
export function useAdminDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/admin/articles/${id}`);
      return id;
    },
    onSuccess: async () => {
      await afterArticleDeleted(queryClient);
      await refreshAdminLists(queryClient);
    },
  });
}

/** An edit saved by the admin's editor: the searched and later pages refresh too. */
export function useRefreshAdminLists() {
  const queryClient = useQueryClient();
  return () => void refreshAdminLists(queryClient);
}

/**
 * PUT /api/admin/users/{id}: a new role or account type. The lists refresh, unless the admin took
 * their own admin role away: the page loads again then (user-access-form.tsx), and the admin's
 * lists would only answer 403.
 */
export function useUpdateUserAccess() {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: AdminUpdateUserRequest }) =>
      (await (await apiRequest("PUT", `${ADMIN_USERS_PATH}/${id}`, change)).json()) as AdminUser,
    onSuccess: (saved) => {
      if (saved.id !== me?.id || saved.role === "admin") void refreshAdminLists(queryClient);
    },
  });
}
