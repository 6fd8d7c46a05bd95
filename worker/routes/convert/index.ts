import { Hono } from "hono";
import { conversionsFor, conversionsUsed } from "../../../schema/allowance";
import type { ConvertSlug } from "../../../schema/options";
import { config } from "../../config";
import { Budget } from "../../engine/core/budget";
import { answerOf } from "../../engine/jobs/answer";
import { catalogueToolOf, isConvertSlug, prepareJob, runJob } from "../../engine/jobs/convert";
import { engineTools, type ToolOutput } from "../../engine/tools";
import type { AppContext, AppEnv } from "../../env";
import { AppError, asUnavailable, isAppError } from "../../errors";
import { type Admission, admitJob } from "../../services/admission";
import { ensureGuestKey } from "../../services/guest";
import { recordHistory } from "../../services/history";
import { reserveConversion } from "../../services/quota";
import { checkRefusals, countRefusal, isCountedRefusal } from "../../services/refusals";
import { deleteResults, putResult, type ResultOwner, type StoredResult } from "../../services/storage";
import { edgeLimits, readUploads } from "../../services/uploads";
import { resolveViewer, type Viewer } from "../../services/viewer";
import { analyzePdfRoute } from "./analyze-pdf";

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
    return await convertAdmitted(c, slug, viewer, now, admission);
  } catch (err) {
    if (isCountedRefusal(err)) await countRefusal(c.env, viewer, now);
    throw err;
  } finally {
    admission.lease.release();
  }
}

async function convertAdmitted(c: AppContext, slug: ConvertSlug, viewer: Viewer, now: Date, admission: Admission) {
  const tool = catalogueToolOf(slug);
  const unavailable = (err: unknown): never => {
    throw asUnavailable(err, NOT_COUNTED);
  };
  // One slot before the upload is read (a person with none left is answered at once), then the
  // rest of what the request's files need, all or none (schema/allowance.ts).
  const reservation = await reserveConversion(c.env, viewer, now).catch(unavailable);
  let stored: StoredResult[] = [];
  try {
    const upload = await readUploads(c);
    const job = prepareJob(slug, upload, edgeLimits(c.env, tool));
    // The files passed: the job holds its whole estimate, and its conversions are reserved.
    await admission.ready(upload.size);
    await reservation.extend(conversionsFor(tool, job.files.length) - reservation.count).catch(unavailable);
    const started = Date.now();
    const budget = new Budget(config(c.env).jobTimeoutMs, admission.budget);
    const result = await runJob(job, budget);
    const processingTime = Date.now() - started;
    const produced = result.outputs.filter((o): o is ToolOutput => o.ok);
    stopIfCancelled(c);
    stored = await storeOutputs(c, viewer, tool.id, produced, now, budget);
    stopIfCancelled(c);

    if (viewer.kind === "user") {
      await recordHistory(
        c.env.DB,
        viewer.userId,
        engineTools[slug].conversionType,
        produced.map((o, i) => ({ output: o, stored: stored[i] })).filter((r) => r.output.history !== false),
        processingTime,
      ).catch(unavailable);
    }
    const answer = answerOf(
      result,
      stored.map((s) => ({ downloadUrl: s.downloadUrl, size: s.size, expiresAt: s.expiresAt.toISOString() })),
    );
    const failed = result.outputs.length - produced.length;
    await reservation.commit(conversionsUsed(tool, job.files.length, failed, produced.length > 0));
    return c.json(answer);
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
