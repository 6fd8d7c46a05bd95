import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toolsById } from "../../../schema/tools";
import { loadNamespaces } from "../../../web/i18n/runtime";
import type { UploadQueueOptions } from "../../../web/tools/upload-queue-runner";
import { useUploadQueue } from "../../../web/tools/use-upload-queue";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

function setup(options: Partial<UploadQueueOptions> & Pick<UploadQueueOptions, "mode">) {
  return renderHook(() => useUploadQueue({ tool: toolsById["rotate-pdf"], ...options }), { wrapper: Providers });
}

const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a generic upload item", () => {
  it("goes uploading 10 at send, 50 on response, processing 80, then completed 100 after 1.5 s", async () => {
    localStorage.setItem("sessionToken", "tok");
    const { fn, pending } = deferredFetch();
    const { result } = setup({ mode: "each", autoStart: true });
    act(() => result.current.addFiles([pdf("a.pdf")]));
    await tick();
    expect(result.current.items[0]).toMatchObject({ status: "uploading", progress: 10, originalSize: 1000 });
    expect(fn).toHaveBeenCalledTimes(1);
    const [url, init] = fn.mock.calls[0];
    expect(url).toBe("/api/convert/rotate-pdf");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    expect((init.body as FormData).getAll("files")).toHaveLength(1);

    let respond!: (r: Response) => void;
    const body = new Promise<Response>((r) => (respond = r));
    // The response's headers arrive first: the item is at 50 before the body is read.
    pending[0].resolve({
      ok: true,
      status: 200,
      statusText: "OK",
      text: () => body.then((r) => r.text()),
    } as Response);
    await tick();
    expect(result.current.items[0]).toMatchObject({ status: "uploading", progress: 50 });
    respond(jsonResponse({ message: "ok", files: [converted("a.pdf")] }));
    await tick();
    expect(result.current.items[0]).toMatchObject({ status: "processing", progress: 80 });
    await tick(1499);
    expect(result.current.items[0].status).toBe("processing");
    await tick(1);
    expect(result.current.items[0]).toMatchObject({
      status: "completed",
      progress: 100,
      resultUrl: "/api/download/abcdefghijklmnopqrstuv",
    });
    expect(result.current.items[0].result?.convertedName).toBe("a-done.pdf");
    expect(toast).toHaveBeenLastCalledWith({ title: "Files processed successfully" });
  });

  it("sends one request per file in 'each' mode, each with its own result", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = setup({ mode: "each", autoStart: true });
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf")]));
    await tick();
    expect(fn).toHaveBeenCalledTimes(2);
    pending[0].resolve(jsonResponse({ files: [converted("a.pdf", "a".repeat(22))] }));
    pending[1].resolve(jsonResponse({ file: converted("b.pdf", "b".repeat(22)) }));
    await tick(1500);
    expect(result.current.items.map((i) => i.resultUrl)).toEqual([
      `/api/download/${"a".repeat(22)}`,
      `/api/download/${"b".repeat(22)}`,
    ]);
  });

  it("waits for start() when autoStart is off, and sends the fields given at that moment", async () => {
    const { fn } = deferredFetch();
    let angle = "90";
    const { result } = setup({ mode: "each", fields: () => ({ angle }) });
    act(() => result.current.addFiles([pdf("a.pdf")]));
    await tick(5000);
    expect(fn).not.toHaveBeenCalled();
    expect(result.current.items[0]).toMatchObject({ status: "pending", progress: 0 });
    angle = "180";
    act(() => result.current.start());
    await tick();
    expect((fn.mock.calls[0][1].body as FormData).get("angle")).toBe("180");
  });

  it("waits startDelayMs before sending (protect's 0.5 s)", async () => {
    const { fn } = deferredFetch();
    const { result } = setup({ mode: "each", autoStart: true, startDelayMs: 500 });
    act(() => result.current.addFiles([pdf("a.pdf")]));
    await tick(499);
    expect(fn).not.toHaveBeenCalled();
    await tick(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("refuses invalid files with a 'File validation error' toast, keeps them listed with their reason, and keeps the valid ones", async () => {
    const { fn } = deferredFetch();
    const { result } = setup({ mode: "each" });
    act(() => result.current.addFiles([pdf("notes.txt"), pdf("big.pdf", 26 * 1024 * 1024), pdf("ok.PDF")]));
    expect(result.current.items.map((i) => [i.file.name, i.status, i.error, i.remedies])).toEqual([
      ["notes.txt", "refused", "File type .txt is not supported. Accepted types: .pdf", []],
      // Over the edge's limit: compress it first (Compress PDF), or run it on this device.
      ["big.pdf", "refused", "File size exceeds 25MB limit", ["compress", "device"]],
      ["ok.PDF", "pending", undefined, undefined],
    ]);
    // Refused files are never sent.
    act(() => result.current.start());
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
    expect((fn.mock.calls[0][1].body as FormData).getAll("files").map((f) => (f as File).name)).toEqual(["ok.PDF"]);
    expect(toast).toHaveBeenCalledWith({
      title: "File validation error",
      description: "File type .txt is not supported. Accepted types: .pdf",
      variant: "destructive",
    });
    expect(toast).toHaveBeenCalledWith({
      title: "File validation error",
      description: "File size exceeds 25MB limit",
      variant: "destructive",
      // The edge's limit is not this device's: the refusal offers to run the job here.
      action: expect.objectContaining({ label: "Process it on this device instead" }),
    });
  });

  it("removing an item in flight aborts its request and drops it without an error toast", async () => {
    const { fn } = deferredFetch();
    const { result } = setup({ mode: "each", autoStart: true });
    act(() => result.current.addFiles([pdf("a.pdf")]));
    await tick();
    const signal = fn.mock.calls[0][1].signal as AbortSignal;
    act(() => result.current.remove(result.current.items[0].id));
    await tick(2000);
    expect(signal.aborted).toBe(true);
    expect(result.current.items).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
  });

  it("reorders with move(): by a step and onto another item", () => {
    const { result } = setup({ mode: "batch" });
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")]));
    const names = () => result.current.items.map((i) => i.file.name);
    act(() => result.current.move(result.current.items[0].id, 1));
    expect(names()).toEqual(["b.pdf", "a.pdf", "c.pdf"]);
    act(() => result.current.move(result.current.items[2].id, result.current.items[0].id));
    expect(names()).toEqual(["c.pdf", "b.pdf", "a.pdf"]);
    act(() => result.current.move(result.current.items[0].id, -1));
    expect(names()).toEqual(["c.pdf", "b.pdf", "a.pdf"]);
  });

  it("steps past a refused file: it keeps its row but is no part of the order", () => {
    const { result } = setup({ mode: "batch" });
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("notes.txt"), pdf("c.pdf")]));
    const names = () => result.current.items.map((i) => `${i.file.name}:${i.status}`);
    expect(names()).toEqual(["a.pdf:pending", "notes.txt:refused", "c.pdf:pending"]);
    // One step up takes c.pdf before a.pdf, not merely above the refused row.
    act(() => result.current.move(result.current.items[2].id, -1));
    expect(names()).toEqual(["c.pdf:pending", "a.pdf:pending", "notes.txt:refused"]);
    act(() => result.current.move(result.current.items[1].id, 1));
    // Nothing to pass below: a.pdf stays.
    expect(names()).toEqual(["c.pdf:pending", "a.pdf:pending", "notes.txt:refused"]);
  });
});
