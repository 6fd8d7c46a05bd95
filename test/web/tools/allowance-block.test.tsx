import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { toolsById } from "../../../schema/tools";
import { meQuery } from "../../../web/api/auth";
import { createQueryClient } from "../../../web/api/query-client";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { AuthProvider } from "../../../web/session/auth-context";
import { system } from "../../../web/theme/system";
import { RunButton } from "../../../web/tools/run-button";
import { useUploadQueue } from "../../../web/tools/use-upload-queue";
import * as toaster from "../../../web/ui/toaster";
import { pdf, testUser } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

function signedIn(user: typeof testUser) {
  localStorage.setItem("sessionToken", "tok");
  const client = createQueryClient();
  client.setQueryData(meQuery("tok").queryKey, { user });
  return ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the client-side allowance block", () => {
  it("stops a free user at 10/10 before uploading, with the spec's toast", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const toast = vi.spyOn(toaster, "toast");
    const { result } = renderHook(
      () => useUploadQueue({ tool: toolsById["rotate-pdf"], mode: "each", autoStart: true }),
      {
        wrapper: signedIn({ ...testUser, dailyConversions: 10 }),
      },
    );
    act(() => result.current.addFiles([pdf("a.pdf")]));
    // Started once the file is known not to need a password.
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Conversion limit reached",
          description: "Upgrade to Premium for unlimited conversions",
          variant: "destructive",
        }),
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    // Nothing is wrong with the file: it waits, not failed.
    expect(result.current.items[0]).toMatchObject({ status: "pending", error: undefined });
  });

  it("at the limit the run button says so, and pressing it asks the guard (its toast); with some left it is the tool's", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const tool = toolsById["rotate-pdf"];
    const onClick = vi.fn();
    const at = (used: number) =>
      render(
        <RunButton tool={tool} files={1} onClick={onClick}>
          Rotate PDF
        </RunButton>,
        { wrapper: signedIn({ ...testUser, dailyConversions: used }) },
      );
    const full = at(10);
    const limit = await full.findByRole("button", { name: "Conversion limit reached" });
    expect(limit.getAttribute("data-limit")).toBe("reached");
    act(() => limit.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    full.unmount();
    const some = at(9);
    const run = await some.findByRole("button", { name: "Rotate PDF" });
    expect((run as HTMLButtonElement).disabled).toBe(false);
  });

  it("tells anyone else to try again tomorrow, and never blocks premium", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    const toast = vi.spyOn(toaster, "toast");
    const other = renderHook(() => useUploadQueue({ tool: toolsById["rotate-pdf"], mode: "each", autoStart: true }), {
      wrapper: signedIn({ ...testUser, role: "member", dailyConversions: 2, dailyLimit: 2 }),
    });
    act(() => other.result.current.addFiles([pdf("a.pdf")]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: "Please try again tomorrow" })),
    );

    const premium = renderHook(() => useUploadQueue({ tool: toolsById["rotate-pdf"], mode: "each", autoStart: true }), {
      wrapper: signedIn({ ...testUser, role: "premium", dailyConversions: 5000, dailyLimit: null }),
    });
    act(() => premium.result.current.addFiles([pdf("b.pdf")]));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(premium.result.current.items[0].status).toBe("uploading");
  });
});
