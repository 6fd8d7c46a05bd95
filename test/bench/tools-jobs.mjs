/**
 * The tools benchmark's jobs: each of our engines beside the native tool a person would pick
 * instead, on the same input, with the target the issue sets for it.
 *   lossless: within 2x the reference's time;  crypto: within 3x;  every job: output no larger
 *   than the reference's, peak memory at most 2.5x the input and never over 100 MB.
 */
import { basename } from "node:path";
import { PASSWORD } from "./tools-corpus.mjs";

const SPLIT_PAGES = 200;

/** `out(name)`: a path in the run's output directory. */
export function toolJobs(f, out) {
  const text = f.text200;
  const photo = f.photoPdf;
  return [
    {
      id: "merge",
      label: "merge 50 small PDFs",
      kind: "lossless",
      inputs: f.small,
      ref: ["qpdf", ["--empty", "--pages", ...f.small, "--", out("ref-merge.pdf")], [out("ref-merge.pdf")]],
    },
    {
      id: "split",
      label: "split 200 pages into 200 files",
      kind: "lossless",
      inputs: [text],
      options: { pageCount: SPLIT_PAGES },
      ref: [
        "qpdf",
        ["--split-pages", text, out("ref-split-%d.pdf")],
        Array.from({ length: SPLIT_PAGES }, (_, i) => out(`ref-split-${String(i + 1).padStart(3, "0")}.pdf`)),
      ],
    },
    {
      id: "extract",
      label: "extract 100 of 200 pages",
      kind: "lossless",
      inputs: [text],
      options: { pages: Array.from({ length: 100 }, (_, i) => 2 * i + 1) },
      ref: ["qpdf", [text, "--pages", ".", "1-z:odd", "--", out("ref-extract.pdf")], [out("ref-extract.pdf")]],
    },
    {
      id: "rotate",
      label: "rotate 200 text pages",
      kind: "lossless",
      inputs: [text],
      ref: ["qpdf", ["--rotate=+90", text, out("ref-rotate-text.pdf")], [out("ref-rotate-text.pdf")]],
    },
    {
      id: "rotate",
      label: "rotate 25 MB photo PDF",
      kind: "lossless",
      inputs: [photo],
      ref: ["qpdf", ["--rotate=+90", photo, out("ref-rotate-photo.pdf")], [out("ref-rotate-photo.pdf")]],
    },
    {
      id: "organize",
      label: "organize: 200 pages reversed",
      kind: "lossless",
      inputs: [text],
      ref: ["qpdf", ["--empty", "--pages", text, "z-1", "--", out("ref-organize.pdf")], [out("ref-organize.pdf")]],
    },
    {
      id: "remove",
      label: "remove 100 of 200 pages",
      kind: "lossless",
      inputs: [text],
      options: { pages: Array.from({ length: 100 }, (_, i) => 2 * i + 2) },
      ref: ["qpdf", ["--empty", "--pages", text, "1-z:odd", "--", out("ref-remove.pdf")], [out("ref-remove.pdf")]],
    },
    {
      id: "watermark-logo",
      label: "image watermark (PNG logo) on 200 text pages",
      kind: "lossless",
      inputs: [text],
      options: { logo: f.logo },
      ref: [
        "qpdf",
        [text, "--overlay", f.logoOverlay, "--repeat=1", "--", out("ref-watermark-logo.pdf")],
        [out("ref-watermark-logo.pdf")],
      ],
    },
    {
      id: "flatten",
      label: "flatten a tax form of 76 fields",
      kind: "lossless",
      inputs: [f.form],
      ref: [
        "qpdf",
        ["--generate-appearances", "--flatten-annotations=all", f.form, out("ref-flatten.pdf")],
        [out("ref-flatten.pdf")],
      ],
    },
    {
      id: "watermark",
      label: "watermark 200 text pages",
      kind: "lossless",
      inputs: [text],
      ref: [
        "qpdf",
        [text, "--overlay", f.overlay, "--repeat=1", "--", out("ref-watermark.pdf")],
        [out("ref-watermark.pdf")],
      ],
    },
    ...[
      ["200 text pages", text, f.text200Locked],
      ["25 MB photo PDF", photo, f.photoPdfLocked],
    ].flatMap(([what, plain, locked]) => [
      {
        id: "protect",
        label: `protect (AES-256) ${what}`,
        kind: "crypto",
        inputs: [plain],
        options: { password: PASSWORD },
        ref: ["qpdf", ["--encrypt", PASSWORD, `${PASSWORD}-o`, "256", "--", plain, out(`ref-${basename(plain)}`)]],
      },
      {
        id: "unlock",
        label: `unlock (AES-256) ${what}`,
        kind: "crypto",
        inputs: [locked],
        options: { password: PASSWORD },
        ref: ["qpdf", ["--decrypt", `--password=${PASSWORD}`, locked, out(`ref-${basename(locked)}`)]],
      },
    ]),
    {
      id: "jpg-to-pdf",
      label: "JPG to PDF, 4 photos of 12 MP",
      kind: "lossless",
      inputs: f.photos.slice(0, 4),
      ref: ["img2pdf", ["-o", out("ref-photos.pdf"), ...f.photos.slice(0, 4)], [out("ref-photos.pdf")]],
    },
    {
      id: "jpg-to-pdf",
      label: "PNG to PDF, 1080p screenshot",
      kind: "lossless",
      inputs: [f.screenshot],
      ref: ["img2pdf", ["-o", out("ref-screenshot.pdf"), f.screenshot], [out("ref-screenshot.pdf")]],
    },
  ].map((job) => ({ ...job, ref: { cmd: job.ref[0], args: job.ref[1], outputs: job.ref[2] ?? [job.ref[1].at(-1)] } }));
}

export const TIME_TARGET = { lossless: 2, crypto: 3 };
export const MEMORY_RATIO_TARGET = 2.5;
export const MEMORY_CAP_MB = 100;
