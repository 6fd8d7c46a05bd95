import { useMutation } from "@tanstack/react-query";
import { apiRequest, errorField, HttpError, throwIfResNotOk } from "./client";

/** DELETE /api/account { password }: erases the account and everything it made. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      const res = await apiRequest("/api/account", { method: "DELETE", auth: true, json: { password } });
      await throwIfResNotOk(res);
    },
  });
}

/** The server's own words for a failed deletion, or a fallback. */
export function deletionError(err: unknown): string {
  return (
    (err instanceof HttpError ? errorField(err.body) : undefined) ??
    "Your account could not be deleted. Please try again."
  );
}
