import { readFileSync } from "node:fs";
import fontkit from "@cantoo/fontkit";
import {
  type PDFDocument as Doc,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRef,
  StandardFonts,
} from "@cantoo/pdf-lib";
import { Encodings } from "@cantoo/pdf-lib/standard-fonts";

/** PDFs embedding whole TrueType fonts, built with pdf-lib and by hand, for the font-subsetting tests. */

export const DEJAVU = readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
export const DEJAVU_SERIF = readFileSync("node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf");
const enc = (s: string) => new TextEncoder().encode(s);

/** Lines of pseudo-text, different on every page. */
function lines(page: number, count: number): string[] {
  const words = "the a compression stream object image page font text of to and in is that for it as with".split(" ");
  let n = page * 31 + 7;
  const next = () => {
    n = (n * 31 + 7) % 9973;
    return words[n % words.length];
  };
  return Array.from({ length: count }, () => Array.from({ length: 10 }, next).join(" "));
}

/**
 * What merging leaves: `copies` documents, each embedding the whole of DejaVu Sans (Type 0,
 * Identity-H, as pdf-lib embeds it when not subsetting), merged into one, and Helvetica (not embedded).
 */
export async function mergedWholeFonts(copies = 3, pages = 2): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (let d = 0; d < copies; d++) {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(DEJAVU, { subset: false });
    for (let p = 0; p < pages; p++) {
      const page = doc.addPage([400, 300]);
      lines(d * pages + p, 12).forEach((line, l) => {
        page.drawText(line, { x: 20, y: 270 - l * 20, size: 10, font });
      });
      if (p === 0) page.drawText("Ünïcødé: ½ € “quotes” → ✓", { x: 20, y: 20, size: 10, font });
    }
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  }
  const helvetica = await merged.embedFont(StandardFonts.Helvetica);
  merged.getPage(0).drawText("Helvetica is not embedded", { x: 200, y: 20, size: 8, font: helvetica });
  return merged.save();
}

/** A simple TrueType font, the whole DejaVu program, with the given encoding; its reference. */
function simpleTrueType(doc: Doc, program: Uint8Array, encoding: unknown, flags: number, metrics = program): PDFRef {
  const ctx = doc.context;
  const ttf = fontkit.create(Buffer.from(metrics)) as unknown as {
    unitsPerEm: number;
    glyphForCodePoint(cp: number): { advanceWidth: number };
  };
  const unicode = new Map<number, number>();
  for (const cp of Encodings.WinAnsi.supportedCodePoints)
    unicode.set(Encodings.WinAnsi.encodeUnicodeCodePoint(cp).code, cp);
  const widths = Array.from({ length: 224 }, (_, i) => {
    const cp = unicode.get(i + 32) ?? i + 32;
    return Math.round((ttf.glyphForCodePoint(cp).advanceWidth * 1000) / ttf.unitsPerEm);
  });
  const file = ctx.register(ctx.flateStream(program, { Length1: program.length }));
  const descriptor = ctx.register(
    ctx.obj({
      Type: "FontDescriptor",
      FontName: "DejaVuSans",
      Flags: flags,
      FontBBox: [-1021, -463, 1793, 1232],
      ItalicAngle: 0,
      Ascent: 928,
      Descent: -236,
      CapHeight: 729,
      StemV: 80,
      FontFile2: file,
    }),
  );
  return ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "TrueType",
      BaseFont: "DejaVuSans",
      FirstChar: 32,
      LastChar: 255,
      Widths: widths,
      Encoding: encoding as never,
      FontDescriptor: descriptor,
    }),
  );
}

/** WinAnsi bytes of a string, as a hex string operand. */
function winAnsi(text: string): string {
  const bytes = [...text].map((ch) => Encodings.WinAnsi.encodeUnicodeCodePoint(ch.codePointAt(0)!).code);
  return PDFHexString.of(Buffer.from(bytes).toString("hex")).toString();
}

function page(doc: Doc, content: string, resources: Record<string, unknown>) {
  const ctx = doc.context;
  const p = doc.addPage([400, 300]);
  const stream = ctx.register(ctx.flateStream(enc(content)));
  p.node.set(PDFName.of("Contents"), stream);
  p.node.set(PDFName.of("Resources"), ctx.obj(resources as never));
  return p;
}

/**
 * Simple TrueType fonts: WinAnsiEncoding with accented letters and typographic quotes, and
 * codes mapped to names by /Differences only (readers find those glyphs through the name's
 * Unicode value in the font's cmap).
 */
export async function simpleTrueTypeFonts(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const win = simpleTrueType(doc, DEJAVU, "WinAnsiEncoding", 32);
  const diff = simpleTrueType(
    doc,
    DEJAVU_SERIF,
    doc.context.obj({ Type: "Encoding", Differences: [200, "H", "e", "l", "o", "Euro", "ccedilla", "germandbls"] }),
    32,
  );
  const content = [
    `BT /W 16 Tf 20 250 Td ${winAnsi("Grüße, façade — “quotes” €12 ½")} Tj ET`,
    `BT /W 16 Tf 20 220 Td ${winAnsi("AVAWAY ŠŽŸ? No: plain…")} Tj ET`,
    "BT /D 18 Tf 20 180 Td <C8C9CACACBCCCDCE> Tj ET",
  ].join("\n");
  page(doc, content, { Font: { W: win, D: diff } });
  return doc.save();
}

/**
 * One whole Type 0 font (DejaVu Sans) used everywhere text can be: the page, a form XObject,
 * an annotation's appearance, a Type 3 font's glyph procedure, and a tiling pattern's cell.
 */
export async function textEverywhere(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(DEJAVU, { subset: false });
  const ctx = doc.context;
  const show = (s: string) => font.encodeText(s).toString();
  const fontRes = { Font: { F: font.ref } };
  const form = ctx.register(
    ctx.flateStream(enc(`BT /F 14 Tf 0 0 Td ${show("Form: xyz")} Tj ET`), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, -10, 300, 30],
      Resources: fontRes,
    } as never),
  );
  const appearance = ctx.register(
    ctx.flateStream(enc(`BT /F 12 Tf 2 4 Td ${show("Annotation: QK")} Tj ET`), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 200, 20],
      Resources: fontRes,
    } as never),
  );
  const glyph = ctx.register(ctx.flateStream(enc(`1000 0 d0 BT /F 900 Tf 0 0 Td ${show("&")} Tj ET`)));
  const type3 = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "Type3",
      FontBBox: [0, -300, 1000, 1000],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { amp: glyph },
      Encoding: { Type: "Encoding", Differences: [65, "amp"] },
      FirstChar: 65,
      LastChar: 65,
      Widths: [1000],
      Resources: fontRes,
    } as never),
  );
  const pattern = ctx.register(
    ctx.flateStream(enc(`BT /F 8 Tf 0 2 Td ${show("%#")} Tj ET`), {
      Type: "Pattern",
      PatternType: 1,
      PaintType: 1,
      TilingType: 1,
      BBox: [0, 0, 20, 12],
      XStep: 20,
      YStep: 12,
      Resources: fontRes,
    } as never),
  );
  const content = [
    `BT /F 16 Tf 20 260 Td ${show("Page text: abc")} Tj ET`,
    "q 1 0 0 1 20 200 cm /X Do Q",
    "BT /T 24 Tf 20 150 Td (AAA) Tj ET",
    "q /Pattern cs /P scn 20 40 200 60 re f Q",
  ].join("\n");
  const p = page(doc, content, {
    Font: { F: font.ref, T: type3 },
    XObject: { X: form },
    Pattern: { P: pattern },
  });
  const annot = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Square",
      Rect: [200, 120, 400, 140],
      F: 4,
      AP: { N: appearance },
    } as never),
  );
  p.node.set(PDFName.of("Annots"), ctx.obj([annot]));
  return doc.save();
}

/**
 * A text field whose default appearance uses a whole embedded font (also shown on the page),
 * and a second whole font used only on the page. The field is editable unless `readOnly`.
 */
export async function formWithFont(readOnly: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fieldFont = await doc.embedFont(DEJAVU, { subset: false });
  const pageFont = await doc.embedFont(DEJAVU_SERIF, { subset: false });
  const page = doc.addPage([400, 300]);
  page.drawText("Name:", { x: 20, y: 250, size: 14, font: fieldFont });
  page.drawText("Serif text on the page", { x: 20, y: 200, size: 14, font: pageFont });
  const form = doc.getForm();
  const field = form.createTextField("name");
  field.setText("Ada");
  field.addToPage(page, { x: 80, y: 240, width: 200, height: 24, font: fieldFont });
  // The field's default appearance names the embedded font, through the form's resources.
  form.acroForm.dict.set(PDFName.of("DR"), doc.context.obj({ Font: { DejaVu: fieldFont.ref } }));
  field.acroField.setDefaultAppearance("/DejaVu 14 Tf 0 g");
  if (readOnly) field.enableReadOnly();
  // pdf-lib would otherwise redraw the field at save, and name Helvetica in its appearance.
  return doc.save({ updateFieldAppearances: false });
}

/** A simple TrueType font whose FontFile2 is not a font at all (and one that is cut off). */
export async function brokenFontPrograms(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) & 255);
  const bad = simpleTrueType(doc, garbage, "WinAnsiEncoding", 32, DEJAVU);
  const cut = simpleTrueType(doc, DEJAVU.subarray(0, 2000), "WinAnsiEncoding", 32, DEJAVU);
  page(doc, `BT /B 14 Tf 20 250 Td (Broken) Tj ET BT /C 14 Tf 20 200 Td (Cut off) Tj ET`, { Font: { B: bad, C: cut } });
  return doc.save();
}
