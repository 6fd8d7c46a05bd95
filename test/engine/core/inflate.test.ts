import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  InflateDamaged,
  InflateLimit,
  Inflater,
  inflate,
  inflatedSize,
  inflateInto,
  inflateOrNull,
  inflatePrefix,
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

describe("inflatePrefix and inflateInto (judged by node:zlib)", () => {
  it("gives the first bytes of the data, or all of it when shorter, and what came before damage", () => {
    const plain = randomBytes(200_000, 3);
    const packed = new Uint8Array(deflateSync(plain));
    for (const n of [1, 4, 100, 70_000]) expect(Buffer.compare(inflatePrefix(packed, n), plain.subarray(0, n))).toBe(0);
    expect(Buffer.compare(inflatePrefix(packed, 300_000), plain)).toBe(0);
    expect(inflatePrefix(new Uint8Array([1, 2, 3, 4]), 4).length).toBe(0);
  });

  it("reads the start of a 256 MB bomb from its first bytes alone", () => {
    const bomb = bombOf(256 * 1024 * 1024);
    expect(Array.from(inflatePrefix(bomb, 4))).toEqual([32, 32, 32, 32]);
    // The first 64-byte piece is enough: the rest of the bomb is never needed (nor inflated).
    expect(Array.from(inflatePrefix(bomb.subarray(0, 64), 4))).toEqual([32, 32, 32, 32]);
  });

  it("inflates into one buffer of the counted size", () => {
    const plain = randomBytes(3_000_000, 11);
    const packed = new Uint8Array(deflateSync(plain));
    const size = inflatedSize(packed, { max: 4_000_000 });
    expect(Buffer.compare(inflateInto(packed, size), inflateSync(packed))).toBe(0);
    expect(() => inflateInto(packed, size - 1)).toThrow(InflateLimit);
    expect(() => inflateInto(packed.subarray(0, packed.length - 100), size)).toThrow(InflateDamaged);
  });
});
