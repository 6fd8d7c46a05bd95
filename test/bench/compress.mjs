/**
 * Compression benchmarks: our engine against the reference tools on the generated corpus.
 * A missing reference tool is skipped with a note; the run never fails for it.
 */
import { execFileSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { buildCorpus, has } from "./corpus.mjs";
import { engine, native } from "./measure.mjs";
import { butteraugli, colourOf, decode, pdfSsim, pdfTextSame, ssim } from "./metrics.mjs";

export const name = "compress";

/** BENCH_ROWS="text PDF" runs only the inputs whose name contains it (all of them without it). */
const rows = process.env.BENCH_ROWS;
const wanted = (g) => !rows || g.includes(rows);
/** The compress-to-a-size rows: targets in bytes (decimal, as the site's presets count them). */
const TARGETS = {
  jpeg: [
    ["under 1 MB", 1_000_000],
    ["under 200 KB", 200_000],
  ],
  pdf: [
    ["under 1 MB", 1_000_000],
    ["under 200 KB", 200_000],
    ["under 100 KB", 100_000],
  ],
};

export async function run({ E, bundle, dir, log }) {
  const files = await buildCorpus(E, join(dir, "corpus"));
  const out = (n) => join(dir, n);
  const rows = [];
  const notes = [];
  const add = (group, input, tool, r, quality = {}) => {
    const inSize = statSync(input).size;
    const row = {
      group,
      input: basename(input),
      inputBytes: inSize,
      tool,
      ...r,
      savedPct: Math.round((1 - r.size / inSize) * 1000) / 10,
      ...quality,
    };
    rows.push(row);
    log(row);
    return row;
  };
  // A reference tool that fails is noted, never fatal: the bench is about our engine.
  const attempt = async (tool, f) => {
    try {
      await f();
    } catch (err) {
      notes.push(`${tool} failed: ${String(err.message).split("\n")[0]}`);
    }
  };
  const skip = (tool) => {
    const note = `${tool} is not installed: its rows are skipped`;
    if (!notes.includes(note)) notes.push(note);
  };
  let ppmPath = null;
  const ppmOf = (src) => {
    if (!ppmPath) {
      ppmPath = out("source.ppm");
      writeFileSync(ppmPath, Buffer.concat([Buffer.from(`P6\n${src.width} ${src.height}\n255\n`), src.data]));
    }
    return ppmPath;
  };

  // COMPRESS_ONLY=pdf runs the PDF rows alone (the image rows take minutes).
  const only = process.env.COMPRESS_ONLY;
  // BENCH_COMPRESS=jpeg,webp,png,pdf,targets runs only those rows (all by default).
  const kinds = process.env.BENCH_COMPRESS?.split(",");
  const want = (rows) => !kinds || kinds.includes(rows);

  // 12 MP camera JPEG.
  if (only !== "pdf" && wanted("12 MP JPEG")) {
    const g = "12 MP JPEG";
    const src = decode(files.jpeg, dir);
    const q = (res) => ({
      ssim: round(ssim(E, src, decode(res, dir))),
      butteraugli: round(butteraugli(files.jpeg, res), 2),
    });
    if (want("jpeg")) {
      const ours = await engine(bundle, "image", files.jpeg, out("ours.jpg"), { quality: "high" });
      const oursQ = q(out("ours.jpg"));
      add(g, files.jpeg, "ours (default: high)", ours, oursQ);
      const bal = await engine(bundle, "image", files.jpeg, out("ours-balanced.jpg"), { quality: "balanced" });
      add(g, files.jpeg, "ours (balanced)", bal, q(out("ours-balanced.jpg")));
      if (has("cjpeg") && src)
        await attempt("cjpeg", async () => {
          const ppm = ppmOf(src);
          const cj = (quality) =>
            native(
              "cjpeg",
              ["-quality", String(quality), "-outfile", out(`cjpeg-${quality}.jpg`), ppm],
              out(`cjpeg-${quality}.jpg`),
            );
          // The smallest cjpeg quality whose SSIM reaches ours: equal quality, compared by size.
          let lo = 50;
          let hi = 100;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            await cj(mid);
            if (ssim(E, src, decode(out(`cjpeg-${mid}.jpg`), dir)) >= oursQ.ssim) hi = mid;
            else lo = mid + 1;
          }
          add(g, files.jpeg, `cjpeg -quality ${lo} (equal SSIM)`, await cj(lo), q(out(`cjpeg-${lo}.jpg`)));
          add(g, files.jpeg, "cjpeg -quality 75", await cj(75), q(out("cjpeg-75.jpg")));
        });
      else skip("cjpeg");
    }

    // Compress to a size: ours (which may also make the photo smaller in pixels), against cjpeg
    // at the highest quality that fits the same size. A result smaller in pixels is measured
    // scaled back up to the input's size (ImageMagick, Lanczos), as a viewer would show it.
    const qFull = (res) => {
      const img = decode(res, dir);
      if (!img || !src || (img.width === src.width && img.height === src.height)) return { quality: q(res), dims: "" };
      const dims = `, ${img.width} x ${img.height}`;
      if (!has("convert")) return { quality: { ssim: null, butteraugli: null }, dims };
      const up = out("upscaled.png");
      execFileSync("convert", [res, "-resize", `${src.width}x${src.height}!`, up]);
      return { quality: q(up), dims };
    };
    for (const [label, target] of want("targets") ? TARGETS.jpeg : []) {
      const o = out(`ours-target-${target}.jpg`);
      const ours = await engine(bundle, "image", files.jpeg, o, { quality: "high", targetSize: target });
      const { quality, dims } = qFull(o);
      add(g, files.jpeg, `ours (${label}${dims})`, ours, quality);
      if (has("cjpeg") && src)
        await attempt("cjpeg", async () => {
          const ppm = ppmOf(src);
          const at = (quality) => {
            const f = out(`cjpeg-size-${quality}.jpg`);
            return native("cjpeg", ["-quality", String(quality), "-outfile", f, ppm], f);
          };
          // The highest cjpeg quality within the target (sizes grow with quality).
          let lo = 1;
          let hi = 100;
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if ((await at(mid)).size <= target) lo = mid;
            else hi = mid - 1;
          }
          const r = await at(lo);
          add(g, files.jpeg, `cjpeg -quality ${lo} (same size, ${label})`, r, q(out(`cjpeg-size-${lo}.jpg`)));
        });
    }
  }

  // WebP at phone size: 12 MP is past the edge's WebP limit (3 MP; 4 MP converting to WebP), so
  // ours runs on a device's budget (2 GB, what the on-device engine gets on a 8 GB machine).
  if (only !== "pdf" && want("webp") && wanted("12 MP WebP")) {
    const DEVICE = { memoryMB: 2048 };
    const g = "12 MP WebP";
    const src = decode(files.webp, dir);
    const q = (res) => ({ ssim: round(ssim(E, src, decode(res, dir))) });
    const ours = await engine(bundle, "image", files.webp, out("ours.webp"), { quality: "high", ...DEVICE });
    add(g, files.webp, "ours (default: high), device budget", ours, q(out("ours.webp")));
    if (has("cwebp"))
      await attempt("cwebp", async () => {
        const r = await native("cwebp", ["-quiet", "-q", "75", files.webp, "-o", out("cwebp.webp")], out("cwebp.webp"));
        add(g, files.webp, "cwebp -q 75", r, q(out("cwebp.webp")));
      });
    else skip("cwebp");
    // A 12 MP JPEG to WebP: ours at the default quality, cwebp at its default and at equal SSIM.
    const j = "12 MP JPEG to WebP";
    const jsrc = decode(files.jpeg, dir);
    const jq = (res) => ({ ssim: round(ssim(E, jsrc, decode(res, dir))) });
    const conv = await engine(bundle, "image", files.jpeg, out("ours-jpeg.webp"), {
      quality: "high",
      toWebp: true,
      ...DEVICE,
    });
    const convQ = conv.detail === "original" ? null : jq(out("ours-jpeg.webp"));
    if (convQ) add(j, files.jpeg, "ours (default: high), device budget", conv, convQ);
    else notes.push("12 MP JPEG to WebP: ours kept the JPEG (the WebP was not smaller)");
    if (has("cwebp") && jsrc)
      await attempt("cwebp", async () => {
        const ppm = ppmOf(jsrc);
        const cw = (quality) =>
          native(
            "cwebp",
            ["-quiet", "-q", String(quality), ppm, "-o", out(`cwebp-${quality}.webp`)],
            out(`cwebp-${quality}.webp`),
          );
        add(j, files.jpeg, "cwebp -q 75", await cw(75), jq(out("cwebp-75.webp")));
        if (convQ) {
          let lo = 50;
          let hi = 100;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            await cw(mid);
            if (ssim(E, jsrc, decode(out(`cwebp-${mid}.webp`), dir)) >= convQ.ssim) hi = mid;
            else lo = mid + 1;
          }
          add(j, files.jpeg, `cwebp -q ${lo} (equal SSIM)`, await cw(lo), jq(out(`cwebp-${lo}.webp`)));
        }
      });
  }

  // PNGs: a screenshot and a photo.
  for (const [g, file] of only === "pdf"
    ? []
    : [
        ["PNG screenshot 1080p", files.screenshot],
        ["PNG photo", files.pngPhoto],
      ]) {
    if (!wanted(g) || !want("png")) continue;
    const src = decode(file, dir);
    const tag = basename(file, ".png");
    const qual = (res) => ({
      ssim: round(ssim(E, src, decode(res, dir))),
      butteraugli: round(butteraugli(file, res), 2),
    });
    add(
      g,
      file,
      "ours (default: high)",
      await engine(bundle, "image", file, out(`ours-${tag}.png`), { quality: "high" }),
      qual(out(`ours-${tag}.png`)),
    );
    if (has("optipng"))
      await attempt("optipng", async () => {
        const o = out(`optipng-${tag}.png`);
        add(
          g,
          file,
          "optipng -o2",
          await native("optipng", ["-quiet", "-clobber", "-o2", "-out", o, file], o),
          qual(o),
        );
      });
    else skip("optipng");
    if (has("pngquant"))
      await attempt("pngquant", async () => {
        const o = out(`pngquant-${tag}.png`);
        add(g, file, "pngquant (lossy)", await native("pngquant", ["--force", "--output", o, file], o), qual(o));
      });
    else skip("pngquant");
  }

  // PDFs: ten 12 MP photos, and 30 pages of text with three copies of one font (quality: first pages).
  for (const [g, file, pages] of [
    ["photo PDF, 10 x 12 MP", files.photoPdf, 4],
    ["text PDF, 30 pages", files.textPdf, 2],
  ]) {
    if (!wanted(g)) continue;
    const tag = basename(file, ".pdf");
    // Text as pdftotext reads it, whole file: compression must not change what can be searched or copied.
    const qual = (res) => ({ ssim: round(pdfSsim(E, file, res, pages, dir)), text: pdfTextSame(file, res) });
    if (want("pdf")) {
      for (const level of ["low", "recommended", "extreme"]) {
        const o = out(`ours-${level}-${tag}.pdf`);
        add(g, file, `ours (${level})`, await engine(bundle, "pdf", file, o, { level }), qual(o));
      }
      if (has("gs"))
        await attempt("gs", async () => {
          for (const setting of ["ebook", "screen"]) {
            const o = out(`gs-${setting}-${tag}.pdf`);
            const args = [
              "-q",
              "-dNOPAUSE",
              "-dBATCH",
              "-dSAFER",
              "-sDEVICE=pdfwrite",
              `-dPDFSETTINGS=/${setting}`,
              `-sOutputFile=${o}`,
              file,
            ];
            add(g, file, `gs /${setting}`, await native("gs", args, o), qual(o));
          }
        });
      else skip("gs");
      // Grayscale (images, text and drawing in grey) against ghostscript's colour conversion to grey.
      const grey = (label, o) => {
        const worst = colourOf(o, pages, dir);
        if (worst !== null)
          notes.push(
            `${g}, ${label}: ${worst <= 1 ? "every pixel grey" : `pixels up to ${worst} levels from grey`} (first ${pages} pages at 50 dpi)`,
          );
      };
      for (const level of ["low", "recommended"]) {
        const o = out(`ours-gray-${level}-${tag}.pdf`);
        add(
          g,
          file,
          `ours (grayscale, ${level})`,
          await engine(bundle, "pdf", file, o, { level, grayscale: true }),
          qual(o),
        );
        grey(`ours (grayscale, ${level})`, o);
      }
      if (has("gs"))
        await attempt("gs", async () => {
          for (const setting of [null, "ebook"]) {
            const o = out(`gs-gray-${setting ?? "default"}-${tag}.pdf`);
            const args = [
              "-q",
              "-dNOPAUSE",
              "-dBATCH",
              "-dSAFER",
              "-sDEVICE=pdfwrite",
              "-sColorConversionStrategy=Gray",
              "-dProcessColorModel=/DeviceGray",
              ...(setting ? [`-dPDFSETTINGS=/${setting}`] : []),
              `-sOutputFile=${o}`,
              file,
            ];
            const label = `gs -sColorConversionStrategy=Gray${setting ? ` /${setting}` : ""}`;
            add(g, file, label, await native("gs", args, o), qual(o));
            grey(label, o);
          }
        });
      if (has("qpdf"))
        await attempt("qpdf", async () => {
          const o = out(`qpdf-${tag}.pdf`);
          const args = ["--object-streams=generate", "--recompress-flate", "--compression-level=9", file, o];
          add(g, file, "qpdf (lossless)", await native("qpdf", args, o), qual(o));
        });
      else skip("qpdf");
    }

    // Compress to a size (the photo PDF), against ghostscript at the highest image resolution
    // whose output fits the same size (its /screen settings otherwise).
    if (file !== files.photoPdf || !want("targets")) continue;
    for (const [label, target] of TARGETS.pdf) {
      const o = out(`ours-target-${target}-${tag}.pdf`);
      add(
        g,
        file,
        `ours (${label})`,
        await engine(bundle, "pdf", file, o, { level: "recommended", targetSize: target }),
        qual(o),
      );
      if (has("gs"))
        await attempt("gs", async () => {
          const at = (dpi) => {
            const f = out(`gs-size-${dpi}-${tag}.pdf`);
            const args = ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/screen"];
            for (const kind of ["Color", "Gray"]) {
              args.push(
                `-dDownsample${kind}Images=true`,
                `-d${kind}ImageDownsampleType=/Bicubic`,
                `-d${kind}ImageResolution=${dpi}`,
                `-d${kind}ImageDownsampleThreshold=1.0`,
              );
            }
            return native("gs", [...args, `-sOutputFile=${f}`, file], f);
          };
          let lo = 10;
          let hi = 300;
          while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if ((await at(mid)).size <= target) lo = mid;
            else hi = mid - 1;
          }
          const r = await at(lo);
          add(g, file, `gs /screen at ${lo} dpi (same size, ${label})`, r, qual(out(`gs-size-${lo}-${tag}.pdf`)));
        });
    }
  }
  return { rows, notes, tools: toolVersions() };
}

function round(v, digits = 4) {
  return v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;
}

function toolVersions() {
  const v = {};
  for (const [tool, args] of [
    ["gs", ["--version"]],
    ["qpdf", ["--version"]],
    ["cjpeg", ["-version"]],
    ["cwebp", ["-version"]],
    ["optipng", ["-v"]],
    ["pngquant", ["--version"]],
  ]) {
    if (!has(tool)) continue;
    try {
      v[tool] = execFileSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
        .split("\n")[0]
        .trim();
    } catch (e) {
      v[tool] = String(e.stderr ?? "")
        .split("\n")[0]
        .trim();
    }
  }
  return v;
}
