import { Hono } from "hono";
import * as v from "valibot";
import { FilePasswords, fieldsFor, passwordFor } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { config } from "../../config";
import { Budget, withinDeadline } from "../../engine/core/budget";
import { loadPdf } from "../../engine/pdf/document";
import type { AppEnv } from "../../env";
import { admitJob } from "../../services/admission";
import { brake } from "../../services/rate-limit";
import { readUploads } from "../../services/uploads";
import { clientAddress, hashClientAddress } from "../../services/viewer";
import { parseWith } from "../../validation";

/** An encrypted file is counted with its password (the page asks for it as the tools do). */
const AnalyzeOptions = v.object(FilePasswords);

/**
 * POST /api/analyze-pdf: the real page count of one PDF (not counted as a conversion). It parses
 * a whole upload, so it is admitted like a conversion and rate limited per address (Cloudflare's
 * Rate Limiting binding: a brake counted per location, not an exact count). An encrypted file
 * needs its `password` field, as every PDF tool does.
 */
export const analyzePdfRoute = new Hono<AppEnv>().post("/analyze-pdf", async (c) => {
  await brake(
    c.env.ANALYZE_LIMITER,
    await hashClientAddress(c.env, clientAddress(c)),
    "Too many files analysed from your address in the last minute. Please wait a minute and try again.",
  );
  const admission = await admitJob(c, "analyze");
  try {
    const { uploads, form } = await readUploads(c, toolsById["split-pdf"]);
    const [file] = uploads;
    const options = parseWith(
      AnalyzeOptions,
      fieldsFor(AnalyzeOptions, (name) => form.get(name)),
    );
    const budget = new Budget(config(c.env).jobTimeoutMs, admission.budget);
    budget.take(file.size, file.name);
    const pageCount = await withinDeadline(budget, async () => {
      const doc = await loadPdf(file.bytes, { name: file.name, password: passwordFor(options, file.name, 0), budget });
      // getPages() walks the page tree itself; /Count is never trusted.
      return doc.getPages().length;
    });
    return c.json({ pageCount });
  } finally {
    admission.lease.release();
  }
});
