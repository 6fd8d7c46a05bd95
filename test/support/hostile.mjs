/**
 * Hostile inputs, generated (never committed): decompression bombs in every place a PDF or an
 * image can hide one, declared sizes far past any budget, huge page trees and deep nesting.
 * Shared by the engine memory test (`test/memory/`), the server measurement (`npm run bench --
 * hostile`) and the load run. Each entry says which tools take it and what a correct answer is:
 * a 4xx with one of `codes`, or, for `mayPass`, an output.
 *
 * Big ones are made once and kept under the system temp directory (HOSTILE_DIR to move it).
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflate, deflateSync } from "node:zlib";

const MB = 1024 * 1024;
const enc = new TextEncoder();
const DIR = process.env.HOSTILE_DIR ?? join(tmpdir(), "pdftools-hostile-v1");

/** zlib data inflating to `bytes` copies of `fill`, made a megabyte at a time. */
export function zlibBomb(bytes, fill = 0x20) {
  // deflateSync of one buffer would need the whole output in memory; 1 GB of one byte value
  // deflates the same whether it is given at once or not, so build it from a repeated block.
  const chunk = Buffer.alloc(Math.min(bytes, 64 * MB), fill);
  const parts = [];
  const z = createDeflate({ level: 9 });
  z.on("data", (d) => parts.push(d));
  let left = bytes;
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    z.write(n === chunk.length ? chunk : chunk.subarray(0, n));
    left -= n;
  }
  return new Promise((resolve) => {
    z.end(() => resolve(new Uint8Array(Buffer.concat(parts))));
  });
}

/** A PDF written by hand: objects numbered from 1 (object 1 the catalog), a correct xref table. */
export function rawPdf(objects, trailer = "") {
  const parts = [enc.encode("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let size = parts[0].length;
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const chunk =
      typeof o === "string"
        ? [enc.encode(`${i + 1} 0 obj\n${o}\nendobj\n`)]
        : [
            enc.encode(`${i + 1} 0 obj\n${o[0].replace("LENGTH", String(o[1].length))}\nstream\n`),
            o[1],
            enc.encode("\nendstream\nendobj\n"),
          ];
    for (const c of chunk) {
      parts.push(c);
      size += c.length;
    }
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
    .join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(enc.encode(xref));
  return Buffer.concat(parts);
}

const CATALOG = "<< /Type /Catalog /Pages 2 0 R >>";
const PAGES1 = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
const page = (extra) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${extra} >>`;

/** One page whose content stream is `data` under `filter`. */
const contentPdf = (filter, data) =>
  rawPdf([CATALOG, PAGES1, page("/Contents 4 0 R"), [`<< /Length LENGTH /Filter ${filter} >>`, data]]);

/** One page showing `n` bytes of text through Helvetica, in lines of 4,000 characters. */
function textPdf(n) {
  const line = `(${"Secret word ".repeat(333)}) Tj T*\n`;
  const content = `BT /F1 4 Tf 12 TL 0 190 Td\n${line.repeat(Math.ceil(n / line.length))}ET`;
  return rawPdf([
    CATALOG,
    PAGES1,
    page("/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R"),
    ["<< /Length LENGTH /Filter /FlateDecode >>", deflateSync(enc.encode(content), { level: 9 })],
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** One page whose content is a single `body` (one long string, or bare numbers), deflated. */
function onePiecePdf(body) {
  const content = `BT /F1 4 Tf 0 190 Td\n${body}\nET`;
  return rawPdf([
    CATALOG,
    PAGES1,
    page("/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R"),
    ["<< /Length LENGTH /Filter /FlateDecode >>", deflateSync(enc.encode(content), { level: 9 })],
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** A form showing `chars` characters, drawn `times` times by one page. */
function formDrawnPdf(chars, times) {
  const draw = "q 1 0 0 1 1 1 cm /Fm Do Q\n".repeat(times);
  return rawPdf([
    CATALOG,
    PAGES1,
    page("/Resources << /XObject << /Fm 5 0 R >> >> /Contents 4 0 R"),
    ["<< /Length LENGTH /Filter /FlateDecode >>", deflateSync(enc.encode(draw), { level: 9 })],
    [
      "<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 6 0 R >> >> /Length LENGTH /Filter /FlateDecode >>",
      deflateSync(enc.encode(`BT /F1 4 Tf 0 100 Td (${"x".repeat(chars)}) Tj ET`), { level: 9 }),
    ],
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** One page drawing one image XObject. */
function imagePdf(imageDict, data, extra = []) {
  return rawPdf([
    CATALOG,
    PAGES1,
    page("/Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R"),
    ["<< /Length LENGTH >>", enc.encode("q 200 0 0 200 0 0 cm /Im0 Do Q")],
    [`<< /Type /XObject /Subtype /Image /Length LENGTH ${imageDict} >>`, data],
    ...extra,
  ]);
}

/** A PDF whose objects live in one compressed object stream, and whose xref is a stream too. */
function objectStreamPdf(objstmBomb) {
  // Objects 1-3 in clear; object 4 an object stream claiming one object, its data a bomb.
  const head = enc.encode("%PDF-1.7\n");
  const objs = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Rotate 0 >>\nendobj\n",
  ].map((s) => enc.encode(s));
  const streamHead = enc.encode(
    `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${objstmBomb.length} /Filter /FlateDecode >>\nstream\n`,
  );
  return rawFromParts(head, [...objs, Buffer.concat([streamHead, objstmBomb, enc.encode("\nendstream\nendobj\n")])]);
}

function rawFromParts(head, objects) {
  const parts = [head];
  let size = head.length;
  const offsets = [];
  for (const o of objects) {
    offsets.push(size);
    parts.push(o);
    size += o.length;
  }
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)
    .join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(enc.encode(xref));
  return Buffer.concat(parts);
}

/** A cross-reference stream whose data inflates to a bomb (the file has no classic table). */
function xrefStreamPdf(bomb) {
  const head = enc.encode("%PDF-1.7\n");
  const objs = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n",
  ].map((s) => enc.encode(s));
  let size = head.length;
  for (const o of objs) size += o.length;
  const xrefHead = enc.encode(
    `4 0 obj\n<< /Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n`,
  );
  const tail = enc.encode(`\nendstream\nendobj\nstartxref\n${size}\n%%EOF\n`);
  return Buffer.concat([head, ...objs, xrefHead, bomb, tail]);
}

/** A page tree of `n` pages, each sharing one small content stream. */
function manyPagesPdf(n) {
  const kids = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ");
  const objects = [
    CATALOG,
    `<< /Type /Pages /Kids [${kids}] /Count ${n} >>`,
    ["<< /Length LENGTH >>", enc.encode("0 0 m 10 10 l S")],
  ];
  for (let i = 0; i < n; i++) objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 3 0 R >>");
  return rawPdf(objects);
}

/** A form of one text field ("name", as Fill PDF Form is sent) whose /Kids repeats its widget `n` times. */
function repeatedKidsPdf(n) {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /DA (/Helv 0 Tf 0 g) >> >>",
    PAGES1,
    page("/Annots [5 0 R]"),
    `<< /FT /Tx /T (name) /Kids [${"5 0 R ".repeat(n)}] >>`,
    "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /P 3 0 R /Rect [10 10 190 30] >>",
  ]);
}

/** A form of `n` text fields, field and widget in one, all on the one page. */
function manyFieldsPdf(n) {
  const refs = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ");
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${refs}] /DA (/Helv 0 Tf 0 g) >> >>`,
    PAGES1,
    page(`/Annots [${refs}]`),
  ];
  for (let i = 0; i < n; i++) {
    const y = 10 + (i % 180);
    objects.push(`<< /FT /Tx /T (f${i}) /Type /Annot /Subtype /Widget /P 3 0 R /Rect [10 ${y} 190 ${y + 1}] >>`);
  }
  return rawPdf(objects);
}

/**
 * The form of manyFieldsPdf(n), its first field named "name" (as Fill PDF Form is sent), whose
 * page's /Annots lists every widget and then the first one `repeats` times more.
 */
function repeatedAnnotsPdf(n, repeats) {
  const refs = Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(" ");
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${refs}] /DA (/Helv 0 Tf 0 g) >> >>`,
    PAGES1,
    page(`/Annots [${refs} ${"4 0 R ".repeat(repeats)}]`),
  ];
  for (let i = 0; i < n; i++) {
    const y = 10 + (i % 180);
    const name = i === 0 ? "name" : `f${i}`;
    objects.push(`<< /FT /Tx /T (${name}) /Type /Annot /Subtype /Widget /P 3 0 R /Rect [10 ${y} 190 ${y + 1}] >>`);
  }
  return rawPdf(objects);
}

/** A page tree nested `depth` levels deep (each node one kid), one page at the bottom. */
function deepTreePdf(depth) {
  const objects = [CATALOG];
  for (let i = 0; i < depth; i++) {
    const self = i + 2;
    const parent = i === 0 ? "" : `/Parent ${self - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${self + 1} 0 R] /Count 1 >>`);
  }
  objects.push(`<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 200 200] >>`);
  return rawPdf(objects);
}

/** A page whose dictionary holds arrays nested `depth` deep. */
function deepArrayPdf(depth) {
  return rawPdf([CATALOG, PAGES1, page(`/Deep ${"[".repeat(depth)}${"]".repeat(depth)}`)]);
}

/**
 * LZW codes (EarlyChange 1) that grow one string of zeros to the table's end and then repeat
 * the longest: each 12-bit code then stands for about 4,000 bytes.
 */
export function lzwBomb(repeats) {
  const out = [];
  let acc = 0;
  let bits = 0;
  const put = (code, width) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let next = 258;
  let width = 9;
  put(256, width);
  put(0, width);
  // Each new code is the previous string plus a zero: code k (k >= 258) stands for k - 256 zeros.
  let prev = 0;
  while (next < 4096) {
    const code = prev === 0 ? 258 : prev + 1;
    put(code, width);
    prev = code;
    next++;
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  for (let i = 0; i < repeats; i++) put(4095, 12);
  put(257, 12);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return new Uint8Array(out);
}

/** RunLength data: each two bytes repeat one byte 128 times. */
function runLengthBomb(outBytes) {
  const n = Math.ceil(outBytes / 128);
  const data = new Uint8Array(n * 2 + 1);
  for (let i = 0; i < n; i++) {
    data[2 * i] = 129;
    data[2 * i + 1] = 0x20;
  }
  data[n * 2] = 128;
  return data;
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(w, h, depth = 8, type = 2) {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(w, 0);
  d.writeUInt32BE(h, 4);
  d[8] = depth;
  d[9] = type;
  return pngChunk("IHDR", d);
}

/** A valid small RGB PNG (`w` x `h`, grey) with `extra` chunks before its data. */
function smallPng(w, h, extra = [], idat) {
  const row = Buffer.alloc(1 + w * 3, 0x80);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    PNG_SIG,
    ihdr(w, h),
    ...extra,
    pngChunk("IDAT", idat ?? deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header declaring `w` x `h`, with just enough data to be parsed that far. */
function hugeJpeg(w, h, progressive = false) {
  const sof = Buffer.from([
    0xff,
    progressive ? 0xc2 : 0xc0,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0, 67, 0]), Buffer.alloc(64, 1)]);
  const dqt1 = Buffer.concat([Buffer.from([0xff, 0xdb, 0, 67, 1]), Buffer.alloc(64, 1)]);
  // One DC and one AC table, each with a single 1-bit code.
  const dht = Buffer.from([0xff, 0xc4, 0, 20, 0x00, 1, ...Array(15).fill(0), 0]);
  const dhtAc = Buffer.from([0xff, 0xc4, 0, 20, 0x10, 1, ...Array(15).fill(0), 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 12, 3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
  const scan = Buffer.alloc(4096, 0);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), dqt, dqt1, sof, dht, dhtAc, sos, scan, Buffer.from([0xff, 0xd9])]);
}

/** A lossy WebP header (VP8X) declaring `w` x `h`, with a tiny VP8 frame. */
function hugeWebp(w, h) {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(w - 1, 4, 3);
  vp8x.writeUIntLE(h - 1, 7, 3);
  const chunk = (t, d) => {
    const head = Buffer.alloc(8);
    head.write(t, 0, "latin1");
    head.writeUInt32LE(d.length, 4);
    return Buffer.concat([head, d, d.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const vp8 = Buffer.alloc(30);
  vp8.writeUIntLE(0x9d012a, 3, 3);
  vp8.writeUInt16LE(w & 0x3fff, 6);
  vp8.writeUInt16LE(h & 0x3fff, 8);
  const body = Buffer.concat([Buffer.from("WEBP"), chunk("VP8X", vp8x), chunk("VP8 ", vp8)]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

const PDF_TOOLS = [
  "merge-pdf",
  "extract-pages",
  "split-pages",
  "compress-pdf",
  "rotate-pdf",
  "watermark-pdf",
  "protect-pdf",
  "unlock-pdf",
  "analyze-pdf",
  "organize-pdf",
  "remove-pages",
  "page-numbers",
  "crop-pdf",
  "nup-pdf",
  "edit-metadata",
  "fill-form",
  "flatten-pdf",
  "sign-pdf",
  "redact-pdf",
  "extract-images",
  "form-fields",
  "redact-preview",
  "results",
];
const IMAGE_TOOLS = ["jpg-to-pdf", "compress-image", "results"];
const REFUSED = ["job_too_large", "pdf_damaged", "invalid_file", "unsupported_file_type"];

/** The tools that read (and so must refuse) page content; the others copy it without decoding it. */
const CONTENT_READERS = [
  "merge-pdf",
  "extract-pages",
  "split-pages",
  "compress-pdf",
  "rotate-pdf",
  "watermark-pdf",
  "organize-pdf",
  "page-numbers",
  "crop-pdf",
  "nup-pdf",
  "edit-metadata",
  "flatten-pdf",
  "sign-pdf",
  "redact-pdf",
  "redact-preview",
];

/** The endpoints that read a PDF for a page without converting it. */
export const INSPECTORS = ["analyze-pdf", "form-fields", "redact-preview"];

/** The path a tool's (or an inspector's) request goes to; "results" is a device's result stored (POST /api/results). */
export function endpoint(tool) {
  if (tool === "results") return "/api/results";
  return INSPECTORS.includes(tool) ? `/api/${tool}` : `/api/convert/${tool}`;
}

/** A 1 x 1 black PNG: the signature Sign PDF is sent with. */
export const SIGNATURE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Files a tool is sent besides its input, by field (Sign PDF's signature). */
export function toolAttachments(tool) {
  return tool === "sign-pdf"
    ? [{ field: "signature", name: "signature.png", type: "image/png", bytes: SIGNATURE_PNG }]
    : [];
}

/**
 * The text fields each tool is sent with, by the memory test, the hostile bench and the load run
 * (remove-pages removes page 1: a one-page input is refused for that before its content is read).
 */
export function toolFields(tool) {
  const fields = {
    "extract-pages": { selectedPages: "[1]" },
    // Every option that reads more of the file: grey reads every content stream, image and shading.
    "compress-pdf": { grayscale: "true", removeMetadata: "true", removeAttachments: "true" },
    "split-pages": { selectedPages: "[1]" },
    "watermark-pdf": { watermarkText: "CONFIDENTIAL", opacity: "0.3" },
    "protect-pdf": { password: "hostile-Pa55" },
    "organize-pdf": { plan: JSON.stringify([{ file: 0, page: 1, rotate: 90 }, { blank: true }]) },
    "remove-pages": { pages: "[1]" },
    "page-numbers": { format: "page-n-of-total" },
    "crop-pdf": { margins: JSON.stringify({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }) },
    "nup-pdf": { perSheet: "4", border: "true" },
    "edit-metadata": { info: JSON.stringify({ title: "Hostile" }) },
    "fill-form": { values: JSON.stringify({ name: "Hostile" }) },
    "sign-pdf": { placements: JSON.stringify([{ page: 1, x: 0.5, y: 0.8, width: 0.3, height: 0.1 }]) },
    "redact-pdf": {
      areas: JSON.stringify([{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.1 }]),
      search: "secret",
      patterns: "email",
    },
    "redact-preview": { search: "secret", patterns: "email,phone,iban" },
  };
  return { ...(fields[tool] ?? {}) };
}

/**
 * Every hostile input: name, type, what it declares or expands to, its bytes (made on first
 * use), and `refuse`: the tools that must answer it with a 4xx ("all", a list, or none: those
 * may also process it, as long as nothing expands). `quick` marks the subset `npm test` runs.
 */
export const HOSTILE = [
  {
    name: "content-flate-256mb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    quick: true,
    what: "a page content stream inflating to 256 MB",
    make: async () => contentPdf("/FlateDecode", await zlibBomb(256 * MB)),
  },
  {
    name: "content-flate-1gb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    what: "a page content stream inflating to 1 GB",
    make: async () => contentPdf("/FlateDecode", await zlibBomb(1024 * MB)),
  },
  {
    name: "content-flate-twice-1gb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    quick: true,
    what: "content deflated twice ([/FlateDecode /FlateDecode]) to 1 GB",
    make: async () => contentPdf("[/FlateDecode /FlateDecode]", deflateSync(await zlibBomb(1024 * MB))),
  },
  {
    name: "content-lzw-bomb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    quick: true,
    what: "LZW page content expanding about 2,700 times (1 GB)",
    make: async () => contentPdf("/LZWDecode", lzwBomb(262_000)),
  },
  {
    name: "content-runlength-256mb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    what: "RunLength page content expanding 64 times (256 MB)",
    make: async () => contentPdf("/RunLengthDecode", runLengthBomb(256 * MB)),
  },
  {
    name: "content-hex-flate-256mb.pdf",
    refuse: CONTENT_READERS,
    type: "pdf",
    what: "ASCIIHex around a 256 MB Flate bomb",
    make: async () =>
      contentPdf(
        "[/ASCIIHexDecode /FlateDecode]",
        enc.encode(`${Buffer.from(await zlibBomb(256 * MB)).toString("hex")}>`),
      ),
  },
  {
    name: "objstm-flate-256mb.pdf",
    refuse: "all",
    type: "pdf",
    quick: true,
    what: "an object stream inflating to 256 MB",
    make: async () => objectStreamPdf(await zlibBomb(256 * MB)),
  },
  {
    name: "objstm-flate-1gb.pdf",
    refuse: "all",
    type: "pdf",
    what: "an object stream inflating to 1 GB",
    make: async () => objectStreamPdf(await zlibBomb(1024 * MB)),
  },
  {
    name: "xref-flate-256mb.pdf",
    type: "pdf",
    quick: true,
    what: "a cross-reference stream inflating to 256 MB",
    make: async () => xrefStreamPdf(await zlibBomb(256 * MB, 0)),
  },
  {
    name: "image-flate-256mb.pdf",
    // Extract images charges the decoded pixels before decoding: past the job's memory.
    refuse: ["compress-pdf", "extract-images"],
    type: "pdf",
    quick: true,
    what: "an 8000 x 8000 RGB Flate image (192 MB of pixels)",
    make: async () =>
      imagePdf(
        "/Width 8000 /Height 8000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode",
        await zlibBomb(192_000_000, 0x80),
      ),
  },
  {
    name: "image-20000.pdf",
    // Extract images charges the decoded pixels before decoding: past the job's memory.
    refuse: ["compress-pdf", "extract-images"],
    type: "pdf",
    quick: true,
    what: "a 20000 x 20000 Flate image (1.2 GB of pixels)",
    make: async () =>
      imagePdf(
        "/Width 20000 /Height 20000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode",
        await zlibBomb(1_200_000_000, 0x80),
      ),
  },
  {
    name: "image-small-data-1gb.pdf",
    type: "pdf",
    what: "a 100 x 100 image whose Flate data inflates to 1 GB",
    make: async () =>
      imagePdf(
        "/Width 100 /Height 100 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode",
        await zlibBomb(1024 * MB, 0x80),
      ),
  },
  {
    name: "icc-flate-256mb.pdf",
    type: "pdf",
    quick: true,
    what: "an image whose ICC profile stream inflates to 256 MB",
    make: async () =>
      imagePdf("/Width 2 /Height 2 /ColorSpace [/ICCBased 6 0 R] /BitsPerComponent 8", new Uint8Array(12).fill(128), [
        [`<< /N 3 /Length LENGTH /Filter /FlateDecode >>`, await zlibBomb(256 * MB, 0)],
      ]),
  },
  {
    name: "metadata-flate-1gb.pdf",
    type: "pdf",
    quick: true,
    refuse: "all",
    what: "XMP metadata inflating to 1 GB (pdf-lib unpacks it at every save)",
    make: async () =>
      rawPdf([
        "<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>",
        PAGES1,
        page(""),
        ["<< /Type /Metadata /Subtype /XML /Length LENGTH /Filter /FlateDecode >>", await zlibBomb(1024 * MB)],
      ]),
  },
  {
    name: "many-objects.pdf",
    type: "pdf",
    quick: true,
    refuse: "all",
    what: "3 million small numbers in one array (pdf-lib: 50 bytes each)",
    make: async () => rawPdf([CATALOG, PAGES1, page(`/X [${"0 ".repeat(3_000_000)}]`)]),
  },
  {
    name: "many-names.pdf",
    type: "pdf",
    refuse: "all",
    what: "1.5 million distinct names (pdf-lib pooled every one for good)",
    make: async () =>
      rawPdf([
        CATALOG,
        PAGES1,
        page(`/X [${Array.from({ length: 1_500_000 }, (_, i) => `/N${i.toString(36)}`).join(" ")}]`),
      ]),
  },
  {
    name: "many-streams-2gb.pdf",
    type: "pdf",
    what: "100 font streams of 20 MB each once inflated",
    make: async () => manyStreamsPdf(100, await zlibBomb(20 * MB, 0)),
  },
  {
    name: "many-fonts-2gb.pdf",
    type: "pdf",
    mayPass: true,
    what: "100 embedded TrueType fonts shown on the page, each program 20 MB of one repeated byte once inflated (no font header)",
    make: async () => manyFontsPdf(await Promise.all(Array.from({ length: 100 }, (_, i) => zlibBomb(20 * MB, i)))),
  },
  {
    name: "big-fonts-14mb.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "3 embedded TrueType fonts shown on the page, each a valid 14 MB program of 65,535 glyphs",
    make: async () => manyFontsPdf(Array.from({ length: 3 }, (_, i) => deflateSync(bigTrueType(i), { level: 9 }))),
  },
  {
    name: "form-kids-200000.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "one form field whose /Kids names its one widget 200,000 times (listed whole: 12.8 MB of JSON)",
    make: async () => repeatedKidsPdf(200_000),
  },
  {
    name: "form-fields-6000.pdf",
    type: "pdf",
    refuse: ["form-fields"],
    what: "6,000 distinct text fields on one page, each with its own widget",
    make: async () => manyFieldsPdf(6000),
  },
  {
    name: "form-annots-100000.pdf",
    type: "pdf",
    refuse: ["form-fields"],
    what: "the 6,000-field form, its page's /Annots naming the first field's widget 100,000 times more",
    make: async () => repeatedAnnotsPdf(6000, 100_000),
  },
  {
    name: "text-24mb-one-page.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "one page showing 24 MB of text in 60 KB (its glyphs, kept one by one, once took gigabytes)",
    make: async () => textPdf(24 * MB),
  },
  {
    name: "string-24mb-one-page.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "one page showing one string of 24 MB (a single operation far past the 1 MB a content reader holds)",
    make: async () => onePiecePdf(`(${"Secret word ".repeat(2 * MB)}) Tj`),
  },
  {
    name: "numbers-24mb-one-page.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "one page of 24 MB of bare numbers, no operator (a stack that never ends)",
    make: async () => onePiecePdf("1 ".repeat(12 * MB)),
  },
  {
    name: "form-drawn-5000.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "a form of 2,000 characters drawn 5,000 times on one page (10 million glyphs from 1 KB)",
    make: async () => formDrawnPdf(2000, 5000),
  },
  {
    name: "pages-10000.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "a 10,000-page tree",
    make: async () => manyPagesPdf(10_000),
  },
  {
    name: "pages-deep-5000.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "a page tree nested 5,000 levels deep",
    make: async () => deepTreePdf(5000),
  },
  {
    name: "array-deep-100000.pdf",
    type: "pdf",
    quick: true,
    mayPass: true,
    what: "arrays nested 100,000 deep in a page",
    make: async () => deepArrayPdf(100_000),
  },
  {
    name: "iccp-256mb.png",
    type: "png",
    quick: true,
    mayPass: true,
    what: "a 64 x 64 PNG whose iCCP profile inflates to 256 MB",
    make: async () =>
      smallPng(64, 64, [pngChunk("iCCP", Buffer.concat([Buffer.from("bomb\0\0"), await zlibBomb(256 * MB, 0)]))]),
  },
  {
    name: "idat-1gb.png",
    // JPG to PDF copies a plain PNG's data into the PDF as it is: data past the image must be refused there.
    refuse: ["jpg-to-pdf"],
    type: "png",
    quick: true,
    what: "a 1000 x 1000 PNG whose IDAT inflates to 1 GB",
    make: async () => smallPng(1000, 1000, [], await zlibBomb(1024 * MB, 0)),
  },
  {
    name: "png-20000.png",
    refuse: "all",
    type: "png",
    quick: true,
    what: "a PNG declaring 20000 x 20000",
    make: async () => smallPng(20000, 20000, [], await zlibBomb(64 * MB, 0)),
  },
  {
    name: "jpeg-20000.jpg",
    refuse: "all",
    type: "jpeg",
    quick: true,
    what: "a JPEG declaring 20000 x 20000",
    make: async () => hugeJpeg(20000, 20000),
  },
  {
    name: "jpeg-progressive-9000.jpg",
    refuse: "all",
    type: "jpeg",
    what: "a progressive JPEG declaring 9000 x 9000",
    make: async () => hugeJpeg(9000, 9000, true),
  },
  {
    name: "webp-16383.webp",
    refuse: "all",
    type: "webp",
    what: "a WebP declaring 16383 x 16383",
    make: async () => hugeWebp(16383, 16383),
  },
  // ZIPs, which only POST /api/results takes (a device's split, extracted images, pages as images).
  {
    name: "zip-random-25mb.zip",
    refuse: "all",
    type: "zip",
    quick: true,
    what: "25 MB of random bytes behind a ZIP's first signature",
    make: async () => Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), randomBytes(25 * MB - 4)]),
  },
  {
    name: "zip-bomb-20mb.zip",
    refuse: "all",
    type: "zip",
    quick: true,
    what: "one entry that says it inflates 20,000 times, to 20 MB",
    make: async () => zipOf([{ name: "page-1.pdf", deflated: rawDeflate(await zlibBomb(20 * MB, 0)), size: 20 * MB }]),
  },
  {
    name: "zip-bomb-lying-1gb.zip",
    refuse: "all",
    type: "zip",
    quick: true,
    what: "one entry that says it is 1 MB and inflates to 1 GB",
    make: async () => zipOf([{ name: "page-1.pdf", deflated: rawDeflate(await zlibBomb(1024 * MB, 0)), size: MB }]),
  },
  {
    name: "zip-entries-65535.zip",
    refuse: "all",
    type: "zip",
    quick: true,
    what: "65,535 empty entries",
    make: async () => zipOf(Array.from({ length: 65_535 }, (_, i) => ({ name: `p${i}.pdf`, stored: Buffer.alloc(0) }))),
  },
];

/** zlib data's raw deflate stream (a ZIP's), without its header and checksum. */
function rawDeflate(zlib) {
  return zlib.subarray(2, zlib.length - 4);
}

/**
 * A ZIP written by hand: each entry `stored` (its bytes) or `deflated` (raw deflate data and the
 * `size` it claims), CRC-32 left 0 (the checks that matter come before it is compared).
 */
function zipOf(entries) {
  const locals = [];
  const central = [];
  let at = 0;
  for (const e of entries) {
    const data = e.stored ?? e.deflated;
    const size = e.stored ? e.stored.length : e.size;
    const name = Buffer.from(e.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(e.stored ? 0 : 8, 8);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(size, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.stored ? 0 : 8, 10);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(at, 42);
    locals.push(head, name, data);
    central.push(dir, name);
    at += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, cd, end]);
}

function manyStreamsPdf(n, bomb) {
  const refs = [];
  const extra = [];
  for (let i = 0; i < n; i++) {
    refs.push(`/P${i} ${i + 5} 0 R`);
    extra.push([`<< /Length LENGTH /Filter /FlateDecode >>`, bomb]);
  }
  const resources = `/Resources << /Properties << ${refs.join(" ")} >> >>`;
  return rawPdf([
    CATALOG,
    PAGES1,
    page(`/Contents 4 0 R ${resources}`),
    ["<< /Length LENGTH >>", enc.encode("0 0 m 10 10 l S")],
    ...extra,
  ]);
}

/**
 * One page showing a letter in each of `programs.length` simple TrueType fonts, whose FontFile2
 * streams (Flate data) are `programs`: what Compress PDF inflates and hands to HarfBuzz.
 */
function manyFontsPdf(programs) {
  // Objects: 1 catalog, 2 pages, 3 page, 4 content; then per font: font, descriptor, program.
  const fontObj = (i) => 5 + i * 3;
  const names = programs.map((_, i) => `/F${i} ${fontObj(i)} 0 R`).join(" ");
  const shows = programs.map((_, i) => `/F${i} 10 Tf (a) Tj`).join(" ");
  const fonts = programs.flatMap((data, i) => [
    `<< /Type /Font /Subtype /TrueType /BaseFont /Big${i} /FirstChar 97 /LastChar 97 /Widths [500] /Encoding /WinAnsiEncoding /FontDescriptor ${fontObj(i) + 1} 0 R >>`,
    `<< /Type /FontDescriptor /FontName /Big${i} /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 ${fontObj(i) + 2} 0 R >>`,
    ["<< /Length LENGTH /Filter /FlateDecode >>", data],
  ]);
  return rawPdf([
    CATALOG,
    PAGES1,
    page(`/Contents 4 0 R /Resources << /Font << ${names} >> >>`),
    ["<< /Length LENGTH >>", enc.encode(`BT 10 100 Td ${shows} ET`)],
    ...fonts,
  ]);
}

/**
 * A valid TrueType program of 65,535 empty glyphs, 212 bytes each (about 14 MB): head, hhea,
 * maxp, a cmap mapping "a", hmtx, a long loca and glyf. `seed` makes each one different.
 */
function bigTrueType(seed) {
  const glyphs = 65535;
  const glyphSize = 212; // zero contours and no instructions: an empty glyph, padded.
  const table = (n, fill) => {
    const b = Buffer.alloc(n);
    fill(b);
    return b;
  };
  const head = table(54, (b) => {
    b.writeUInt32BE(0x00010000, 0);
    b.writeUInt32BE(0x5f0f3cf5, 12);
    b.writeUInt16BE(1000, 18);
    b.writeUInt16BE(seed, 20);
    b.writeInt16BE(1, 50); // long loca
  });
  const hhea = table(36, (b) => {
    b.writeUInt32BE(0x00010000, 0);
    b.writeInt16BE(800, 4);
    b.writeInt16BE(-200, 6);
    b.writeUInt16BE(1, 34);
  });
  const maxp = table(32, (b) => {
    b.writeUInt32BE(0x00010000, 0);
    b.writeUInt16BE(glyphs, 4);
  });
  const hmtx = table(4 + (glyphs - 1) * 2, (b) => b.writeUInt16BE(500, 0));
  const loca = table((glyphs + 1) * 4, (b) => {
    for (let g = 0; g <= glyphs; g++) b.writeUInt32BE(g * glyphSize, g * 4);
  });
  const glyf = Buffer.alloc(glyphs * glyphSize);
  // cmap: one format 4 subtable (3,1): "a" to glyph 1, and the closing segment.
  const cmap = table(4 + 8 + 32, (b) => {
    b.writeUInt16BE(1, 2);
    b.writeUInt16BE(3, 4);
    b.writeUInt16BE(1, 6);
    b.writeUInt32BE(12, 8);
    const t = 12;
    b.writeUInt16BE(4, t);
    b.writeUInt16BE(32, t + 2);
    b.writeUInt16BE(4, t + 6); // segCountX2
    b.writeUInt16BE(0x61, t + 14); // end codes
    b.writeUInt16BE(0xffff, t + 16);
    b.writeUInt16BE(0x61, t + 20); // start codes
    b.writeUInt16BE(0xffff, t + 22);
    b.writeUInt16BE((1 - 0x61) & 0xffff, t + 24); // deltas
    b.writeUInt16BE(1, t + 26);
  });
  const tables = [
    ["cmap", cmap],
    ["glyf", glyf],
    ["head", head],
    ["hhea", hhea],
    ["hmtx", hmtx],
    ["loca", loca],
    ["maxp", maxp],
  ];
  const dir = Buffer.alloc(12 + 16 * tables.length);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(tables.length, 4);
  dir.writeUInt16BE(64, 6);
  dir.writeUInt16BE(2, 8);
  dir.writeUInt16BE(tables.length * 16 - 64, 10);
  let at = dir.length;
  const parts = [dir];
  tables.forEach(([tag, data], i) => {
    dir.write(tag, 12 + i * 16, "latin1");
    dir.writeUInt32BE(at, 12 + i * 16 + 8);
    dir.writeUInt32BE(data.length, 12 + i * 16 + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    parts.push(padded);
    at += padded.length;
  });
  return Buffer.concat(parts);
}

/** Whether `tool` must refuse the hostile `entry` (a 4xx), rather than may process it. */
export function mustRefuse(entry, tool) {
  return entry.refuse === "all" || (Array.isArray(entry.refuse) && entry.refuse.includes(tool));
}

/** The tools each hostile input goes through. */
export function toolsFor(entry) {
  if (entry.type === "zip") return ["results"];
  // JPG to PDF takes WebP too (decoded within the probe's WebP cap).
  return entry.type === "pdf" ? PDF_TOOLS : IMAGE_TOOLS;
}

export const REFUSAL_CODES = REFUSED;

/** The bytes of a hostile input, made once and kept on disk. */
export async function hostileBytes(entry) {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, entry.name);
  if (!existsSync(path)) {
    const bytes = await entry.make();
    writeFileSync(`${path}.tmp`, bytes);
    renameSync(`${path}.tmp`, path);
  }
  return new Uint8Array(readFileSync(path));
}

/** Where a hostile input is kept (made if missing). */
export async function hostilePath(entry) {
  await hostileBytes(entry);
  return join(DIR, entry.name);
}

export function digest(bytes) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 12);
}
