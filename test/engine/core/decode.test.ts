import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import {
  DecodeFailed,
  DecodeLimit,
  type DecodeStep,
  decodedSize,
  decodeSteps,
} from "../../../worker/engine/core/decode";
import { rawPdf } from "../../support/hostile.mjs";
import { randomBytes } from "../support/bytes";

const dir = mkdtempSync(join(tmpdir(), "decode-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** qpdf's reading of a stream with this /Filter and /DecodeParms: the judge. */
function qpdfDecodes(data: Uint8Array, filter: string, parms = ""): Buffer {
  const path = join(dir, `s${n++}.pdf`);
  writeFileSync(
    path,
    rawPdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [] /Count 0 >>",
      [`<< /Length LENGTH /Filter ${filter} ${parms ? `/DecodeParms ${parms}` : ""} >>`, data],
    ]),
  );
  return execFileSync("qpdf", ["--show-object=3", "--filtered-stream-data", "--decode-level=generalized", path], {
    maxBuffer: 1 << 28,
  });
}

function same(ours: Uint8Array, judge: Buffer, label = "") {
  expect(ours.length).toBe(judge.length);
  expect(Buffer.compare(Buffer.from(ours), judge), label).toBe(0);
}

/** LZW codes for `data` (EarlyChange 1), written here so qpdf can judge the decoder. */
function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const put = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 255);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let dict = new Map<string, number>();
  let next = 258;
  const reset = () => {
    dict = new Map();
    for (let i = 0; i < 256; i++) dict.set(String.fromCharCode(i), i);
    next = 258;
    width = 9;
  };
  reset();
  put(256);
  let w = "";
  for (const b of data) {
    const c = String.fromCharCode(b);
    if (dict.has(w + c)) {
      w += c;
      continue;
    }
    put(dict.get(w)!);
    dict.set(w + c, next++);
    // The decoder adds each entry one code later than the encoder, so it widens at next + 1.
    if (next >= 1 << width && width < 12) width++;
    if (next >= 4094) {
      put(256);
      reset();
    }
    w = c;
  }
  if (w) put(dict.get(w)!);
  put(257);
  if (bits > 0) out.push((acc << (8 - bits)) & 255);
  return new Uint8Array(out);
}

function runLengthEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < data.length; ) {
    let run = 1;
    while (i + run < data.length && run < 128 && data[i + run] === data[i]) run++;
    if (run > 1) {
      out.push(257 - run, data[i]);
      i += run;
      continue;
    }
    const start = i;
    while (i < data.length && i - start < 128 && !(i + 1 < data.length && data[i + 1] === data[i])) i++;
    out.push(i - start - 1, ...data.subarray(start, i));
  }
  out.push(128);
  return new Uint8Array(out);
}

/** Rows of random samples behind random PNG filter types: any such bytes are valid predicted data. */
function pngPredicted(rows: number, rowBytes: number, seed: number): Uint8Array {
  const raw = randomBytes(rows * (rowBytes + 1), seed);
  for (let r = 0; r < rows; r++) raw[r * (rowBytes + 1)] %= 5;
  return raw;
}

const text = new TextEncoder().encode("BT /F1 12 Tf 72 712 Td (Hello, world) Tj ET\n".repeat(400));
const mixed = new Uint8Array([...text, ...randomBytes(5000, 9), ...new Uint8Array(3000)]);

describe("the bounded filters agree with qpdf", () => {
  it("Flate", () => {
    const data = new Uint8Array(deflateSync(mixed));
    same(decodeSteps(data, [{ name: "FlateDecode" }], { max: 1e6 }), qpdfDecodes(data, "/FlateDecode"));
    expect(decodedSize(data, [{ name: "Fl" }], { max: 1e6 })).toBe(mixed.length);
  });

  it("LZW, with and without early change", () => {
    const data = lzwEncode(mixed);
    same(decodeSteps(data, [{ name: "LZWDecode" }], { max: 1e6 }), qpdfDecodes(data, "/LZWDecode"));
    expect(decodedSize(data, [{ name: "LZWDecode" }], { max: 1e6 })).toBe(mixed.length);
  });

  it("RunLength, ASCIIHex and ASCII85", () => {
    const rl = runLengthEncode(mixed);
    same(decodeSteps(rl, [{ name: "RunLengthDecode" }], { max: 1e6 }), qpdfDecodes(rl, "/RunLengthDecode"));
    expect(decodedSize(rl, [{ name: "RunLengthDecode" }], { max: 1e6 })).toBe(mixed.length);
    const hex = new TextEncoder().encode(
      `${Buffer.from(mixed)
        .toString("hex")
        .replace(/(.{64})/g, "$1\n")}>`,
    );
    same(decodeSteps(hex, [{ name: "AHx" }], { max: 1e6 }), qpdfDecodes(hex, "/ASCIIHexDecode"));
    const a85 = new Uint8Array(
      execFileSync(
        "python3",
        [
          "-c",
          "import base64,sys; sys.stdout.buffer.write(base64.a85encode(sys.stdin.buffer.read(), wrapcol=72) + b'~>')",
        ],
        {
          input: mixed,
        },
      ),
    );
    same(decodeSteps(a85, [{ name: "ASCII85Decode" }], { max: 1e6 }), qpdfDecodes(a85, "/ASCII85Decode"));
  });

  it("chains of filters, and PNG and TIFF predictors", () => {
    const hexFlate = new TextEncoder().encode(`${Buffer.from(deflateSync(mixed)).toString("hex")}>`);
    const chain: DecodeStep[] = [{ name: "ASCIIHexDecode" }, { name: "FlateDecode" }];
    same(decodeSteps(hexFlate, chain, { max: 1e6 }), qpdfDecodes(hexFlate, "[/ASCIIHexDecode /FlateDecode]"));
    for (const [colors, bpc, columns] of [
      [1, 8, 37],
      [3, 8, 50],
      [4, 8, 9],
      [1, 1, 61],
      [3, 16, 7],
      [2, 4, 13],
    ]) {
      const bpp = Math.ceil((colors * bpc) / 8);
      const rowBytes = Math.ceil((colors * bpc * columns) / 8);
      expect(bpp).toBeGreaterThan(0);
      const png = new Uint8Array(deflateSync(pngPredicted(40, rowBytes, colors * 31 + bpc)));
      const predictor = { predictor: 12, colors, bitsPerComponent: bpc, columns };
      const parms = `<< /Predictor 12 /Colors ${colors} /BitsPerComponent ${bpc} /Columns ${columns} >>`;
      same(
        decodeSteps(png, [{ name: "FlateDecode", predictor }], { max: 1e6 }),
        qpdfDecodes(png, "/FlateDecode", parms),
        `PNG predictor, ${parms}`,
      );
      const tiffData = randomBytes(rowBytes * 30, columns);
      const tiff = new Uint8Array(deflateSync(tiffData));
      const tiffParms = parms.replace("/Predictor 12", "/Predictor 2");
      same(
        decodeSteps(tiff, [{ name: "FlateDecode", predictor: { ...predictor, predictor: 2 } }], { max: 1e6 }),
        qpdfDecodes(tiff, "/FlateDecode", tiffParms),
        `TIFF predictor, ${tiffParms}`,
      );
    }
  });
});

describe("the bounded filters stop at their limit", () => {
  const max = 1024 * 1024;
  it("refuses each kind of bomb one step past the limit", () => {
    const zeros = new Uint8Array(4 * max);
    const bombs: [Uint8Array, DecodeStep[]][] = [
      [new Uint8Array(deflateSync(zeros)), [{ name: "FlateDecode" }]],
      [lzwEncode(zeros), [{ name: "LZWDecode" }]],
      [runLengthEncode(zeros), [{ name: "RunLengthDecode" }]],
      [new TextEncoder().encode("z".repeat(max)), [{ name: "ASCII85Decode" }]],
    ];
    for (const [data, steps] of bombs) {
      expect(() => decodeSteps(data, steps, { max })).toThrow(DecodeLimit);
      expect(() => decodedSize(data, steps, { max })).toThrow(DecodeLimit);
    }
  });

  it("refuses image filters and impossible predictors as something it does not decode", () => {
    expect(() => decodeSteps(new Uint8Array(10), [{ name: "DCTDecode" }], { max })).toThrow(DecodeFailed);
    const data = new Uint8Array(deflateSync(new Uint8Array(100)));
    const bad = { predictor: 12, colors: 0, bitsPerComponent: 8, columns: 10 };
    expect(() => decodeSteps(data, [{ name: "FlateDecode", predictor: bad }], { max })).toThrow(DecodeFailed);
    expect(() => decodedSize(data, [{ name: "FlateDecode", predictor: bad }], { max })).toThrow(DecodeFailed);
  });
});
