import { queryOptions, useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { AllowanceResponse } from "../../schema/api";
import { apiRequest, getSessionToken, throwIfResNotOk } from "./client";

export const ALLOWANCE_KEY = "/api/allowance";

/**
 * GET /api/allowance: what the asker (a guest by address, or the signed-in account) has used and
 * has left today. Keyed by the session token, so signing in or out asks again; read again after
 * every conversion (useAllowanceGuard's afterConversion).
 */
export const allowanceQuery = (token: string | null = getSessionToken()) =>
  queryOptions<AllowanceResponse>({
    queryKey: [ALLOWANCE_KEY, token ?? "guest"],
    queryFn: async ({ signal }) => {
      const res = await apiRequest(ALLOWANCE_KEY, { auth: true, signal });
      await throwIfResNotOk(res);
      return v.parse(AllowanceResponse, await res.json());
    },
  });

export function useAllowanceQuery() {
  return useQuery(allowanceQuery());
}
