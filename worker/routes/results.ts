import { Hono } from "hono";
import type { ConvertedFile } from "../../schema/api";
import { toolsById } from "../../schema/tools";
import { config } from "../config";
import { sniff } from "../engine/core/file-kind";
import { cleanFileName, splitExtension } from "../engine/core/filenames";
import type { AppEnv } from "../env";
import { AppError, asUnavailable } from "../errors";
import { admitJob } from "../services/admission";
import { ensureGuestKey } from "../services/guest";
import { recordHistory } from "../services/history";
import { readMultipart } from "../services/multipart";
import { brake } from "../services/rate-limit";
import { putResult, type ResultOwner } from "../services/storage";
import { requestTooLarge } from "../services/uploads";
import { resolveViewer } from "../services/viewer";

/**
 * POST /api/results: a file made on the visitor's own device, uploaded because they asked to share
 * it (or save it to the cloud, or keep it in their history). It is stored as any result is, for
 * as long, owned by the account or the browser that sent it; nothing is converted, so it is not
 * counted against the allowance. Only the kinds our tools make are taken, checked by their bytes.
 */

const KINDS = {
  pdf: { ext: ".pdf", type: "application/pdf" },
  jpeg: { ext: ".jpg", type: "image/jpeg" },
  png: { ext: ".png", type: "image/png" },
  webp: { ext: ".webp", type: "image/webp" },
  zip: { ext: ".zip", type: "application/zip" },
} as const;

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5);

const FAILED = "The file could not be stored. Nothing was saved. Please try again in a moment.";

export const results = new Hono<AppEnv>().post("/results", async (c) => {
  const viewer = await resolveViewer(c);
  await brake(
    c.env.SHARE_LIMITER,
    viewer.kind === "user" ? `user:${viewer.userId}` : viewer.clientKey,
    "Too many files uploaded to share in the last minute. Please wait a minute and try again.",
  );
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("bad_request", "Send the file as multipart/form-data in a field named file.");
  }
  const admission = await admitJob(c, "analyze");
  try {
    const { maxFileBytes } = config(c.env);
    // One file and a few short fields: the request may be the file's size and a little more.
    const body = await readMultipart(c.req.raw, maxFileBytes + 64 * 1024, () => requestTooLarge(maxFileBytes));
    const files = body.files.filter((f) => f.field === "file");
    if (files.length !== 1) throw new AppError("validation_failed", "Send one file, in a field named file.");
    const [file] = files;
    if (file.bytes.length === 0) throw new AppError("invalid_file", "The file is empty.");
    const kind = isZip(file.bytes) ? "zip" : sniff(file.bytes);
    if (!kind) {
      throw new AppError(
        "invalid_file",
        "Only PDFs, JPEG, PNG and WebP images and ZIP files made by our tools can be shared.",
      );
    }
    const { ext, type: contentType } = KINDS[kind];
    const named = cleanFileName(file.name, `file${ext}`);
    const fileName = splitExtension(named).ext === ext ? named : `${splitExtension(named).stem}${ext}`;
    const fields = new Map(body.fields);
    const tool = fields.get("tool");
    const toolId = tool && Object.hasOwn(toolsById, tool) ? tool : "on-device";
    const originalName = cleanFileName(fields.get("originalName") ?? fileName, fileName);

    const now = new Date();
    const owner: ResultOwner =
      viewer.kind === "user"
        ? { userId: viewer.userId, guestKey: null }
        : { userId: null, guestKey: await ensureGuestKey(c) };
    const stored = await putResult(
      c.env,
      { bytes: file.bytes, fileName, contentType, tool: toolId, originalName },
      owner,
      now,
      config(c.env).resultTtlMs,
    ).catch((err: unknown): never => {
      throw asUnavailable(err, FAILED);
    });
    if (viewer.kind === "user") {
      const output = { ok: true as const, bytes: file.bytes, fileName, contentType, originalName };
      await recordHistory(c.env.DB, viewer.userId, toolId, [{ output, stored }], 0).catch((err: unknown) => {
        throw asUnavailable(err, FAILED);
      });
    }
    const answer: ConvertedFile = {
      originalName,
      convertedName: fileName,
      downloadUrl: stored.downloadUrl,
      size: stored.size,
      status: "completed",
      expiresAt: stored.expiresAt.toISOString(),
    };
    return c.json({ message: "File uploaded", file: answer }, 201);
  } finally {
    admission.lease.release();
  }
});
