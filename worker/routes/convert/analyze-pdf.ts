import { Hono } from "hono";
import * as v from "valibot";
import { RedactSearchOptions } from "../../../schema/form-options";
import { FilePasswords, fieldsFor, passwordFor } from "../../../schema/options";
import { type ToolDef, type ToolId, toolsById } from "../../../schema/tools";
import { config } from "../../config";
import { Budget, withinDeadline } from "../../engine/core/budget";
import { loadPdf } from "../../engine/pdf/document";
import { listFormFields } from "../../engine/pdf/form-fields";
import { previewRedactions } from "../../engine/pdf/redact-document";
import type { AppContext, AppEnv } from "../../env";
import { admitJob } from "../../services/admission";
import { brake } from "../../services/rate-limit";
import { checkRefusals, countRefusal, isCountedRefusal } from "../../services/refusals";
import { readUploads, type Upload } from "../../services/uploads";
import { clientAddress, hashClientAddress, resolveViewer } from "../../services/viewer";
import { parseWith } from "../../validation";

/** An encrypted file is read with its password (the page asks for it as the tools do). */
const AnalyzeOptions = v.object(FilePasswords);

/**
 * One PDF read for a tool page, not counted as a conversion: its page count (split), its form's
 * fields (fill form), the matches of a search (redact). Each parses a whole upload, so it is
 * admitted like a conversion and rate limited per address (Cloudflare's Rate Limiting binding: a
 * brake counted per location, not an exact count). An encrypted file needs its `password` field.
 * Refused files count against the client's refusals like conversions' do, and so does an answer
 * `fruitless` calls one (a search that finds nothing costs what one that finds something does).
 */
async function inspectPdf<S extends v.GenericSchema<Record<string, unknown>>, T>(
  c: AppContext,
  tool: ToolDef,
  schema: S,
  read: (file: Upload, options: v.InferOutput<S> & { password?: string }, budget: Budget) => Promise<T>,
  fruitless: (answer: T) => boolean = () => false,
): Promise<T> {
  const viewer = await resolveViewer(c);
  const now = new Date();
  await checkRefusals(c.env, viewer, now);
  await brake(
    c.env.ANALYZE_LIMITER,
    await hashClientAddress(c.env, clientAddress(c)),
    "Too many files analysed from your address in the last minute. Please wait a minute and try again.",
  );
  const admission = await admitJob(c, tool.id === "split-pdf" ? "analyze" : (tool.id as ToolId));
  try {
    const { uploads, form } = await readUploads(c, tool);
    const [file] = uploads;
    const options = parseWith(
      schema,
      fieldsFor(schema, (name) => form.get(name)),
    ) as v.InferOutput<S> & { password?: string; passwords: Record<string, string> };
    const budget = new Budget(config(c.env).jobTimeoutMs, admission.budget);
    budget.take(file.size, file.name);
    const password = passwordFor(options, file.name, 0);
    const answer = await withinDeadline(budget, () => read(file, { ...options, password }, budget));
    if (fruitless(answer)) await countRefusal(c.env, viewer, now);
    return answer;
  } catch (err) {
    if (isCountedRefusal(err)) await countRefusal(c.env, viewer, now);
    throw err;
  } finally {
    admission.lease.release();
  }
}

export const analyzePdfRoute = new Hono<AppEnv>()
  /** POST /api/analyze-pdf: the real page count of one PDF (getPages() walks the tree; /Count is never trusted). */
  .post("/analyze-pdf", async (c) => {
    const pageCount = await inspectPdf(c, toolsById["split-pdf"], AnalyzeOptions, async (file, o, budget) => {
      const doc = await loadPdf(file.bytes, { name: file.name, password: o.password, budget });
      return doc.getPages().length;
    });
    return c.json({ pageCount });
  })
  /**
   * POST /api/form-fields: the AcroForm fields of one PDF, with their values and places. Each field
   * and widget once however often the file repeats it; a form past FORM_BOUNDS (engine/pdf/form-walk.ts:
   * fields, places, choices, size of the answer) is refused whole with a 413 that says which.
   */
  .post("/form-fields", async (c) => {
    const answer = await inspectPdf(c, toolsById["fill-form"], AnalyzeOptions, async (file, o, budget) => {
      const doc = await loadPdf(file.bytes, { name: file.name, password: o.password, budget });
      return { pageCount: doc.getPages().length, fields: listFormFields(doc, file.name, budget) };
    });
    return c.json(answer);
  })
  /** POST /api/redact-preview: where a search's matches are, for the page to show before redacting. */
  .post("/redact-preview", async (c) => {
    const answer = await inspectPdf(
      c,
      toolsById["redact-pdf"],
      RedactSearchOptions,
      (file, o, budget) => previewRedactions(file.bytes, o, { name: file.name, password: o.password, budget }),
      (a) => a.matches.length === 0,
    );
    return c.json(answer);
  });
