import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { system } from "../../../web/theme/system";
import { CompareView } from "../../../web/tools/compress/compare-view";
import {
  clampView,
  fitScale,
  initialView,
  maxZoom,
  panBy,
  placement,
  splitForKey,
  zoomAt,
} from "../../../web/tools/compress/view-math";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const frame = { w: 400, h: 300 };
const content = { w: 800, h: 600 };

describe("the comparison's geometry", () => {
  it("fits the content, centred, at zoom 1", () => {
    expect(fitScale(frame, content)).toBe(0.5);
    expect(placement(initialView(content), frame, content)).toEqual({ scale: 0.5, x: 0, y: 0 });
    // A tall page in a wide frame: fitted to the height, centred across.
    expect(placement(initialView({ w: 100, h: 300 }), frame, { w: 100, h: 300 })).toEqual({ scale: 1, x: 150, y: 0 });
  });

  it("zooms about the pointer: the content under it stays under it", () => {
    const limit = maxZoom(frame, content, 16);
    expect(limit).toBe(32);
    const before = placement(initialView(content), frame, content);
    const at = { x: 100, y: 80 };
    const under = { x: (at.x - before.x) / before.scale, y: (at.y - before.y) / before.scale };
    const view = zoomAt(initialView(content), 3, at.x, at.y, frame, content, limit);
    const after = placement(view, frame, content);
    expect(view.zoom).toBe(3);
    expect(under.x * after.scale + after.x).toBeCloseTo(at.x, 6);
    expect(under.y * after.scale + after.y).toBeCloseTo(at.y, 6);
  });

  it("keeps the view inside its limits: zoom from 1 to the limit, no empty margin while zoomed", () => {
    expect(clampView({ zoom: 0.2, cx: 0, cy: 0 }, frame, content, 4)).toEqual(initialView(content));
    expect(clampView({ zoom: 9, cx: 400, cy: 300 }, frame, content, 4).zoom).toBe(4);
    // Zoomed 2x, the frame sees 400 x 300 content units: the centre cannot come closer than 200 / 150 to an edge.
    const panned = panBy({ zoom: 2, cx: 400, cy: 300 }, 10_000, 10_000, frame, content, 4);
    expect(panned).toEqual({ zoom: 2, cx: 200, cy: 150 });
    const other = panBy({ zoom: 2, cx: 400, cy: 300 }, -10_000, -10_000, frame, content, 4);
    expect(other).toEqual({ zoom: 2, cx: 600, cy: 450 });
    // Dragging by 100 CSS pixels at 1 CSS pixel per unit moves the content by 100 units.
    expect(panBy({ zoom: 2, cx: 400, cy: 300 }, 100, -50, frame, content, 4)).toEqual({ zoom: 2, cx: 300, cy: 350 });
  });

  it("moves the split as a slider does: arrows 1, Shift or Page keys 10, Home and End, within 0-100", () => {
    expect(splitForKey(50, "ArrowRight", false)).toBe(51);
    expect(splitForKey(50, "ArrowUp", false)).toBe(51);
    expect(splitForKey(50, "ArrowLeft", false)).toBe(49);
    expect(splitForKey(50, "ArrowDown", true)).toBe(40);
    expect(splitForKey(50, "PageUp", false)).toBe(60);
    expect(splitForKey(95, "PageUp", false)).toBe(100);
    expect(splitForKey(3, "ArrowLeft", true)).toBe(0);
    expect(splitForKey(50, "Home", false)).toBe(0);
    expect(splitForKey(50, "End", false)).toBe(100);
    expect(splitForKey(50, "Enter", false)).toBeNull();
  });
});

describe("the comparison view", { timeout: 30_000 }, () => {
  // jsdom lays nothing out: give every element the frame's size.
  const sizes = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth"),
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight"),
  };
  beforeAll(async () => {
    await loadNamespaces("en", ["compress-pdf"]);
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => frame.w });
    Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => frame.h });
  });
  afterAll(() => {
    if (sizes.clientWidth) Object.defineProperty(HTMLElement.prototype, "clientWidth", sizes.clientWidth);
    if (sizes.clientHeight) Object.defineProperty(HTMLElement.prototype, "clientHeight", sizes.clientHeight);
  });

  function setup() {
    render(
      <ChakraProvider value={system}>
        <CompareView
          label="Original and compressed image, side by side"
          content={content}
          maxScale={16}
          zoomLabel={(scale) => `${Math.round(scale * 100)}%`}
          renderSide={(side, place) => <div data-testid={side} data-place={`${place.scale} ${place.x} ${place.y}`} />}
        />
      </ChakraProvider>,
    );
    const layer = (side: string) => screen.getByTestId(side).parentElement as HTMLElement;
    return { slider: screen.getByRole("slider", { name: "Split between original and compressed" }), layer };
  }

  it("is a labelled slider the keyboard moves, and the two sides are cut where it stands", () => {
    const { slider, layer } = setup();
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    expect(slider.getAttribute("aria-valuetext")).toBe("50% original, 50% compressed");
    expect(slider.tabIndex).toBe(0);
    expect(layer("before").style.clipPath).toBe("inset(0px 50% 0px 0px)");
    expect(layer("after").style.clipPath).toBe("inset(0px 0px 0px 50%)");

    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider.getAttribute("aria-valuenow")).toBe("51");
    fireEvent.keyDown(slider, { key: "ArrowRight", shiftKey: true });
    expect(slider.getAttribute("aria-valuenow")).toBe("61");
    fireEvent.keyDown(slider, { key: "PageDown" });
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    fireEvent.keyDown(slider, { key: "End" });
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider.getAttribute("aria-valuenow")).toBe("100");
    expect(layer("after").style.clipPath).toBe("inset(0px 0px 0px 100%)");
    fireEvent.keyDown(slider, { key: "Home" });
    expect(slider.getAttribute("aria-valuenow")).toBe("0");
    expect(layer("before").style.clipPath).toBe("inset(0px 100% 0px 0px)");
    // Keys a slider does not use are left to the page (Tab moves focus on).
    expect(fireEvent.keyDown(slider, { key: "Tab" })).toBe(true);
    expect(fireEvent.keyDown(slider, { key: "ArrowLeft" })).toBe(false);
  });

  it("zooms both sides together with the buttons and the keyboard, and Fit goes back", () => {
    const { layer } = setup();
    const frameEl = screen.getByTestId("compare-frame");
    const place = (side: string) => layer(side).firstElementChild?.getAttribute("data-place");
    expect(place("before")).toBe("0.5 0 0");
    expect(screen.getByTestId("compare-zoom").textContent).toBe("50%");
    expect((screen.getByRole("button", { name: "Zoom out" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(frameEl.dataset.zoom).toBe("2.000");
    // About the frame's centre: the content's centre stays there.
    expect(place("before")).toBe("1 -200 -150");
    expect(place("after")).toBe(place("before"));
    expect(screen.getByTestId("compare-zoom").textContent).toBe("100%");

    fireEvent.keyDown(frameEl, { key: "ArrowLeft" });
    expect(place("before")).toBe("1 -160 -150");
    expect(place("after")).toBe(place("before"));
    fireEvent.keyDown(frameEl, { key: "+" });
    expect(frameEl.dataset.zoom).toBe("4.000");
    fireEvent.click(screen.getByRole("button", { name: "Zoom out" }));
    expect(frameEl.dataset.zoom).toBe("2.000");
    fireEvent.click(screen.getByRole("button", { name: "Fit" }));
    expect(frameEl.dataset.zoom).toBe("1.000");
    expect(place("after")).toBe("0.5 0 0");
  });
});
