import { Hono } from "hono";
import type { ConvertedFile } from "../../schema/api";
import { toolsById } from "../../schema/tools";
import { config, MB } from "../config";
import { Budget, withinDeadline } from "../engine/core/budget";
import { cleanFileName, splitExtension } from "../engine/core/filenames";
import type { AppContext, AppEnv } from "../env";
import { AppError, asUnavailable } from "../errors";
import { admitJob } from "../services/admission";
import { ensureGuestKey } from "../services/guest";
import { recordHistory } from "../services/history";
import { readMultipart } from "../services/multipart";
import { brake } from "../services/rate-limit";
import { checkRefusals, countRefusal, isCountedRefusal } from "../services/refusals";
import { checkResult, NOT_OURS, RESULT_KINDS, resultKind } from "../services/result-check";
import { deleteResults, putResult, type ResultOwner, type StoredResult } from "../services/storage";
import { checkStoredBytes, reserveStoredBytes } from "../services/stored-bytes";
import { resolveViewer, type Viewer } from "../services/viewer";

/**
 * POST /api/results: a file made on the visitor's own device, uploaded because they asked to share
 * it (or save it to the cloud, or keep it in their history). It is stored as any result is, for
 * as long, owned by the account or the browser that sent it. Nothing is converted, so it is not
 * counted against the conversion allowance; its bytes count against a daily storage allowance
 * (services/stored-bytes.ts). Only what our tools make is taken, each checked as the tools would
 * read it (services/result-check.ts), admitted and budgeted like a job; a refusal stores nothing.
 */

/** What one file's form may carry besides the file: its part headers and the two short fields. */
const FIELDS_BYTES = 64 * 1024;

const FAILED = "The file could not be stored. Nothing was saved. Please try again in a moment.";

function fileTooLarge(maxFileBytes: number): AppError {
  return new AppError("file_too_large", `File size exceeds ${Math.round(maxFileBytes / MB)}MB limit`, {
    params: { limitMB: Math.round(maxFileBytes / MB) },
  });
}

async function store(c: AppContext, viewer: Viewer, now: Date) {
  const { maxFileBytes, jobTimeoutMs, resultTtlMs } = config(c.env);
  const declared = Number(c.req.header("content-length") ?? Number.NaN);
  // Refusals that need none of the upload: a file over the limit, or more than is left today.
  if (declared > maxFileBytes + FIELDS_BYTES) throw fileTooLarge(maxFileBytes);
  if (Number.isFinite(declared)) await checkStoredBytes(c.env, viewer, now, Math.max(1, declared - FIELDS_BYTES));
  const admission = await admitJob(c, "results");
  try {
    const body = await readMultipart(
      c.req.raw,
      maxFileBytes + FIELDS_BYTES,
      () => fileTooLarge(maxFileBytes),
      admission,
    );
    const files = body.files.filter((f) => f.field === "file");
    if (files.length !== 1) throw new AppError("validation_failed", "Send one file, in a field named file.");
    const [file] = files;
    if (file.bytes.length === 0) throw new AppError("invalid_file", "The file is empty.");
    if (file.bytes.length > maxFileBytes) throw fileTooLarge(maxFileBytes);
    const kind = resultKind(file.bytes);
    if (!kind) throw new AppError("invalid_file", NOT_OURS);
    const { ext, type: contentType } = RESULT_KINDS[kind];
    const named = cleanFileName(file.name, `file${ext}`);
    const fileName = splitExtension(named).ext === ext ? named : `${splitExtension(named).stem}${ext}`;
    const fields = new Map(body.fields);
    const tool = fields.get("tool");
    const toolId = tool && Object.hasOwn(toolsById, tool) ? tool : "on-device";
    const originalName = cleanFileName(fields.get("originalName") ?? fileName, fileName);

    // Today's storage first (cheap), then the check (a whole parse or decode), under a job's budgets.
    const storage = await reserveStoredBytes(c.env, viewer, now, file.bytes.length);
    let stored: StoredResult | null = null;
    try {
      await admission.ready(body.size);
      const budget = new Budget(jobTimeoutMs, admission.budget);
      budget.take(body.size, fileName);
      await withinDeadline(budget, () => checkResult(kind, file.bytes, fileName, budget, maxFileBytes));
      const owner: ResultOwner =
        viewer.kind === "user"
          ? { userId: viewer.userId, guestKey: null }
          : { userId: null, guestKey: await ensureGuestKey(c) };
      stored = await putResult(
        c.env,
        { bytes: file.bytes, fileName, contentType, tool: toolId, originalName },
        owner,
        now,
        resultTtlMs,
      );
      if (viewer.kind === "user") {
        const output = { ok: true as const, bytes: file.bytes, fileName, contentType, originalName };
        await recordHistory(c.env.DB, viewer.userId, toolId, [{ output, stored }], 0);
      }
      await storage.commit();
      const answer: ConvertedFile = {
        originalName,
        convertedName: fileName,
        downloadUrl: stored.downloadUrl,
        size: stored.size,
        status: "completed",
        expiresAt: stored.expiresAt.toISOString(),
      };
      return c.json({ message: "File uploaded", file: answer }, 201);
    } catch (err) {
      storage.release();
      if (stored) await deleteResults(c.env, [stored.id]).catch(() => {});
      throw asUnavailable(err, FAILED);
    }
  } finally {
    admission.lease.release();
  }
}

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
  const now = new Date();
  // Refused uploads cost a read and a check: like refused jobs, 20 an hour, then 429 before reading.
  await checkRefusals(c.env, viewer, now);
  try {
    return await store(c, viewer, now);
  } catch (err) {
    if (isCountedRefusal(err)) await countRefusal(c.env, viewer, now);
    throw err;
  }
});
