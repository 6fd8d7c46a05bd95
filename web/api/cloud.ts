import { useMutation } from "@tanstack/react-query";
import { apiErrorOf, apiRequest } from "./client";

export type CloudProvider = "google" | "dropbox";

export const PROVIDER_NAMES: Record<CloudProvider, string> = { google: "Google Drive", dropbox: "Dropbox" };

/** POST /api/cloud/{provider}/start: the consent page to open in the popup. */
export async function startCloudSave(provider: CloudProvider, downloadUrl: string): Promise<string> {
  const res = await apiRequest(`/api/cloud/${provider}/start`, { method: "POST", json: { downloadUrl } });
  if (!res.ok) throw await apiErrorOf(res, (a) => a.serverError ?? `Could not start saving: ${a.statusText}`);
  return ((await res.json()) as { authUrl: string }).authUrl;
}

export interface CloudCallbackResult {
  success: boolean;
  error?: string;
  fileName?: string;
  destination?: string;
}

/** POST /api/auth/{provider}/callback { code, state, redirectUri }. */
export function useCloudCallback(provider: CloudProvider) {
  return useMutation({
    mutationFn: async (body: { code: string; state: unknown; redirectUri: string }): Promise<CloudCallbackResult> => {
      const res = await apiRequest(`/api/auth/${provider}/callback`, { method: "POST", json: body });
      const data = (await res.json().catch(() => ({}))) as CloudCallbackResult;
      if (!res.ok || !data.success) return { success: false, error: data.error };
      return data;
    },
  });
}

/** What the popup tells the page that opened it. */
export interface CloudSaveMessage {
  type: "cloud-save";
  ok: boolean;
  title: string;
  description: string;
}
