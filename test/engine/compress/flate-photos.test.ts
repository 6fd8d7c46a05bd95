import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ssim } from "../../../worker/engine/image/ssim";
import { build, stream } from "../pdf/stream-builder";
import { imagesIn, oracle, pdfText, render } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * Photographs stored losslessly become JPEGs at recommended even when they are not downsampled;
 * screenshots and line art stay lossless. Judged by poppler (pdfimages for the encoding, pdftoppm
 * for the page, pdftotext for the text) and qpdf, not by our own reader.
 */

const W = 480;
const H = 360;

/** A deterministic generator: the same pictures on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Continuous tone: soft gradients and waves with a little sensor noise, in `ch` channels. */
function photo(ch: number): Uint8Array {
  const rnd = random(7);
  const out = new Uint8Array(W * H * ch);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      for (let c = 0; c < ch; c++) {
        const v =
          110 +
          60 * Math.sin(x / (23 + 7 * c) + y / 41) +
          40 * Math.cos((x * y) / 9000 + c) +
          (30 * (x + y)) / (W + H) +
          (rnd() - 0.5) * 10;
        out[(y * W + x) * ch + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
  return out;
}

/**
 * A screenshot: a page of the Writer report as poppler draws it at 72 dpi (596 x 842), type,
 * rules and a chart in antialiased RGB. A JPEG of it at quality 40 is 62% of its deflated size,
 * so only the pixels' look keeps it lossless.
 */
async function screenshot(): Promise<Img> {
  const page = await readFile(new URL("../../fixtures/documents/writer-report.pdf", import.meta.url));
  const r = await render(new Uint8Array(page), { dpi: 72 });
  // Deflated it is 6% of its samples: over the 5% under which an image is not even looked at.
  expect(deflateSync(r.data, { level: 9 }).length / r.data.length).toBeGreaterThan(0.055);
  return { colorSpace: "/DeviceRGB", data: r.data, width: r.width, height: r.height };
}

function rgbToCmyk(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array((rgb.length / 3) * 4);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    const k = 255 - Math.max(rgb[i], rgb[i + 1], rgb[i + 2]);
    out.set([255 - rgb[i] - k, 255 - rgb[i + 1] - k, 255 - rgb[i + 2] - k, k], o);
  }
  return out;
}

/** A soft mask: opaque in the middle, fading to transparent at the left and right edges. */
function softMask(): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = Math.min(255, Math.min(x, W - x) * 3);
  return out;
}

interface Img {
  colorSpace: string;
  data: Uint8Array;
  width?: number;
  height?: number;
  extra?: string;
}

/**
 * One page: each image drawn 288 pt wide (the photos at 120 ppi, the screenshot at 149: under
 * recommended's 150, so not downsampled), then a line of text.
 */
function pdf(images: Img[], more: [number, Uint8Array | string][] = []): Uint8Array {
  const names = images.map((_, i) => `/Im${i} ${10 + i} 0 R`).join(" ");
  const draws = images
    .map((img, i) => `q 288 0 0 ${(288 * (img.height ?? H)) / (img.width ?? W)} ${20 + i * 300} 80 cm /Im${i} Do Q`)
    .join(" ");
  const content = `${draws} BT /F1 14 Tf 20 40 Td (Photographs and screenshots) Tj ET`;
  const width = 40 + images.length * 300;
  return build(
    [
      [1, "<< /Type /Catalog /Pages 2 0 R >>"],
      [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
      [
        3,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} 500] /Contents 4 0 R /Resources << /XObject << ${names} >> /Font << /F1 5 0 R >> >> >>`,
      ],
      [4, stream(`<< /Length ${content.length} >>`, content, "\n")],
      [5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"],
      ...images.map((img, i): [number, Uint8Array] => {
        const z = deflateSync(img.data);
        const dict = `<< /Type /XObject /Subtype /Image /Width ${img.width ?? W} /Height ${img.height ?? H} /ColorSpace ${img.colorSpace} /BitsPerComponent 8 /Filter /FlateDecode ${img.extra ?? ""} /Length ${z.length} >>`;
        return [10 + i, stream(dict, z, "\n")];
      }),
      ...more.map(([n, body]): [number, Uint8Array | string] => [n, body]),
    ],
    "/Root 1 0 R",
  );
}

/** The page as poppler draws it at 72 dpi in grey, before and after: SSIM on luma. */
async function pageSsim(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ra, rb] = [await render(a, { gray: true }), await render(b, { gray: true })];
  expect([rb.width, rb.height]).toEqual([ra.width, ra.height]);
  return ssim(ra.data, rb.data, ra.width, ra.height, "gray");
}

async function expectSound(input: Uint8Array, out: Uint8Array) {
  const check = await oracle("qpdf", ["--check", "{in}"], out);
  expect(check.code, check.stdout + check.stderr).toBe(0);
  expect(check.stderr).toBe("");
  expect(await pdfText(out)).toBe(await pdfText(input));
}

describe("photographs stored losslessly", () => {
  it("an RGB photo becomes a JPEG, a screenshot beside it stays lossless", { timeout: 60_000 }, async () => {
    const input = pdf([{ colorSpace: "/DeviceRGB", data: photo(3) }, await screenshot()]);
    const { out } = await compress(input, {}, "photos.pdf");
    // pdfimages -list: type, width, height, color, comp, bpc, enc.
    const [p, s] = await imagesIn(out);
    expect(p, "the photo").toEqual(["image", "480", "360", "rgb", "3", "8", "jpeg"]);
    expect(s, "the screenshot").toEqual(["image", "596", "842", "rgb", "3", "8", "image"]);
    expect(out.length).toBeLessThan(input.length * 0.6);
    expect(await pageSsim(input, out)).toBeGreaterThan(0.95);
    await expectSound(input, out);
  });

  it("stays lossless at low", { timeout: 60_000 }, async () => {
    const input = pdf([{ colorSpace: "/DeviceRGB", data: photo(3) }]);
    const { out } = await compress(input, { level: "low" }, "photo.pdf");
    expect((await imagesIn(out))[0][6]).toBe("image");
  });

  it("a CMYK photo becomes a CMYK JPEG", { timeout: 60_000 }, async () => {
    const input = pdf([{ colorSpace: "/DeviceCMYK", data: rgbToCmyk(photo(3)) }]);
    const { out } = await compress(input, {}, "cmyk.pdf");
    expect((await imagesIn(out))[0]).toEqual(["image", "480", "360", "cmyk", "4", "8", "jpeg"]);
    expect(out.length).toBeLessThan(input.length / 2);
    expect(await pageSsim(input, out)).toBeGreaterThan(0.95);
    await expectSound(input, out);
  });

  it("a photo with a soft mask keeps it lossless; the colour key the mask overrides goes", {
    timeout: 60_000,
  }, async () => {
    const mask = deflateSync(softMask());
    const maskObj = stream(
      `<< /Type /XObject /Subtype /Image /Width ${W} /Height ${H} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${mask.length} >>`,
      mask,
      "\n",
    );
    // PDF Annotator's base64image.pdf: a colour key beside the soft mask, which readers ignore.
    const extra = "/SMask 20 0 R /Mask [255 255 255 255 255 255]";
    const input = pdf([{ colorSpace: "/DeviceRGB", data: photo(3), extra }], [[20, maskObj]]);
    const { out } = await compress(input, {}, "masked.pdf");
    const [p, m] = await imagesIn(out);
    expect(p).toEqual(["image", "480", "360", "rgb", "3", "8", "jpeg"]);
    expect(m).toEqual(["smask", "480", "360", "gray", "1", "8", "image"]);
    const shown = await oracle("qpdf", ["--show-object=10", "{in}"], out);
    expect(shown.stdout).toMatch(/\/SMask \d+ 0 R/);
    expect(shown.stdout).not.toMatch(/\/Mask/);
    expect(await pageSsim(input, out)).toBeGreaterThan(0.95);
    await expectSound(input, out);
  });

  it("a colour key without a soft mask keeps the image lossless", { timeout: 60_000 }, async () => {
    const input = pdf([{ colorSpace: "/DeviceRGB", data: photo(3), extra: "/Mask [0 20 0 20 0 20]" }]);
    const { out } = await compress(input, {}, "keyed.pdf");
    expect((await imagesIn(out))[0][6]).toBe("image");
  });
});
