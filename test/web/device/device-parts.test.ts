import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../web/api/client";
import { isLocalUrl, localResult, revokeDeviceResults, toConversionResponse } from "../../../web/device/answer";
import { deviceBudget, deviceLimitMB, MiB } from "../../../web/device/budget";
import { slugOfPath } from "../../../web/device/client";
import { DeviceError, deviceFailure, OUT_OF_MEMORY, workerCrash } from "../../../web/device/errors";
import { isDeviceMode, setDeviceMode } from "../../../web/device/mode";
import { offerFor, offersForServerError, offersForSize } from "../../../web/device/offer";

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

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
