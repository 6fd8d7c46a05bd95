import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { toolsById } from "../../../schema/tools";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { mentionsEncrypt, passwordFields } from "../../../web/tools/locked-pdf";
import { useUploadQueue } from "../../../web/tools/use-upload-queue";
import { converted, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

// pdf.js does not run in jsdom: its verdicts are played here (the e2e tests use the real one).
const lock = vi.hoisted(() => ({
  needsPassword: vi.fn(async (f: File) => f.name.startsWith("secret")),
  passwordOpens: vi.fn(async (_f: File, p: string) => p === "user4"),
}));
vi.mock("../../../web/tools/locked-pdf", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../web/tools/locked-pdf")>()),
  ...lock,
}));
const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.mockClear();
});

describe("finding encrypted PDFs", () => {
  it("finds /Encrypt anywhere, also across the 4 MB slices it reads", async () => {
    const slice = 4 * 1024 * 1024;
    const at = (offset: number) => {
      const bytes = new Uint8Array(slice + 100);
      bytes.set(new TextEncoder().encode("/Encrypt"), offset);
      return new Blob([bytes]);
    };
    expect(await mentionsEncrypt(at(10))).toBe(true);
    expect(await mentionsEncrypt(at(slice - 3))).toBe(true);
    expect(await mentionsEncrypt(at(slice + 50))).toBe(true);
    expect(await mentionsEncrypt(new Blob(["%PDF-1.7 /Encryp t /Encryp"]))).toBe(false);
  });

  it("sends each file's password by its position in the request", () => {
    expect(passwordFields([undefined, "b", undefined, "d"])).toEqual({ passwords: '{"1":"b","3":"d"}' });
    expect(passwordFields([undefined])).toEqual({});
  });
});

describe("a locked file in the upload queue", () => {
  it("waits for a password that opens it, then goes with it; other files do not wait", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ message: "ok", files: [converted("x.pdf")] }),
    );
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(
      () => useUploadQueue({ tool: toolsById["rotate-pdf"], mode: "each", autoStart: true }),
      { wrapper: Providers },
    );
    act(() => result.current.addFiles([pdf("secret.pdf"), pdf("plain.pdf")]));
    await waitFor(() => expect(result.current.items[0].status).toBe("locked"));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const first = fetch.mock.calls[0][1].body as FormData;
    expect((first.get("files") as File).name).toBe("plain.pdf");
    expect(first.get("passwords")).toBeNull();

    let opened = true;
    await act(async () => {
      opened = await result.current.unlock(result.current.items[0].id, "wrong");
    });
    expect(opened).toBe(false);
    expect(result.current.items[0].status).toBe("locked");
    await act(async () => {
      opened = await result.current.unlock(result.current.items[0].id, "user4");
    });
    expect(opened).toBe(true);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const second = fetch.mock.calls[1][1].body as FormData;
    expect((second.get("files") as File).name).toBe("secret.pdf");
    expect(second.get("passwords")).toBe('{"0":"user4"}');
  });

  it("holds a whole batch until every file's password is given", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      jsonResponse({ message: "ok", files: [converted("m.pdf")] }),
    );
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(() => useUploadQueue({ tool: toolsById["merge-pdf"], mode: "batch" }), {
      wrapper: Providers,
    });
    act(() => result.current.addFiles([pdf("plain.pdf"), pdf("secret.pdf")]));
    await waitFor(() => expect(result.current.items[1].status).toBe("locked"));
    act(() => result.current.start());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Password needed",
          description: "secret.pdf is password-protected. Enter its password to continue.",
        }),
      ),
    );
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => {
      await result.current.unlock(result.current.items[1].id, "user4");
    });
    act(() => result.current.start());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = fetch.mock.calls[0][1].body as FormData;
    expect(body.getAll("files").map((f) => (f as File).name)).toEqual(["plain.pdf", "secret.pdf"]);
    expect(body.get("passwords")).toBe('{"1":"user4"}');
  });
});
