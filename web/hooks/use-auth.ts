import type { Limits, User } from "@contract/auth";
import { AUTH_USER_KEY, LIMITS_KEY } from "@contract/query-keys";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";

// The keys live in the contract (the server preloads under them); exported here for the hooks' callers.
export { AUTH_USER_KEY, LIMITS_KEY };

/** Auth state comes from the current-user call: a user means signed in. Never retried. */
export function useAuth() {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn({ on401: "returnNull" }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: Boolean(user), isAdmin: user?.role === "admin" };
}

/** The create allowance; spec defaults when missing: cannot create, 0 left, guest. */
export function useLimits(enabled = true) {
  const { data } = useQuery<Limits>({ queryKey: LIMITS_KEY, enabled });
  return {
    canCreate: data?.canCreate ?? false,
    remaining: data?.remaining ?? 0,
    isGuest: data?.isGuest ?? true,
    loaded: Boolean(data),
  };
}
