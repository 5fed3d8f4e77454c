import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, errorFromResponse } from "./api";

type UnauthorizedBehavior = "returnNull" | "throw";

/** Fetches the query key as a URL; optionally treats 401 as "no data" (signed out). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && response.status === 401) return null as T;
    if (!response.ok) throw await errorFromResponse(response);
    return (await response.json()) as T;
  };
}

/** Spec section 9: no retries, no refetch on focus, no polling, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export { ApiError };
