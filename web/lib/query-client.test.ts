import { STATS_QUERY_KEY } from "@contract/feed-query";
import { AUTH_USER_KEY, LIMITS_KEY } from "@contract/query-keys";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createQueryClient, getQueryFn } from "./query-client";

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stats = { totalArticles: 3, activeAuthors: 2, totalReads: 10 };

describe("the default query function", () => {
  it("GETs the key's URL with the session cookie and answers the data its schema reads", async () => {
    const fetch = answer(200, { ...stats, notInTheContract: true });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: STATS_QUERY_KEY })).resolves.toEqual(stats);
    expect(fetch).toHaveBeenCalledWith("/api/stats", { credentials: "include" });
  });

  it("fails loudly, as an ApiError saying where, when the answer breaks the contract", async () => {
    answer(200, { canCreate: true, remaining: "three", isGuest: false });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await createQueryClient()
      .fetchQuery({ queryKey: LIMITS_KEY })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^GET \/api\/user\/limits answered outside the contract: remaining: /);
    expect(logged).toHaveBeenCalledWith((error as ApiError).message);
  });

  it("fails on an answer that is not JSON, and on a key with no schema", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    answer(200, "<html>");
    await expect(createQueryClient().fetchQuery({ queryKey: STATS_QUERY_KEY })).rejects.toThrow(
      "GET /api/stats answered with something other than JSON",
    );
    answer(200, {});
    await expect(createQueryClient().fetchQuery({ queryKey: ["/api/unknown"] })).rejects.toThrow(
      'No response schema for the query key ["/api/unknown"]',
    );
  });

  it("turns a refusal into an ApiError with the server's sentence and status", async () => {
    answer(403, { message: "Admins only" });
    await expect(createQueryClient().fetchQuery({ queryKey: LIMITS_KEY })).rejects.toMatchObject({
      status: 403,
      message: "Admins only",
    });
  });

  it("reads 401 as signed out (null) for the user query, and as an error otherwise", async () => {
    answer(401, { message: "Not signed in" });
    const client = new QueryClient();
    const user = await client.fetchQuery({ queryKey: AUTH_USER_KEY, queryFn: getQueryFn({ on401: "returnNull" }) });
    expect(user).toBeNull();
    await expect(createQueryClient().fetchQuery({ queryKey: AUTH_USER_KEY })).rejects.toMatchObject({ status: 401 });
  });
});
