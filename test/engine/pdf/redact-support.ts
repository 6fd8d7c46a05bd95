import { readFileSync } from "node:fs";
import fontkit from "@cantoo/fontkit";
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from "@cantoo/pdf-lib";
import { expect } from "vitest";
import { runOn } from "../support/oracles";

/** Fixtures built with pdf-lib, and poppler/qpdf read back, for the redaction tests. */

export interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** pdftotext's words of a page, in PDF coordinates (origin bottom left). */
export async function popplerWords(pdf: Uint8Array, page = 1): Promise<Word[]> {
  const r = await runOn("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), "{in}", "-"], pdf);
  expect(r.code, r.stderr).toBe(0);
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(r.stdout)?.[1]);
  const words: Word[] = [];
  for (const m of r.stdout.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    const text = m[5]
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"');
    words.push({ text, x0: Number(m[1]), x1: Number(m[3]), y0: height - Number(m[4]), y1: height - Number(m[2]) });
  }
  return words;
}

export async function pdftotext(pdf: Uint8Array, page?: number): Promise<string> {
  const range = page ? ["-f", String(page), "-l", String(page)] : [];
  const r = await runOn("pdftotext", [...range, "{in}", "-"], pdf);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

export async function qpdfCheck(pdf: Uint8Array): Promise<void> {
  const r = await runOn("qpdf", ["--check", "{in}"], pdf);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
}

export async function helveticaLine(text: string, size = 14): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 40, y: 200, size, font });
  return doc.save();
}

const DEJAVU = "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf";

/** Lines in an embedded subset TrueType font (Identity-H with a ToUnicode map). */
export async function trueTypeLines(lines: string[], size = 12): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(DEJAVU), { subset: true });
  const page = doc.addPage([500, 400]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 40, y: 340 - i * 24, size, font });
  });
  return doc.save();
}

/** A form XObject holding text, drawn on two pages. */
export async function sharedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const fontRef = font.ref;
  const form = doc.context.formXObject([], { BBox: [0, 0, 300, 50], Resources: { Font: { F1: fontRef } } } as never);
  const content = new TextEncoder().encode("BT /F1 12 Tf 10 20 Td (Secret Agenda Item) Tj ET");
  const stream = doc.context.flateStream(content, {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 300, 50],
    Resources: { Font: { F1: fontRef } },
  });
  void form;
  const formRef = doc.context.register(stream);
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([400, 300]);
    const name = page.node.newXObject("Fm", formRef);
    const draw = doc.context.register(
      doc.context.flateStream(new TextEncoder().encode(`q 1 0 0 1 40 150 cm /${name.decodeText()} Do Q`)),
    );
    page.node.set(PDFName.of("Contents"), draw);
  }
  // Embedding a font is finished at save time.
  return doc.save();
}

/** A page with two link annotations. */
export async function withLinks(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("left link        right link", { x: 40, y: 200, size: 12, font });
  for (const [x, uri] of [
    [40, "https://left.example/"],
    [200, "https://right.example/"],
  ] as const) {
    const annot = doc.context.register(
      doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [x, 195, x + 60, 215],
        Border: [0, 0, 0],
        A: { S: "URI", URI: PDFString.of(uri) },
      }),
    );
    page.node.addAnnot(annot);
  }
  return doc.save();
}

export { rgb };

/** A 200 x 200 RGB picture: a red block on the left half's top, a gradient elsewhere. */
export function pictureRgb(): Uint8Array {
  const px = new Uint8Array(200 * 200 * 3);
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 200; x++) {
      const i = (y * 200 + x) * 3;
      const red = x < 100 && y < 100;
      px[i] = red ? 250 : 40 + x;
      px[i + 1] = red ? 20 : 30 + (y % 100);
      px[i + 2] = red ? 30 : 200;
    }
  }
  return px;
}

/** A page with a line of text and the picture drawn at (100, 50), 200 pt square; as Flate or as JPEG. */
export async function imagePage(jpeg?: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 400]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Caption under the picture", { x: 100, y: 20, size: 12, font });
  const ctx = doc.context;
  const dict = {
    Type: "XObject",
    Subtype: "Image",
    Width: 200,
    Height: 200,
    ColorSpace: "DeviceRGB",
    BitsPerComponent: 8,
  };
  const image = jpeg
    ? ctx.register(ctx.stream(jpeg, { ...dict, Filter: "DCTDecode" }))
    : ctx.register(ctx.flateStream(pictureRgb(), dict));
  const name = page.node.newXObject("Im", image);
  const draw = ctx.register(
    ctx.flateStream(new TextEncoder().encode(`q 200 0 0 200 100 50 cm /${name.decodeText()} Do Q`)),
  );
  page.node.addContentStream(draw);
  return doc.save();
}

export interface Picture {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

/** Every image of the file as pdfimages writes it (PPM/PGM), in order. */
export async function popplerImages(pdf: Uint8Array): Promise<Picture[]> {
  const { mkdtemp, readdir, readFile, rm, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { execFileSync } = await import("node:child_process");
  const { parseNetpbm } = await import("../../support/netpbm");
  const dir = await mkdtemp(join(tmpdir(), "redact-images-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    execFileSync("pdfimages", [join(dir, "in.pdf"), join(dir, "img")]);
    const names = (await readdir(dir)).filter((n) => n.startsWith("img")).sort();
    return Promise.all(names.map(async (n) => parseNetpbm(new Uint8Array(await readFile(join(dir, n))))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A grey render of page 1 at `dpi`. */
export async function render(pdf: Uint8Array, dpi = 50): Promise<Picture> {
  const { mkdtemp, readFile, rm, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { execFileSync } = await import("node:child_process");
  const { parseNetpbm } = await import("../../support/netpbm");
  const dir = await mkdtemp(join(tmpdir(), "redact-render-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    execFileSync("pdftoppm", [
      "-r",
      String(dpi),
      "-gray",
      "-f",
      "1",
      "-l",
      "1",
      "-singlefile",
      join(dir, "in.pdf"),
      join(dir, "page"),
    ]);
    return parseNetpbm(new Uint8Array(await readFile(join(dir, "page.pgm"))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text shown through raw content operators ("F1" is Helvetica), on a 400 x 300 page. */
export async function rawContentPage(content: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const name = page.node.newFontDictionary("F1", font.ref).decodeText();
  const ctx = doc.context;
  page.node.set(
    PDFName.of("Contents"),
    ctx.register(ctx.flateStream(new TextEncoder().encode(content.replaceAll("/F1 ", `/${name} `)))),
  );
  return doc.save();
}
