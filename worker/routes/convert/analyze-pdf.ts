import { Hono } from "hono";
import { config } from "../../config";
import { Budget } from "../../engine/core/budget";
import {
  type InspectAnswer,
  type InspectKind,
  inspect,
  inspectedTool,
  prepareInspection,
} from "../../engine/jobs/inspect";
import type { AppContext, AppEnv } from "../../env";
import { admitJob } from "../../services/admission";
import { brake } from "../../services/rate-limit";
import { checkRefusals, countRefusal, isCountedRefusal } from "../../services/refusals";
import { edgeLimits, readUploads } from "../../services/uploads";
import { clientAddress, hashClientAddress, resolveViewer } from "../../services/viewer";

/**
 * One PDF read for a tool page, not counted as a conversion (engine/jobs/inspect.ts reads it as
 * the device does). Each parses a whole upload, so it is admitted like a conversion and rate
 * limited per address (Cloudflare's Rate Limiting binding: a brake counted per location, not an
 * exact count). Refused files count against the client's refusals like conversions' do, and so
 * does a search that finds nothing (it costs what one that finds something does).
 */
async function inspectPdf<K extends InspectKind>(c: AppContext, what: K): Promise<InspectAnswer<K>> {
  const viewer = await resolveViewer(c);
  const now = new Date();
  await checkRefusals(c.env, viewer, now);
  await brake(
    c.env.ANALYZE_LIMITER,
    await hashClientAddress(c.env, clientAddress(c)),
    "Too many files analysed from your address in the last minute. Please wait a minute and try again.",
  );
  const tool = inspectedTool(what);
  const admission = await admitJob(c, what === "analyze-pdf" ? "analyze" : tool.id);
  try {
    const upload = await readUploads(c);
    const job = prepareInspection(what, upload, edgeLimits(c.env, tool));
    await admission.ready(upload.size);
    const answer = await inspect(job, new Budget(config(c.env).jobTimeoutMs, admission.budget));
    if ("matches" in answer && answer.matches.length === 0) await countRefusal(c.env, viewer, now);
    return answer;
  } catch (err) {
    if (isCountedRefusal(err)) await countRefusal(c.env, viewer, now);
    throw err;
  } finally {
    admission.lease.release();
  }
}

export const analyzePdfRoute = new Hono<AppEnv>()
  /** POST /api/analyze-pdf: the real page count of one PDF. */
  .post("/analyze-pdf", async (c) => c.json(await inspectPdf(c, "analyze-pdf")))
  /**
   * POST /api/form-fields: the AcroForm fields of one PDF, with their values and places. A form past
   * FORM_BOUNDS (engine/pdf/form-walk.ts: fields, places, choices, size of the answer) is refused
   * whole with a 413 that says which.
   */
  .post("/form-fields", async (c) => c.json(await inspectPdf(c, "form-fields")))
  /** POST /api/redact-preview: where a search's matches are, for the page to show before redacting. */
  .post("/redact-preview", async (c) => c.json(await inspectPdf(c, "redact-preview")));
