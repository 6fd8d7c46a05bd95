import { Hono } from "hono";
import { toolsById } from "../../../schema/tools";
import { loadPdf } from "../../engine/pdf";
import type { AppEnv } from "../../env";
import { runWithBudget } from "../../services/budget";
import { readUploads } from "../../services/uploads";
import { jobBudgetMs } from "./budget";

/** POST /api/analyze-pdf: the real page count of one PDF (not counted as a conversion). */
export const analyzePdfRoute = new Hono<AppEnv>().post("/analyze-pdf", async (c) => {
  const { uploads } = await readUploads(c, toolsById["split-pdf"]);
  const [file] = uploads;
  const pageCount = await runWithBudget(jobBudgetMs(c.env), async () => {
    const doc = await loadPdf(file.bytes, { name: file.name });
    // getPages() walks the page tree itself; /Count is never trusted.
    return doc.getPages().length;
  });
  return c.json({ pageCount });
});
