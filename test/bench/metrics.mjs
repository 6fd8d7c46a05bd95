/**
 * Quality of a result against its input, decoded by independent tools (libjpeg, libwebp,
 * libpng, poppler): SSIM on luma (the Gaussian-window SSIM the engine also uses) and, for
 * JPEG and PNG, butteraugli when it is installed.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { has } from "./corpus.mjs";

function netpbm(b) {
  const text = b.subarray(0, 200).toString("latin1");
  if (text.startsWith("P7")) {
    const end = text.indexOf("ENDHDR\n") + 7;
    const num = (k) => Number(new RegExp(`${k} (\\d+)`).exec(text)[1]);
    return {
      width: num("WIDTH"),
      height: num("HEIGHT"),
      channels: num("DEPTH"),
      data: new Uint8Array(b.subarray(end)),
    };
  }
  const m = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(text);
  return {
    width: +m[2],
    height: +m[3],
    channels: m[1] === "P5" ? 1 : 3,
    data: new Uint8Array(b.subarray(m[0].length)),
  };
}

const exec = (cmd, args) => execFileSync(cmd, args, { maxBuffer: 1 << 30 });

/** RGB pixels of a JPEG, PNG or WebP file; null when the decoder is not installed. */
export function decode(path, tmp) {
  const head = readFileSync(path).subarray(0, 12);
  let img;
  if (head[0] === 0xff && has("djpeg")) img = netpbm(exec("djpeg", [path]));
  else if (head.toString("latin1", 8, 12) === "WEBP" && has("dwebp"))
    img = netpbm(exec("dwebp", ["-quiet", "-pam", path, "-o", "-"]));
  else if (head[0] === 0x89 && has("cwebp") && has("dwebp")) {
    const w = join(tmp, "decode.webp");
    exec("cwebp", ["-quiet", "-lossless", "-exact", "-z", "0", path, "-o", w]);
    img = netpbm(exec("dwebp", ["-quiet", "-pam", w, "-o", "-"]));
  } else return null;
  if (img.channels === 3) return img;
  const rgb = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) {
    const a = img.channels === 4 ? img.data[i * 4 + 3] / 255 : 1;
    for (let c = 0; c < 3; c++) {
      const v = img.data[i * img.channels + (img.channels === 1 ? 0 : c)];
      rgb[i * 3 + c] = Math.round(v * a + 255 * (1 - a));
    }
  }
  return { width: img.width, height: img.height, channels: 3, data: rgb };
}

export function ssim(E, a, b) {
  if (!a || !b || a.width !== b.width || a.height !== b.height) return null;
  return E.ssim(a.data, b.data, a.width, a.height, a.channels === 1 ? "gray" : "rgb");
}

export function butteraugli(original, result) {
  if (!has("butteraugli")) return null;
  try {
    return Number(exec("butteraugli", [original, result]).toString().trim());
  } catch {
    return null;
  }
}

/** Mean SSIM of pages 1..n rendered at 100 dpi (grey) by poppler, result against original. */
export function pdfSsim(E, original, result, pages, tmp) {
  if (!has("pdftoppm")) return null;
  const render = (file, root) => {
    exec("pdftoppm", ["-r", "100", "-gray", "-l", String(pages), file, join(tmp, root)]);
    return readdirSync(tmp)
      .filter((f) => f.startsWith(`${root}-`))
      .sort()
      .map((f) => {
        const img = netpbm(readFileSync(join(tmp, f)));
        rmSync(join(tmp, f));
        return img;
      });
  };
  const a = render(original, "orig");
  const b = render(result, "out");
  const scores = a.map((img, i) => ssim(E, img, b[i]));
  return scores.every((s) => s !== null) ? scores.reduce((x, y) => x + y, 0) / scores.length : null;
}

/**
 * How far pages 1..n of a PDF, drawn in colour by poppler (50 dpi), are from grey: the most any
 * pixel's R, G and B differ (0 or 1: grey; null without pdftoppm).
 */
export function colourOf(file, pages, tmp) {
  if (!has("pdftoppm")) return null;
  exec("pdftoppm", ["-r", "50", "-l", String(pages), file, join(tmp, "colour")]);
  let worst = 0;
  for (const f of readdirSync(tmp).filter((f) => f.startsWith("colour-"))) {
    const img = netpbm(readFileSync(join(tmp, f)));
    rmSync(join(tmp, f));
    for (let p = 0; p < img.data.length; p += 3) {
      const d = Math.max(Math.abs(img.data[p] - img.data[p + 1]), Math.abs(img.data[p + 1] - img.data[p + 2]));
      if (d > worst) worst = d;
    }
  }
  return worst;
}

/** Whether pdftotext reads the same text from both PDFs ("same" or "differs"), or null without poppler. */
export function pdfTextSame(original, result) {
  if (!has("pdftotext")) return null;
  const text = (file) => execFileSync("pdftotext", [file, "-"], { encoding: "utf8", maxBuffer: 1 << 28 });
  return text(original) === text(result) ? "same" : "differs";
}
