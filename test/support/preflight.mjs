#!/usr/bin/env node
// Before `npm test`: the tests read outputs with tools that did not write them (qpdf, poppler)
// and drive Debian's Chromium. Install what is missing where we can (root + apt-get); otherwise
// stop at once and say exactly what to install. Nothing is skipped silently.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The browser tests run Debian's headless shell (test/e2e/playwright.config.ts).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const needs = [
  { what: "Chromium's headless shell", pkg: "chromium-headless-shell", ok: () => existsSync(chromium) },
  { what: "qpdf", pkg: "qpdf", ok: () => has("qpdf") },
  { what: "poppler-utils (pdftotext, pdfinfo)", pkg: "poppler-utils", ok: () => has("pdftotext") && has("pdfinfo") },
  // The image tests read results with libjpeg and libwebp (and libpng through cwebp).
  { what: "libjpeg-turbo-progs (djpeg, cjpeg)", pkg: "libjpeg-turbo-progs", ok: () => has("djpeg") && has("cjpeg") },
  { what: "webp (dwebp, cwebp)", pkg: "webp", ok: () => has("dwebp") && has("cwebp") && has("webpmux") },
  // Split's ZIP is read with unzip.
  { what: "unzip", pkg: "unzip", ok: () => has("unzip") },
  // Requantized JPEGs are judged by butteraugli; a PDF's images against the originals by
  // ImageMagick's compare (some machines carry a stand-in `convert`, never `compare`).
  { what: "butteraugli", pkg: "butteraugli", ok: () => has("butteraugli") },
  { what: "ImageMagick (convert, compare)", pkg: "imagemagick", ok: () => has("convert") && has("compare") },
];

function has(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

let missing = needs.filter((n) => !n.ok());
if (missing.length > 0) {
  const pkgs = missing.map((n) => n.pkg);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && has("apt-get")) {
    console.info(`preflight: installing ${pkgs.join(", ")} with apt-get`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", ...pkgs], { stdio: "inherit", env });
    missing = needs.filter((n) => !n.ok());
  }
}
if (missing.length > 0) {
  console.error(
    `preflight: the tests need ${missing.map((n) => n.what).join(", ")}.\n` +
      `Install them with:  sudo apt-get install -y ${missing.map((n) => n.pkg).join(" ")}\n` +
      (existsSync(chromium) ? "" : `(or set CHROMIUM_PATH to a Chromium binary; looked for ${chromium})\n`),
  );
  process.exit(1);
}
console.info(`preflight: ${needs.map((n) => n.pkg).join(", ")} are present`);
