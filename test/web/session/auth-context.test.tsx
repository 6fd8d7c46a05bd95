import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "../../../schema/api";
import { createQueryClient } from "../../../web/api/query-client";
import { AuthProvider, useAuth } from "../../../web/session/auth-context";

const user: PublicUser = {
  id: 1,
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  role: "free",
  dailyConversions: 3,
  dailyLimit: 10,
  subscriptionStatus: "inactive",
  hasBillingAccount: false,
  emailVerified: false,
  createdAt: new Date(0).toISOString(),
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

function Reader() {
  useAuth();
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the session state", () => {
  it("ends loading with no user and no request when no token is stored", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.user).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("requests the current user with the bearer token and sets it", async () => {
    localStorage.setItem("sessionToken", "tok123");
    const fetchMock = vi.fn(async () => Response.json({ user }));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user?.email).toBe("ada@example.com");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/me");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok123");
  });

  it.each([
    ["a failed response", () => new Response("nope", { status: 401 })],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("removes the token and logs the error on %s", async (_, answer) => {
    localStorage.setItem("sessionToken", "stale");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer()),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(localStorage.getItem("sessionToken")).toBeNull());
    expect(result.current.user).toBeNull();
    expect(result.current.isLoading).toBe(false);
    expect(logged).toHaveBeenCalled();
  });

  it("stores the token and sets the user on login", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.login("newtoken", user));
    expect(localStorage.getItem("sessionToken")).toBe("newtoken");
    await waitFor(() => expect(result.current.user?.id).toBe(1));
  });

  it("clears the session on logout even when the server call fails", async () => {
    localStorage.setItem("sessionToken", "tok");
    const fetchMock = vi.fn(async (url: string) => {
      if (url === "/api/auth/logout") throw new TypeError("offline");
      return Response.json({ user });
    });
    vi.stubGlobal("fetch", fetchMock);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(() => result.current.logout());
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem("sessionToken")).toBeNull();
    const logoutCall = fetchMock.mock.calls.find((c) => c[0] === "/api/auth/logout") as unknown as [
      string,
      RequestInit,
    ];
    expect(logoutCall[1].method).toBe("POST");
    expect((logoutCall[1].headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect(logoutCall[1].body).toBeUndefined();
    expect(logged).toHaveBeenCalled();
  });

  it("re-runs the current-user check on refresh", async () => {
    localStorage.setItem("sessionToken", "tok");
    let used = 3;
    const fetchMock = vi.fn(async () => Response.json({ user: { ...user, dailyConversions: used } }));
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.dailyConversions).toBe(3));
    used = 4;
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.user?.dailyConversions).toBe(4));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("is a developer error to read the session outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Reader />)).toThrow("useAuth must be used within an AuthProvider");
  });
});
