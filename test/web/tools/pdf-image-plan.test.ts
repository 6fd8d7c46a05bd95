import { describe, expect, it } from "vitest";
import {
  canvasProblem,
  MAX_CANVAS_SIDE,
  pageImageName,
  pixelSize,
  stemOf,
  zipName,
} from "../../../web/tools/pdf-to-image/plan";

describe("PDF to JPG's arithmetic", () => {
  it("sizes a page in pixels from its points and the resolution", () => {
    expect(pixelSize(612, 792, 72)).toEqual({ width: 612, height: 792 });
    expect(pixelSize(612, 792, 150)).toEqual({ width: 1275, height: 1650 });
    expect(pixelSize(595.28, 841.89, 300)).toEqual({ width: 2480, height: 3508 });
    expect(pixelSize(0.1, 0.1, 72)).toEqual({ width: 1, height: 1 });
  });

  it("refuses a canvas past a side or the area browsers draw, suggesting a lower resolution", () => {
    expect(canvasProblem(1, pixelSize(612, 792, 300), 300)).toBeNull();
    expect(canvasProblem(1, { width: MAX_CANVAS_SIDE, height: MAX_CANVAS_SIDE }, 300)).toBeNull();
    expect(canvasProblem(3, pixelSize(4000, 4000, 300), 300)).toBe(
      "Page 3 would be 16,667 x 16,667 pixels at 300 dpi, more than a browser can draw. Choose 150 dpi or lower.",
    );
    expect(canvasProblem(2, pixelSize(14_400, 100, 150), 150)).toMatch(/Choose 72 dpi or lower\.$/);
    expect(canvasProblem(1, pixelSize(20_000, 20_000, 72), 72)).toMatch(/This page is too large to convert\.$/);
  });

  it("names each page's image after the file, and the ZIP after the format", () => {
    expect(pageImageName("Report Q3.pdf", 3, "jpg")).toBe("Report Q3-page-3.jpg");
    expect(pageImageName("scan.PDF", 12, "png")).toBe("scan-page-12.png");
    expect(pageImageName("folder/.pdf", 1, "jpg")).toBe("document-page-1.jpg");
    expect(zipName("report.pdf", "png")).toBe("report-png.zip");
    expect(stemOf("a.b.pdf")).toBe("a.b");
  });
});
