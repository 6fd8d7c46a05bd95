import { AFRelationship, PDFDocument, PDFHexString, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { colourZooPdf } from "../../support/colour-zoo";
import { corpusFile, oracle, pageCount, pdfInfo, pdfText, render } from "../tools/readers";
import { convertFails, form } from "./answers";
import { compress, expectGrayPages, keysIn, luma, objects, PATH, textOf } from "./pdf-support";
import { psnr } from "./support";

/**
 * Compress PDF's options (schema/options.ts CompressPdfOptions), each through the endpoint and
 * judged by poppler (pdftoppm, pdftotext, pdfinfo, pdfimages, pdfdetach) and qpdf.
 */

const IMAGES_JPEG = "img/jpeg/sharp__Landscape_1.jpg";

/** Each image as pdfimages lists it: colour, components, encoding. */
async function imageList(bytes: Uint8Array) {
  const r = await oracle("pdfimages", ["-list", "{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return { type: c[2], color: c[5], comps: Number(c[6]), enc: c[8] };
    });
}

describe("grayscale", () => {
  it("turns every way a PDF paints colour grey, and leaves the text as it was", { timeout: 120_000 }, async () => {
    const input = await colourZooPdf({ jpeg: await corpusFile(IMAGES_JPEG) });
    const { out, message } = await compress(input, { grayscale: "true", level: "low" });
    expect(message).toMatch(/; converted to grayscale(,|\))/);
    expect(await textOf(out)).toBe(await textOf(input));
    const [page] = await expectGrayPages(input, out, { dpi: 72 });
    // Each colour became the grey of its luma: the page looks the same in black and white.
    expect(psnr(luma(page.before), page.after.channels === 3 ? luma(page.after) : page.after)).toBeGreaterThan(32);
    // What is left is grey in the file itself, not only on screen: images and shadings say so.
    for (const image of await imageList(out)) {
      if (image.type === "smask") continue;
      expect(["gray", "index"], JSON.stringify(image)).toContain(image.color);
      expect(image.comps).toBe(1);
    }
    for (const [id, d] of await objects(out)) {
      if (d["/ShadingType"] !== undefined) expect(d["/ColorSpace"], `shading ${id}`).toBe("/DeviceGray");
    }
  });

  it("keeps a photo a JPEG, made grey from its own luma without loss", { timeout: 60_000 }, async () => {
    const input = await corpusFile("pdf/valid/pysample__pdflatex-image.pdf");
    expect((await imageList(input))[0]).toMatchObject({ color: "rgb", comps: 3, enc: "jpeg" });
    const { out } = await compress(input, { grayscale: "true", level: "low" });
    expect((await imageList(out))[0]).toMatchObject({ color: "gray", comps: 1, enc: "jpeg" });
    const [page] = await expectGrayPages(input, out, { dpi: 72 });
    // The luma coefficients are the original's: the grey page is the colour page's luma, to rounding.
    expect(psnr(luma(page.before), luma(page.after))).toBeGreaterThan(45);
    expect(out.length).toBeLessThan(input.length * 0.8);
  });

  it.each([
    ["a CMYK JPEG", "pdf/valid/pdflib__us_constitution.pdf", 40],
    ["a CMYK palette image", "pdf/valid/pysample__cmyk-image.pdf", 45],
    // poppler draws CalGray through its white point, tinted: its white is not quite white, ours is.
    ["CalGray fax images drawn tinted", "pdf/valid/pdfjs__issue5747.pdf", 32],
    ["RGB and CMYK images, Flate and JPEG", "pdf/valid/qpdf__image-streams.pdf", 35],
    ["an inline image", "pdf/valid/pysample__inline-image.pdf", 35],
    ["palette and RGB images, coloured text", "pdf/valid/pdfjs__TAMReview.pdf", 35],
  ])("%s (%s)", { timeout: 120_000 }, async (_what, path, floor) => {
    const input = await corpusFile(path);
    const { out } = await compress(input, { grayscale: "true", level: "low" });
    expect(await pageCount(out)).toBe(await pageCount(input));
    expect(await textOf(out)).toBe(await textOf(input));
    for (const [i, page] of (await expectGrayPages(input, out, { maxPages: 2 })).entries()) {
      expect(psnr(luma(page.before), luma(page.after)), `page ${i + 1}`).toBeGreaterThan(floor);
    }
  });

  it("says which images it could not convert (JPEG 2000 is not decoded here) and keeps them", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const jpx = doc.context.register(
      doc.context.stream(new Uint8Array([0, 0, 0, 12, 0x6a, 0x50, 0x20, 0x20, 13, 10, 0x87, 10]), {
        Type: "XObject",
        Subtype: "Image",
        Width: 10,
        Height: 10,
        ColorSpace: "DeviceRGB",
        BitsPerComponent: 8,
        Filter: "JPXDecode",
      } as never),
    );
    page.node.set(PDFName.of("Resources"), doc.context.obj({ XObject: { Im0: jpx } }));
    page.node.set(
      PDFName.of("Contents"),
      doc.context.register(doc.context.stream("q 100 0 0 100 50 50 cm /Im0 Do Q 1 0 0 rg 0 0 20 20 re f")),
    );
    const { out, message } = await compress(await doc.save(), { grayscale: "true" });
    expect(message).toContain("converted to grayscale, except 1 JPEG 2000 image (not decodable here)");
    const images = [...(await objects(out)).values()].filter((d) => d["/Filter"] === "/JPXDecode");
    expect(images.map((d) => d["/ColorSpace"])).toEqual(["/DeviceRGB"]);
  });

  it("is refused as anything but true or false", async () => {
    const input = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    for (const [field, value] of [
      ["grayscale", "maybe"],
      ["removeMetadata", "2"],
      ["removeThumbnails", "yes please"],
      ["removeAttachments", "[]"],
      ["removeUnused", "none"],
    ]) {
      const bad = await convertFails(PATH, form([{ name: "a.pdf", bytes: input }], { [field]: value }), 400);
      expect(bad.error).toBe(`${field} must be true or false.`);
    }
  });
});

describe("keep text searchable", () => {
  it("pdftotext reads the same text after every combination of the options", { timeout: 300_000 }, async () => {
    // A real document: text, a colour image, its metadata.
    const input = await corpusFile("pdf/valid/pysample__google-doc-document.pdf");
    const text = await textOf(input);
    expect(text.split(/\s+/).filter(Boolean).length).toBeGreaterThan(150);
    const names = ["grayscale", "removeMetadata", "removeThumbnails", "removeAttachments", "removeUnused"];
    for (let mask = 0; mask < 1 << names.length; mask++) {
      const fields = Object.fromEntries(names.map((n, i) => [n, String(Boolean(mask & (1 << i)))]));
      const { out } = await compress(input, fields);
      expect(await textOf(out), JSON.stringify(fields)).toBe(text);
    }
  });
});

describe("removeMetadata", () => {
  it("removes the information dictionary, every XMP packet and page-piece data", { timeout: 60_000 }, async () => {
    const input = await corpusFile("pdf/valid/pdflib__dod_character.pdf");
    const before = await keysIn(input);
    expect(before.get("/Metadata")).toBeGreaterThan(1);
    expect(before.get("/PieceInfo")).toBeGreaterThan(0);
    expect((await pdfInfo(input)).Creator).toBe("Adobe InDesign CS6 (Macintosh)");
    const kept = await compress(input, {});
    expect((await pdfInfo(kept.out)).Creator).toBe("Adobe InDesign CS6 (Macintosh)");
    expect((await keysIn(kept.out)).get("/Metadata")).toBeGreaterThan(0);

    const { out, message } = await compress(input, { removeMetadata: "true" });
    expect(message).toContain("metadata removed");
    const info = await pdfInfo(out);
    for (const key of ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate"])
      expect(info[key], key).toBeUndefined();
    expect(info["Metadata Stream"]).toBe("no");
    const after = await keysIn(out);
    for (const key of ["/Metadata", "/PieceInfo", "/LastModified", "/Info"])
      expect(after.get(key), key).toBeUndefined();
    const trailer = await oracle("qpdf", ["--show-object=trailer", "{in}"], out);
    expect(trailer.stdout).not.toContain("/Info");
    expect(await textOf(out)).toBe(await textOf(input));
  });

  it("strips EXIF, XMP and comments from the JPEGs inside, keeping the pixels", { timeout: 60_000 }, async () => {
    const doc = await PDFDocument.create();
    const jpeg = await corpusFile(IMAGES_JPEG);
    expect(new TextDecoder("latin1").decode(jpeg)).toContain("Exif");
    const img = await doc.embedJpg(jpeg);
    doc.addPage([300, 300]).drawImage(img, { x: 0, y: 0, width: 300, height: 300 });
    const input = await doc.save();
    const { out } = await compress(input, { removeMetadata: "true", level: "low" });
    expect(new TextDecoder("latin1").decode(out)).not.toContain("Exif");
    expect(out.length).toBeLessThan(input.length);
    // The image data itself is untouched.
    expect(psnr(await render(input, { dpi: 30 }), await render(out, { dpi: 30 }))).toBe(Number.POSITIVE_INFINITY);
  });

  it("says a PDF/A file no longer conforms without its metadata", { timeout: 60_000 }, async () => {
    const input = await corpusFile("pdf/valid/pysample__crazyones-pdfa.pdf");
    const meta = await oracle("pdfinfo", ["-meta", "{in}"], input);
    expect(meta.stdout).toMatch(/pdfaid:part/);
    const { out, message } = await compress(input, { removeMetadata: "true" });
    expect(message).toContain(
      "metadata removed (this file claimed PDF/A-1B conformance, which needs its metadata: it no longer conforms)",
    );
    expect((await oracle("pdfinfo", ["-meta", "{in}"], out)).stdout).not.toMatch(/pdfaid/);
    // Left alone, the claim and its metadata stay.
    const kept = await compress(input, {});
    expect((await oracle("pdfinfo", ["-meta", "{in}"], kept.out)).stdout).toMatch(/pdfaid:part/);
    expect(kept.message).not.toContain("metadata");
  });
});

describe("removeThumbnails", () => {
  it("removes page thumbnails by default, and their images with them; keeps them when asked", async () => {
    const input = await corpusFile("pdf/valid/pysample__imagemagick-lzw.pdf");
    const thumbOf = async (bytes: Uint8Array) =>
      [...(await objects(bytes)).values()].filter((d) => d["/Type"] === "/Page").map((d) => d["/Thumb"]);
    const [thumb] = await thumbOf(input);
    expect(thumb).toMatch(/^\d+ 0 R$/);
    const { out, message } = await compress(input, {});
    expect(message).toContain("1 thumbnail removed");
    expect(await thumbOf(out)).toEqual([undefined]);
    // The thumbnail's image went too: the page's own image is the only one left.
    expect(await imageList(out)).toHaveLength((await imageList(input)).length);
    const images = [...(await objects(out)).values()].filter((d) => d["/Subtype"] === "/Image");
    expect(images).toHaveLength(1);

    const kept = await compress(input, { removeThumbnails: "false" });
    expect((await thumbOf(kept.out))[0]).toMatch(/^\d+ 0 R$/);
    expect(kept.message).not.toContain("thumbnail");
  });
});

/** A PDF with two embedded files: one in the attachment list (a PDF/A-3 associated file), one in an annotation. */
async function attachmentsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 300]);
  page.drawText("Invoice 42", { x: 20, y: 250, size: 18, font });
  await doc.attach(new TextEncoder().encode("<invoice>42</invoice>"), "factur-x.xml", {
    mimeType: "text/xml",
    afRelationship: AFRelationship.Data,
  });
  const ctx = doc.context;
  const file = ctx.register(ctx.stream("note attached to the page", { Type: "EmbeddedFile" } as never));
  const spec = ctx.register(ctx.obj({ Type: "Filespec", F: PDFHexString.fromText("note.txt"), EF: { F: file } }));
  const popup = ctx.register(ctx.obj({ Type: "Annot", Subtype: "Popup", Rect: [40, 100, 200, 160] }));
  const annot = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "FileAttachment",
      Rect: [20, 180, 40, 200],
      FS: spec,
      Popup: popup,
      Name: "PushPin",
    }),
  );
  page.node.set(PDFName.of("Annots"), ctx.obj([annot, popup]));
  return doc.save();
}

describe("removeAttachments", () => {
  it("removes the attachment list, file-attachment annotations and associated files", { timeout: 60_000 }, async () => {
    const input = await attachmentsPdf();
    const listed = await oracle("pdfdetach", ["-list", "{in}"], input);
    expect(listed.stdout).toMatch(/^2 embedded files/);
    const kept = await compress(input, {});
    expect((await oracle("pdfdetach", ["-list", "{in}"], kept.out)).stdout).toMatch(/^2 embedded files/);

    const { out, message } = await compress(input, { removeAttachments: "true" });
    expect(message).toContain(
      "2 attachments removed (associated files of the document: an electronic invoice, such as ZUGFeRD or Factur-X, loses its data)",
    );
    expect((await oracle("pdfdetach", ["-list", "{in}"], out)).stdout).toMatch(/^0 embedded files/);
    const all = await objects(out);
    const types = [...all.values()].map((d) => d["/Type"] ?? d["/Subtype"]);
    for (const gone of ["/EmbeddedFile", "/Filespec", "/FileAttachment", "/Popup"]) expect(types).not.toContain(gone);
    const keys = await keysIn(out);
    for (const gone of ["/EmbeddedFiles", "/AF", "/EF"]) expect(keys.get(gone), gone).toBeUndefined();
    expect(await textOf(out)).toBe(await textOf(input));
  });

  it("opens an encrypted file with its password and removes its (encrypted) attachments", {
    timeout: 60_000,
  }, async () => {
    const input = await corpusFile("pdf/encrypted/qpdf__enc-XI-R6_V5_U-attachment_encrypted-attachments.pdf");
    const { out, message } = await compress(input, { removeAttachments: "true", password: "attachment" });
    expect(message).toContain("2 attachments removed");
    expect((await oracle("pdfdetach", ["-list", "{in}"], out)).stdout).toMatch(/^0 embedded files/);
  });
});

/** A page listing a font and an image it never uses, and a form (no resources of its own) that uses another font. */
async function unusedResourcesPdf(opts: { orphan?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const courier = await doc.embedFont(StandardFonts.Courier);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const image = await doc.embedJpg(await corpusFile("img/jpeg/sharp__concert.jpg"));
  const page = doc.addPage([300, 300]);
  const form = ctx.register(
    ctx.stream("BT /F3 12 Tf 10 10 Td (Drawn by the form) Tj ET", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 200, 50],
    } as never),
  );
  page.node.set(
    PDFName.of("Resources"),
    ctx.obj({ Font: { F1: helvetica.ref, F2: courier.ref, F3: times.ref }, XObject: { Im9: image.ref, Fm1: form } }),
  );
  page.node.set(
    PDFName.of("Contents"),
    ctx.register(ctx.stream("BT /F1 14 Tf 20 250 Td (Used font) Tj ET q 1 0 0 1 20 100 cm /Fm1 Do Q")),
  );
  if (opts.orphan) ctx.register(ctx.stream("an object nothing refers to", {} as never));
  return doc.save({ useObjectStreams: false });
}

describe("removeUnused", () => {
  it("drops fonts and images a page lists but never draws, keeping what a form draws", {
    timeout: 60_000,
  }, async () => {
    const input = await unusedResourcesPdf();
    const fonts = async (bytes: Uint8Array) =>
      (await oracle("pdffonts", ["{in}"], bytes)).stdout
        .split("\n")
        .slice(2)
        .filter(Boolean)
        .map((l) => l.split(/\s+/)[0]);
    expect(await fonts(input)).toEqual(["Helvetica", "Courier", "Times-Roman"]);
    const { out, message } = await compress(input, {});
    expect(message).toContain("2 unused page resources removed");
    expect(await fonts(out)).toEqual(["Helvetica", "Times-Roman"]);
    const page = [...(await objects(out)).values()].find((d) => d["/Type"] === "/Page")!;
    const resources = page["/Resources"] as Record<string, Record<string, unknown>>;
    expect(Object.keys(resources["/Font"]).sort()).toEqual(["/F1", "/F3"]);
    expect(Object.keys(resources["/XObject"])).toEqual(["/Fm1"]);
    const all = [...(await objects(out)).values()];
    expect(all.filter((d) => d["/Subtype"] === "/Image")).toHaveLength(0);
    expect(all.filter((d) => d["/BaseFont"] === "/Courier")).toHaveLength(0);
    expect(await textOf(out)).toBe(await textOf(input));
    expect(psnr(await render(input, { dpi: 40 }), await render(out, { dpi: 40 }))).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps a page's resources when its content cannot be read here", { timeout: 60_000 }, async () => {
    // Page 14's content stream is damaged past what pdf-lib parses; poppler still reads its text.
    const input = await corpusFile("pdf/malformed/qpdf__xref-compressed-in-compressed.pdf");
    const page14 = (bytes: Uint8Array) => pdfText(bytes, ["-f", "14", "-l", "14"]);
    expect(await page14(input)).toContain("Potato 13");
    const { out } = await compress(input, {});
    expect(await page14(out)).toContain("Potato 13");
  });

  it("keeps every object when off, dropping only what the other options detached", { timeout: 60_000 }, async () => {
    const input = await unusedResourcesPdf({ orphan: true });
    const count = async (bytes: Uint8Array) => (await objects(bytes)).size;
    const on = await compress(input, {});
    const off = await compress(input, { removeUnused: "false" });
    expect(off.message).not.toContain("unused");
    // The orphan, the unused font and image (with its objects) stay when off.
    expect(await count(off.out)).toBeGreaterThan(await count(on.out));
    // (qpdf writes only what is reachable, so the file's own bytes are read.)
    expect(new TextDecoder("latin1").decode(off.out)).toContain("an object nothing refers to");
    expect(new TextDecoder("latin1").decode(on.out)).not.toContain("an object nothing refers to");

    // Thumbnails removed with unused objects kept: their images still go.
    const thumbs = await corpusFile("pdf/valid/pysample__imagemagick-lzw.pdf");
    const kept = await compress(thumbs, { removeUnused: "false" });
    expect(kept.message).toContain("1 thumbnail removed");
    const images = [...(await objects(kept.out)).values()].filter((d) => d["/Subtype"] === "/Image");
    expect(images).toHaveLength(1);
  });
});
