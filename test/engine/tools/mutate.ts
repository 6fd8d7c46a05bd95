/**
 * Damaged copies of a valid file, made the same way on every run: truncations and byte flips.
 * The first bytes (the file's signature) stay, so the damage reaches the parsers instead of
 * being refused at the upload check.
 */
export interface Mutant {
  label: string;
  bytes: Uint8Array;
}

const KEEP = 16;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

function flipped(src: Uint8Array, count: number, from: number, to: number, rand: () => number): Uint8Array {
  const out = src.slice();
  for (let i = 0; i < count; i++) {
    const at = from + Math.floor(rand() * Math.max(1, to - from));
    // Never a no-op: XOR with 1..255.
    out[at] ^= 1 + Math.floor(rand() * 255);
  }
  return out;
}

export function mutants(name: string, src: Uint8Array): Mutant[] {
  const rand = rng(seedOf(name));
  const n = src.length;
  const mid = (a: number, b: number) => [Math.max(KEEP, Math.floor(n * a)), Math.max(KEEP + 1, Math.floor(n * b))];
  const [m0, m1] = mid(0.1, 0.9);
  const zeroed = src.slice();
  const zeroAt = m0 + Math.floor(rand() * Math.max(1, m1 - m0 - 256));
  zeroed.fill(0, zeroAt, Math.min(n, zeroAt + 256));
  return [
    { label: "cut to 64 bytes", bytes: src.slice(0, Math.min(n - 1, 64)) },
    { label: "cut in half", bytes: src.slice(0, Math.floor(n / 2)) },
    { label: "cut at 90%", bytes: src.slice(0, Math.floor(n * 0.9)) },
    { label: "last 8 bytes cut", bytes: src.slice(0, n - 8) },
    { label: "8 bytes flipped", bytes: flipped(src, 8, m0, m1, rand) },
    { label: "64 bytes flipped", bytes: flipped(src, 64, KEEP, n, rand) },
    { label: "256 bytes zeroed", bytes: zeroed },
    { label: "tail flipped", bytes: flipped(src, 4, Math.max(KEEP, n - 1024), n, rand) },
  ];
}
