import { useMutation } from "@tanstack/react-query";
import { ApiError, apiErrorOf, apiRequest } from "./client";

const NOT_DELETED = "Your account could not be deleted. Please try again.";

/** DELETE /api/account { password }: erases the account and everything it made. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      const res = await apiRequest("/api/account", { method: "DELETE", auth: true, json: { password } });
      if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? NOT_DELETED);
    },
  });
}

/** The server's own words for a failed deletion, or a fallback. */
export function deletionError(err: unknown): string {
  return err instanceof ApiError ? err.message : NOT_DELETED;
}
