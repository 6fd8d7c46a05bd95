import { deflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFNumber, type PDFRawStream } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { Budget, MiB } from "../../../worker/engine/core/budget";
import type { FontProgram, ProgramKind } from "../../../worker/engine/pdf/compress/fonts/files";
import { programBytes } from "../../../worker/engine/pdf/compress/fonts/program-bytes";
import { bombOf } from "../support/bytes";
import { DEJAVU } from "./font-fixtures";

/**
 * How Compress PDF gets a font program's bytes before HarfBuzz sees them: a stream that does not
 * begin as a font is never inflated past its first bytes, a Flate program is counted within the
 * limit before it is kept, and the job is charged for what is kept (and for nothing else).
 * Judged against node:zlib and the DejaVu Sans file itself.
 */

const doc = await PDFDocument.create();
const ctx = doc.context;

function program(contents: Uint8Array, filter: string[] | null, kind: ProgramKind = "TrueType"): FontProgram {
  const stream = ctx.stream(contents) as PDFRawStream;
  if (filter) stream.dict.set(PDFName.of("Filter"), ctx.obj(filter.map((f) => PDFName.of(f))));
  stream.dict.set(PDFName.of("Length"), PDFNumber.of(contents.length));
  return { stream, kind, users: [] };
}

const bytes = (prog: FontProgram, max: number, budget?: Budget) =>
  programBytes(ctx, prog, max, budget, "a test's fonts");

describe("font programs: decoding bounded before it expands", () => {
  it("inflates a Flate program into one buffer of its size, charged to the job", () => {
    const budget = new Budget(60_000);
    const r = bytes(program(new Uint8Array(deflateSync(DEJAVU)), ["FlateDecode"]), 32 * MiB, budget);
    expect(r.data && Buffer.from(r.data).equals(DEJAVU)).toBe(true);
    expect(r.held).toBe(DEJAVU.length);
    expect(budget.memoryHeld).toBe(DEJAVU.length);
  });

  it("reads unfiltered programs in place, and other filter chains through the general decoder", () => {
    const plain = bytes(program(new Uint8Array(DEJAVU), null), 32 * MiB);
    expect(plain.held).toBe(0);
    expect(plain.data && Buffer.from(plain.data).equals(DEJAVU)).toBe(true);
    const hex = new TextEncoder().encode(`${Buffer.from(deflateSync(DEJAVU)).toString("hex")}>`);
    const budget = new Budget(60_000);
    const chained = bytes(program(hex, ["ASCIIHexDecode", "FlateDecode"]), 32 * MiB, budget);
    expect(chained.data && Buffer.from(chained.data).equals(DEJAVU)).toBe(true);
    expect(budget.memoryHeld).toBe(DEJAVU.length);
  });

  it("refuses a 64 MB Flate bomb posing as a font from its first bytes, inflating nothing more", () => {
    const budget = new Budget(60_000);
    const bomb = bombOf(64 * MiB);
    for (const kind of ["TrueType", "Type1C", "OpenType"] as const) {
      const r = bytes(program(bomb, ["FlateDecode"], kind), 32 * MiB, budget);
      expect(r).toEqual({ data: null, held: 0, work: 0 });
    }
    expect(budget.memoryHeld).toBe(0);
  });

  it("stops at the limit when a program begins as a font and then grows past it, holding nothing", () => {
    const head = Buffer.from([0, 1, 0, 0]);
    const big = new Uint8Array(deflateSync(Buffer.concat([head, Buffer.alloc(40 * MiB)])));
    const budget = new Budget(60_000);
    expect(bytes(program(big, ["FlateDecode"]), 4 * MiB, budget)).toEqual({ data: null, held: 0, work: 4 * MiB });
    expect(budget.memoryHeld).toBe(0);
    // Unfiltered and over the limit: left alone too.
    expect(bytes(program(new Uint8Array(DEJAVU), null), 1000).data).toBeNull();
  });

  it("leaves a program the job cannot hold, and damaged programs, as they were", () => {
    const packed = new Uint8Array(deflateSync(DEJAVU));
    const small = new Budget(60_000, { memory: DEJAVU.length - 1 });
    expect(bytes(program(packed, ["FlateDecode"]), 32 * MiB, small).data).toBeNull();
    expect(small.memoryHeld).toBe(0);
    const cut = bytes(program(packed.subarray(0, packed.length - 1000), ["FlateDecode"]), 32 * MiB);
    expect(cut.data).toBeNull();
  });
});
