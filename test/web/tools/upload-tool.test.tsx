import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadNamespaces } from "../../../web/i18n/runtime";
import { UploadTool } from "../../../web/tools/upload-tool";
import { converted, deferredFetch, jsonResponse, Providers, pdf } from "./helpers";

// What the tool routes' loaders do before a page renders (the tool machinery's words).
beforeAll(() => loadNamespaces("en", ["tool-shell", "parts", "cloud"]));

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../../web/ui/toaster", () => ({ toast }));

const tick = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

// What the tool route's loader does before the page renders (its result buttons' words).
beforeAll(() => loadNamespaces("en", ["parts", "cloud"]));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the merge page body", () => {
  it("lists the files, merges them, and offers one 'Download Merged PDF' that opens the result", async () => {
    const { pending } = deferredFetch();
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { container } = render(
      <Providers>
        <UploadTool toolId="merge-pdf" mode="batch" sortable startLabel="Merge PDF" resultLabel="Download Merged PDF" />
      </Providers>,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")] } });
    expect(screen.getAllByTestId("upload-item")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Move a.pdf down" })).toBeTruthy();
    // Each file's first bytes are read as it is added; the rule is said by the button.
    await tick();
    expect(screen.getByTestId("counting-note").textContent).toBe(
      "Counts as one conversion, however many files you combine.",
    );

    fireEvent.click(screen.getByRole("button", { name: "Merge PDF" }));
    await tick();
    pending[0].resolve(jsonResponse({ message: "Files processed successfully", files: [converted("a.pdf")] }));
    await tick(1500);

    const buttons = screen.getAllByRole("button", { name: /Download/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent).toContain("Download Merged PDF");
    expect(screen.getByTestId("result-card").textContent).toContain("a-done.pdf");
    fireEvent.click(buttons[0]);
    expect(open).toHaveBeenCalledWith("/api/download/abcdefghijklmnopqrstuv", "_blank", "noopener");
    expect(toast).toHaveBeenLastCalledWith({ title: "Download started" });
    // Rendering the sortable list in jsdom takes seconds on a busy machine.
  }, 30_000);
});
