import { describe, expect, it } from "vitest";
import { corpusFile, oracle } from "../helpers";
import { buildPdf } from "./build-pdf";
import {
  convertFails,
  convertOk,
  download,
  expectValidPdf,
  form,
  pageCount,
  pdfInfo,
  pdfText,
  type Raster,
  render,
} from "./support";

const WATERMARK = "/api/convert/watermark-pdf";

/** Centre and direction (degrees, image y pointing down) of the dark pixels of a grey raster. */
function inkLayout(r: Raster, threshold = 230) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let darkest = 255;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const v = r.data[y * r.width + x];
      darkest = Math.min(darkest, v);
      if (v >= threshold) continue;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
  }
  const cx = sx / n;
  const cy = sy / n;
  const angle = (0.5 * Math.atan2(2 * (sxy / n - cx * cy), sxx / n - cx * cx - (syy / n - cy * cy)) * 180) / Math.PI;
  return { n, cx: cx / r.width, cy: cy / r.height, angle, darkest };
}

const squash = (s: string) => s.replace(/\s+/g, "");

describe("POST /api/convert/watermark-pdf", () => {
  it("stamps the text on every page, as real text, keeping the page's own", async () => {
    const src = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const body = await convertOk(
      WATERMARK,
      form([{ name: "paper.pdf", bytes: src }], { watermarkText: "CONFIDENTIAL", opacity: "0.3" }),
    );
    expect(body.message).toBe("PDF watermarking completed");
    expect(body.files[0]).toMatchObject({
      originalName: "paper.pdf",
      convertedName: "paper-watermarked.pdf",
      status: "watermarked",
    });
    const out = await download(body.files[0]);
    await expectValidPdf(out);
    expect(await pageCount(out)).toBe(4);
    for (let p = 1; p <= 4; p++) {
      const text = await pdfText(out, ["-raw", "-f", `${p}`, "-l", `${p}`]);
      expect(squash(text)).toContain("CONFIDENTIAL");
      const original = squash(await pdfText(src, ["-raw", "-f", `${p}`, "-l", `${p}`]));
      expect(squash(text)).toContain(original.slice(0, 40));
    }
    const fonts = await oracle("pdffonts", ["{in}"], out);
    expect(fonts.stdout).toContain("Helvetica-Bold");
    expect((await pdfInfo(out)).Producer).toBe("PDFTools");
  });

  it("centres the text diagonally as the reader sees each page: rotated or cropped", async () => {
    const src = await buildPdf([
      { text: "" },
      { text: "", rotate: 90 },
      { text: "", size: [500, 300], rotate: 270, cropBox: [100, 50, 400, 250] },
      { text: "", rotate: 180, cropBox: [0, 0, 300, 200] },
    ]);
    const out = await download(
      (await convertOk(WATERMARK, form([{ name: "w.pdf", bytes: src }], { watermarkText: "WWWWWWWWWW", opacity: "1" })))
        .files[0],
    );
    await expectValidPdf(out);
    for (let p = 1; p <= 4; p++) {
      const raster = await render(out, { page: p, gray: true });
      const ink = inkLayout(raster);
      expect(ink.n, `page ${p}`).toBeGreaterThan(500);
      expect(ink.cx, `page ${p} x`).toBeCloseTo(0.5, 1);
      expect(ink.cy, `page ${p} y`).toBeCloseTo(0.5, 1);
      // Bottom-left to top-right along the diagonal of what is shown.
      const diagonal = (-Math.atan2(raster.height, raster.width) * 180) / Math.PI;
      expect(Math.abs(ink.angle - diagonal), `page ${p} angle ${ink.angle} vs ${diagonal}`).toBeLessThan(6);
    }
  });

  it("draws at the chosen opacity, 0.3 when none is given", async () => {
    const src = await buildPdf([{ text: "" }]);
    const darkest = async (fields: Record<string, string>) => {
      const body = await convertOk(WATERMARK, form([{ name: "o.pdf", bytes: src }], fields));
      return inkLayout(await render(await download(body.files[0]), { gray: true }), 250).darkest;
    };
    // Mid grey (128) over white: 255 - opacity * 127.
    expect(await darkest({ watermarkText: "DRAFT", opacity: "1" })).toBeCloseTo(128, -1);
    expect(await darkest({ watermarkText: "DRAFT", opacity: "0.5" })).toBeCloseTo(191, -1);
    expect(await darkest({ watermarkText: "DRAFT" })).toBeCloseTo(217, -1);
  });

  it("embeds a font that covers Cyrillic and Greek text, which stays extractable", async () => {
    const src = await buildPdf([{ text: "" }]);
    const text = "Секретно Ωμέγα Ünïcödé";
    const body = await convertOk(WATERMARK, form([{ name: "u.pdf", bytes: src }], { watermarkText: text }));
    const out = await download(body.files[0]);
    await expectValidPdf(out);
    expect(squash(await pdfText(out, ["-raw"]))).toBe(squash(text));
    const fonts = await oracle("pdffonts", ["{in}"], out);
    expect(fonts.stdout).toMatch(/[A-Z]{6}\+DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    // Only the glyphs used: the whole font is 700 KB.
    expect(out.byteLength).toBeLessThan(40_000);
  });

  it("refuses text no font here can show, naming the characters, and right-to-left text", async () => {
    const src = await buildPdf([{ text: "" }]);
    const file = [{ name: "t.pdf", bytes: src }];
    const cjk = await convertFails(WATERMARK, form(file, { watermarkText: "社外秘 secret" }), 400);
    expect(cjk.error).toContain("cannot be shown: 社 外 秘.");
    const emoji = await convertFails(WATERMARK, form(file, { watermarkText: "TOP 🔒" }), 400);
    expect(emoji.error).toContain("🔒");
    for (const rtl of ["سري للغاية", "סודי"]) {
      expect((await convertFails(WATERMARK, form(file, { watermarkText: rtl }), 400)).error).toBe(
        "Right-to-left text (such as Arabic or Hebrew) cannot be used for a watermark yet. Please use left-to-right text.",
      );
    }
  });

  it("checks the text and opacity", async () => {
    const src = await buildPdf([{ text: "" }]);
    const file = [{ name: "t.pdf", bytes: src }];
    const cases: [Record<string, string>, string][] = [
      [{}, "Watermark text is required"],
      [{ watermarkText: "  \n " }, "Watermark text is required"],
      [{ watermarkText: "x".repeat(201) }, "Watermark text must be at most 200 characters."],
      [{ watermarkText: "A", opacity: "0" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "1.5" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "half" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
      [{ watermarkText: "A", opacity: "0.15" }, "Opacity must be a number from 0.1 to 1, in steps of 0.1."],
    ];
    for (const [fields, error] of cases) {
      expect((await convertFails(WATERMARK, form(file, fields), 400)).error).toBe(error);
    }
  });

  it("reports files one by one; a lone file that fails is a plain 4xx", async () => {
    const good = await buildPdf([{ text: "" }]);
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r3.pdf");
    const body = await convertOk(
      WATERMARK,
      form(
        [
          { name: "good.pdf", bytes: good },
          { name: "locked.pdf", bytes: enc },
        ],
        { watermarkText: "CONFIDENTIAL" },
      ),
    );
    expect(body.files).toHaveLength(2);
    expect(body.message).toBe("1 of 2 files watermarked");
    expect(body.files[0].status).toBe("watermarked");
    const message = "locked.pdf is password-protected. Enter its password to open it.";
    expect(body.files[1]).toMatchObject({ originalName: "locked.pdf", status: "error", error: message, message });
    await expectValidPdf(await download(body.files[0]));
    const alone = await convertFails(
      WATERMARK,
      form([{ name: "locked.pdf", bytes: enc }], { watermarkText: "X" }),
      422,
    );
    expect(alone).toEqual({ code: "password_required", error: message });
  });
});
