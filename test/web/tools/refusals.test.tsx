import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Usage } from "../../../schema/api";
import { toolsById } from "../../../schema/tools";
import { createQueryClient } from "../../../web/api/query-client";
import { usageQuery } from "../../../web/api/usage";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { AuthProvider } from "../../../web/session/auth-context";
import { system } from "../../../web/theme/system";
import { batchAllowance, limitReachedToast } from "../../../web/tools/allowance";
import { handOff, takeHandOff } from "../../../web/tools/handoff";
import { useUploadQueue } from "../../../web/tools/use-upload-queue";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Text renamed .pdf: the name says PDF, the bytes do not. */
const notPdf = () => new File(["just some notes, not a PDF at all\n"], "not-a-pdf.pdf", { type: "application/pdf" });

function queue(toolId: "merge-pdf" | "rotate-pdf" | "compress-image", wrapper = Providers) {
  const mode = toolId === "merge-pdf" ? "batch" : "each";
  return renderHook(() => useUploadQueue({ tool: toolsById[toolId], mode }), { wrapper });
}

function guestWith(allowance: Usage) {
  const client = createQueryClient();
  client.setQueryData(usageQuery(null).queryKey, allowance);
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

describe("files checked by their bytes as they are added", () => {
  it("marks only the file that is not a PDF, in its own words; the others merge and are not marked Failed", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = queue("merge-pdf");
    act(() => result.current.addFiles([pdf("a.pdf"), notPdf(), pdf("b.pdf")]));
    await tick();
    const byName = () => Object.fromEntries(result.current.items.map((i) => [i.file.name, [i.status, i.error]]));
    expect(byName()).toEqual({
      "a.pdf": ["pending", undefined],
      "not-a-pdf.pdf": ["refused", "not-a-pdf.pdf is not a valid PDF file."],
      "b.pdf": ["pending", undefined],
    });
    expect(toast).toHaveBeenCalledWith({
      title: "File validation error",
      description: "not-a-pdf.pdf is not a valid PDF file.",
      variant: "destructive",
    });
    act(() => result.current.start());
    await tick();
    const sent = (fn.mock.calls[0][1].body as FormData).getAll("files") as File[];
    expect(sent.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    pending[0].resolve(jsonResponse({ files: [converted("a.pdf")] }));
    await tick(1500);
    expect(byName()).toEqual({
      "a.pdf": ["completed", undefined],
      "not-a-pdf.pdf": ["refused", "not-a-pdf.pdf is not a valid PDF file."],
      "b.pdf": ["completed", undefined],
    });
  });

  it("blames only the file the server names when a batch fails; the rest wait, and go without it", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = queue("merge-pdf");
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("broken.pdf"), pdf("c.pdf")]));
    await tick();
    act(() => result.current.start());
    await tick();
    pending[0].resolve(
      jsonResponse(
        { error: "broken.pdf is damaged or is not a valid PDF, and could not be read.", code: "pdf_damaged" },
        422,
        "Unprocessable Content",
      ),
    );
    await tick();
    const states = () => result.current.items.map((i) => [i.file.name, i.status, i.error]);
    expect(states()).toEqual([
      ["a.pdf", "pending", undefined],
      ["broken.pdf", "refused", "broken.pdf is damaged or is not a valid PDF, and could not be read."],
      ["c.pdf", "pending", undefined],
    ]);
    act(() => result.current.start());
    await tick();
    const sent = (fn.mock.calls[1][1].body as FormData).getAll("files") as File[];
    expect(sent.map((f) => f.name)).toEqual(["a.pdf", "c.pdf"]);
  });

  it("a failure that is the job's, not a file's, marks them all", async () => {
    const { pending } = deferredFetch();
    const { result } = queue("merge-pdf");
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf")]));
    await tick();
    act(() => result.current.start());
    await tick();
    pending[0].resolve(jsonResponse({ error: "The service is busy.", code: "busy" }, 503, "Service Unavailable"));
    await tick();
    expect(result.current.items.map((i) => i.status)).toEqual(["error", "error"]);
  });
});

describe("the whole batch against the allowance, before any upload", () => {
  it("refuses a guest's three images with one conversion left, whole, and sends nothing", async () => {
    const { fn } = deferredFetch();
    const { result } = queue("compress-image", guestWith({ tier: "guest", used: 1, daily: 2, remaining: 1 }));
    const png = (n: string) =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])], n, { type: "image/png" });
    act(() => result.current.addFiles([png("a.png"), png("b.png"), png("c.png")]));
    await tick();
    act(() => result.current.start());
    await tick();
    expect(fn).not.toHaveBeenCalled();
    // Not failed: they wait for the person to take some off (the toast says how many).
    expect(result.current.items.map((i) => i.status)).toEqual(["pending", "pending", "pending"]);
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: "Conversion limit reached",
        description:
          "These files need 3 conversions and 1 is left today. Remove 2 files to go on, or try the rest tomorrow.",
      }),
    );
  });

  it("merges any number of files for one conversion", async () => {
    const { fn } = deferredFetch();
    const { result } = queue("merge-pdf", guestWith({ tier: "guest", used: 1, daily: 2, remaining: 1 }));
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")]));
    await tick();
    act(() => result.current.start());
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("reads a guest's allowance first when a batch needs more than one and it is not known", async () => {
    const { fn, pending } = deferredFetch();
    const { result } = queue("rotate-pdf", guestWith(undefined as never));
    act(() => result.current.addFiles([pdf("a.pdf"), pdf("b.pdf")]));
    await tick();
    act(() => result.current.start());
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(pending[0].url).toBe("/api/usage");
    pending[0].resolve(jsonResponse({ tier: "guest", used: 2, daily: 2, remaining: 0 }));
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: "Conversion limit reached", description: "Please try again tomorrow" }),
    );
  });

  it("words the refusal by tier", () => {
    const over = batchAllowance(toolsById["watermark-pdf"], 3, 2);
    expect(over).toEqual({ needed: 3, remaining: 2, allowed: false, excess: 1 });
    expect(limitReachedToast(over, "free").description).toBe(
      "These files need 3 conversions and 2 are left today. Remove 1 file to go on, or upgrade to Premium for unlimited conversions.",
    );
    expect(limitReachedToast(batchAllowance(toolsById["merge-pdf"], 9, 0), "free")).toEqual({
      title: "Conversion limit reached",
      description: "Upgrade to Premium for unlimited conversions",
    });
    expect(batchAllowance(toolsById["merge-pdf"], 9, 1).allowed).toBe(true);
    expect(batchAllowance(toolsById["rotate-pdf"], 9, null).allowed).toBe(true);
  });
});

describe("a file handed to another tool", () => {
  it("is taken once by the page it was handed to, which lists it", async () => {
    deferredFetch();
    const big = pdf("big.pdf", 30 * 1024 * 1024);
    handOff("rotate-pdf", [big]);
    const { result } = queue("rotate-pdf");
    await tick();
    expect(result.current.items.map((i) => i.file)).toEqual([big]);
    expect(takeHandOff("rotate-pdf")).toEqual([]);
  });
});
