import { queryOptions, useMutation } from "@tanstack/react-query";
import type { AuthResponse, LoginBody, PublicUser, RegisterBody } from "../../schema/api";
import { ApiError, apiErrorOf, apiRequest, errorField, throwIfResNotOk } from "./client";

export const ME_KEY = "/api/auth/me";

/** GET /api/auth/me with the bearer token; a non-OK answer is an error (401 included). */
export const meQuery = (token: string | null) =>
  queryOptions<{ user: PublicUser }>({
    queryKey: [ME_KEY, token],
    enabled: token !== null,
    queryFn: async ({ signal }) => {
      const res = await apiRequest(ME_KEY, { auth: true, signal });
      await throwIfResNotOk(res);
      return res.json();
    },
  });

/**
 * Login/register answer { success, sessionToken, user, error }. A failure is an ApiError whose
 * message is the server's error or the fallback (its code and siteKey say when a challenge is asked).
 */
async function authCall(
  path: string,
  body: unknown,
  fallback: string,
): Promise<Required<Pick<AuthResponse, "sessionToken" | "user">>> {
  let res: Response;
  try {
    res = await apiRequest(path, { method: "POST", json: body });
  } catch {
    throw new ApiError(0, "", undefined, fallback);
  }
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? fallback);
  const data = (await res.json().catch(() => ({}))) as AuthResponse;
  if (!data.success || !data.sessionToken || !data.user) {
    throw new ApiError(res.status, res.statusText, data, errorField(data) ?? fallback);
  }
  return { sessionToken: data.sessionToken, user: data.user };
}

export function useLoginMutation() {
  return useMutation({ mutationFn: (body: LoginBody) => authCall("/api/auth/login", body, "Login failed") });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => authCall("/api/auth/register", body, "Registration failed"),
  });
}

/** POST /api/auth/logout with the bearer header and no body; the answer is not read. */
export async function logoutCall(): Promise<void> {
  await apiRequest("/api/auth/logout", { method: "POST", auth: true });
}
