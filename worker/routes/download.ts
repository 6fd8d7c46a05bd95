import { Hono } from "hono";
import type { AppEnv } from "../env";
import { getResult } from "../services/storage";

/** GET /api/download/{id}: the result file as an attachment, or a JSON 404/410. */
export const download = new Hono<AppEnv>().get("/download/:id", async (c) => {
  const { object, row } = await getResult(c.env, c.req.param("id"), new Date());
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("Content-Type", row.contentType || "application/octet-stream");
  headers.set("Content-Length", String(object.size));
  headers.set("Cache-Control", "private, no-store");
  headers.set("ETag", object.httpEtag);
  return new Response(object.body, { headers });
});
