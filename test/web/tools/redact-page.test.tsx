import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { postConversion } from "../../../web/api/convert";
import { loadNamespace, loadNamespaces } from "../../../web/i18n/runtime";
import { system } from "../../../web/theme/system";
import { AreaLayer } from "../../../web/tools/redact-pdf/area-layer";
import { reportOf } from "../../../web/tools/redact-pdf/plan";
import { useRedactPlan } from "../../../web/tools/redact-pdf/use-redact";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

beforeEach(() => localStorage.setItem("sessionToken", "tok"));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe("finding text to redact", () => {
  it("asks /api/redact-preview with the search, its options, the patterns and the password, with the session token", async () => {
    const { fn, pending } = deferredFetch();
    const file = pdf("letter.pdf");
    const { result } = renderHook(() => useRedactPlan(file, "s3cret"), { wrapper: Providers });
    act(() =>
      result.current.setQuery({ search: "Secret", matchCase: true, wholeWord: false, patterns: ["email", "iban"] }),
    );
    act(() => result.current.find());
    await settle();
    const [url, init] = fn.mock.calls[0];
    expect(url).toBe("/api/redact-preview");
    const body = init.body as FormData;
    expect(body.get("files")).toBeInstanceOf(File);
    expect(body.get("search")).toBe("Secret");
    expect(body.get("matchCase")).toBe("true");
    expect(body.get("wholeWord")).toBe("false");
    expect(body.get("patterns")).toBe("email,iban");
    expect(body.get("password")).toBe("s3cret");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tok");
    pending[0].resolve(
      jsonResponse({
        pageCount: 2,
        matches: [
          {
            id: "t1:0-15",
            page: 1,
            text: "ada@example.com",
            context: "mail ada@example.com today",
            kind: "text",
            rects: [{ x: 0.1, y: 0.1, width: 0.3, height: 0.02 }],
          },
          {
            id: "t2:4-10",
            page: 2,
            text: "Secret",
            context: "Top Secret",
            kind: "text",
            rects: [{ x: 0.5, y: 0.5, width: 0.1, height: 0.02 }],
          },
        ],
      }),
    );
    await settle();
    expect(result.current.found.map((m) => m.text)).toEqual(["ada@example.com", "Secret"]);
    expect(result.current.keptMatches).toBe(2);
    act(() => result.current.keep(result.current.found[0].id, false));
    act(() => result.current.add(1, { x: 0.5, y: 0.6, width: 0.2, height: 0.05 }));
    // The boxes drawn; the search, for the server to find the same places again; the match left.
    expect(JSON.parse(result.current.fields.areas)).toEqual([{ page: 1, x: 0.5, y: 0.6, width: 0.2, height: 0.05 }]);
    expect(JSON.parse(result.current.fields.searches)).toEqual([
      { search: "Secret", matchCase: true, wholeWord: false, patterns: ["email", "iban"] },
    ]);
    expect(JSON.parse(result.current.fields.skip)).toEqual(["t1:0-15"]);
    // Metadata goes by default: it often names what was redacted.
    expect(result.current.fields).toMatchObject({ clearMetadata: "true", color: "black" });
  });

  it("shows the server's error when the search fails", async () => {
    const { pending } = deferredFetch();
    const file = pdf("a.pdf");
    const { result } = renderHook(() => useRedactPlan(file, undefined), { wrapper: Providers });
    act(() => result.current.setQuery({ search: "x", matchCase: false, wholeWord: false, patterns: [] }));
    act(() => result.current.find());
    await settle();
    expect((pending[0].init.body as FormData).has("password")).toBe(false);
    pending[0].resolve(
      jsonResponse({ error: "This PDF needs a password", code: "password_required" }, 400, "Bad Request"),
    );
    await waitFor(() => expect(result.current.findError).toBe("This PDF needs a password"));
    expect(result.current.found).toEqual([]);
  });

  it("starts over for a new file", async () => {
    deferredFetch();
    let file = pdf("a.pdf");
    const { result, rerender } = renderHook(() => useRedactPlan(file, undefined), { wrapper: Providers });
    act(() => result.current.add(1, { x: 0.1, y: 0.1, width: 0.1, height: 0.1 }));
    expect(result.current.areas).toHaveLength(1);
    file = pdf("b.pdf");
    rerender();
    await settle();
    expect(result.current.areas).toEqual([]);
  });
});

describe("the report reaches the page", () => {
  it("keeps the tool's numbers on the converted file, which the shared schema does not name", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({
          message: "Redacted",
          file: { ...converted("a.pdf"), boxes: 3, pages: 2, matches: 0, glyphsRemoved: 40, note: "text" },
        }),
      ),
    );
    const res = await postConversion("/api/convert/redact-pdf", [pdf("a.pdf")]);
    expect(reportOf(res.file)).toEqual({
      boxes: 3,
      pages: 2,
      matches: 0,
      glyphsRemoved: 40,
      imagesPainted: 0,
      annotationsRemoved: 0,
      placesCleaned: 0,
    });
    expect(res.file).not.toHaveProperty("note");
  });
});

describe("marking areas on a page", () => {
  function layer(props: Partial<Parameters<typeof AreaLayer>[0]> = {}) {
    const calls = { onAdd: vi.fn(), onChange: vi.fn(), onSelect: vi.fn(), onRemove: vi.fn() };
    render(
      <ChakraProvider value={system}>
        <div style={{ position: "relative" }}>
          <AreaLayer page={2} areas={[]} matches={[]} selected={null} drawing {...calls} {...props} />
        </div>
      </ChakraProvider>,
    );
    const el = screen.getByTestId("redact-layer");
    vi.spyOn(el, "getBoundingClientRect").mockReturnValue({
      left: 0,
      top: 0,
      width: 400,
      height: 500,
      right: 400,
      bottom: 500,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    return { el, ...calls };
  }

  // The layer's words come from its catalog, loaded before it renders (the route's loader does this on the site).
  beforeAll(() => loadNamespace("en", "redact-pdf"));
  beforeEach(() => {
    Element.prototype.setPointerCapture ??= () => undefined;
  });

  it("a drag on the page marks an area in fractions of the page; a click does not", () => {
    const { el, onAdd, onSelect } = layer();
    fireEvent.pointerDown(el, { clientX: 40, clientY: 50, button: 0, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 240, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 240, clientY: 100, pointerId: 1 });
    expect(onSelect).toHaveBeenCalledWith(null);
    expect(onAdd).toHaveBeenCalledTimes(1);
    const [page, r] = onAdd.mock.calls[0];
    expect(page).toBe(2);
    expect(r.x).toBeCloseTo(0.1);
    expect(r.y).toBeCloseTo(0.1);
    expect(r.width).toBeCloseTo(0.5);
    expect(r.height).toBeCloseTo(0.1);
    fireEvent.pointerDown(el, { clientX: 40, clientY: 50, button: 0, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 40, clientY: 50, pointerId: 1 });
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it("does not draw while drawing is off (a finger scrolls)", () => {
    const { el, onAdd } = layer({ drawing: false });
    fireEvent.pointerDown(el, { clientX: 40, clientY: 50, button: 0, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 240, clientY: 100, pointerId: 1 });
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("an area is selected and moved by dragging it, nudged by the arrow keys, removed with Delete", () => {
    const area = { id: "a1", page: 2, x: 0.1, y: 0.1, width: 0.2, height: 0.1, number: 3 };
    const { el, onChange, onSelect, onRemove } = layer({ areas: [area], selected: "a1" });
    const box = screen.getByRole("button", { name: "Area 3 on page 2" });
    fireEvent.pointerDown(box, { clientX: 60, clientY: 60, button: 0, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 100, clientY: 110, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 100, clientY: 110, pointerId: 1 });
    expect(onSelect).toHaveBeenCalledWith("a1");
    const [id, moved] = onChange.mock.calls[0];
    expect(id).toBe("a1");
    expect(moved.x).toBeCloseTo(0.2);
    expect(moved.y).toBeCloseTo(0.2);
    expect(moved.width).toBeCloseTo(0.2);
    fireEvent.keyDown(box, { key: "ArrowRight" });
    expect(onChange.mock.calls[1][1].x).toBeCloseTo(0.105);
    fireEvent.keyDown(box, { key: "Delete" });
    expect(onRemove).toHaveBeenCalledWith("a1");
    // The selected area shows its four corner grips.
    expect(el.querySelectorAll("[data-grip]")).toHaveLength(4);
  });

  it("shows kept matches filled and left-out ones as an outline", () => {
    layer({
      matches: [
        {
          id: "m1",
          page: 2,
          text: "a",
          context: "a",
          kind: "text",
          kept: true,
          rects: [{ x: 0, y: 0, width: 0.1, height: 0.1 }],
        },
        {
          id: "m2",
          page: 2,
          text: "b",
          context: "b",
          kind: "text",
          kept: false,
          rects: [{ x: 0.5, y: 0, width: 0.1, height: 0.1 }],
        },
      ],
    });
    const boxes = screen.getAllByTestId("redact-match-box");
    expect(boxes.map((b) => b.dataset.kept)).toEqual(["true", "false"]);
  });
});
