import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { useFillForm } from "../../../web/tools/fill-form/use-fill-form";
import { converted, jsonResponse, Providers, pdf, testUser } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

const FIELD = {
  name: "Name",
  type: "text",
  value: "Old",
  readOnly: false,
  required: false,
  widgets: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05 }],
};

function stubFetch(...answers: Response[]) {
  const fn = vi.fn(async (url: string, _init: RequestInit) =>
    // The header's counters are read again after a fill: that call is not the one under test.
    url.startsWith("/api/auth") ? jsonResponse({ user: testUser }) : (answers.shift() ?? jsonResponse({}, 500)),
  );
  vi.stubGlobal("fetch", fn);
  return fn;
}

beforeEach(() => {
  toast.mockClear();
  localStorage.setItem("sessionToken", "tok");
});
afterEach(() => vi.unstubAllGlobals());

describe("fill form", () => {
  it("reads the fields, prefills the values and fills with the password-free request", async () => {
    const zip = { ...converted("form.pdf", "zzzzzzzzzzzzzzzzzzzzzz"), convertedName: "form-filled.zip" };
    const fn = stubFetch(
      jsonResponse({ pageCount: 2, fields: [FIELD] }),
      jsonResponse({ message: "Files processed successfully", files: [converted("form.pdf"), zip], file: zip }),
    );
    const { result } = renderHook(() => useFillForm(), { wrapper: Providers });
    await act(() => result.current.select(pdf("form.pdf")));
    await waitFor(() => expect(result.current.doc?.status).toBe("ready"));
    expect(fn.mock.calls[0][0]).toBe("/api/form-fields");
    expect(result.current.doc).toMatchObject({ pageCount: 2, fields: [FIELD] });
    expect(result.current.values).toEqual({ Name: "Old" });

    await act(() => result.current.run({ values: '{"Name":"Ada"}', flatten: "false" }));
    await waitFor(() => expect(result.current.doc?.status).toBe("completed"));
    const [url, init] = fn.mock.calls[1];
    expect(url).toBe("/api/convert/fill-form");
    const body = init.body as FormData;
    expect(body.get("values")).toBe('{"Name":"Ada"}');
    expect(body.get("files")).toBeInstanceOf(File);
    // The answer's primary file (a mail merge's ZIP) is the one offered first.
    expect(result.current.doc?.main?.convertedName).toBe("form-filled.zip");
    expect(result.current.doc?.results).toHaveLength(2);
    expect(toast).toHaveBeenCalledWith({ title: "Files processed successfully" });
  });

  it("shows the server's reason for an XFA-only form", async () => {
    const reason = "This is an XFA form, which only Adobe Reader can fill; it has no fields this tool can fill.";
    stubFetch(jsonResponse({ error: reason, code: "xfa_form" }, 422, "Unprocessable Content"));
    const { result } = renderHook(() => useFillForm(), { wrapper: Providers });
    await act(() => result.current.select(pdf("xfa.pdf")));
    await waitFor(() => expect(result.current.doc?.status).toBe("refused"));
    expect(result.current.doc?.detail).toBe(reason);
  });

  it("takes a PDF with no fields as ready, with nothing to fill", async () => {
    stubFetch(jsonResponse({ pageCount: 1, fields: [] }));
    const { result } = renderHook(() => useFillForm(), { wrapper: Providers });
    await act(() => result.current.select(pdf("flat.pdf")));
    await waitFor(() => expect(result.current.doc?.status).toBe("ready"));
    expect(result.current.doc?.fields).toEqual([]);
  });

  it("keeps the form when the fill fails, with the server's message", async () => {
    stubFetch(
      jsonResponse({ pageCount: 1, fields: [FIELD] }),
      jsonResponse({ error: "The row must be a whole number from 1 to 500.", code: "invalid_options" }, 400),
    );
    const { result } = renderHook(() => useFillForm(), { wrapper: Providers });
    await act(() => result.current.select(pdf("form.pdf")));
    await waitFor(() => expect(result.current.doc?.status).toBe("ready"));
    await act(() => result.current.run({ values: "{}" }));
    expect(result.current.doc).toMatchObject({
      status: "ready",
      error: "The row must be a whole number from 1 to 500.",
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Processing failed", variant: "destructive" }));
  });

  it("refuses a file that is not a PDF before sending anything", async () => {
    const fn = stubFetch();
    const { result } = renderHook(() => useFillForm(), { wrapper: Providers });
    await act(() => result.current.select(new File(["a"], "data.csv", { type: "text/csv" })));
    expect(result.current.doc).toBeNull();
    expect(fn).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "File validation error" }));
  });
});
