/**
 * "Upload to share": a result made on this device, sent to the server only when the person
 * asks, so it gets a download link to share or save to the cloud (not counted as a conversion).
 */
import { useMutation } from "@tanstack/react-query";
import * as v from "valibot";
import { ConvertedFile } from "../../schema/api";
import { apiErrorOf, apiRequest } from "../api/client";
import { localResult } from "./answer";

const UploadAnswer = v.object({ file: ConvertedFile });

export async function uploadLocalResult(url: string): Promise<ConvertedFile> {
  const local = localResult(url);
  if (!local) throw new Error("This result is no longer in memory. Run the tool again.");
  const body = new FormData();
  body.append("file", local.blob, local.fileName);
  body.append("originalName", local.originalName);
  if (local.tool) body.append("tool", local.tool);
  const res = await apiRequest("/api/results", { method: "POST", body, auth: true });
  if (!res.ok) {
    throw await apiErrorOf(res, (a) =>
      res.status === 404
        ? "Uploading results is not available yet. Download the file instead."
        : (a.serverError ?? `Upload failed: ${a.statusText}`),
    );
  }
  const parsed = v.safeParse(UploadAnswer, await res.json().catch(() => null));
  if (!parsed.success || !parsed.output.file.downloadUrl) throw new Error("Upload failed. Please try again.");
  return parsed.output.file;
}

export function useUploadLocalResult() {
  return useMutation({ mutationFn: uploadLocalResult });
}
