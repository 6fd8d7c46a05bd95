import { queryOptions, useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { Usage } from "../../schema/api";
import { apiRequest, getSessionToken, throwIfResNotOk } from "./client";

export const USAGE_KEY = "/api/usage";

/**
 * GET /api/usage: what the asker (a guest by address, or the signed-in account) has used and has
 * left today. Keyed by the session token, so signing in or out asks again; read again after every
 * conversion (useAllowanceGuard's afterConversion).
 */
export const usageQuery = (token: string | null = getSessionToken()) =>
  queryOptions<Usage>({
    queryKey: [USAGE_KEY, token ?? "guest"],
    queryFn: async ({ signal }) => {
      const res = await apiRequest(USAGE_KEY, { auth: true, signal });
      await throwIfResNotOk(res);
      return v.parse(Usage, await res.json());
    },
  });

export function useUsage(enabled = true) {
  return useQuery({ ...usageQuery(), enabled });
}
