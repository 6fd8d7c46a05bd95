/**
 * The bench's page in Chromium (bundled for the browser by device.mjs): runs one job on the
 * site's own built engine worker (web/device/engine.worker.ts), with the messages of
 * web/device/protocol.ts and the budget web/device/client.ts gives a job. One fresh worker per
 * job: the first run is cold (it loads the engine, fetches and compiles its WebAssembly), the
 * others warm, as the page's kept worker serves a person's next job.
 *
 * Time runs from posting the job to its answer: the engine's own checks, option parsing and the
 * transfer of the files both ways are in it; reading the files from disk is not (it is not in
 * the edge engine's time either). The last run's made files are PUT back to the bench's server,
 * which writes them where qpdf checks them.
 */
import { deviceBudget } from "../../web/device/budget.ts";

const TYPES = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

async function load(url) {
  const name = decodeURIComponent(url.split("/").pop());
  const bytes = await (await fetch(url)).arrayBuffer();
  return { name, type: TYPES[name.split(".").pop().toLowerCase()] ?? "", bytes };
}

/** A copy for one run: the job's buffers are transferred, and so detached, when it is posted. */
const copy = (f) => ({ ...f, bytes: f.bytes.slice(0) });

function post(worker, job) {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      if (event.data.type !== "started") resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`the engine worker crashed: ${event.message}`));
    };
    const buffers = [...job.files, ...Object.values(job.attachments)].map((f) => f.bytes);
    worker.postMessage(job, buffers);
  });
}

/** `{ workerUrl, slug, inputs: [url], fields, attachments: { field: url }, runs }` -> runs in ms and the outputs. */
globalThis.benchDevice = async ({ workerUrl, slug, inputs, fields, attachments, runs }) => {
  const files = await Promise.all(inputs.map(load));
  const attached = Object.fromEntries(
    await Promise.all(Object.entries(attachments).map(async ([field, url]) => [field, await load(url)])),
  );
  const worker = new Worker(workerUrl, { type: "module" });
  const ms = [];
  let reply;
  try {
    for (let r = 0; r < runs; r++) {
      const job = {
        kind: "convert",
        slug,
        files: files.map(copy),
        fields,
        attachments: Object.fromEntries(Object.entries(attached).map(([k, f]) => [k, copy(f)])),
        ...deviceBudget(),
      };
      const started = performance.now();
      reply = await post(worker, job);
      ms.push(performance.now() - started);
      if (reply.type !== "converted") return { error: `${reply.code}: ${reply.error}` };
      const failed = reply.outputs.find((o) => !o.ok);
      if (failed) return { error: `${failed.code ?? "failed"}: ${failed.error}` };
    }
  } finally {
    worker.terminate();
  }
  const outputs = [];
  for (const [i, o] of reply.outputs.entries()) {
    const name = `${i + 1}-${o.fileName}`;
    await fetch(`/out/${encodeURIComponent(name)}`, { method: "PUT", body: o.bytes });
    outputs.push({ name, contentType: o.contentType, size: o.bytes.byteLength, primary: o.primary ?? false });
  }
  return { ms, outputs, budget: deviceBudget() };
};
