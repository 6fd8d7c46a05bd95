import { describe, expect, it } from "vitest";
import { imagePlacement } from "../../../worker/engine/pdf/embed/images-to-pdf";
import { pageRangeLabel } from "../../../worker/engine/pdf/split";

describe("pageRangeLabel", () => {
  it("names page selections compactly", () => {
    expect(pageRangeLabel([3])).toBe("page-3");
    expect(pageRangeLabel([4, 2, 3])).toBe("pages-2-4");
    expect(pageRangeLabel([1, 2, 3, 7, 8, 9])).toBe("pages-1-3_7-9");
    expect(pageRangeLabel([1, 3])).toBe("pages-1_3");
    expect(pageRangeLabel(Array.from({ length: 40 }, (_, i) => i * 2 + 1))).toBe("40-pages");
  });
});

describe("imagePlacement", () => {
  // A 40 x 20 image; where its stored pixels (5, 5) near the top-left and (35, 5) near the
  // top-right land on the page, in page coordinates (y up), for each EXIF orientation.
  const apply = (m: readonly number[], u: number, v: number) => [
    m[0] * u + m[2] * v + m[4],
    m[1] * u + m[3] * v + m[5],
  ];
  const corners = (o: number) => {
    const p = imagePlacement({ width: 40, height: 20, orientation: o });
    // Stored pixel (x, y) from the top is unit-square point (x / 40, 1 - y / 20).
    const at = (x: number, y: number) => apply(p.matrix, x / 40, 1 - y / 20).map((n) => Math.round(n * 10) / 10);
    return { size: [p.pageWidth, p.pageHeight], topLeft: at(5, 5), topRight: at(35, 5) };
  };
  it("turns and mirrors by the orientation tag, at 72 dpi by default", () => {
    expect(corners(1)).toEqual({ size: [40, 20], topLeft: [5, 15], topRight: [35, 15] });
    expect(corners(2)).toEqual({ size: [40, 20], topLeft: [35, 15], topRight: [5, 15] });
    expect(corners(3)).toEqual({ size: [40, 20], topLeft: [35, 5], topRight: [5, 5] });
    expect(corners(4)).toEqual({ size: [40, 20], topLeft: [5, 5], topRight: [35, 5] });
    // 90 degrees clockwise: the stored top row becomes the right-hand column, read downwards.
    expect(corners(6)).toEqual({ size: [20, 40], topLeft: [15, 35], topRight: [15, 5] });
    expect(corners(8)).toEqual({ size: [20, 40], topLeft: [5, 5], topRight: [5, 35] });
    expect(corners(5)).toEqual({ size: [20, 40], topLeft: [5, 35], topRight: [5, 5] });
    expect(corners(7)).toEqual({ size: [20, 40], topLeft: [15, 5], topRight: [15, 35] });
  });

  it("uses a believable declared resolution and keeps pages within reader limits", () => {
    expect(imagePlacement({ width: 600, height: 300, orientation: 1, dpiX: 300, dpiY: 300 })).toMatchObject({
      pageWidth: 144,
      pageHeight: 72,
    });
    expect(imagePlacement({ width: 600, height: 300, orientation: 1, dpiX: 1, dpiY: 1 })).toMatchObject({
      pageWidth: 600,
    });
    expect(imagePlacement({ width: 40_000, height: 1000, orientation: 1 }).pageWidth).toBe(14_400);
  });
});
