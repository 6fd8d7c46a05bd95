import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { corpusFile, expectValidPdf, oracle, outlines, pageCount, pdfText, render } from "../tools/readers";
import { type ConvertedFile, convertFails, convertOk, download, form, post } from "./answers";
import { psnr } from "./support";

const PATH = "/api/convert/compress-pdf";
const LEVELS = ["low", "recommended", "extreme"] as const;
/** Bytes a different modification date can add to a deflated object stream. */
const MOD_DATE_SLACK = 16;

interface Compressed extends ConvertedFile {
  compressedSize: number;
  compressionRatio: string;
  fontsSubset: number;
}

async function compress(bytes: Uint8Array, level?: string, name = "doc.pdf") {
  const body = await convertOk(PATH, form([{ name, bytes }], level ? { level } : {}));
  const file = body.file as Compressed;
  const out = await download(file);
  expect(file.compressedSize).toBe(out.length);
  expect(out.length).toBeLessThanOrEqual(bytes.length);
  expect(file.compressionRatio).toBe(`${Math.round((1 - out.length / bytes.length) * 100)}%`);
  return { file, out };
}

/** Form fields, link annotations and bookmarks as qpdf reads them. */
async function structure(bytes: Uint8Array) {
  const r = await oracle("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  expect([0, 3], r.stderr).toContain(r.code);
  const json = JSON.parse(r.stdout);
  const objects = json.qpdf[1];
  const value = (ref: unknown) => (typeof ref === "string" ? objects[`obj:${ref}`]?.value : ref);
  let links = 0;
  for (const p of json.pages) {
    const annots = value(value(p.object)?.["/Annots"]) ?? [];
    for (const a of annots) if (value(a)?.["/Subtype"] === "/Link") links++;
  }
  const acro = await oracle("qpdf", ["--json=2", "--json-key=acroform", "{in}"], bytes);
  // qpdf cannot list the fields of some damaged forms; then only their absence is compared.
  const fields = acro.code === 0 || acro.code === 3 ? JSON.parse(acro.stdout).acroform.fields.length : -1;
  const count = (l: { kids: unknown[] }[]): number => l.reduce((n, o) => n + 1 + count(o.kids as never), 0);
  return { fields, links, outlines: count(await outlines(bytes)) };
}

/** Each image as pdfimages lists it: size, colour and resolution on the page. */
async function images(bytes: Uint8Array) {
  const r = await oracle("pdfimages", ["-list", "{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .split("\n")
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return { type: c[2], width: Number(c[3]), height: Number(c[4]), color: c[5], enc: c[8], ppi: Number(c[12]) };
    });
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).join(" ");

describe("compress-pdf on real files, every level", () => {
  const files = [
    "pdf/valid/pdflib__with_combed_fields.pdf",
    "pdf/valid/pdfjs__issue12963.pdf",
    "pdf/valid/qpdf__fax-decode-parms.pdf",
    "pdf/valid/pysample__libre-office-link.pdf",
    "pdf/valid/pdfjs__xfa_filled_imm1344e.pdf",
  ];
  it.each(files)("%s", { timeout: 120_000 }, async (path) => {
    const input = await corpusFile(path);
    const before = { pages: await pageCount(input), text: words(await pdfText(input)), ...(await structure(input)) };
    const sizes: number[] = [];
    for (const level of LEVELS) {
      const { out } = await compress(input, level);
      await expectValidPdf(out);
      expect(await pageCount(out), level).toBe(before.pages);
      expect(words(await pdfText(out)), level).toBe(before.text);
      expect({ pages: before.pages, text: before.text, ...(await structure(out)) }, level).toEqual(before);
      sizes.push(out.length);
    }
    // Image levels only ever replace an image by a smaller one, after the lossless steps. Each
    // save stamps its own ModDate, which sits in a deflated object stream: a save in another
    // second can deflate a few bytes longer (CI once saw 8998 against 8997), so a little slack.
    expect(sizes[1]).toBeLessThanOrEqual(sizes[0] + MOD_DATE_SLACK);
    expect(sizes[2]).toBeLessThanOrEqual(sizes[0] + MOD_DATE_SLACK);
  });
});

/** Three pages: one large photo painted twice (shared), a smaller one, and text on each page. */
async function photoPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const big = await doc.embedJpg(await corpusFile("img/jpeg/sharp__gain-map.jpg"));
  const small = await doc.embedJpg(await corpusFile("img/jpeg/sharp__Landscape_1.jpg"));
  for (const [img, w, text] of [
    [big, 432, "Page one: the big photo"],
    [big, 288, "Page two: the same photo, smaller"],
    [small, 144, "Page three: a landscape"],
  ] as const) {
    const page = doc.addPage([612, 792]);
    page.drawImage(img, { x: 72, y: 300, width: w, height: (w * img.height) / img.width });
    page.drawText(text, { x: 72, y: 100, size: 14, font });
  }
  return doc.save();
}

describe("compress-pdf: images", () => {
  it("downsamples photos to the level's resolution, keeps them looking the same", { timeout: 120_000 }, async () => {
    const input = await photoPdf();
    const original = await images(input);
    expect(original.map((i) => i.ppi)).toEqual([640, 960, 300]);

    const low = await compress(input, "low");
    expect((await images(low.out)).map((i) => i.ppi)).toEqual([640, 960, 300]);

    const rec = await compress(input, "recommended");
    const recImages = await images(rec.out);
    // One image stream painted at two sizes is resampled once, for the larger one.
    expect(recImages[0].ppi).toBeLessThanOrEqual(160);
    expect(recImages.every((i) => i.ppi <= 240)).toBe(true);
    expect(rec.out.length).toBeLessThan(input.length * 0.25);

    const ext = await compress(input, "extreme");
    expect((await images(ext.out))[0].ppi).toBeLessThanOrEqual(106);
    expect(ext.out.length).toBeLessThan(rec.out.length);

    for (const [level, out, floor] of [
      ["recommended", rec.out, 30],
      ["extreme", ext.out, 26],
    ] as const) {
      expect(words(await pdfText(out))).toBe(words(await pdfText(input)));
      for (const page of [1, 3]) {
        const a = await render(input, { page, dpi: 50 });
        const b = await render(out, { page, dpi: 50 });
        expect(psnr(a, b), `${level} page ${page}`).toBeGreaterThan(floor);
      }
    }
  });

  it("resamples a soft mask with /Matte together with its image", { timeout: 60_000 }, async () => {
    const input = await corpusFile("pdf/valid/pdfjs__issue13931.pdf");
    const { out } = await compress(input, "recommended");
    const [img, mask] = await images(out);
    expect(mask.type).toBe("smask");
    expect([mask.width, mask.height]).toEqual([img.width, img.height]);
    expect(img.ppi).toBeLessThanOrEqual(160);
    expect(out.length).toBeLessThan(input.length * 0.3);
    expect(psnr(await render(input, { dpi: 60 }), await render(out, { dpi: 60 }))).toBeGreaterThan(35);
  });

  it("keeps a CMYK image in CMYK", { timeout: 60_000 }, async () => {
    const input = await corpusFile("pdf/valid/pysample__cmyk-image.pdf");
    expect((await images(input))[0].color).toBe("index");
    const { out } = await compress(input, "extreme");
    const [img] = await images(out);
    expect([img.color, img.enc]).toEqual(["cmyk", "jpeg"]);
    const a = await render(input, { dpi: 40 });
    const b = await render(out, { dpi: 40 });
    expect(a.channels).toBe(3);
    expect(psnr(a, b)).toBeGreaterThan(28);
  });
});

describe("compress-pdf: fonts", () => {
  it("cuts whole embedded fonts to the glyphs shown, at the lossless level, and says how many", async () => {
    // Two TrueType fonts embedded whole (about 400 KB of the file), one a form field's.
    const input = await corpusFile("pdf/valid/pdflib__with_combed_fields.pdf");
    const { file, out } = await compress(input, "low");
    expect(file.fontsSubset).toBe(2);
    expect(file.message).toMatch(/^Saved \d+%: .* \(low, 2 fonts subset(; [^)]*)?\)$/);
    expect(out.length).toBeLessThan(input.length * 0.4);
    expect(await pdfText(out)).toBe(await pdfText(input));
    const fonts = await oracle("pdffonts", ["{in}"], out);
    expect(fonts.code, fonts.stderr).toBe(0);
    // Every embedded font a subset ("yes yes"), its name tagged: ABCDEF+Name.
    const rows = fonts.stdout
      .split("\n")
      .slice(2)
      .filter((l) => / yes /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+\S+ .* yes +yes /);
  });
});

describe("compress-pdf: edges", () => {
  it("returns the original when nothing helps, and says so", async () => {
    // Once compressed, a file has nothing left to give (every object it could pack is packed).
    const input = (await compress(await corpusFile("pdf/valid/pysample__minimal-document.pdf"))).out;
    const { file, out } = await compress(input, undefined, "tiny.pdf");
    expect(file.message).toBe("Already optimised: returned unchanged");
    expect(file.convertedName).toBe("tiny-compressed.pdf");
    expect(file.compressionRatio).toBe("0%");
    expect(out).toEqual(input);
  });

  it("refuses an unknown level, locked and damaged files", async () => {
    const good = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const bad = await convertFails(PATH, form([{ name: "a.pdf", bytes: good }], { level: "maximum" }), 400);
    expect(bad.error).toBe("Compression level must be low, recommended or extreme.");
    const locked = await convertFails(
      PATH,
      form([{ name: "l.pdf", bytes: await corpusFile("pdf/encrypted/qpdf__c-r4.pdf") }]),
      422,
    );
    expect(locked.code).toBe("password_required");
    const res = await post(
      PATH,
      form([{ name: "b.pdf", bytes: await corpusFile("pdf/malformed/pdfjs__bomb_giant.pdf") }]),
    );
    expect([413, 422]).toContain(res.status);
    const refused = await res.json<{ error: string; code: string }>();
    expect(refused.error).toMatch(/^b\.pdf /);
    expect(refused.code).not.toBe("job_timeout");
  });
});
