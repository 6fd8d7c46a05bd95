import { beforeAll, describe, expect, it } from "vitest";
import type { PageRect, RedactPlaceKind, RedactPreviewAnswer } from "../../../schema/form-options";
import type { Translate } from "../../../web/i18n/provider";
import { loadNamespace, translate } from "../../../web/i18n/runtime";
import {
  addMatches,
  areasField,
  type FoundMatch,
  type MarkedArea,
  matchSummary,
  reportOf,
  reportSentence,
  setAllKept,
  setKept,
  skipField,
} from "../../../web/tools/redact-pdf/plan";
import {
  cleanRect,
  dragRect,
  isBox,
  MIN_SIZE,
  rectFromPoints,
  toFraction,
  toPixels,
} from "../../../web/tools/redact-pdf/rects";

// The sentences are the English catalog's (web/i18n/locales/en/redact-pdf.json).
const t: Translate<"redact-pdf"> = (key, values) => translate("redact-pdf", key, values);
beforeAll(() => loadNamespace("en", "redact-pdf"));

const page = { left: 100, top: 50, width: 400, height: 600 };

describe("rectangles between screen pixels and fractions of the page", () => {
  it("turns a pointer position into fractions from the page's top left, held on the page", () => {
    expect(toFraction(100, 50, page)).toEqual({ x: 0, y: 0 });
    expect(toFraction(300, 350, page)).toEqual({ x: 0.5, y: 0.5 });
    expect(toFraction(600, 700, page)).toEqual({ x: 1, y: 1 });
    expect(toFraction(0, 0, page)).toEqual({ x: 0, y: 0 });
    expect(toFraction(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it("turns fractions back into pixels of the page as drawn", () => {
    expect(toPixels({ x: 0.25, y: 0.5, width: 0.5, height: 0.1 }, 400, 600)).toEqual({
      x: 100,
      y: 300,
      width: 200,
      height: 60,
    });
  });

  it("makes the same rectangle whichever way the drag went", () => {
    const down = rectFromPoints({ x: 0.1, y: 0.2 }, { x: 0.4, y: 0.3 });
    const up = rectFromPoints({ x: 0.4, y: 0.3 }, { x: 0.1, y: 0.2 });
    expect(down).toEqual(up);
    expect(down.x).toBeCloseTo(0.1);
    expect(down.y).toBeCloseTo(0.2);
    expect(down.width).toBeCloseTo(0.3);
    expect(down.height).toBeCloseTo(0.1);
  });

  it("takes a click for a click, not a box", () => {
    expect(isBox(rectFromPoints({ x: 0.5, y: 0.5 }, { x: 0.501, y: 0.5 }))).toBe(false);
    expect(isBox({ x: 0, y: 0, width: MIN_SIZE, height: MIN_SIZE })).toBe(true);
  });

  it("moves a box but keeps it on the page", () => {
    const r = { x: 0.1, y: 0.1, width: 0.2, height: 0.1 };
    expect(dragRect(r, "move", 0.1, 0.2)).toEqual({ x: 0.2, y: 0.30000000000000004, width: 0.2, height: 0.1 });
    expect(dragRect(r, "move", 5, 5)).toEqual({ x: 0.8, y: 0.9, width: 0.2, height: 0.1 });
    expect(dragRect(r, "move", -5, -5)).toEqual({ x: 0, y: 0, width: 0.2, height: 0.1 });
  });

  it("resizes from a corner, never past the opposite edge nor off the page", () => {
    const r = { x: 0.2, y: 0.2, width: 0.2, height: 0.2 };
    const grown = dragRect(r, "bottom-right", 0.1, 0.1);
    expect(grown.x).toBe(0.2);
    expect(grown.width).toBeCloseTo(0.3);
    expect(grown.height).toBeCloseTo(0.3);
    const flipped = dragRect(r, "top-left", 0.5, 0.5);
    expect(flipped.width).toBeCloseTo(MIN_SIZE);
    expect(flipped.x + flipped.width).toBeCloseTo(0.4);
    const off = dragRect(r, "top-right", 2, -2);
    expect(off).toEqual({ x: 0.2, y: 0, width: 0.8, height: 0.4 });
  });

  it("cleans a rectangle for the server: 6 decimals, on the page, never empty", () => {
    expect(cleanRect({ x: 0.12345678, y: 0.5, width: 0.3333333333, height: 0.1 })).toEqual({
      x: 0.123457,
      y: 0.5,
      width: 0.333333,
      height: 0.1,
    });
    expect(cleanRect({ x: 0.9, y: 0.95, width: 0.5, height: 0 })).toEqual({
      x: 0.9,
      y: 0.95,
      width: 0.1,
      height: 0.0001,
    });
    expect(cleanRect({ x: -0.1, y: 1.2, width: 0.2, height: 0.2 })).toEqual({
      x: 0,
      y: 0.9999,
      width: 0.2,
      height: 0.0001,
    });
  });
});

const hit = (id: string, page: number, text: string, rects: PageRect[], kind: RedactPlaceKind = "text") => ({
  id,
  page,
  text,
  context: `… ${text} …`,
  kind,
  rects,
});

const answer: RedactPreviewAnswer = {
  pageCount: 3,
  matches: [
    hit("t1:0-15", 1, "ada@example.com", [{ x: 0.1, y: 0.1, width: 0.3, height: 0.02 }]),
    hit("t1:40-46", 1, "Secret", [{ x: 0.5, y: 0.3, width: 0.1, height: 0.02 }]),
    hit("t3:5-19", 3, "Secret project", [
      { x: 0.8, y: 0.5, width: 0.1, height: 0.02 },
      { x: 0.1, y: 0.53, width: 0.15, height: 0.02 },
    ]),
    hit("t2:0-15", 2, "nothing to draw", []),
    { ...hit("d:Root/Outlines/First/Title", 0, "Secret", [], "bookmark"), label: "Secret plans" },
  ],
};

describe("search matches: found, ticked and unticked", () => {
  it("lists the matches of a search ticked, leaves out page matches with no box, and counts their pages", () => {
    const found = addMatches([], answer);
    expect(found.map((m) => m.text)).toEqual(["ada@example.com", "Secret", "Secret project", "Secret"]);
    expect(found.every((m) => m.kept)).toBe(true);
    expect(found[3]).toMatchObject({ page: 0, kind: "bookmark", label: "Secret plans" });
    expect(matchSummary(t, found)).toBe("3 matches on 2 pages · 1 elsewhere in the file");
    expect(matchSummary(t, found.slice(0, 1))).toBe("1 match on 1 page");
  });

  it("adds a second search to the first, without listing a place twice", () => {
    const first = setKept(addMatches([], answer), addMatches([], answer)[1].id, false);
    const again = addMatches(first, {
      pageCount: 3,
      matches: [answer.matches[1], hit("t2:3-19", 2, "+44 20 7946 0958", [{ x: 0, y: 0, width: 0.2, height: 0.1 }])],
    });
    expect(again).toHaveLength(5);
    // The match already there keeps the person's choice.
    expect(again[1]).toMatchObject({ text: "Secret", kept: false });
    expect(again[4]).toMatchObject({ text: "+44 20 7946 0958", kept: true });
  });

  it("unticks and ticks one, all or none", () => {
    const found = addMatches([], answer);
    const one = setKept(found, found[0].id, false);
    expect(one.map((m) => m.kept)).toEqual([false, true, true, true]);
    expect(setAllKept(one, false).map((m) => m.kept)).toEqual([false, false, false, false]);
    expect(setAllKept(one, true).map((m) => m.kept)).toEqual([true, true, true, true]);
    expect(setAllKept(found, true)[1]).toBe(found[1]);
  });
});

describe("the request's fields", () => {
  const marked: MarkedArea[] = [{ id: "a", page: 2, x: 0.25, y: 0.5, width: 0.123456789, height: 0.1 }];

  it("sends the marked areas as they are, without ids", () => {
    expect(areasField(marked)).toEqual([{ page: 2, x: 0.25, y: 0.5, width: 0.123457, height: 0.1 }]);
    expect(Object.keys(areasField(marked)[0]).sort()).toEqual(["height", "page", "width", "x", "y"]);
    expect(areasField([])).toEqual([]);
  });

  it("names the unticked matches to leave, and nothing when all are kept", () => {
    const found: FoundMatch[] = addMatches([], answer);
    expect(skipField(found)).toEqual([]);
    const two = setKept(setKept(found, found[0].id, false), found[3].id, false);
    expect(skipField(two)).toEqual(["t1:0-15", "d:Root/Outlines/First/Title"]);
  });
});

describe("the report", () => {
  it("reads the numbers from the converted file's entry", () => {
    expect(reportOf({ originalName: "a.pdf" })).toBeNull();
    expect(reportOf(undefined)).toBeNull();
    expect(reportOf({ boxes: 4, pages: 2, glyphsRemoved: 57, imagesPainted: 1, placesCleaned: 3 })).toEqual({
      boxes: 4,
      pages: 2,
      matches: 0,
      glyphsRemoved: 57,
      imagesPainted: 1,
      annotationsRemoved: 0,
      placesCleaned: 3,
    });
  });

  it("says what was removed, in plain words with the right plurals", () => {
    const r = {
      boxes: 4,
      pages: 2,
      matches: 3,
      glyphsRemoved: 57,
      imagesPainted: 1,
      annotationsRemoved: 0,
      placesCleaned: 0,
    };
    expect(reportSentence(t, r)).toBe(
      "Redacted 4 areas on 2 pages (3 search matches): 57 characters of text, 1 image and 0 annotations removed.",
    );
    expect(
      reportSentence(t, {
        ...r,
        matches: 0,
        boxes: 1,
        pages: 1,
        glyphsRemoved: 1,
        imagesPainted: 0,
        annotationsRemoved: 1,
      }),
    ).toBe("Redacted 1 area on 1 page: 1 character of text, 0 images and 1 annotation removed.");
    expect(reportSentence(t, { ...r, matches: 1 })).toContain("(1 search match)");
    expect(reportSentence(t, { ...r, placesCleaned: 2 })).toMatch(/removed\. Places elsewhere in the file .*: 2\.$/);
  });
});
