import { Hono } from "hono";
import { conversionsFor, conversionsUsed } from "../../../schema/allowance";
import type { ConvertedFile } from "../../../schema/api";
import type { ConvertSlug } from "../../../schema/options";
import { config } from "../../config";
import { Budget, type BudgetOptions, withinDeadline } from "../../engine/core/budget";
import { engineTools, type ToolOutput } from "../../engine/tools";
import type { AppContext, AppEnv } from "../../env";
import { AppError, asUnavailable, isAppError } from "../../errors";
import { admitJob } from "../../services/admission";
import { ensureGuestKey } from "../../services/guest";
import { recordHistory } from "../../services/history";
import { reserveConversion } from "../../services/quota";
import { checkRefusals, countRefusal, isCountedRefusal } from "../../services/refusals";
import { deleteResults, putResult, type ResultOwner, type StoredResult } from "../../services/storage";
import { readUploads } from "../../services/uploads";
import { resolveViewer, type Viewer } from "../../services/viewer";
import { analyzePdfRoute } from "./analyze-pdf";
import { catalogueToolOf, isConvertSlug, runTool } from "./run";

/**
 * The person left before the answer (page closed, Cancel pressed): the runtime aborts the
 * request's signal (`enable_request_signal`), and nothing of the run is kept, counted or listed.
 */
function stopIfCancelled(c: AppContext) {
  if (c.req.raw.signal?.aborted) {
    throw new AppError("cancelled", "The conversion was cancelled before it finished. Nothing was saved or counted.");
  }
}

/** What a person is told when storage or the database fails under their conversion. */
const NOT_COUNTED = "Nothing was saved and this conversion was not counted. Please try again in a moment.";

/**
 * Stores every output or none: a failure part-way deletes what was already written. Writing
 * counts in the job's time budget: past it, nothing more is written and what was is deleted.
 */
async function storeOutputs(
  c: AppContext,
  viewer: Viewer,
  tool: string,
  outputs: ToolOutput[],
  now: Date,
  budget: Budget,
) {
  const stored: StoredResult[] = [];
  const { resultTtlMs } = config(c.env);
  try {
    if (outputs.length === 0) return stored;
    const owner: ResultOwner =
      viewer.kind === "user"
        ? { userId: viewer.userId, guestKey: null }
        : { userId: null, guestKey: await ensureGuestKey(c) };
    for (const o of outputs) {
      budget.check();
      stored.push(
        await putResult(
          c.env,
          {
            bytes: o.bytes,
            fileName: o.fileName,
            contentType: o.contentType,
            tool,
            originalName: o.originalName,
          },
          owner,
          now,
          resultTtlMs,
        ),
      );
    }
    return stored;
  } catch (err) {
    await deleteResults(
      c.env,
      stored.map((s) => s.id),
    ).catch(() => {});
    if (isAppError(err) && err.code === "job_timeout") throw err;
    throw asUnavailable(err, NOT_COUNTED);
  }
}

async function runConversion(c: AppContext, slug: ConvertSlug) {
  const tool = catalogueToolOf(slug);
  const viewer = await resolveViewer(c).catch((err: unknown): never => {
    throw asUnavailable(err, NOT_COUNTED);
  });
  const now = new Date();
  await checkRefusals(c.env, viewer, now);
  // Before the upload is read: a job that has to wait for memory holds none meanwhile.
  const admission = await admitJob(c, tool.id);
  try {
    return await convertAdmitted(c, slug, viewer, now, admission.budget);
  } catch (err) {
    if (isCountedRefusal(err)) await countRefusal(c.env, viewer, now);
    throw err;
  } finally {
    admission.lease.release();
  }
}

async function convertAdmitted(
  c: AppContext,
  slug: ConvertSlug,
  viewer: Viewer,
  now: Date,
  budgetOptions: BudgetOptions,
) {
  const tool = catalogueToolOf(slug);
  const unavailable = (err: unknown): never => {
    throw asUnavailable(err, NOT_COUNTED);
  };
  // One slot before the upload is read (a person with none left is answered at once), then the
  // rest of what the request's files need, all or none (schema/allowance.ts).
  const reservation = await reserveConversion(c.env, viewer, now).catch(unavailable);
  let stored: StoredResult[] = [];
  try {
    const { uploads, form, others } = await readUploads(c, tool);
    await reservation.extend(conversionsFor(tool, uploads.length) - reservation.count).catch(unavailable);
    const started = Date.now();
    const budget = new Budget(config(c.env).jobTimeoutMs, budgetOptions);
    budget.take(
      uploads.reduce((n, u) => n + u.size, 0),
      uploads.length === 1 ? uploads[0].name : "The uploaded files",
    );
    const result = await withinDeadline(budget, () =>
      runTool(slug, uploads, form, budget, others, config(c.env).maxFileBytes),
    );
    const processingTime = Date.now() - started;
    const produced = result.outputs.filter((o): o is ToolOutput => o.ok);
    stopIfCancelled(c);
    stored = await storeOutputs(c, viewer, tool.id, produced, now, budget);
    stopIfCancelled(c);

    const files: ConvertedFile[] = [];
    let next = 0;
    for (const o of result.outputs) {
      if (!o.ok) {
        files.push({
          originalName: o.originalName,
          status: "error",
          error: o.error,
          message: o.message ?? o.error,
          ...(o.code ? { code: o.code } : {}),
        });
        continue;
      }
      const s = stored[next++];
      files.push({
        originalName: o.originalName,
        convertedName: o.fileName,
        downloadUrl: s.downloadUrl,
        size: s.size,
        status: o.status ?? "completed",
        message: o.message,
        expiresAt: s.expiresAt.toISOString(),
        ...o.extra,
      });
    }

    if (viewer.kind === "user") {
      await recordHistory(
        c.env.DB,
        viewer.userId,
        engineTools[slug].conversionType,
        produced.map((o, i) => ({ output: o, stored: stored[i] })).filter((r) => r.output.history !== false),
        processingTime,
      ).catch(unavailable);
    }
    const failed = result.outputs.filter((o) => !o.ok).length;
    await reservation.commit(conversionsUsed(tool, uploads.length, failed, produced.length > 0));

    // `file` is the single result, or the one marked primary among several (spec: files[] or file).
    const primary = result.outputs.findIndex((o) => o.ok && o.primary);
    const file = files.length === 1 ? files[0] : primary >= 0 ? files[primary] : undefined;
    return c.json({ message: result.message, files, ...(file ? { file } : {}) });
  } catch (err) {
    // Each undo runs even if the other fails (D1 down must not leave the results in R2).
    await Promise.allSettled([
      reservation.release(),
      stored.length > 0
        ? deleteResults(
            c.env,
            stored.map((s) => s.id),
          )
        : undefined,
    ]);
    throw err;
  }
}

export const convert = new Hono<AppEnv>()
  .post("/convert/:slug", async (c) => {
    const slug = c.req.param("slug");
    if (!isConvertSlug(slug)) throw new AppError("not_found", "Not found");
    return runConversion(c, slug);
  })
  .route("/", analyzePdfRoute);
