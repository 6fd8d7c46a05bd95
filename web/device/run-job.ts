/**
 * One job inside the engine's Web Worker: the same engine modules the edge runs
 * (worker/engine), with the same option schemas, on this device's budget.
 */
import * as v from "valibot";
import { RedactSearchOptions } from "../../schema/form-options";
import { FilePasswords, passwordFor } from "../../schema/options";
import { toolsById } from "../../schema/tools";
import { Budget, withinDeadline } from "../../worker/engine/core/budget";
import { loadPdf } from "../../worker/engine/pdf/document";
import { listFormFields } from "../../worker/engine/pdf/form-fields";
import { previewRedactions } from "../../worker/engine/pdf/redact-document";
import { engineTools, type Tool } from "../../worker/engine/tools";
import { catalogueTool, checkFile, checkFiles, convertOptionsOf, parseOptions } from "./checks";
import type { DeviceJob, DeviceOutput, DeviceReply } from "./protocol";

type Job<K extends DeviceJob["kind"]> = Extract<DeviceJob, { kind: K }>;

/** Which catalogue entry's rules an inspection follows (as the server's inspectPdf does). */
const INSPECT_TOOL = {
  "analyze-pdf": "split-pdf",
  "form-fields": "fill-form",
  "redact-preview": "redact-pdf",
} as const;

export async function runConvert(job: Job<"convert">): Promise<{ reply: DeviceReply; transfer: ArrayBuffer[] }> {
  const tool = engineTools[job.slug] as Tool<unknown>;
  const files = checkFiles(job.files, catalogueTool(tool.tool), job.maxFileBytes);
  const options = convertOptionsOf(job.slug, job.fields, job.attachments);
  const budget = new Budget(job.ms, { memory: job.memory });
  budget.take(
    files.reduce((n, f) => n + f.bytes.byteLength, 0),
    files.length === 1 ? files[0].name : "The files",
  );
  const result = await withinDeadline(budget, () => tool.run(files, options, budget));
  const transfer: ArrayBuffer[] = [];
  const outputs = result.outputs.map((o) => {
    if (!o.ok) return { ok: false as const, originalName: o.originalName, error: o.message ?? o.error, code: o.code };
    // A view into a larger buffer would transfer (and detach) more than the file.
    const bytes =
      o.bytes.byteOffset === 0 && o.bytes.byteLength === o.bytes.buffer.byteLength ? o.bytes : o.bytes.slice();
    transfer.push(bytes.buffer as ArrayBuffer);
    const out: DeviceOutput = {
      ok: true,
      bytes: bytes.buffer as ArrayBuffer,
      fileName: o.fileName,
      contentType: o.contentType,
      originalName: o.originalName,
      status: o.status,
      message: o.message,
      extra: o.extra,
      primary: o.primary,
    };
    return out;
  });
  return { reply: { type: "converted", message: result.message, outputs }, transfer };
}

const AnalyzeOptions = v.object(FilePasswords);

export async function runInspect(job: Job<"inspect">): Promise<DeviceReply> {
  const file = checkFile(job.file, toolsById[INSPECT_TOOL[job.what]], job.maxFileBytes);
  const schema = job.what === "redact-preview" ? RedactSearchOptions : AnalyzeOptions;
  const options = parseOptions(schema, job.fields) as v.InferOutput<typeof RedactSearchOptions> & {
    password?: string;
    passwords: Record<string, string>;
  };
  const password = passwordFor({ ...options, passwords: options.passwords ?? {} }, file.name, 0);
  const budget = new Budget(job.ms, { memory: job.memory });
  budget.take(file.bytes.byteLength, file.name);
  const open = { name: file.name, password, budget };
  const answer = await withinDeadline(budget, async () => {
    if (job.what === "redact-preview") return previewRedactions(file.bytes, options, open);
    const doc = await loadPdf(file.bytes, open);
    const pageCount = doc.getPages().length;
    return job.what === "analyze-pdf" ? { pageCount } : { pageCount, fields: listFormFields(doc, file.name) };
  });
  return { type: "inspected", answer };
}
