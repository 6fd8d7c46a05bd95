import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { useSplit } from "../../../web/tools/split-pdf/use-split";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockClear();
  localStorage.setItem("sessionToken", "tok");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A split page with a 3-page PDF analysed and ready. */
async function ready() {
  const net = deferredFetch();
  const hook = renderHook(() => useSplit(), { wrapper: Providers });
  act(() => hook.result.current.select(pdf("doc.pdf")));
  await tick(1200);
  net.pending[0].resolve(jsonResponse({ pageCount: 3 }));
  await tick();
  return { ...hook, ...net };
}

describe("split", () => {
  it("refuses a file whose type is not PDF, and one over 25MB, with the spec's toasts", () => {
    deferredFetch();
    const { result } = renderHook(() => useSplit(), { wrapper: Providers });
    act(() => result.current.select(new File(["x"], "photo.jpg", { type: "image/jpeg" })));
    expect(toast).toHaveBeenLastCalledWith({
      title: "Invalid file type",
      description: "Please select a PDF file.",
      variant: "destructive",
    });
    act(() => result.current.select(pdf("big.pdf", 25 * 1024 * 1024 + 1)));
    expect(toast).toHaveBeenLastCalledWith({
      title: "File too large",
      description: "Please select a PDF file smaller than 25MB.",
      variant: "destructive",
      // Too big for the edge: the device may do it.
      action: expect.objectContaining({ label: "Process it on this device instead" }),
    });
    expect(result.current.doc).toBeNull();
  });

  it("ticks the upload every 300 ms, then analyses without authorization, then lists the pages unselected", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = renderHook(() => useSplit(), { wrapper: Providers });
    act(() => result.current.select(pdf("doc.pdf")));
    expect(result.current.doc).toMatchObject({ status: "uploading", progress: 0 });
    await tick(299);
    expect(result.current.doc?.progress).toBe(0);
    await tick(1);
    expect(result.current.doc?.progress).toBe(25);
    await tick(900);
    expect(result.current.doc).toMatchObject({ status: "analyzing" });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn.mock.calls[0][0]).toBe("/api/analyze-pdf");
    expect((fn.mock.calls[0][1].headers as Record<string, string>).Authorization).toBeUndefined();
    pending[0].resolve(jsonResponse({ pageCount: 3 }));
    await tick();
    expect(result.current.doc?.status).toBe("ready");
    expect(result.current.doc?.pages).toEqual([1, 2, 3].map((pageNumber) => ({ pageNumber, selected: false })));
    expect(toast).toHaveBeenLastCalledWith({ title: "PDF analyzed successfully" });
  });

  it("an analysis failure says so, with the spec's toast, and keeps the server's reason", async () => {
    const { pending } = deferredFetch();
    const { result } = renderHook(() => useSplit(), { wrapper: Providers });
    act(() => result.current.select(pdf("doc.pdf")));
    await tick(1200);
    pending[0].resolve(jsonResponse({ error: "This PDF is password-protected.", code: "pdf_encrypted" }, 422));
    await tick();
    expect(result.current.doc).toMatchObject({
      status: "error",
      error: "Failed to analyze PDF",
      detail: "This PDF is password-protected.",
    });
    // The file's own problem, as the server says it: trying again would not mend it.
    expect(toast).toHaveBeenLastCalledWith({
      title: "Analysis failed",
      description: "This PDF is password-protected.",
      variant: "destructive",
    });
    act(() => result.current.reset());
    expect(result.current.doc).toBeNull();
  });

  it("needs at least one page, for extract and for split", async () => {
    const { result, fn } = await ready();
    await act(() => result.current.run("extract"));
    expect(toast).toHaveBeenLastCalledWith({
      title: "No pages selected",
      description: "Please select at least one page to extract.",
      variant: "destructive",
    });
    await act(() => result.current.run("split"));
    expect(toast).toHaveBeenLastCalledWith({
      title: "No pages selected",
      description: "Please select at least one page to split.",
      variant: "destructive",
    });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("extracts the selected pages as a JSON array, without authorization", async () => {
    const { result, fn, pending } = await ready();
    act(() => result.current.toggle(3));
    act(() => result.current.toggle(1));
    act(() => {
      void result.current.run("extract");
    });
    await tick();
    expect(result.current.doc?.status).toBe("processing");
    const [url, init] = fn.mock.calls[1];
    expect(url).toBe("/api/convert/extract-pages");
    expect((init.body as FormData).get("selectedPages")).toBe("[1,3]");
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    pending[1].resolve(jsonResponse({ message: "Extracted 2 pages", files: [converted("doc.pdf")] }));
    await tick();
    expect(result.current.doc).toMatchObject({
      status: "completed",
      resultUrl: "/api/download/abcdefghijklmnopqrstuv",
    });
    expect(toast).toHaveBeenLastCalledWith({ title: "Pages extracted successfully", description: "Extracted 2 pages" });
  });

  it("split offers the ZIP as its result", async () => {
    const { result, pending } = await ready();
    act(() => result.current.selectAll());
    act(() => {
      void result.current.run("split");
    });
    await tick();
    const zip = { ...converted("doc.zip", "z".repeat(22)), convertedName: "doc-pages.zip" };
    pending[1].resolve(jsonResponse({ files: [converted("a.pdf", "a".repeat(22)), zip] }));
    await tick();
    expect(result.current.doc?.resultUrl).toBe(`/api/download/${"z".repeat(22)}`);
    expect(result.current.doc?.results).toHaveLength(2);
  });

  it("a failed extract or split ends in error with its own words", async () => {
    const { result, pending } = await ready();
    act(() => result.current.toggle(2));
    act(() => {
      void result.current.run("split");
    });
    await tick();
    pending[1].resolve(
      jsonResponse({ error: "Page 9 does not exist.", code: "validation_failed" }, 400, "Bad Request"),
    );
    await tick();
    expect(result.current.doc).toMatchObject({ status: "error", error: "Failed to split pages" });
    expect(toast).toHaveBeenLastCalledWith({
      title: "Split failed",
      description: "Page 9 does not exist.",
      variant: "destructive",
    });
  });

  it("Cancel aborts the request in flight and returns to no file", async () => {
    const { result, fn } = await ready();
    act(() => result.current.toggle(1));
    act(() => {
      void result.current.run("extract");
    });
    await tick();
    const signal = fn.mock.calls[1][1].signal as AbortSignal;
    act(() => result.current.reset());
    await tick();
    expect(signal.aborted).toBe(true);
    expect(result.current.doc).toBeNull();
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: "Extraction failed" }));
  });
});
