import { Hono } from "hono";
import { toolsById } from "../../../schema/tools";
import { config } from "../../config";
import { Budget, withinDeadline } from "../../engine/core/budget";
import { loadPdf } from "../../engine/pdf/document";
import type { AppEnv } from "../../env";
import { admitJob } from "../../services/admission";
import { brake } from "../../services/rate-limit";
import { readUploads } from "../../services/uploads";
import { clientAddress, hashClientAddress } from "../../services/viewer";

/**
 * POST /api/analyze-pdf: the real page count of one PDF (not counted as a conversion). It parses
 * a whole upload, so it is admitted like a conversion and rate limited per address (Cloudflare's
 * Rate Limiting binding: a brake counted per location, not an exact count).
 */
export const analyzePdfRoute = new Hono<AppEnv>().post("/analyze-pdf", async (c) => {
  await brake(
    c.env.ANALYZE_LIMITER,
    await hashClientAddress(c.env, clientAddress(c)),
    "Too many files analysed from your address in the last minute. Please wait a minute and try again.",
  );
  const admission = await admitJob(c, "analyze");
  try {
    const { uploads } = await readUploads(c, toolsById["split-pdf"]);
    const [file] = uploads;
    const budget = new Budget(config(c.env).jobTimeoutMs, admission.budget);
    budget.take(file.size, file.name);
    const pageCount = await withinDeadline(budget, async () => {
      const doc = await loadPdf(file.bytes, { name: file.name, budget });
      // getPages() walks the page tree itself; /Count is never trusted.
      return doc.getPages().length;
    });
    return c.json({ pageCount });
  } finally {
    admission.lease.release();
  }
});
