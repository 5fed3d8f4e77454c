import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./api";

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends JSON with the session cookie, and extra headers besides", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await apiRequest("POST", "/api/articles", { youtubeUrl: "x" }, { headers: { "Idempotency-Key": "k1" } });
    expect(fetch).toHaveBeenCalledWith("/api/articles", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "k1" },
      body: '{"youtubeUrl":"x"}',
    });
    await apiRequest("DELETE", "/api/bookmarks/3");
    expect(fetch).toHaveBeenLastCalledWith("/api/bookmarks/3", {
      method: "DELETE",
      credentials: "include",
      headers: {},
      body: undefined,
    });
  });

  it("throws an ApiError with the server's sentence on a non-OK answer", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"message":"Slow down"}', { status: 429 }));
    const error = await apiRequest("POST", "/api/articles", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: "Slow down" });
  });
});
