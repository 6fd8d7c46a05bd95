import { describe, expect, it } from "vitest";
import type { ConvertedFile } from "../../../schema/api";
import { newItem, type UploadItem, type UploadStatus } from "../../../web/tools/upload-items";
import { type AddLimits, admit, type QueueAction, queueReducer } from "../../../web/tools/upload-queue-reducer";

// The list's states on their own: no React, no requests, no timers (those are the runner's, and
// upload-queue.test.tsx follows them through the hook).

const file = (name: string) => new File(["%PDF-1.7\n"], name, { type: "application/pdf" });
const item = (name: string, status: UploadStatus = "pending", extra: Partial<UploadItem> = {}) =>
  newItem(file(name), status, extra);
const output = (name: string, extra: Partial<ConvertedFile> = {}): ConvertedFile => ({
  originalName: name,
  convertedName: name.replace(/\.pdf$/, "-done.pdf"),
  downloadUrl: `/api/download/${name}`,
  size: 1234,
  status: "completed",
  ...extra,
});
const run = (items: UploadItem[], ...actions: QueueAction[]) => actions.reduce(queueReducer, items);
const names = (items: UploadItem[]) => items.map((i) => i.file.name);
const EACH: AddLimits = { maxFiles: 20, batch: false };
const BATCH: AddLimits = { maxFiles: 20, batch: true };
const SINGLE: AddLimits = { maxFiles: 1, batch: false };

describe("a request's steps", () => {
  it("go uploading 10 at send, 50 on response, processing 80, then completed 100 with the result", () => {
    const a = item("a.pdf", "error", { error: "Failed", resultUrl: "/old" });
    const ids = [a.id];
    let list = run([a], { type: "sent", ids });
    expect(list[0]).toMatchObject({ status: "uploading", progress: 10, error: undefined, resultUrl: undefined });
    list = run(list, { type: "responded", ids });
    expect(list[0]).toMatchObject({ status: "uploading", progress: 50 });
    list = run(list, { type: "processing", ids });
    expect(list[0]).toMatchObject({ status: "processing", progress: 80 });
    const out = output("a.pdf", { compressedSize: 500, compressionRatio: "50%" });
    list = run(list, { type: "finished", ids, outputs: [out], batch: false });
    expect(list[0]).toMatchObject({
      status: "completed",
      progress: 100,
      resultUrl: "/api/download/a.pdf",
      result: out,
      compressedSize: 500,
      compressionRatio: "50%",
    });
  });

  it("give a batch's one output to its first item; the others complete without a link", () => {
    const [a, b] = [item("a.pdf"), item("b.pdf")];
    const list = run([a, b], { type: "finished", ids: [a.id, b.id], outputs: [output("merged.pdf")], batch: true });
    expect(list[0]).toMatchObject({ status: "completed", progress: 100, resultUrl: "/api/download/merged.pdf" });
    expect(list[1]).toMatchObject({ status: "completed", progress: 100 });
    expect(list[1].resultUrl ?? list[1].result).toBeUndefined();
  });

  it("mark a file the server failed (or left out) as an error, with the server's words", () => {
    const [a, b] = [item("a.pdf", "processing"), item("b.pdf", "processing")];
    const failed = output("a.pdf", { status: "error", error: "Damaged file", downloadUrl: undefined });
    const list = run([a, b], { type: "finished", ids: [a.id, b.id], outputs: [failed], batch: false });
    expect(list[0]).toMatchObject({ status: "error", error: "Damaged file" });
    expect(list[1]).toMatchObject({ status: "error", error: "Processing failed" });
  });

  it("leave other items alone", () => {
    const [a, b] = [item("a.pdf"), item("b.pdf", "completed", { progress: 100 })];
    const list = run([a, b], { type: "sent", ids: [a.id] });
    expect(list[1]).toBe(b);
  });
});

describe("a failed request", () => {
  it("marks every item of the request with the message", () => {
    const [a, b] = [item("a.pdf", "uploading", { progress: 50 }), item("b.pdf", "uploading")];
    const list = run([a, b], { type: "failed", ids: [a.id, b.id], error: "Server busy", asksPassword: false });
    for (const i of list) expect(i).toMatchObject({ status: "error", progress: 0, error: "Server busy" });
  });

  it("asks a single file for its password again when the server wants one", () => {
    const a = item("a.pdf", "uploading");
    const list = run([a], { type: "failed", ids: [a.id], error: "Wrong password", asksPassword: true });
    expect(list[0]).toMatchObject({ status: "locked", progress: 0, error: "Wrong password" });
  });

  it("in a batch, marks only the file the server blamed; the others wait again", () => {
    const [a, b, c] = [item("a.pdf", "uploading"), item("b.pdf", "uploading"), item("c.pdf", "uploading")];
    const ids = [a.id, b.id, c.id];
    const refused = run([a, b, c], { type: "failed", ids, error: "b is damaged", culprit: b.id, asksPassword: false });
    expect(refused.map((i) => i.status)).toEqual(["pending", "refused", "pending"]);
    expect(refused[1]).toMatchObject({ progress: 0, error: "b is damaged" });
    expect(refused[0].error).toBeUndefined();
    const locked = run([a, b, c], { type: "failed", ids, error: "b needs one", culprit: b.id, asksPassword: true });
    expect(locked.map((i) => i.status)).toEqual(["pending", "locked", "pending"]);
  });

  it("without a culprit, a batch that wants a password is an error (it cannot say whose)", () => {
    const [a, b] = [item("a.pdf", "uploading"), item("b.pdf", "uploading")];
    const list = run([a, b], { type: "failed", ids: [a.id, b.id], error: "Password", asksPassword: true });
    expect(list.map((i) => i.status)).toEqual(["error", "error"]);
  });
});

describe("a batch that is not sent", () => {
  it("with too few files is marked as an error where it stands", () => {
    const a = item("a.pdf", "pending", { progress: 0 });
    expect(run([a], { type: "tooFew", ids: [a.id], error: "Add another" })[0]).toMatchObject({
      status: "error",
      error: "Add another",
    });
  });

  it("beyond today's allowance waits at 0, not failed (the toast says why)", () => {
    const a = item("a.pdf", "uploading", { progress: 10 });
    expect(run([a], { type: "overLimit", ids: [a.id] })[0]).toMatchObject({
      status: "pending",
      progress: 0,
      error: undefined,
    });
  });
});

describe("adding files", () => {
  it("puts them after the others, refused ones in their place with their reason", () => {
    const old = item("old.pdf", "completed");
    const bad = item("bad.txt", "refused", { error: "Not a PDF" });
    const [a, b] = [item("a.pdf"), item("b.pdf")];
    const { items, added, overflow } = admit([old], [a, bad, b], EACH);
    expect(names(items)).toEqual(["old.pdf", "a.pdf", "bad.txt", "b.pdf"]);
    expect(added).toEqual([a, b]);
    expect(overflow).toBe(false);
    expect(run([old], { type: "added", incoming: [a, bad, b], limits: EACH })).toEqual(items);
  });

  it("takes no more than the tool's maximum (refused files do not count) and says so", () => {
    const present = [item("1.pdf"), item("2.pdf"), item("x.txt", "refused")];
    const incoming = [item("3.pdf"), item("4.pdf"), item("y.txt", "refused")];
    const { items, added, overflow } = admit(present, incoming, { maxFiles: 3, batch: false });
    expect(names(added)).toEqual(["3.pdf"]);
    expect(names(items)).toEqual(["1.pdf", "2.pdf", "x.txt", "3.pdf", "y.txt"]);
    expect(overflow).toBe(true);
  });

  it("leaves the list as it was when nothing new can go on it", () => {
    const present = [item("1.pdf")];
    const full = admit(present, [item("2.pdf")], { maxFiles: 2, batch: false });
    expect(full.items).not.toBe(present);
    const none = admit(full.items, [item("3.pdf")], { maxFiles: 2, batch: false });
    expect(none.items).toBe(full.items);
    expect(none.overflow).toBe(true);
    expect(admit(present, [], EACH).items).toBe(present);
  });

  it("starts a new list after a finished batch, and sends a failed batch again whole", () => {
    const done = [item("a.pdf", "completed"), item("b.pdf", "completed")];
    expect(names(admit(done, [item("c.pdf")], BATCH).items)).toEqual(["c.pdf"]);
    const failed = [item("a.pdf", "error", { error: "Failed" })];
    const list = admit(failed, [item("b.pdf")], BATCH).items;
    expect(list[0]).toMatchObject({ status: "pending", error: undefined });
    // One file at a time keeps its failure until it is sent again.
    expect(admit(failed, [item("b.pdf")], EACH).items[0].status).toBe("error");
  });

  it("replaces a refused file's row when the same file comes again", () => {
    const refused = item("big.pdf", "refused", { error: "Too large" });
    const again = newItem(refused.file, "pending");
    const list = admit([refused], [again], EACH).items;
    expect(list).toEqual([again]);
  });

  it("shows a single-file tool's one file: the new one, or the refused one when nothing else came", () => {
    const working = item("busy.pdf", "uploading");
    const [waiting, done] = [item("w.pdf"), item("d.pdf", "completed")];
    const next = item("new.pdf");
    const bad = item("bad.txt", "refused");
    expect(names(admit([waiting, done], [bad, next], SINGLE).items)).toEqual(["new.pdf"]);
    expect(names(admit([working, done], [next], SINGLE).items)).toEqual(["busy.pdf", "new.pdf"]);
    expect(names(admit([waiting], [bad], SINGLE).items)).toEqual(["bad.txt"]);
    expect(admit([waiting], [item("a.pdf"), item("b.pdf")], SINGLE)).toMatchObject({ overflow: false });
  });
});

describe("looking at a file", () => {
  it("refuses one whose content is not what its name says, with nothing to offer", () => {
    const a = item("a.pdf", "uploading");
    expect(run([a], { type: "refused", id: a.id, error: "Not a PDF" })[0]).toMatchObject({
      status: "refused",
      progress: 0,
      error: "Not a PDF",
      remedies: [],
    });
  });

  it("holds an encrypted one until its password opens it", () => {
    const a = item("a.pdf", "uploading", { error: "Wrong password" });
    const locked = run([a], { type: "locked", id: a.id });
    expect(locked[0]).toMatchObject({ status: "locked", progress: 0 });
    const waits = run(locked, { type: "unlocked", id: a.id, password: "pw", autoStart: false });
    expect(waits[0]).toMatchObject({ status: "pending", filePassword: "pw", error: undefined });
    const goes = run(locked, { type: "unlocked", id: a.id, password: "pw", autoStart: true });
    expect(goes[0]).toMatchObject({ status: "uploading", filePassword: "pw" });
  });
});

describe("the person's own changes", () => {
  it("remove an item; the others of its request in flight wait again", () => {
    const [a, b, c] = [item("a.pdf", "uploading", { progress: 50 }), item("b.pdf", "uploading"), item("c.pdf")];
    const list = run([a, b, c], { type: "removed", id: b.id, cancelled: [a.id, b.id] });
    expect(names(list)).toEqual(["a.pdf", "c.pdf"]);
    expect(list[0]).toMatchObject({ status: "pending", progress: 0 });
    expect(list[1]).toBe(c);
  });

  it("move an item to another's place, or a step up or down past refused files", () => {
    const [a, bad, b, c] = [item("a.pdf"), item("bad.txt", "refused"), item("b.pdf"), item("c.pdf")];
    const list = [a, bad, b, c];
    expect(names(run(list, { type: "moved", id: c.id, to: a.id }))).toEqual(["c.pdf", "a.pdf", "bad.txt", "b.pdf"]);
    expect(names(run(list, { type: "moved", id: a.id, to: 1 }))).toEqual(["bad.txt", "b.pdf", "a.pdf", "c.pdf"]);
    expect(names(run(list, { type: "moved", id: b.id, to: -1 }))).toEqual(["b.pdf", "a.pdf", "bad.txt", "c.pdf"]);
  });

  it("leave the list as it is for a move that goes nowhere", () => {
    const list = [item("a.pdf"), item("b.pdf")];
    expect(run(list, { type: "moved", id: list[0].id, to: -1 })).toBe(list);
    expect(run(list, { type: "moved", id: list[1].id, to: 1 })).toBe(list);
    expect(run(list, { type: "moved", id: "gone", to: list[0].id })).toBe(list);
    expect(run(list, { type: "moved", id: list[0].id, to: list[0].id })).toBe(list);
  });

  it("start over with an empty list", () => {
    expect(run([item("a.pdf"), item("b.pdf", "completed")], { type: "reset" })).toEqual([]);
  });
});
