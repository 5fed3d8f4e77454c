import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { ApiError, errorFromResponse } from "./api";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The contract's response schemas, and zod with them, load with the first query that fetches
 * rather than with the entry: the first HTML already carries the answers the first render needs.
 */
const loadResponseSchemas = () => import("@contract/query-responses");

/**
 * GETs the query key as a URL and checks the answer against the key's response schema
 * (contract/query-responses.ts). An answer that breaks the contract, or a key without a schema,
 * is an ApiError saying where, and is logged too: it never flows on as data of the wrong shape.
 */
async function fetchQueryData(queryKey: QueryKey, on401: UnauthorizedBehavior): Promise<unknown> {
  const schemas = loadResponseSchemas();
  // Not awaited on every path (a 401 read as signed out); awaited below where it matters.
  schemas.catch(() => {});
  const url = queryKey.join("/");
  const response = await fetch(url, { credentials: "include" });
  if (on401 === "returnNull" && response.status === 401) return null;
  if (!response.ok) throw await errorFromResponse(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw contractError(response.status, `GET ${url} answered with something other than JSON`);
  }
  const parsed = (await schemas).parseQueryResponse(queryKey, body);
  if (!parsed.ok) throw contractError(response.status, parsed.message);
  return parsed.data;
}

function contractError(status: number, message: string): ApiError {
  console.error(message);
  return new ApiError(status, message);
}

/**
 * The query function for query keys that are API URLs: fetches and checks the answer (see
 * fetchQueryData); optionally treats 401 as "no data" (signed out). `T` is the caller's name for
 * the key's data, as with useQuery<T>: what holds it to that is the key's schema at run time,
 * the contract's types being the schemas' own (z.infer).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T>;
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return ({ queryKey }) => fetchQueryData(queryKey, on401);
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
