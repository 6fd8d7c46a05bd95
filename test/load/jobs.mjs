/**
 * The load test's requests, each made unique so its result can be told from any other: PDFs
 * carry a token in their text, images have a size no other request in the run has. After the
 * run, every downloaded result is checked against its own request with tools that did not
 * write it (pdftotext, pdfinfo, qpdf, pdfimages, unzip); the PNG header is read directly.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";

const PASSWORD = "load-Pa55";
const tmp = mkdtempSync(join(tmpdir(), "pdftools-load-files-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

export function tool(cmd, args, input) {
  return new Promise((resolve) => {
    const child = execFile(cmd, args, { encoding: "latin1", maxBuffer: 1 << 26 }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr }),
    );
    if (input) child.stdin.end(Buffer.from(input));
  });
}

async function withFile(bytes, run) {
  const path = join(tmp, `${process.hrtime.bigint()}-${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(path, bytes);
  try {
    return await run(path);
  } finally {
    rmSync(path, { force: true });
  }
}

async function textPdf(tokens) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const token of tokens) {
    const page = doc.addPage([300, 200]);
    page.drawText(token, { x: 20, y: 120, size: 14, font });
    page.drawText("load test page", { x: 20, y: 80, size: 10, font });
  }
  return doc.save();
}

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG of w x h with a gradient, so it is real image data. */
function png(w, h) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, "latin1");
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rows.set([(x * 255) / w, (y * 255) / h, (x + y) & 255], y * (w * 3 + 1) + 1 + x * 3);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

const file = (bytes, name, type) => new File([bytes], name, { type });

// -raw: content-stream order, so the diagonal watermark reads as one word.
const pdfText = (bytes, extra = []) =>
  withFile(bytes, async (p) => (await tool("pdftotext", ["-raw", ...extra, p, "-"])).stdout);
const pages = (bytes) => withFile(bytes, async (p) => Number((await tool("qpdf", ["--show-npages", p])).stdout.trim()));

const problems = {
  text: async (bytes, tokens, extra) => {
    // Poppler reads text drawn in a form (the watermark) one glyph per line.
    const text = (await pdfText(bytes, extra)).replace(/\s+/g, "");
    const missing = tokens.filter((t) => !text.includes(t));
    return missing.length ? `text lacks ${missing.join(", ")}` : null;
  },
};

/** One request of each kind: its form, and how to check the file that came back. */
export const JOBS = {
  async "rotate-pdf"(n) {
    const token = `ROT${n}X`;
    const body = new FormData();
    body.append("files", file(await textPdf([token]), `r${n}.pdf`, "application/pdf"));
    return {
      body,
      check: async (bytes) =>
        (await problems.text(bytes, [token])) ??
        (await withFile(bytes, async (p) =>
          /rot:\s+90/.test((await tool("pdfinfo", ["-f", "1", "-l", "1", p])).stdout) ? null : "page 1 is not rotated",
        )),
    };
  },
  async "merge-pdf"(n) {
    const [a, b] = [`MA${n}X`, `MB${n}X`];
    const body = new FormData();
    body.append("files", file(await textPdf([a, `${a}p2`]), `a${n}.pdf`, "application/pdf"));
    body.append("files", file(await textPdf([b]), `b${n}.pdf`, "application/pdf"));
    return {
      body,
      check: async (bytes) => {
        const text = await pdfText(bytes);
        if (!(text.indexOf(a) >= 0 && text.indexOf(a) < text.indexOf(b))) return `text lacks ${a} before ${b}`;
        return (await pages(bytes)) === 3 ? null : "not 3 pages";
      },
    };
  },
  async "extract-pages"(n) {
    const tokens = [`E1_${n}X`, `E2_${n}X`, `E3_${n}X`];
    const body = new FormData();
    body.append("files", file(await textPdf(tokens), `e${n}.pdf`, "application/pdf"));
    body.append("selectedPages", "[2]");
    return {
      body,
      check: async (bytes) => {
        const text = await pdfText(bytes);
        if (!text.includes(tokens[1]) || text.includes(tokens[0]) || text.includes(tokens[2])) return "wrong page";
        return (await pages(bytes)) === 1 ? null : "not 1 page";
      },
    };
  },
  async "watermark-pdf"(n) {
    const [token, mark] = [`W${n}X`, `MARK${n}`];
    const body = new FormData();
    body.append("files", file(await textPdf([token]), `w${n}.pdf`, "application/pdf"));
    body.append("watermarkText", mark);
    body.append("opacity", "0.3");
    return { body, check: (bytes) => problems.text(bytes, [token, mark]) };
  },
  async "protect-pdf"(n) {
    const token = `P${n}X`;
    const body = new FormData();
    body.append("files", file(await textPdf([token]), `p${n}.pdf`, "application/pdf"));
    body.append("password", PASSWORD);
    return {
      body,
      check: async (bytes) =>
        (await withFile(bytes, async (p) =>
          /R = 6/.test((await tool("qpdf", [`--password=${PASSWORD}`, "--show-encryption", p])).stdout)
            ? null
            : "not AES-256",
        )) ?? problems.text(bytes, [token], ["-upw", PASSWORD]),
    };
  },
  async "unlock-pdf"(n) {
    const token = `U${n}X`;
    const locked = await withFile(await textPdf([token]), async (p) => {
      const out = `${p}.locked.pdf`;
      await tool("qpdf", ["--encrypt", PASSWORD, `${PASSWORD}o`, "256", "--", p, out]);
      const bytes = readFileSync(out);
      rmSync(out, { force: true });
      return bytes;
    });
    const body = new FormData();
    body.append("files", file(locked, `u${n}.pdf`, "application/pdf"));
    body.append("password", PASSWORD);
    return {
      body,
      check: async (bytes) =>
        (await withFile(bytes, async (p) =>
          /not encrypted/.test((await tool("qpdf", ["--show-encryption", p])).stdout) ? null : "still encrypted",
        )) ?? problems.text(bytes, [token]),
    };
  },
  async "compress-pdf"(n) {
    const token = `C${n}X`;
    const body = new FormData();
    body.append("files", file(await textPdf([token, `${token}b`]), `c${n}.pdf`, "application/pdf"));
    return { body, check: (bytes) => problems.text(bytes, [token, `${token}b`]) };
  },
  async "jpg-to-pdf"(n) {
    const [w, h] = [40 + (n % 997), 30 + (Math.floor(n / 997) % 400)];
    const body = new FormData();
    body.append("files", file(png(w, h), `i${n}.png`, "image/png"));
    return {
      body,
      check: (bytes) =>
        withFile(bytes, async (p) => {
          const list = (await tool("pdfimages", ["-list", p])).stdout.split("\n")[2] ?? "";
          const [, , , width, height] = list.trim().split(/\s+/);
          return Number(width) === w && Number(height) === h ? null : `image is ${width}x${height}, sent ${w}x${h}`;
        }),
    };
  },
  async "compress-image"(n) {
    const [w, h] = [40 + (n % 997), 30 + (Math.floor(n / 997) % 400)];
    const body = new FormData();
    body.append("files", file(png(w, h), `c${n}.png`, "image/png"));
    return {
      body,
      check: async (bytes) => {
        const b = Buffer.from(bytes);
        if (b.readUInt32BE(0) !== 0x89504e47 || b.toString("latin1", 12, 16) !== "IHDR") return "not a PNG";
        if (crc32(b.subarray(12, 29)) !== b.readUInt32BE(29)) return "IHDR checksum wrong";
        const [width, height] = [b.readUInt32BE(16), b.readUInt32BE(20)];
        return width === w && height === h ? null : `image is ${width}x${height}, sent ${w}x${h}`;
      },
    };
  },
};
