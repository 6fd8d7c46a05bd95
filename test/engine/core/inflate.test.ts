import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  InflateDamaged,
  InflateLimit,
  Inflater,
  inflate,
  inflatedSize,
  inflateOrNull,
  SLICE,
} from "../../../worker/engine/core/inflate";
import { bombOf, randomBytes } from "../support/bytes";

describe("inflate (judged by node:zlib)", () => {
  it("gives back exactly what zlib made, for sizes around the slice", () => {
    for (const n of [0, 1, SLICE - 1, SLICE, SLICE + 1, 100_000, 3_000_000]) {
      const plain = randomBytes(n, n + 7);
      const packed = new Uint8Array(deflateSync(plain));
      expect(Buffer.compare(inflate(packed, { max: n + 1 }), plain)).toBe(0);
      expect(inflatedSize(packed, { max: n + 1 })).toBe(n);
      expect(inflateSync(packed).length).toBe(n);
    }
  });

  it("stops one slice past the limit of a 256 MB bomb, never holding more than a slice's output", () => {
    const bomb = bombOf(256 * 1024 * 1024);
    let largest = 0;
    let total = 0;
    const z = new Inflater((chunk) => {
      largest = Math.max(largest, chunk.length);
      total += chunk.length;
      if (total > 8 * 1024 * 1024) throw new InflateLimit(8 * 1024 * 1024);
    });
    expect(() => z.push(bomb, true)).toThrow(InflateLimit);
    // Deflate expands at most 1032:1: one slice of input makes at most about 1 MB.
    expect(largest).toBeLessThanOrEqual(SLICE * 1032 + 32 * 1024);
    expect(total).toBeLessThan(8 * 1024 * 1024 + SLICE * 1032 + 32 * 1024);
    expect(() => inflate(bomb, { max: 1024 * 1024 })).toThrow(InflateLimit);
    expect(() => inflatedSize(bomb, { max: 1024 * 1024 })).toThrow(InflateLimit);
    expect(inflateOrNull(bomb, 1024 * 1024)).toBeNull();
  });

  it("refuses damaged data, or keeps what came before the damage when asked", () => {
    const plain = randomBytes(50_000, 3);
    const packed = new Uint8Array(deflateSync(plain));
    const cut = packed.subarray(0, packed.length - 20);
    expect(() => inflate(cut, { max: 1e6 })).toThrow(InflateDamaged);
    expect(() => inflateSync(cut)).toThrow();
    const partial = inflate(cut, { max: 1e6, strict: false });
    expect(partial.length).toBeGreaterThan(0);
    expect(Buffer.compare(partial, plain.subarray(0, partial.length))).toBe(0);
    expect(() => inflate(new TextEncoder().encode("not zlib at all"), { max: 1e6 })).toThrow(InflateDamaged);
    expect(inflateOrNull(cut, 1e6)).toBeNull();
  });
});
