import type { ToolDef } from "../../schema/tools";
import { config, MB } from "../config";
import type { JobInput, JobLimits } from "../engine/jobs/input";
import type { AppContext } from "../env";
import { AppError } from "../errors";
import { admissionOf } from "./admission";
import { readMultipart } from "./multipart";

/** A job's upload as the engine's pipeline takes it (engine/jobs), and how long its body was. */
export interface Upload extends JobInput {
  size: number;
}

/**
 * Reads the multipart body (bounded by the request limit, kept once: files are views into it):
 * the `files` field's files, the text fields, and the files of other fields (the watermark's
 * image), none checked yet: the pipeline checks them as the device does. A job admitted with
 * admitJob holds its upload as it arrives.
 */
export async function readUploads(c: AppContext): Promise<Upload> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "Send the files as multipart/form-data in a field named files.");
  }
  const { maxRequestBytes } = config(c.env);
  const body = await readMultipart(c.req.raw, maxRequestBytes, () => requestTooLarge(maxRequestBytes), admissionOf(c));
  const fields = new Map<string, string>();
  for (const [key, value] of body.fields) if (!fields.has(key)) fields.set(key, value);
  return {
    files: body.files.filter((f) => f.field === "files"),
    attachments: body.files.filter((f) => f.field !== "files"),
    field: (name) => fields.get(name),
    size: body.size,
  };
}

/** The largest file a tool takes at the edge: the catalogue's limit, within the Worker's configured one. */
export function edgeLimits(env: Env, tool: ToolDef): JobLimits {
  return { maxFileBytes: Math.min(tool.maxSizeMB * MB, config(env).maxFileBytes) };
}

export function requestTooLarge(maxRequestBytes: number): AppError {
  return new AppError(
    "payload_too_large",
    `This upload is too large. One request can carry at most ${Math.round(maxRequestBytes / MB)}MB in total.`,
  );
}
