import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../web/api/query-client";

afterEach(() => vi.unstubAllGlobals());

describe("the query client", () => {
  it("uses the spec's defaults: no retry, no refetch on focus, never stale", () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.retry).toBe(false);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.staleTime).toBe(Number.POSITIVE_INFINITY);
  });

  it("GETs the key as a path with cookies, and turns a non-OK answer into '{status}: {text}'", async () => {
    const fetchMock = vi.fn(async () => new Response("nope", { status: 401, statusText: "Unauthorized" }));
    vi.stubGlobal("fetch", fetchMock);
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/auth/me"] })).rejects.toThrow("401: nope");
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/me", expect.objectContaining({ credentials: "include" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("falls back to the status text when the body is empty", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503, statusText: "Service Unavailable" })),
    );
    await expect(createQueryClient().fetchQuery({ queryKey: ["/api/x"] })).rejects.toThrow("503: Service Unavailable");
  });
});
