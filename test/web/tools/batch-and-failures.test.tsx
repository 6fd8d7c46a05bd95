import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toolsById } from "../../../schema/tools";
import { uploadFailureMessage } from "../../../web/api/convert";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { startDownload } from "../../../web/tools/download";
import { useUploadQueue } from "../../../web/tools/use-upload-queue";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function merge() {
  return renderHook(() => useUploadQueue({ tool: toolsById["merge-pdf"], mode: "batch" }), { wrapper: Providers });
}

describe("merge (batch mode)", () => {
  it("sends every file in one request, in the arranged order; only the first item gets the link", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = merge();
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")]));
    act(() => result.current.move(result.current.items[2].id, result.current.items[0].id));
    act(() => result.current.start());
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
    const sent = (fn.mock.calls[0][1].body as FormData).getAll("files") as File[];
    expect(sent.map((f) => f.name)).toEqual(["c.pdf", "a.pdf", "b.pdf"]);
    expect(result.current.items.every((i) => i.status === "uploading" && i.progress === 10)).toBe(true);

    pending[0].resolve(jsonResponse({ message: "Files processed successfully", files: [converted("c.pdf")] }));
    await tick(1500);
    const [first, ...rest] = result.current.items;
    expect(first).toMatchObject({
      status: "completed",
      progress: 100,
      resultUrl: "/api/download/abcdefghijklmnopqrstuv",
    });
    for (const item of rest) {
      expect(item).toMatchObject({ status: "completed", progress: 100 });
      expect(item.resultUrl).toBeUndefined();
    }
  });

  it("refuses fewer than 2 files: toast, items marked, nothing sent", async () => {
    const { fn } = deferredFetch();
    const { result } = merge();
    act(() => result.current.addFiles([pdf("only.pdf")]));
    act(() => result.current.start());
    await tick(2000);
    expect(fn).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({
      title: "Merge requires multiple files",
      description: "Please select at least 2 PDF files to merge",
      variant: "destructive",
    });
    expect(result.current.items[0]).toMatchObject({ status: "error", error: "At least 2 files required for merging" });
    // Adding a second file makes the list mergeable again.
    act(() => result.current.addFiles([pdf("two.pdf")]));
    expect(result.current.items.map((i) => i.status)).toEqual(["pending", "pending"]);
  });
});

async function failWith(response: Response | Error) {
  const { pending } = deferredFetch();
  const { result } = renderHook(
    () => useUploadQueue({ tool: toolsById["rotate-pdf"], mode: "each", autoStart: true }),
    { wrapper: Providers },
  );
  act(() => result.current.addFiles([pdf("a.pdf")]));
  await tick();
  if (response instanceof Error) pending[0].reject(response);
  else pending[0].resolve(response);
  await tick(2000);
  return result.current.items[0];
}

describe("failure messages (spec section 8)", () => {
  it("429 shows the server's upgradeMessage", async () => {
    const item = await failWith(
      jsonResponse(
        {
          error: "Daily conversion limit reached",
          code: "quota_exceeded",
          upgradeMessage: "Please try again tomorrow",
        },
        429,
        "Too Many Requests",
      ),
    );
    expect(item).toMatchObject({ status: "error", error: "Please try again tomorrow" });
    expect(toast).toHaveBeenLastCalledWith({
      title: "Processing failed",
      description: "Please try again tomorrow",
      variant: "destructive",
    });
  });

  it("429 without an upgradeMessage shows 'Daily conversion limit reached'", async () => {
    const item = await failWith(jsonResponse({ error: "Slow down", code: "rate_limited" }, 429, "Too Many Requests"));
    expect(item.error).toBe("Daily conversion limit reached");
  });

  it("other failures show the server's error field", async () => {
    const item = await failWith(
      jsonResponse({ error: "This PDF is damaged and cannot be read.", code: "pdf_damaged" }, 422, "Unprocessable"),
    );
    expect(item.error).toBe("This PDF is damaged and cannot be read.");
  });

  it("without an error field: 'Upload failed: {status text}'", async () => {
    const item = await failWith(new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }));
    expect(item.error).toBe("Upload failed: Bad Gateway");
  });

  it("a network failure or an unreadable answer falls back to 'Processing failed'", async () => {
    expect((await failWith(new TypeError("Failed to fetch"))).error).toBe("Processing failed");
    expect((await failWith(jsonResponse({ files: "nope" }))).error).toBe("Processing failed");
    expect(uploadFailureMessage(undefined)).toBe("Processing failed");
  });

  it("a file the server reports as failed is an error with the server's words", async () => {
    const item = await failWith(
      jsonResponse({ files: [{ originalName: "a.pdf", status: "error", error: "a.pdf needs a password." }] }),
    );
    expect(item).toMatchObject({ status: "error", error: "a.pdf needs a password." });
  });
});

describe("downloads (spec section 4)", () => {
  it("open a new tab only for /api/download/ links", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    expect(startDownload("/api/download/abcdefghijklmnopqrstuv")).toBe(true);
    expect(open).toHaveBeenCalledWith("/api/download/abcdefghijklmnopqrstuv", "_blank", "noopener");
    expect(toast).toHaveBeenCalledWith({ title: "Download started" });
    open.mockClear();
    for (const url of ["https://evil.example/api/download/x", "/shared/abc", "javascript:alert(1)", undefined]) {
      expect(startDownload(url)).toBe(false);
    }
    expect(open).not.toHaveBeenCalled();
  });
});
