import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { useWatermark } from "../../../web/tools/watermark-pdf/use-watermark";
import { markLayout } from "../../../web/tools/watermark-pdf/watermark-preview";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

beforeEach(() => {
  toast.mockClear();
  localStorage.setItem("sessionToken", "tok");
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  return renderHook(() => useWatermark(), { wrapper: Providers });
}
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("watermark form", () => {
  it("starts with CONFIDENTIAL at 0.3 and needs text and at least one file", () => {
    const { result } = setup();
    expect(result.current.text).toBe("CONFIDENTIAL");
    expect(result.current.opacity).toBe(0.3);
    act(() => result.current.submit());
    expect(toast).toHaveBeenLastCalledWith({ title: "No files selected", variant: "destructive" });
    act(() => result.current.setText("   "));
    act(() => result.current.submit());
    expect(result.current.textError).toBe("Watermark text is required");
  });

  it("keeps only application/pdf files", () => {
    const { result } = setup();
    act(() => result.current.addFiles([pdf("a.pdf"), new File(["x"], "b.png", { type: "image/png" })]));
    expect(result.current.files.map((f) => f.name)).toEqual(["a.pdf"]);
    expect(toast).toHaveBeenLastCalledWith({
      title: "Invalid files",
      description: "Please select only PDF files",
      variant: "destructive",
    });
  });

  it("refuses a PDF over 25MB before any upload", () => {
    const { result } = setup();
    const big = new File([new Uint8Array(25 * 1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" });
    act(() => result.current.addFiles([pdf("a.pdf"), big]));
    expect(result.current.files.map((f) => f.name)).toEqual(["a.pdf"]);
    expect(toast).toHaveBeenLastCalledWith({
      title: "Invalid files",
      description: "File size exceeds 25MB limit",
      variant: "destructive",
      action: expect.objectContaining({ label: "Process it on this device instead" }),
    });
  });

  it("sends files, watermarkText and opacity as text, without authorization", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = setup();
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf")]));
    act(() => result.current.setOpacity(0.7));
    act(() => result.current.submit());
    await settle();
    const [url, init] = fn.mock.calls[0];
    expect(url).toBe("/api/convert/watermark-pdf");
    const body = init.body as FormData;
    expect(body.getAll("files")).toHaveLength(2);
    expect(body.get("watermarkText")).toBe("CONFIDENTIAL");
    expect(body.get("opacity")).toBe("0.7");
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    pending[0].resolve(jsonResponse({ files: [{ ...converted("a.pdf"), status: "watermarked" }] }));
    await settle();
    expect(toast).toHaveBeenLastCalledWith({ title: "PDF watermarking completed" });
  });

  it("a failure names the status in a toast titled 'Error'; no answer at all gives the fallback", async () => {
    const { pending } = deferredFetch();
    const { result } = setup();
    act(() => result.current.addFiles([pdf("a.pdf")]));
    act(() => result.current.submit());
    await settle();
    pending[0].resolve(
      jsonResponse(
        { error: "Opacity must be a number from 0.1 to 1, in steps of 0.1.", code: "x" },
        400,
        "Bad Request",
      ),
    );
    await settle();
    expect(toast).toHaveBeenLastCalledWith({
      title: "Error",
      description: "Upload failed: Bad Request",
      variant: "destructive",
    });
    act(() => result.current.submit());
    await settle();
    pending[1].reject(new TypeError("Failed to fetch"));
    await settle();
    expect(toast).toHaveBeenLastCalledWith({
      title: "Error",
      description: "Failed to add watermark to PDF files",
      variant: "destructive",
    });
  });
});

describe("the preview's layout", () => {
  it("runs along the page diagonal and fits inside the page", () => {
    const { size, degrees } = markLayout("CONFIDENTIAL", 595, 842);
    expect(degrees).toBeCloseTo((Math.atan2(842, 595) * 180) / Math.PI, 5);
    expect(size).toBeGreaterThan(20);
    expect(size).toBeLessThanOrEqual(Math.min(595, 842) / 4 / 0.72);
  });
});
