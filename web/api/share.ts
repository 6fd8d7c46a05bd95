import { queryOptions, useMutation } from "@tanstack/react-query";
import type { SharedFileInfo, ShareExpiry, ShareResponse } from "../../schema/api";
import { apiErrorOf, apiRequest, throwIfResNotOk } from "./client";

/** POST /api/share: a public link to a result; guests can share too (the bearer is optional). */
export async function createShare(downloadUrl: string, expiresIn: ShareExpiry): Promise<ShareResponse> {
  const res = await apiRequest("/api/share", { method: "POST", auth: true, json: { downloadUrl, expiresIn } });
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Could not create the link: ${a.statusText}`);
  return res.json();
}

export function useCreateShare() {
  return useMutation({
    mutationFn: (v: { downloadUrl: string; expiresIn: ShareExpiry }) => createShare(v.downloadUrl, v.expiresIn),
  });
}

/** GET /api/shared/{id}/info with the default rule (errors carry the HTTP status). */
export const sharedInfoQuery = (shareId: string) =>
  queryOptions<SharedFileInfo>({
    queryKey: ["/api/shared", shareId, "info"],
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/shared/${encodeURIComponent(shareId)}/info`, { credentials: "include", signal });
      await throwIfResNotOk(res);
      return res.json();
    },
  });

export function sharedDownloadUrl(shareId: string): string {
  return `/api/shared/${encodeURIComponent(shareId)}/download`;
}
