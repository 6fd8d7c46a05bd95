import { PDFDocument, PDFHexString, PDFName, type PDFRef, StandardFonts } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";

/**
 * A one-page PDF holding every way a PDF paints colour that the grayscale conversion handles:
 * operators (rg, RG, k, K, cs/sc/scn) in DeviceRGB, DeviceCMYK, ICCBased, CalRGB, Lab, Indexed,
 * Separation (exponential and PostScript tint transforms) and DeviceN spaces; uncoloured and
 * coloured tiling patterns; axial, radial, function-based and mesh shadings (exponential,
 * stitching, PostScript and CMYK functions); inline images (RGB and indexed); image XObjects
 * (8-bit with predictors, 16-bit, 4-bit, hex-encoded, colour-keyed, inverted /Decode, Lab,
 * Separation, DeviceN, and a JPEG when one is given); a form without resources of its own; a
 * Type 3 font that paints in colour; a luminosity soft mask; annotations with appearances and
 * colours; a coloured bookmark; and text in colour. Built here, judged by poppler and qpdf.
 */

const ascii = (s: string) => new TextEncoder().encode(s);

function concat(parts: (string | Uint8Array)[]): Uint8Array {
  const bytes = parts.map((p) => (typeof p === "string" ? ascii(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** w x h pixels of n components at 8 bits, from a function of (x, y, component). */
function samples(w: number, h: number, n: number, f: (x: number, y: number, c: number) => number): Uint8Array {
  const out = new Uint8Array(w * h * n);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) for (let c = 0; c < n; c++) out[(y * w + x) * n + c] = f(x, y, c);
  return out;
}

/** Rows with a PNG "Up" filter byte each (/Predictor 15 data). */
function upFiltered(data: Uint8Array, stride: number): Uint8Array {
  const rows = data.length / stride;
  const out = new Uint8Array(rows * (stride + 1));
  for (let y = 0; y < rows; y++) {
    out[y * (stride + 1)] = 2;
    for (let i = 0; i < stride; i++) {
      const up = y > 0 ? data[(y - 1) * stride + i] : 0;
      out[y * (stride + 1) + 1 + i] = (data[y * stride + i] - up) & 255;
    }
  }
  return out;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

export async function colourZooPdf(opts: { jpeg?: Uint8Array } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([400, 500]);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const reg = (o: Record<string, unknown>) => ctx.register(ctx.obj(o as never));
  const stream = (data: string | Uint8Array, dict: Record<string, unknown> = {}) =>
    ctx.register(ctx.stream(data, dict as never));
  const flate = (data: Uint8Array, dict: Record<string, unknown>) =>
    stream(zlibSync(data), { ...dict, Filter: "FlateDecode" });

  const tint = (program: string, domain: number[], range: number[]) =>
    stream(`{ ${program} }`, { FunctionType: 4, Domain: domain, Range: range });
  const icc = stream(new Uint8Array(128), { N: 3, Alternate: "DeviceRGB" });
  const sep = ctx.obj([
    PDFName.of("Separation"),
    PDFName.of("PANTONE 185 C"),
    PDFName.of("DeviceCMYK"),
    reg({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 0.9, 0.7, 0], N: 1 }),
  ]);
  const sepPs = ctx.obj([
    PDFName.of("Separation"),
    PDFName.of("Orange"),
    PDFName.of("DeviceRGB"),
    tint("dup 0.5 mul 0", [0, 1], [0, 1, 0, 1, 0, 1]),
  ]);
  const deviceN = ctx.obj([
    PDFName.of("DeviceN"),
    ctx.obj([PDFName.of("Cyan"), PDFName.of("Gold")]),
    PDFName.of("DeviceCMYK"),
    tint("dup 0.2 mul exch 0", [0, 1, 0, 1], [0, 1, 0, 1, 0, 1, 0, 1]),
  ]);
  const lab = ctx.obj([PDFName.of("Lab"), ctx.obj({ WhitePoint: [0.9505, 1, 1.089], Range: [-100, 100, -100, 100] })]);
  const indexed = ctx.obj([
    PDFName.of("Indexed"),
    PDFName.of("DeviceRGB"),
    3,
    PDFHexString.of("ff000000ff000000ffffff00"),
  ]);
  const colorSpaces = {
    CSicc: ctx.obj([PDFName.of("ICCBased"), icc]),
    CSidx: indexed,
    CSsep: sep,
    CSsepPS: sepPs,
    CSdn: deviceN,
    CSlab: lab,
    CScal: ctx.obj([PDFName.of("CalRGB"), ctx.obj({ WhitePoint: [0.9505, 1, 1.089], Gamma: [2.2, 2.2, 2.2] })]),
    CSpat: ctx.obj([PDFName.of("Pattern"), PDFName.of("DeviceRGB")]),
  };

  const rgb2 = (c0: number[], c1: number[]) => reg({ FunctionType: 2, Domain: [0, 1], C0: c0, C1: c1, N: 1 });
  const shadings = {
    Sh1: reg({
      ShadingType: 2,
      ColorSpace: "DeviceRGB",
      Coords: [20, 0, 120, 0],
      Function: rgb2([1, 0, 0], [0, 0, 1]),
      Extend: [true, true],
    }),
    Sh2: reg({
      ShadingType: 3,
      ColorSpace: "DeviceRGB",
      Coords: [200, 150, 0, 200, 150, 40],
      Function: reg({
        FunctionType: 3,
        Domain: [0, 1],
        Functions: [rgb2([1, 1, 0], [0, 1, 0]), rgb2([0, 1, 0], [0.5, 0, 0.5])],
        Bounds: [0.5],
        Encode: [0, 1, 0, 1],
      }),
    }),
    Sh3: reg({
      ShadingType: 2,
      ColorSpace: "DeviceRGB",
      Coords: [260, 0, 380, 0],
      Function: tint("dup 1 exch sub 0.5", [0, 1], [0, 1, 0, 1, 0, 1]),
    }),
    Sh4: stream(
      new Uint8Array([
        ...[0, 0x2e, 0xe0, 0x38, 0x40, 255, 0, 0],
        ...[0, 0x51, 0xeb, 0x38, 0x40, 0, 255, 0],
        ...[0, 0x40, 0x00, 0x4e, 0x00, 0, 0, 255],
      ]),
      {
        ShadingType: 4,
        ColorSpace: "DeviceRGB",
        BitsPerCoordinate: 16,
        BitsPerComponent: 8,
        BitsPerFlag: 8,
        Decode: [0, 400, 0, 500, 0, 1, 0, 1, 0, 1],
      },
    ),
    Sh5: reg({
      ShadingType: 2,
      ColorSpace: "DeviceCMYK",
      Coords: [20, 0, 120, 0],
      Function: reg({ FunctionType: 2, Domain: [0, 1], C0: [1, 0, 0, 0], C1: [0, 0.8, 0.9, 0.1], N: 1 }),
    }),
    Sh6: reg({
      ShadingType: 1,
      ColorSpace: "DeviceRGB",
      Domain: [0, 1, 0, 1],
      Matrix: [100, 0, 0, 60, 280, 200],
      Function: tint("0.5", [0, 1, 0, 1], [0, 1, 0, 1, 0, 1]),
    }),
  };

  const patterns = {
    P1: stream("0 0 10 10 re f", {
      PatternType: 1,
      PaintType: 2,
      TilingType: 1,
      BBox: [0, 0, 20, 20],
      XStep: 20,
      YStep: 20,
      Resources: {},
    }),
    P2: stream("1 0 0 rg 0 0 10 10 re f 0 0 1 rg 10 10 10 10 re f", {
      PatternType: 1,
      PaintType: 1,
      TilingType: 1,
      BBox: [0, 0, 20, 20],
      XStep: 20,
      YStep: 20,
      Resources: {},
    }),
    P3: reg({ PatternType: 2, Shading: shadings.Sh1 }),
  };

  // Images.
  const grad = samples(8, 8, 3, (x, y, c) => [x * 32, y * 32, 255 - x * 16][c]);
  const im16 = new Uint8Array(4 * 4 * 3 * 2);
  for (let i = 0; i < im16.length; i += 2) {
    im16[i] = (i * 37) & 255;
    im16[i + 1] = (i * 11) & 255;
  }
  const im4 = new Uint8Array([
    0x0f, 0x0f, 0x00, 0xf0, 0x0f, 0xff, 0x00, 0x88, 0x88, 0xff, 0x00, 0x00, 0x77, 0x77, 0xff, 0x12, 0x34, 0x56, 0xab,
    0xcd, 0xef, 0x98, 0x76, 0x54, 0x32, 0x10, 0xfe,
  ]);
  const img = (w: number, h: number, cs: unknown, bpc: number, data: Uint8Array, extra: Record<string, unknown> = {}) =>
    flate(data, {
      Type: "XObject",
      Subtype: "Image",
      Width: w,
      Height: h,
      ColorSpace: cs,
      BitsPerComponent: bpc,
      ...extra,
    });
  const xobjects: Record<string, PDFRef> = {
    ImRGB: flate(upFiltered(grad, 24), {
      Type: "XObject",
      Subtype: "Image",
      Width: 8,
      Height: 8,
      ColorSpace: "DeviceRGB",
      BitsPerComponent: 8,
      DecodeParms: { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: 8 },
    }),
    Im16: img(4, 4, "DeviceRGB", 16, im16),
    Im4: img(6, 3, "DeviceRGB", 4, im4),
    ImHex: stream(`${hex(samples(4, 4, 3, (x, y, c) => (c === (x + y) % 3 ? 230 : 20)))}>`, {
      Type: "XObject",
      Subtype: "Image",
      Width: 4,
      Height: 4,
      ColorSpace: "DeviceRGB",
      BitsPerComponent: 8,
      Filter: "ASCIIHexDecode",
    }),
    ImKey: img(
      4,
      4,
      "DeviceRGB",
      8,
      samples(4, 4, 3, (x, y, c) => ((x + y) % 2 ? [255, 0, 0] : [0, 128, 255])[c]),
      {
        Mask: [250, 255, 0, 5, 0, 5],
      },
    ),
    ImInv: img(
      4,
      4,
      "DeviceRGB",
      8,
      samples(4, 4, 3, (x, _y, c) => [x * 60, 200, 30][c]),
      { Decode: [1, 0, 1, 0, 1, 0] },
    ),
    ImLab: img(
      4,
      4,
      lab,
      8,
      samples(4, 4, 3, (x, y, c) => [x * 60, 200, y * 60][c]),
    ),
    ImSep: img(
      4,
      4,
      sep,
      8,
      samples(4, 4, 1, (x, y) => (x + y) * 36),
    ),
    ImDN: img(
      4,
      4,
      deviceN,
      8,
      samples(4, 4, 2, (x, y, c) => (c ? y : x) * 80),
    ),
    ImIdx: img(2, 2, indexed, 8, new Uint8Array([0, 1, 2, 3])),
  };
  if (opts.jpeg) {
    const jpg = await doc.embedJpg(opts.jpeg);
    xobjects.ImJpg = jpg.ref;
  }
  const smaskGroup = stream("0 1 0 rg 0 0 400 500 re f 0.2 0.2 0.8 rg 300 0 100 500 re f", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 400, 500],
    Group: { S: "Transparency", CS: "DeviceRGB" },
  });
  // A form with no resources of its own: it reads the page's (the Indexed space by name).
  xobjects.Fm1 = stream("/CSidx cs 1 sc 0 0 30 30 re f 0.9 0.4 0.1 RG 2 w 5 5 20 20 re S", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 30, 30],
  });
  const type3 = reg({
    Type: "Font",
    Subtype: "Type3",
    FontBBox: [0, 0, 800, 800],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: { a: stream("800 0 d0 0.1 0.6 0.9 rg 0 0 700 700 re f") },
    Encoding: { Type: "Encoding", Differences: [97, PDFName.of("a")] },
    FirstChar: 97,
    LastChar: 97,
    Widths: [800],
    Resources: {},
  });
  page.node.set(
    PDFName.of("Resources"),
    ctx.obj({
      Font: { F1: helvetica.ref, T3: type3 },
      ColorSpace: colorSpaces,
      Pattern: patterns,
      Shading: shadings,
      XObject: xobjects,
      ExtGState: { GS1: { SMask: { S: "Luminosity", G: smaskGroup } }, GS0: { SMask: PDFName.of("None") } },
    }),
  );

  const inlineRgb = samples(
    2,
    2,
    3,
    (x, y, c) =>
      [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [255, 255, 0],
      ][y * 2 + x][c],
  );
  const content = concat([
    "q 1 0 0 rg 10 10 40 40 re f Q\n",
    "q 0 0 1 RG 4 w 60 10 40 40 re S Q\n",
    "q 0.1 0.7 0.2 0.05 k 110 10 40 40 re f 0.9 0.1 0.1 0 K 2 w 110 10 40 40 re S Q\n",
    "q /CSicc cs 0.2 0.5 0.9 sc 160 10 40 40 re f Q\n",
    "q /CSidx cs 2 sc 210 10 40 40 re f /CSidx CS 0 SC 3 w 210 10 40 40 re S Q\n",
    "q /CSsep cs 0.7 scn 260 10 40 40 re f Q\n",
    "q /CSsepPS cs 0.8 scn 310 10 40 40 re f Q\n",
    "q /CSdn cs 0.3 0.8 scn 10 60 40 40 re f Q\n",
    "q /CSlab cs 60 40 -30 sc 60 60 40 40 re f Q\n",
    "q /CScal cs 0.8 0.3 0.1 sc 110 60 40 40 re f Q\n",
    "q /CSpat cs 1 0 0 /P1 scn 160 60 40 40 re f Q\n",
    "q /Pattern cs /P2 scn 210 60 40 40 re f Q\n",
    "q /Pattern cs /P3 scn 260 60 100 40 re f Q\n",
    "q 20 110 100 30 re W n /Sh1 sh Q\n",
    "q 150 100 100 100 re W n /Sh2 sh Q\n",
    "q 260 110 120 30 re W n /Sh3 sh Q\n",
    "q /Sh4 sh Q\n",
    "q 20 150 100 30 re W n /Sh5 sh Q\n",
    "q 280 200 100 60 re W n /Sh6 sh Q\n",
    "q 40 0 0 40 10 270 cm /ImRGB Do Q q 40 0 0 40 60 270 cm /Im16 Do Q q 40 0 0 40 110 270 cm /Im4 Do Q\n",
    "q 40 0 0 40 160 270 cm /ImHex Do Q q 40 0 0 40 210 270 cm /ImKey Do Q q 40 0 0 40 260 270 cm /ImInv Do Q\n",
    "q 40 0 0 40 310 270 cm /ImLab Do Q q 40 0 0 40 10 320 cm /ImSep Do Q q 40 0 0 40 60 320 cm /ImDN Do Q\n",
    "q 40 0 0 40 110 320 cm /ImIdx Do Q\n",
    opts.jpeg ? "q 60 0 0 40 160 320 cm /ImJpg Do Q\n" : "",
    "q 1 0 0 1 230 320 cm /Fm1 Do Q\n",
    "q 40 0 0 40 270 320 cm BI /W 2 /H 2 /BPC 8 /CS /RGB ID ",
    inlineRgb,
    "\nEI Q\n",
    "q 40 0 0 20 320 320 cm BI /W 2 /H 1 /BPC 8 /CS [/I /RGB 1 <ff000000ff00>] ID ",
    new Uint8Array([0, 1]),
    "\nEI Q\n",
    "q /GS1 gs 1 0 1 rg 10 370 100 40 re f Q\n",
    "BT /F1 20 Tf 0.8 0.1 0.1 rg 20 460 Td (Colour zoo) Tj ET\n",
    "BT /F1 14 Tf /CSsep cs 1 scn 20 440 Td (Spot colour text) Tj ET\n",
    "BT /T3 24 Tf 250 450 Td (aaa) Tj ET\n",
  ]);
  page.node.set(PDFName.of("Contents"), stream(zlibSync(content), { Filter: "FlateDecode" }));

  const square = reg({
    Type: "Annot",
    Subtype: "Square",
    Rect: [150, 380, 200, 410],
    C: [0, 0.5, 1],
    IC: [1, 1, 0],
    AP: {
      N: stream("0 0.5 1 RG 1 1 0 rg 2 w 1 1 48 28 re B", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 50, 30] }),
    },
  });
  const freeText = reg({
    Type: "Annot",
    Subtype: "FreeText",
    Rect: [220, 380, 380, 410],
    DA: PDFHexString.fromText("0 0 1 rg /Helv 12 Tf"),
    DS: PDFHexString.fromText("font: 12pt Helvetica; color:#FF0000"),
    Contents: PDFHexString.fromText("Note in blue"),
    AP: {
      N: stream("0 0 1 rg 0.2 0.8 0.2 RG 1 w 0.5 0.5 159 29 re S BT /Helv 12 Tf 4 10 Td (Note in blue) Tj ET", {
        Type: "XObject",
        Subtype: "Form",
        BBox: [0, 0, 160, 30],
        Resources: { Font: { Helv: helvetica.ref } },
      }),
    },
  });
  page.node.set(PDFName.of("Annots"), ctx.obj([square, freeText]));

  const outlines = ctx.nextRef();
  const item = reg({
    Title: PDFHexString.fromText("Colours"),
    Parent: outlines,
    Dest: [page.ref, "Fit"],
    C: [1, 0, 0],
  });
  ctx.assign(outlines, ctx.obj({ Type: "Outlines", First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of("Outlines"), outlines);
  return doc.save({ useObjectStreams: false });
}
