import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SignOptions } from "../../../schema/form-options";
import {
  addPoint,
  type InkPoint,
  inkBounds,
  padBounds,
  removeWhite,
  type Stroke,
  strokeSegments,
  strokesBounds,
  strokeWidths,
} from "../../../web/tools/sign-pdf/ink";
import {
  angleTowards,
  copyToPages,
  heightFor,
  keepOnPage,
  keyNudge,
  moveBy,
  normaliseAngle,
  placeAt,
  scaleBy,
  toPlacement,
} from "../../../web/tools/sign-pdf/placement";
import {
  forgetSignature,
  recallSignature,
  rememberSignature,
  STORAGE_KEY,
} from "../../../web/tools/sign-pdf/remembered";
import { captionOf, todayText } from "../../../web/tools/sign-pdf/sign-options";

const pt = (x: number, y: number, t = 0, pressure = 0.5): InkPoint => ({ x, y, t, pressure });
const A4 = 1 / Math.SQRT2;

describe("the pad's strokes", () => {
  it("drops jitter: samples closer than 1.5 px to the last one are not kept", () => {
    let s: Stroke = { points: [pt(0, 0)], pen: false };
    s = addPoint(s, pt(1, 0.5));
    expect(s.points).toHaveLength(1);
    s = addPoint(s, pt(3, 0));
    expect(s.points).toHaveLength(2);
  });

  it("runs quadratic curves through the midpoints, from the first sample to the last", () => {
    const s: Stroke = { points: [pt(0, 0, 0), pt(10, 0, 10), pt(10, 10, 20), pt(20, 10, 30)], pen: false };
    const segs = strokeSegments(s, 2);
    expect(segs).toHaveLength(4);
    expect(segs[0].from).toEqual({ x: 0, y: 0 });
    expect(segs[1]).toMatchObject({ from: { x: 5, y: 0 }, via: { x: 10, y: 0 }, to: { x: 10, y: 5 } });
    expect(segs[2]).toMatchObject({ from: { x: 10, y: 5 }, via: { x: 10, y: 10 }, to: { x: 15, y: 10 } });
    expect(segs.at(-1)?.to).toEqual({ x: 20, y: 10 });
    // Each segment starts where the last one ended: no gaps, no corners.
    for (let i = 1; i < segs.length; i++) expect(segs[i].from).toEqual(segs[i - 1].to);
  });

  it("a tap is a dot", () => {
    const [dot] = strokeSegments({ points: [pt(5, 5)], pen: false }, 2);
    expect(dot.from).toBe(dot.to);
  });

  it("a quick stroke is thinner than a slow one, and the width eases rather than jumps", () => {
    const line = (dt: number): Stroke => ({
      points: Array.from({ length: 12 }, (_, i) => pt(i * 10, 0, i * dt)),
      pen: false,
    });
    const slow = strokeWidths(line(40), 2);
    const fast = strokeWidths(line(2), 2);
    expect(fast.at(-1)).toBeLessThan(slow.at(-1) ?? 0);
    for (let i = 1; i < fast.length; i++) expect(Math.abs(fast[i] - fast[i - 1])).toBeLessThan(0.5);
    for (const w of [...slow, ...fast]) expect(w).toBeGreaterThan(0.5);
  });

  it("a pen's pressure sets the width", () => {
    const pen = (p: number): Stroke => ({ points: [pt(0, 0, 0, p), pt(10, 0, 10, p)], pen: true });
    expect(strokeWidths(pen(1), 2)[1]).toBeGreaterThan(strokeWidths(pen(0.1), 2)[1]);
  });

  it("knows where the ink is, the pen's width included", () => {
    expect(strokesBounds([], 2)).toBeNull();
    const b = strokesBounds(
      [
        { points: [pt(10, 20), pt(50, 25)], pen: false },
        { points: [pt(30, 60)], pen: false },
      ],
      2,
    );
    expect(b?.x0).toBeLessThan(10);
    expect(b?.x0).toBeGreaterThan(7);
    expect(b?.y1).toBeGreaterThan(60);
    expect(b?.x1).toBeGreaterThan(50);
  });
});

describe("trimming and clearing images", () => {
  const image = (w: number, h: number, ink: [number, number][]) => {
    const px = new Uint8ClampedArray(w * h * 4);
    for (const [x, y] of ink) px[(y * w + x) * 4 + 3] = 255;
    return px;
  };

  it("finds the box round the visible pixels, end exclusive", () => {
    expect(inkBounds(image(10, 10, []), 10, 10)).toBeNull();
    expect(
      inkBounds(
        image(10, 10, [
          [2, 3],
          [6, 4],
          [4, 8],
        ]),
        10,
        10,
      ),
    ).toEqual({ x0: 2, y0: 3, x1: 7, y1: 9 });
  });

  it("pads a box and keeps it inside the image", () => {
    expect(padBounds({ x0: 2, y0: 3, x1: 7, y1: 9 }, 4, 10, 10)).toEqual({ x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(padBounds({ x0: 20, y0: 30, x1: 70, y1: 90 }, 4)).toEqual({ x0: 16, y0: 26, x1: 74, y1: 94 });
  });

  it("makes paper transparent, keeps ink, and fades the grey in between", () => {
    const px = new Uint8ClampedArray([250, 250, 250, 255, 20, 20, 60, 255, 205, 205, 205, 255]);
    removeWhite(px);
    expect(px[3]).toBe(0);
    expect(px[7]).toBe(255);
    expect(px[11]).toBeGreaterThan(0);
    expect(px[11]).toBeLessThan(255);
  });
});

describe("placing the signature", () => {
  // A signature three times as wide as it is tall.
  const aspect = 3;

  it("keeps the image's shape: the box's height follows from its width and the page's", () => {
    const p = placeAt(1, 0.5, 0.5, aspect, A4);
    const out = toPlacement(p, aspect);
    // On an A4 page (595 x 842 pt) the box is 3:1 in points.
    const wPt = out.width * 595;
    const hPt = out.height * 842;
    expect(wPt / hPt).toBeCloseTo(3, 2);
    expect(heightFor(0.3, 3, 1)).toBeCloseTo(0.1);
  });

  it("starts 30% of the page wide, centred where the click landed, and stays on the page", () => {
    const p = placeAt(2, 0.5, 0.4, aspect, A4);
    expect(p).toMatchObject({ page: 2, cx: 0.5, cy: 0.4, width: 0.3, rotation: 0 });
    const corner = placeAt(1, 0.99, 0.99, aspect, A4);
    const out = toPlacement(corner, aspect);
    expect(out.x + out.width).toBeLessThanOrEqual(1);
    expect(out.y + out.height).toBeLessThanOrEqual(1);
  });

  it("a tall signature starts narrower, so it is not taller than 15% of the page", () => {
    const p = placeAt(1, 0.5, 0.5, 0.5, A4);
    expect(heightFor(p.width, 0.5, A4)).toBeCloseTo(0.15);
  });

  it("moves within the page", () => {
    const p = placeAt(1, 0.5, 0.5, aspect, A4);
    const moved = moveBy(p, 0.1, -0.2, aspect);
    expect(moved.cx).toBeCloseTo(0.6);
    expect(moved.cy).toBeCloseTo(0.3);
    const far = moveBy(p, 5, 5, aspect);
    expect(far.cx).toBeCloseTo(1 - p.width / 2);
    expect(far.cy).toBeCloseTo(1 - heightFor(p.width, aspect, A4) / 2);
  });

  it("resizes about its centre with the shape locked, never beyond the page nor to nothing", () => {
    const p = placeAt(1, 0.5, 0.5, aspect, A4);
    const bigger = scaleBy(p, 2, aspect);
    expect(bigger.width).toBeCloseTo(0.6);
    expect(bigger.cx).toBeCloseTo(0.5);
    const a = toPlacement(bigger, aspect);
    expect((a.width * 595) / (a.height * 842)).toBeCloseTo(3, 2);
    expect(scaleBy(p, 100, aspect).width).toBe(1);
    expect(scaleBy(p, 0.001, aspect).width).toBeCloseTo(0.03);
    expect(scaleBy(p, Number.NaN, aspect)).toBe(p);
    // A tall image on a wide page: the height is what limits it.
    const tall = scaleBy(placeAt(1, 0.5, 0.5, 0.5, 2), 100, 0.5);
    expect(heightFor(tall.width, 0.5, 2)).toBeCloseTo(1);
  });

  it("turns towards the pointer, clockwise, snapping to quarter turns", () => {
    expect(angleTowards(0, 0, 0, -10)).toBe(0);
    expect(angleTowards(0, 0, 10, 0)).toBe(90);
    expect(angleTowards(0, 0, -10, 0)).toBe(-90);
    expect(angleTowards(0, 0, 0, 10)).toBe(180);
    expect(angleTowards(0, 0, 10, -10)).toBe(45);
    expect(angleTowards(0, 0, 10, -0.5)).toBe(90);
    expect(normaliseAngle(270)).toBe(-90);
    expect(normaliseAngle(-180)).toBe(180);
    expect(normaliseAngle(-540)).toBe(180);
    expect(normaliseAngle(12.345)).toBe(12.3);
  });

  it("arrow keys nudge, shift nudges further, plus and minus resize", () => {
    const p = placeAt(1, 0.5, 0.5, aspect, A4);
    expect(keyNudge(p, "ArrowRight", false, aspect)?.cx).toBeCloseTo(0.505);
    expect(keyNudge(p, "ArrowLeft", true, aspect)?.cx).toBeCloseTo(0.45);
    expect(keyNudge(p, "ArrowDown", false, aspect)?.cy).toBeCloseTo(0.5 + 0.005 * A4);
    expect(keyNudge(p, "+", false, aspect)?.width).toBeCloseTo(0.315);
    expect(keyNudge(p, "-", false, aspect)?.width).toBeLessThan(0.3);
    expect(keyNudge(p, "a", false, aspect)).toBeNull();
  });

  it("copies to every other page, keeping place and size as shares of each page", () => {
    const p = { ...placeAt(1, 0.7, 0.8, aspect, A4), width: 0.25, rotation: 10 };
    const added = copyToPages(p, [A4, 1 / A4, A4], aspect, [p]);
    expect(added.map((a) => a.page)).toEqual([2, 3]);
    expect(added[0]).toMatchObject({ cx: 0.7, cy: 0.8, width: 0.25, rotation: 10, ratio: 1 / A4 });
    // The landscape page gets the same 3:1 box, in its own proportions.
    const land = toPlacement(added[0], aspect);
    expect((land.width * 842) / (land.height * 595)).toBeCloseTo(3, 2);
  });

  it("is written as the server's schema reads it", () => {
    const ps = [placeAt(1, 0.2, 0.1, aspect, A4), { ...placeAt(3, 0.9, 0.95, aspect, A4), rotation: -45 }];
    const placements = JSON.stringify(ps.map((p) => toPlacement(p, aspect)));
    const parsed = v.safeParse(SignOptions, {
      signature: { bytes: new Uint8Array(1) },
      placements,
      signerName: "Ada Lovelace",
      date: "24 November 2026",
    });
    if (!parsed.success) throw new Error(parsed.issues[0].message);
    expect(parsed.output.placements[1]).toMatchObject({ page: 3, rotation: -45 });
  });

  it("a box dragged past the edge is brought back whole", () => {
    const p = keepOnPage({ id: "x", page: 1, cx: -1, cy: 2, width: 0.4, rotation: 0, ratio: A4 }, aspect);
    const out = toPlacement(p, aspect);
    expect(out.x).toBe(0);
    expect(out.y + out.height).toBeCloseTo(1);
  });
});

describe("the remembered signature", () => {
  const store = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, val: string) => void m.set(k, val),
      removeItem: (k: string) => void m.delete(k),
      m,
    };
  };
  const sig = { dataUrl: "data:image/png;base64,iVBORw0KGgo=", width: 300, height: 100 };

  it("is kept, read back and forgotten", () => {
    const s = store();
    expect(recallSignature(s)).toBeNull();
    expect(rememberSignature(sig, s, new Date("2026-01-02T03:04:05Z"))).toBe(true);
    expect(recallSignature(s)).toEqual({ ...sig, savedAt: "2026-01-02T03:04:05.000Z" });
    forgetSignature(s);
    expect(recallSignature(s)).toBeNull();
    expect(s.m.size).toBe(0);
  });

  it("ignores what it did not write", () => {
    const s = store();
    s.setItem(STORAGE_KEY, "not json");
    expect(recallSignature(s)).toBeNull();
    s.setItem(STORAGE_KEY, JSON.stringify({ ...sig, dataUrl: "javascript:alert(1)" }));
    expect(recallSignature(s)).toBeNull();
    s.setItem(STORAGE_KEY, JSON.stringify({ ...sig, width: 0 }));
    expect(recallSignature(s)).toBeNull();
  });

  it("says so when the browser will not keep it", () => {
    const full = {
      ...store(),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(rememberSignature(sig, full)).toBe(false);
    expect(rememberSignature(sig, null)).toBe(false);
  });

  it("uses the page's own storage by default", () => {
    localStorage.removeItem(STORAGE_KEY);
    rememberSignature(sig);
    expect(recallSignature()?.width).toBe(300);
    forgetSignature();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe("the name and date line", () => {
  it("writes today's date in the visitor's own words", () => {
    const day = new Date(2026, 10, 24);
    expect(todayText(day, "en-GB")).toBe("24 November 2026");
    expect(todayText(day, "en-US")).toBe("November 24, 2026");
    expect(todayText(day, "de")).toBe("24. November 2026");
    expect(todayText(day, "ru")).toBe("24 ноября 2026 г.");
  });

  it("writes it in numbers, year first, where the PDF's fonts cannot draw the language's script", () => {
    const day = new Date(2026, 10, 24);
    for (const tag of ["ja", "zh-CN", "hi", "ar"]) expect(todayText(day, tag), tag).toBe("2026-11-24");
  });

  it("joins what is given", () => {
    expect(captionOf(" Ada ", "24 November 2026")).toEqual(["Ada", "24 November 2026"]);
    expect(captionOf("", "24 November 2026")).toEqual(["24 November 2026"]);
    expect(captionOf(undefined, "")).toEqual([]);
  });
});
