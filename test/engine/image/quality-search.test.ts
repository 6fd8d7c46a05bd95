import { describe, expect, it } from "vitest";
import { mozjpegEncoder } from "../../../worker/engine/codecs/mozjpeg";
import { jpegStripScore } from "../../../worker/engine/image/compress/jpeg";
import { QUALITY_PRESETS, SEARCH_RANGE } from "../../../worker/engine/image/compress/options";
import { JpegReader } from "../../../worker/engine/image/jpeg/decode";
import { JpegPixels } from "../../../worker/engine/image/jpeg/pixels";
import { sampleTiles, searchQuality } from "../../../worker/engine/image/quality";
import { corpus } from "../support/oracles";

/** The quality search: the answer bisection gives, in fewer probes. */

/** What the search replaced: plain bisection for the lowest passing quality (hi when none passes). */
function bisection(lo: number, hi: number, target: number, score: (q: number) => number): number {
  let best = hi;
  let a = lo;
  let b = hi;
  while (a <= b) {
    const q = (a + b) >> 1;
    if (score(q) >= target) {
      best = q;
      b = q - 1;
    } else a = q + 1;
  }
  return best;
}

function counted(score: (q: number) => number) {
  const probes: number[] = [];
  return {
    probes,
    score: (q: number) => {
      probes.push(q);
      return score(q);
    },
  };
}

describe("searchQuality", () => {
  it("finds what bisection finds for any rising scores, in at most three times its probes", () => {
    let seed = 7;
    const rand = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let trial = 0; trial < 2000; trial++) {
      const lo = 20 + Math.floor(rand() * 40);
      const hi = lo + Math.floor(rand() * 60);
      // Rising scores with uneven steps, some flat runs and some jumps.
      const table = new Map<number, number>();
      let s = 0.8 + rand() * 0.15;
      for (let q = lo; q <= hi; q++) {
        s += rand() < 0.2 ? 0 : rand() * rand() * 0.01;
        table.set(q, Math.min(s, 1));
      }
      const target = [0.9, 0.96, 0.98, 0.99, 0.999][trial % 5];
      const score = (q: number) => table.get(q) ?? Number.NaN;
      const c = counted(score);
      const got = searchQuality(lo, hi, target, c.score);
      expect(got, `trial ${trial}`).toBe(bisection(lo, hi, target, score));
      expect(c.probes.every((q) => q >= lo && q <= hi)).toBe(true);
      expect(c.probes.length).toBeLessThanOrEqual(3 * Math.ceil(Math.log2(hi - lo + 2)));
      // Started from a hint (anywhere, even outside the range): the same answer.
      const hint = lo - 5 + Math.floor(rand() * (hi - lo + 10));
      const h = counted(score);
      expect(searchQuality(lo, hi, target, h.score, hint), `trial ${trial}, hint ${hint}`).toBe(got);
      expect(h.probes.every((q) => q >= lo && q <= hi)).toBe(true);
      expect(h.probes.length).toBeLessThanOrEqual(2 + 3 * Math.ceil(Math.log2(hi - lo + 2)));
    }
  });

  it("takes two probes when the hint is the answer", () => {
    const score = (q: number) => 1 - 5e-5 * (101 - q) ** 2;
    const answer = bisection(45, 92, 0.98, score);
    const c = counted(score);
    expect(searchQuality(45, 92, 0.98, c.score, answer)).toBe(answer);
    expect(c.probes).toEqual([answer, answer - 1]);
  });

  it("takes a quarter fewer probes where the error falls with the quantizer's step, as in JPEG", () => {
    // Above quality 50 the quantizer's step is proportional to 100 - q; error goes with its square.
    let ours = 0;
    let theirs = 0;
    for (const a of [2e-5, 5e-5, 1e-4, 3e-4]) {
      for (const [lo, hi, target] of [
        [60, 95, 0.99],
        [45, 92, 0.98],
        [30, 85, 0.96],
      ]) {
        const score = (q: number) => 1 - a * (101 - q) ** 2;
        const c = counted(score);
        const b = counted(score);
        expect(searchQuality(lo, hi, target, c.score)).toBe(bisection(lo, hi, target, b.score));
        expect(c.probes.length, `a ${a}, target ${target}: ${c.probes}`).toBeLessThanOrEqual(b.probes.length);
        ours += c.probes.length;
        theirs += b.probes.length;
      }
    }
    expect(ours).toBeLessThanOrEqual(theirs * 0.75);
  });

  it("on a real photo's tiles through mozjpeg: bisection's quality, in fewer probes", async () => {
    const reader = new JpegReader(await corpus("img/jpeg/sharp__Landscape_1.jpg"));
    const strip = sampleTiles(new JpegPixels(reader));
    const encoder = await mozjpegEncoder();
    const cache = new Map<number, number>();
    const score = (q: number) => {
      if (!cache.has(q)) cache.set(q, jpegStripScore(strip, q, encoder));
      return cache.get(q) as number;
    };
    for (const preset of ["high", "balanced", "small"] as const) {
      const [lo, hi] = SEARCH_RANGE[preset];
      const c = counted(score);
      const got = searchQuality(lo, hi, QUALITY_PRESETS[preset], c.score);
      const b = counted(score);
      expect(got, preset).toBe(bisection(lo, hi, QUALITY_PRESETS[preset], b.score));
      expect(c.probes.length, preset).toBeLessThan(b.probes.length);
    }
  });
});
