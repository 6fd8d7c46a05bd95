import { describe, expect, it, vi } from "vitest";
import { convertOptions } from "../../../schema/options";
import { toolsById } from "../../../schema/tools";
import { ApiError } from "../../../web/api/client";
import { isLocalUrl, localResult, revokeDeviceResults, toConversionResponse } from "../../../web/device/answer";
import { deviceBudget, deviceLimitMB, MiB } from "../../../web/device/budget";
import { checkFiles, convertOptionsOf, parseOptions } from "../../../web/device/checks";
import { slugOfPath } from "../../../web/device/client";
import { DeviceError, deviceFailure, OUT_OF_MEMORY, workerCrash } from "../../../web/device/errors";
import { isDeviceMode, setDeviceMode } from "../../../web/device/mode";
import { offerFor, offersForServerError, offersForSize } from "../../../web/device/offer";

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]).buffer;
const pdfFile = (name = "a.pdf") => ({ name, type: "application/pdf", bytes: bytes("%PDF-1.7\n%%EOF") });

describe("the device's budget", () => {
  it("is a quarter of the device's memory, within 256 MB and 2 GB; files a quarter of that", () => {
    expect(deviceBudget(8)).toMatchObject({ memory: 2048 * MiB, maxFileBytes: 512 * MiB });
    expect(deviceBudget(2).memory).toBe(512 * MiB);
    expect(deviceBudget(0.5).memory).toBe(256 * MiB);
    expect(deviceLimitMB(0.25)).toBe(64);
    // Unknown (Firefox, Safari): a middling laptop's 4 GB.
    expect(deviceBudget(undefined).memory).toBe(1024 * MiB);
  });
});

describe("files and fields, checked as the server checks them", () => {
  const merge = toolsById["merge-pdf"];
  it("refuses too few files, other types, content that is not what its name says, and size past the device's", () => {
    expect(() => checkFiles([pdfFile()], merge, MiB)).toThrow("At least 2 files required for merging");
    expect(() => checkFiles([pdfFile(), { ...pdfFile("b.txt") }], merge, MiB)).toThrow(
      "File type .txt is not supported. Accepted types: .pdf",
    );
    expect(() => checkFiles([pdfFile(), { name: "b.pdf", type: "", bytes: PNG }], merge, MiB)).toThrow(
      "b.pdf is not a valid PDF file.",
    );
    expect(() => checkFiles([pdfFile(), pdfFile("b.pdf")], merge, 4)).toThrow(/File size exceeds/);
    const ok = checkFiles(
      [pdfFile(), { name: "noext", type: "application/pdf", bytes: bytes("%PDF-1.4") }],
      merge,
      MiB,
    );
    expect(ok.map((f) => [f.name, f.kind])).toEqual([
      ["a.pdf", "pdf"],
      ["noext.pdf", "pdf"],
    ]);
  });

  it("reads options from the form's fields with the tool's schema, with its messages", () => {
    expect(parseOptions(convertOptions["rotate-pdf"], { angle: "-90" })).toMatchObject({ angle: 270 });
    expect(() => parseOptions(convertOptions["rotate-pdf"], { angle: "45" })).toThrow(
      "Angle must be 90, 180 or 270 degrees.",
    );
  });

  it("packs an attachment as {name, kind, bytes}, checked by its own rules; others are ignored", () => {
    const options = convertOptionsOf(
      "watermark-pdf",
      { watermarkText: "" },
      { watermarkImage: { name: "logo.png", type: "image/png", bytes: PNG }, stray: pdfFile() },
    ) as { watermarkImage: { name: string; kind: string; bytes: Uint8Array } };
    expect(options.watermarkImage).toMatchObject({ name: "logo.png", kind: "png" });
    expect(options.watermarkImage.bytes.byteLength).toBe(12);
    expect(() => convertOptionsOf("watermark-pdf", {}, {})).toThrow("Watermark text is required");
  });
});

describe("errors on the device", () => {
  it("keeps the engine's words and the server's status; memory trouble is said plainly", () => {
    const locked = deviceFailure({ error: "report.pdf needs its password.", code: "password_required" });
    expect(locked).toBeInstanceOf(ApiError);
    expect([locked.status, locked.code, locked.serverError]).toEqual([
      422,
      "password_required",
      "report.pdf needs its password.",
    ]);
    expect(
      deviceFailure({ error: "Array buffer allocation failed", code: "out_of_memory", outOfMemory: true }).message,
    ).toBe(OUT_OF_MEMORY);
    expect(workerCrash(true).message).toBe(OUT_OF_MEMORY);
    expect(workerCrash(false).message).toMatch(/could not start/);
  });

  it("offers the device for the edge's size refusals only", () => {
    expect(offersForSize("File size exceeds 25MB limit")).toBe(true);
    expect(offersForSize("File type .txt is not supported.")).toBe(false);
    expect(offersForServerError(new ApiError(413, "Payload Too Large", { code: "job_too_large" }, "x"))).toBe(true);
    expect(offersForServerError(new DeviceError("job_too_large", "too big here too"))).toBe(false);
    expect(offersForServerError(new ApiError(422, "Unprocessable Content", {}, "x"))).toBe(false);
    // The pages with their own hooks (split, unlock, watermark, fill form) take it as a toast action.
    const retry = vi.fn();
    const offer = offerFor({ sizeProblem: "File size exceeds 25MB limit" }, retry);
    expect("action" in offer && offer.action.label).toBe("Process it on this device instead");
    if ("action" in offer) offer.action.onClick();
    expect(retry).toHaveBeenCalledOnce();
    expect(isDeviceMode()).toBe(true);
    setDeviceMode(false);
    expect(offerFor({ error: new ApiError(422, "Unprocessable Content", {}, "x") }, retry)).toEqual({});
  });
});

describe("answers shaped as the server's", () => {
  it("gives each output a blob: URL with its name, the single file as `file`, failures as errors", () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
    URL.revokeObjectURL = vi.fn();
    const res = toConversionResponse("Done", [
      {
        ok: true,
        bytes: bytes("%PDF-1.7"),
        fileName: "a-rotated.pdf",
        contentType: "application/pdf",
        originalName: "a.pdf",
        extra: { pageCount: 3 },
      },
    ]);
    expect(res.file).toMatchObject({
      downloadUrl: "blob:test/1",
      convertedName: "a-rotated.pdf",
      size: 8,
      status: "completed",
      pageCount: 3,
    });
    expect(isLocalUrl("blob:test/1")).toBe(true);
    expect(localResult("blob:test/1")?.fileName).toBe("a-rotated.pdf");
    const failed = toConversionResponse("", [
      { ok: false, originalName: "b.pdf", error: "Needs password", code: "password_required" },
    ]);
    expect(failed.files?.[0]).toMatchObject({ status: "error", error: "Needs password", code: "password_required" });
    revokeDeviceResults();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:test/1");
    expect(isLocalUrl("blob:test/1")).toBe(false);
  });

  it("knows a conversion endpoint's slug", () => {
    expect(slugOfPath("/api/convert/merge-pdf")).toBe("merge-pdf");
    expect(slugOfPath("/api/analyze-pdf")).toBeNull();
  });
});
