/**
 * PDFs whose streams have indirect lengths and data ending in an end of line, written the way
 * pdfTeX and qpdf's QDF mode write them: the data, then "endstream" with no end of line of the
 * writer's own, then the length object. Made by hand or by qpdf. The encrypted ones use qpdf's
 * security (its /Encrypt dictionary and file key); a stream's ciphertext is then made to end in
 * an end of line, and qpdf reading them back without a warning says they are sound.
 */
import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { randomBytes as seeded } from "../support/bytes";
import { corpus, runOn } from "../support/oracles";
import { build, buildWithXrefStream, latin1, type Obj, rc4, stream } from "./stream-builder";

/** A content stream whose Flate data ends in 0x0A (the last byte of its Adler-32). */
export function flateEndingInNewline(): Uint8Array {
  for (let pad = 0; ; pad++) {
    const z = deflateSync(Buffer.from(`q 0 0 0 rg 10 150 ${100 + pad} 20 re f Q\n`));
    if (z[z.length - 1] === 0x0a) return new Uint8Array(z);
  }
}

const CATALOG = "<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(notes.txt) 14 0 R] >> >> >>";
/** A 100x70 RGB image: 21,000 bytes, above where decryption is left to WebCrypto. */
const PHOTO = seeded(21_000, 7);

/** The data of each stream of eolFile, by object number. */
export const EOL_DATA: Record<number, Uint8Array> = {
  4: latin1("q 0 0 1 rg 10 10 50 50 re f Q\n"),
  6: latin1("q 1 0 0 rg 70 10 50 50 re f Q\r"),
  8: latin1("/Span << /ActualText (upstream, not endstream) >> BDC q 100 0 0 50 50 80 cm /Im0 Do Q EMC\r\n"),
  10: latin1("\xff\x00\x00\x00\x0d\x0a"),
  12: latin1("\x40\x80\xc0\x0d"),
  15: latin1("line one\r\nline two\n\n"),
  17: latin1("q 0 1 0 rg 130 10 50 50 re f Q\n"),
  19: flateEndingInNewline(),
  21: PHOTO,
};

/**
 * One page of streams ending in LF, CR and CRLF (content, two images, an embedded file), one
 * whose data holds "stream" and "endstream" as text, a Flate one whose checksum ends in LF, a
 * large image; every length an object after its stream but one (18, before its stream).
 */
export function eolFile(): Uint8Array {
  const len = (n: number) => [n + 1, String(EOL_DATA[n].length)] as Obj;
  const s = (n: number, dict = "") => [n, stream(`<< ${dict} /Length ${n + 1} 0 R >>`, EOL_DATA[n])] as Obj;
  const image = (w: number, h: number, cs: string) =>
    `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace ${cs} /BitsPerComponent 8`;
  return build(
    [
      [1, CATALOG],
      [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
      [
        3,
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im0 10 0 R /Im1 12 0 R /Im2 21 0 R >> >> /Contents [4 0 R 6 0 R 8 0 R 17 0 R 19 0 R] >>",
      ],
      s(4),
      len(4),
      s(6),
      len(6),
      s(8),
      len(8),
      s(10, image(2, 1, "/DeviceRGB")),
      len(10),
      s(12, image(4, 1, "/DeviceGray")),
      len(12),
      [14, "<< /Type /Filespec /F (notes.txt) /UF (notes.txt) /EF << /F 15 0 R >> >>"],
      s(15, "/Type /EmbeddedFile"),
      len(15),
      len(17),
      s(17),
      s(19, "/Filter /FlateDecode"),
      len(19),
      s(21, image(100, 70, "/DeviceRGB")),
      len(21),
    ],
    "/Root 1 0 R",
  );
}

/** qpdf's RC4 (128-bit, empty user password) with the same ID every time, so the same keys. */
const QPDF_RC4 = ["--allow-weak-crypto", "--static-id", "--object-streams=disable"];
const RC4_EMPTY_PASSWORD = ["--encrypt", "", "owner", "128", "--use-aes=n", "--"];

async function qpdf(args: string[], input: Uint8Array): Promise<Uint8Array> {
  const r = await runOn("qpdf", [...args, "{in}", "{out}"], input);
  if ((r.code !== 0 && r.code !== 3) || !r.out) throw new Error(`qpdf ${args.join(" ")}: ${r.stderr}`);
  return r.out;
}

/** Where the data of the stream qpdf's QDF output marks as originally `n 0` lies. */
function qdfStream(qdf: Uint8Array, n: number): { start: number; length: number } {
  const text = Buffer.from(qdf).toString("latin1");
  const at = text.indexOf(`%% Original object ID: ${n} 0\n`);
  const head = /\d+ 0 obj\n<<[\s\S]*?\/Length (\d+) 0 R[\s\S]*?>>\nstream\n/.exec(text.slice(at));
  if (at < 0 || !head) throw new Error(`no stream ${n} in the QDF file`);
  const length = new RegExp(`\\n${head[1]} 0 obj\\n(\\d+)\\nendobj`).exec(text);
  if (!length) throw new Error(`no length for stream ${n}`);
  return { start: at + head.index + head[0].length, length: Number(length[1]) };
}

/** eolFile encrypted by qpdf with RC4 (128-bit), QDF; three streams' ciphertext set to end in LF, CR, CRLF. */
export async function rc4File(): Promise<Uint8Array> {
  const out = await qpdf([...QPDF_RC4, "--qdf", ...RC4_EMPTY_PASSWORD], eolFile());
  for (const [n, tail] of [
    [10, "\r\n"],
    [12, "\r"],
    [15, "\n"],
  ] as const) {
    const { start, length } = qdfStream(out, n);
    out.set(latin1(tail), start + length - tail.length);
  }
  return out;
}

/**
 * eolFile encrypted by qpdf with AES-256, QDF; the large image and the embedded file encrypted
 * again (node's AES, qpdf's key, an IV chosen for it) so that their ciphertext ends in LF and CRLF.
 */
export async function aesFile(): Promise<Uint8Array> {
  const out = await qpdf(
    ["--static-id", "--qdf", "--object-streams=disable", "--encrypt", "", "owner", "256", "--"],
    eolFile(),
  );
  const shown = await runOn("qpdf", ["--show-encryption", "--show-encryption-key", "--password=", "{in}"], out);
  const key = Buffer.from(/Encryption key = ([0-9a-f]+)/.exec(shown.stdout)?.[1] ?? "", "hex");
  for (const [n, tail] of [
    [21, "\n"],
    [15, "\r\n"],
  ] as const) {
    const { start, length } = qdfStream(out, n);
    for (;;) {
      const iv = randomBytes(16);
      const c = createCipheriv("aes-256-cbc", key, iv);
      const data = Buffer.concat([iv, c.update(EOL_DATA[n]), c.final()]);
      if (data.length !== length) throw new Error(`stream ${n}: ${data.length} bytes, qpdf wrote ${length}`);
      if (data.subarray(-tail.length).toString("latin1") === tail) {
        out.set(data, start);
        break;
      }
    }
  }
  return out;
}

/** A pdfTeX file through qpdf's QDF mode: every length indirect, content streams ending in LF. */
export async function qdfFile(): Promise<Uint8Array> {
  return qpdf(["--qdf", "--object-streams=disable"], await corpus("pdf/valid/pysample__pdflatex-4-pages.pdf"));
}

const ONE_PAGE = [
  [1, "<< /Type /Catalog /Pages 2 0 R >>"],
  [2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
  [3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>"],
] as Obj[];

/** An object stream holding object `n`, whose body is `body`. */
const objectStream = (n: number, body: string) =>
  stream(
    `<< /Type /ObjStm /N 1 /First ${`${n} 0 `.length} /Length ${`${n} 0 ${body}`.length} >>`,
    `${n} 0 ${body}`,
    "\n",
  );

/**
 * A stream whose length is in an object stream that comes after it (the cross-reference stream
 * finds it there): known only once the whole file is parsed.
 */
export function lengthInObjectStream(): Uint8Array {
  const data = "q 0 0 1 rg 10 10 50 50 re f Q\n";
  return buildWithXrefStream(
    [...ONE_PAGE, [4, stream("<< /Length 5 0 R >>", data)], [6, objectStream(5, String(data.length))]],
    new Map([[5, [6, 0]]]),
    "/Root 1 0 R",
  );
}

/**
 * lengthInObjectStream, RC4-encrypted (128-bit, empty user password) with the security qpdf
 * made for it: qpdf's /Encrypt dictionary, /ID and file key, each object's key as the standard
 * derives it. The content stream's last plain byte is chosen so that its ciphertext ends in LF.
 */
export async function rc4LengthInObjectStream(): Promise<Uint8Array> {
  const model = await qpdf([...QPDF_RC4, ...RC4_EMPTY_PASSWORD], lengthInObjectStream());
  const text = Buffer.from(model).toString("latin1");
  const encryptRef = /\/Encrypt (\d+) 0 R/.exec(text)?.[1];
  const encrypt = new RegExp(`\\n${encryptRef} 0 obj\\n(<<[\\s\\S]*?>>)\\nendobj`).exec(text)?.[1];
  const id = /\/ID (\[<[0-9a-f]+><[0-9a-f]+>\])/.exec(text)?.[1];
  const shown = await runOn("qpdf", ["--show-encryption", "--show-encryption-key", "--password=", "{in}"], model);
  const fileKey = Buffer.from(/Encryption key = ([0-9a-f]+)/.exec(shown.stdout)?.[1] ?? "", "hex");
  if (!encrypt || !id || fileKey.length !== 16) throw new Error("qpdf's RC4 security not found");
  const keyOf = (n: number) =>
    createHash("md5")
      .update(Buffer.concat([fileKey, Buffer.from([n & 255, (n >> 8) & 255, n >> 16, 0, 0])]))
      .digest();
  const plain = latin1("q 0 0 1 rg 10 10 50 50 re f Q\n% ?");
  const keystream = rc4(keyOf(4), new Uint8Array(plain.length));
  plain[plain.length - 1] = keystream[plain.length - 1] ^ 0x0a;
  const lengthBody = rc4(keyOf(6), latin1(`5 0 ${plain.length}`));
  return buildWithXrefStream(
    [
      ...ONE_PAGE,
      [4, stream("<< /Length 5 0 R >>", rc4(keyOf(4), plain))],
      [6, stream(`<< /Type /ObjStm /N 1 /First 4 /Length ${lengthBody.length} >>`, lengthBody, "\n")],
      [7, encrypt],
    ],
    new Map([[5, [6, 0]]]),
    `/Root 1 0 R /Encrypt 7 0 R /ID ${id}`,
  );
}

export interface Fixture {
  name: string;
  password?: string;
  make(): Promise<Uint8Array>;
}

export const FIXTURES: Fixture[] = [
  { name: "eol-endings.pdf", make: async () => eolFile() },
  { name: "pdftex-qdf.pdf", make: qdfFile },
  { name: "rc4-qdf.pdf", password: "", make: rc4File },
  { name: "aes-qdf.pdf", password: "", make: aesFile },
  { name: "length-in-object-stream.pdf", make: async () => lengthInObjectStream() },
  { name: "rc4-length-in-object-stream.pdf", password: "", make: rc4LengthInObjectStream },
];
