import { PDFContext, PDFDict, PDFName, PDFNumber, PDFString } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { getDict, numberArray, numbers, resolve } from "../../../worker/engine/pdf/objects";

describe("resolve", () => {
  it("follows a reference, and a reference to a reference", () => {
    const ctx = PDFContext.create();
    const dict = ctx.obj({ Type: "Page" });
    const ref = ctx.register(dict);
    const twice = ctx.register(ref);
    expect(resolve(ctx, ref)).toBe(dict);
    expect(resolve(ctx, twice)).toBe(dict);
    expect(resolve(ctx, dict)).toBe(dict);
    expect(resolve(ctx, undefined)).toBeUndefined();
  });

  it("reads a reference that leads nowhere (no object, a loop, an endless chain) as undefined", () => {
    const ctx = PDFContext.create();
    const missing = ctx.nextRef();
    expect(resolve(ctx, missing)).toBeUndefined();
    const a = ctx.nextRef();
    const b = ctx.nextRef();
    ctx.assign(a, b);
    ctx.assign(b, a);
    expect(resolve(ctx, a)).toBeUndefined();
    let chain = ctx.register(PDFNumber.of(1));
    for (let i = 0; i < 20; i++) chain = ctx.register(chain);
    expect(resolve(ctx, chain)).toBeUndefined();
    const holder = ctx.obj({ Resources: a });
    expect(getDict(ctx, holder, "Resources")).toBeUndefined();
  });
});

describe("numbers and numberArray", () => {
  it("read indirect numbers, and differ on an item that is not one", () => {
    const ctx = PDFContext.create();
    const three = ctx.register(PDFNumber.of(3));
    const good = ctx.obj([1, 2, three]);
    expect(numbers(ctx, good)).toEqual([1, 2, 3]);
    expect(numberArray(ctx, good)).toEqual([1, 2, 3]);
    const bad = ctx.obj([1, PDFString.of("x")]);
    expect(numbers(ctx, bad)).toEqual([1, Number.NaN]);
    expect(numberArray(ctx, bad)).toBeNull();
    expect(numbers(ctx, PDFName.of("A"))).toBeUndefined();
    expect(numberArray(ctx, PDFDict.withContext(ctx))).toBeNull();
  });
});
