import { describe, expect, it } from "vitest";
import { isEngineError } from "../../../worker/engine/core/errors";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { comparable, encryptedSamples, encryptionOf, qpdfDecrypt, qpdfObjects } from "./encryption";
import { base64Bytes, corpusFile, expectValidPdf, oracle, pageCount, pdfText } from "./readers";
import { convert, made, pdf } from "./run";

/**
 * Protect PDF and Unlock PDF, and every other tool given an encrypted file: what they write, read
 * by qpdf (encryption, objects, structure) and poppler (text). The endpoints' answers, per-file
 * outcomes and refusals: test/worker/security/{protect,unlock,encrypted-elsewhere}.test.ts.
 */

const samples = await encryptedSamples();
const documented = samples.filter((s) => s.user !== null || s.owner !== null);
const SOURCE = "pdf/valid/pysample__pdflatex-4-pages.pdf";
const plainPath = SOURCE;

async function errorOf(step: Promise<unknown>): Promise<unknown> {
  return step.then(
    () => null,
    (e: unknown) => e,
  );
}

async function protect(path: string, fields: Record<string, string>, name = "report.pdf") {
  const file = made(await convert("protect-pdf", [pdf(name, await corpusFile(path))], fields));
  expect(file.fileName).toBe(name.replace(/\.pdf$/, "-protected.pdf"));
  return file.bytes;
}

async function qpdfCheck(bytes: Uint8Array, password?: string) {
  const args = password === undefined ? ["--check", "{in}"] : ["--check", `--password=${password}`, "{in}"];
  return oracle("qpdf", args, bytes);
}

/** Unlock's one output for one file (a failure is an output too: status "error"). */
async function unlock(name: string, bytes: Uint8Array, password?: string) {
  const result = await convert("unlock-pdf", [pdf(name, bytes)], password === undefined ? {} : { password });
  expect(result.outputs).toHaveLength(1);
  return made(result);
}

describe("protect", () => {
  it("writes AES-256 (revision 6) that opens only with the password", async () => {
    const bytes = await protect(SOURCE, { password: "correct horse" });
    const enc = await encryptionOf(bytes, "correct horse");
    expect(enc).toContain("R = 6");
    expect(enc).toContain("Supplied password is user password");
    for (const method of ["stream", "string", "file"]) expect(enc).toContain(`${method} encryption method: AESv3`);

    const locked = await qpdfCheck(bytes);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain("invalid password");
    expect((await qpdfCheck(bytes, "wrong horse")).code).toBe(2);
    const open = await qpdfCheck(bytes, "correct horse");
    expect(open.code, open.stdout + open.stderr).toBe(0);
    expect(await pdfText(bytes, ["-upw", "correct horse"])).toBe(await pdfText(await corpusFile(SOURCE)));
  });

  it("keeps the catalog and page tree out of its (encrypted) object streams, so they read without the password", async () => {
    const bytes = await protect(SOURCE, { password: "secret" });
    const xref = await oracle("qpdf", ["--show-xref", "--password=secret", "{in}"], bytes);
    expect(xref.code, xref.stderr).toBe(0);
    expect(xref.stdout).toMatch(/: compressed; stream = /);
    const pages = await oracle("qpdf", ["--show-npages", "--password=secret", "{in}"], bytes);
    expect(pages.stdout.trim()).toBe("4");
    // Read with no password: qpdf finds the catalog and the four pages as plain objects.
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text).toMatch(/\/Type\s*\/Catalog/);
    expect(text.match(/\/Type\s*\/Page\b/g)).toHaveLength(4);
  });

  it("uses a separate owner password, and allows everything by default", async () => {
    const bytes = await protect(SOURCE, { password: "secret" });
    const enc = await encryptionOf(bytes, "secret");
    expect(enc).not.toContain("Supplied password is owner password");
    expect(enc).not.toContain("not allowed");
    expect(enc).toContain("modify anything: allowed");
  });

  it("writes the permissions the page asks for", async () => {
    const bytes = await protect(SOURCE, {
      password: "secret",
      allowPrinting: "false",
      allowCopying: "false",
      allowEditing: "true",
    });
    const enc = await encryptionOf(bytes, "secret");
    expect(enc).toContain("print high resolution: not allowed");
    expect(enc).toContain("extract for any purpose: not allowed");
    expect(enc).toContain("modify other: allowed");
    const noEdit = await encryptionOf(await protect(SOURCE, { password: "secret", allowEditing: "false" }), "secret");
    expect(noEdit).toContain("modify other: not allowed");
    expect(noEdit).toContain("print high resolution: allowed");
  });

  it("round-trips through unlock with the original text", async () => {
    for (const path of [SOURCE, "pdf/valid/pdflib__with_update_sections.pdf", "pdf/valid/pdfjs__doc_actions.pdf"]) {
      const bytes = await protect(path, { password: "round-trip" });
      const result = await convert("unlock-pdf", [pdf("report-protected.pdf", bytes)], { password: "round-trip" });
      expect(made(result).status, path).toBe("unlocked");
      const unlocked = made(result).bytes;
      expect(await encryptionOf(unlocked)).toContain("File is not encrypted");
      expect((await qpdfCheck(unlocked)).code, path).toBe(0);
      expect(await pdfText(unlocked), path).toBe(await pdfText(await corpusFile(path)));
    }
  });

  it("encrypts every string, not only streams (the catalog's language, the document title)", async () => {
    const path = "pdf/valid/pysample__002-trivial-libre-office-writer.pdf";
    const bytes = await protect(path, { password: "secret" });
    const catalog = async (b: Uint8Array, pw?: string) => {
      const args = ["--show-object=trailer", ...(pw ? [`--password=${pw}`] : []), "{in}"];
      const trailer = (await oracle("qpdf", args, b)).stdout;
      const root = /\/Root (\d+ \d+) R/.exec(trailer)?.[1].replace(" ", ",") ?? "";
      return (await oracle("qpdf", [`--show-object=${root}`, ...(pw ? [`--password=${pw}`] : []), "{in}"], b)).stdout;
    };
    const before = await catalog(await corpusFile(path));
    expect(before).toMatch(/\/Lang \(\w+/);
    expect(await catalog(bytes, "secret")).toContain(/\/Lang \([^)]*\)/.exec(before)?.[0]);
    const info = async (b: Uint8Array, pw?: string) =>
      (await oracle("pdfinfo", [...(pw ? ["-upw", pw] : []), "{in}"], b)).stdout.match(/^(Title|Author|Creator):.*$/gm);
    expect(await info(bytes, "secret")).toEqual(await info(await corpusFile(path)));
  });

  it("prepares non-ASCII passwords the standard way, so other readers open the file", async () => {
    const plain = await protect(SOURCE, { password: "pässwörd" });
    expect(await encryptionOf(plain, "pässwörd")).toContain("Supplied password is user password");
    // SASLprep: U+00AA becomes "a" and the soft hyphen disappears. qpdf does not prepare
    // passwords, so it needs the prepared form; our unlock accepts either.
    const mapped = await protect(SOURCE, { password: "S\u00aaSL\u00adprep" });
    expect(await encryptionOf(mapped, "SaSLprep")).toContain("Supplied password is user password");
    const result = await convert("unlock-pdf", [pdf("a.pdf", mapped)], { password: "S\u00aaSL\u00adprep" });
    expect(made(result).status).toBe("unlocked");
  });

  it("protects a PDF/A file, which then no longer claims to be PDF/A", async () => {
    const bytes = await protect("pdf/valid/pysample__crazyones-pdfa.pdf", { password: "archive" });
    expect(await encryptionOf(bytes, "archive")).toContain("R = 6");
    expect((await qpdfCheck(bytes, "archive")).code).toBe(0);
    const meta = await oracle(
      "qpdf",
      [
        "--password=archive",
        "--json=2",
        "--json-key=qpdf",
        "--json-stream-data=inline",
        "--decode-level=generalized",
        "{in}",
      ],
      bytes,
    );
    const xmp = Object.values(
      JSON.parse(meta.stdout).qpdf[1] as Record<string, { stream?: { dict: Record<string, string>; data?: string } }>,
    )
      .filter((o) => o.stream?.dict["/Type"] === "/Metadata")
      .map((o) => atob(o.stream?.data ?? ""));
    expect(xmp.length).toBeGreaterThan(0);
    for (const x of xmp) expect(x).not.toMatch(/pdfaid:part/);
  });
  it("accepts a short password: six characters is only the page's hint", async () => {
    const bytes = await protect(SOURCE, { password: "abc" });
    expect(await encryptionOf(bytes, "abc")).toContain("Supplied password is user password");
  });
});

describe("unlock: every encrypted file in the corpus whose password is documented", () => {
  it("covers every algorithm in the corpus", () => {
    expect(documented.length).toBeGreaterThanOrEqual(28);
    const notes = samples.map((s) => s.notes).join(" ");
    for (const kind of ["R2", "R3", "R4", "R6", "AESV2", "EFF", "cleartext metadata"]) {
      expect(samples.some((s) => s.name.includes(kind)) || notes.includes(kind), kind).toBe(true);
    }
  });

  for (const s of documented) {
    const password = s.user || s.owner || "";
    it(`${s.name} opens with ${s.user ? "its user password" : s.owner && !s.user ? "its owner password" : "no password"} and comes out fully decrypted`, async () => {
      const original = await corpusFile(s.path);
      const file = await unlock(s.name, original, s.user === "" ? undefined : password);
      expect(file.status).toBe("unlocked");
      expect(file.fileName).toBe(s.name.replace(/\.pdf$/, "-unlocked.pdf"));
      const bytes = file.bytes;

      expect(await encryptionOf(bytes)).toContain("File is not encrypted");
      const check = await oracle("qpdf", ["--check", "{in}"], bytes);
      expect(check.code, check.stdout + check.stderr).toBe(0);

      const reference = await qpdfDecrypt(original, s.forQpdf ?? "");
      expect(await pdfText(bytes)).toBe(await pdfText(reference));

      // Object by object, as qpdf decrypts the original itself: strings, metadata, attachments,
      // object streams. Only the /Encrypt dictionary and the old cross-reference and object
      // stream containers may be gone.
      const theirs = await qpdfObjects(original, s.forQpdf ?? "");
      const ours = await qpdfObjects(bytes);
      const encryptKey = `obj:${(theirs.trailer as { value: Record<string, string> }).value["/Encrypt"]}`;
      for (const [key, value] of Object.entries(theirs)) {
        if (key === "trailer" || key === encryptKey || isStructure(value)) continue;
        expect(key in ours, `${s.name}: ${key} is missing`).toBe(true);
        expect(comparable(ours[key]), `${s.name} ${key}`).toEqual(comparable(value));
      }
      expect(ours[encryptKey]).toBeUndefined();
    });
  }

  for (const s of documented.filter((x) => x.owner && x.owner !== x.user)) {
    it(`${s.name} also opens with its owner password`, async () => {
      const file = await unlock(s.name, await corpusFile(s.path), s.owner ?? "");
      expect(file.status).toBe("unlocked");
      expect(await encryptionOf(file.bytes)).toContain("File is not encrypted");
    });
  }
});

describe("unlock: what comes out", () => {
  it("files with only an owner password come out unencrypted", async () => {
    for (const s of samples.filter((x) => x.user === "").slice(0, 4)) {
      const file = await unlock(s.name, await corpusFile(s.path), "anything");
      expect(file.status, s.name).toBe("unlocked");
      expect(await encryptionOf(file.bytes)).toContain("File is not encrypted");
    }
  });

  it("each of several files is unlocked with its own password, by name or by position", async () => {
    const r4 = await corpusFile("pdf/encrypted/qpdf__c-r4.pdf");
    const r6 = await corpusFile("pdf/encrypted/qpdf__c-r6-in.pdf");
    const result = await convert("unlock-pdf", [pdf("a.pdf", r4), pdf("b.pdf", r6), pdf("c.pdf", r6)], {
      password: "user2",
      passwords: JSON.stringify({ "b.pdf": "user4", "2": "owner4" }),
    });
    for (let i = 0; i < 3; i++) expect(await encryptionOf(made(result, i).bytes)).toContain("File is not encrypted");
    expect((await pdfText(made(result, 1).bytes)).length).toBeGreaterThan(0);
  });

  it("opens every revision qpdf writes (R2 to R6) protected with a non-ASCII password", async () => {
    const password = "pässwörd€";
    // Revisions 2-4 store it in PDFDocEncoding, where the euro sign is 0xA0 (not in Latin-1);
    // revisions 5 and 6 in UTF-8.
    const pdfDocHex = "70e4737377f67264a0";
    const utf8Hex = Array.from(new TextEncoder().encode(password), (b) => b.toString(16).padStart(2, "0")).join("");
    const plain = await corpusFile(plainPath);
    const cases: [string[], string, string][] = [
      [["40"], pdfDocHex, "R = 2"],
      [["128", "--use-aes=n"], pdfDocHex, "R = 3"],
      [["128", "--use-aes=y"], pdfDocHex, "R = 4"],
      [["256", "--force-R5"], utf8Hex, "R = 5"],
      [["256"], utf8Hex, "R = 6"],
    ];
    for (const [args, hex, revision] of cases) {
      const made = await oracle(
        "qpdf",
        ["--allow-weak-crypto", "--encrypt", password, "owner-x", ...args, "--", "{in}", "{out}"],
        plain,
      );
      expect(made.code, made.stderr).toBe(0);
      const encrypted = base64Bytes(made.out ?? "");
      const check = await oracle(
        "qpdf",
        ["--show-encryption", "--password-mode=hex-bytes", `--password=${hex}`, "{in}"],
        encrypted,
      );
      expect(check.stdout, revision).toContain(revision);
      expect(check.stdout, revision).toContain("Supplied password is user password");
      for (const typed of [password, "owner-x"]) {
        const file = await unlock("x.pdf", encrypted, typed);
        expect(file.status, `${revision} ${typed}`).toBe("unlocked");
        expect(await pdfText(file.bytes)).toBe(await pdfText(plain));
      }
    }
  });
});

describe("an encrypted PDF given to any other tool", () => {
  it("opens in loadPdf with its user or owner password, or without one when the user password is empty", async () => {
    let asked = 0;
    for (const s of samples) {
      const bytes = await corpusFile(s.path);
      if (s.user === "") {
        const doc = await loadPdf(bytes, { name: s.name });
        expect(doc.getPageCount(), s.name).toBeGreaterThan(0);
        continue;
      }
      const err = await errorOf(loadPdf(bytes, { name: s.name }));
      expect(isEngineError(err) && err.code, s.name).toBe("password_required");
      expect(String((err as Error).message)).toBe(`${s.name} is password-protected. Enter its password to open it.`);
      asked++;
      const wrong = await errorOf(loadPdf(bytes, { name: s.name, password: "not-it" }));
      expect(isEngineError(wrong) && wrong.code, s.name).toBe("password_incorrect");
      expect(String((wrong as Error).message)).toBe(
        `Incorrect password for ${s.name}. Check the password and try again.`,
      );
      for (const password of [s.user, s.owner].filter((p): p is string => typeof p === "string" && p !== "")) {
        if (s.notes.includes("SASLprep") && password === s.user) continue;
        const doc = await loadPdf(bytes, { name: s.name, password });
        expect(doc.getPageCount(), `${s.name} with ${password}`).toBeGreaterThan(0);
      }
    }
    expect(asked).toBeGreaterThan(10);
  });

  /** AES-256 (revision 6), user password user4; RC4-40 with an empty user password. */
  const LOCKED = { path: "pdf/encrypted/qpdf__c-r6-in.pdf", password: "user4" };
  const OPEN = { path: "pdf/encrypted/qpdf__enc-R2_V1.pdf" };
  const jobs: [Parameters<typeof convert>[0], Record<string, string>][] = [
    ["rotate-pdf", {}],
    ["compress-pdf", {}],
    ["watermark-pdf", { watermarkText: "DRAFT" }],
    ["extract-pages", { selectedPages: "[1]" }],
    ["remove-pages", { pages: "[1]" }],
    ["page-numbers", {}],
    ["nup-pdf", { perSheet: "2" }],
    ["edit-metadata", { info: '{"title":"T"}' }],
  ];
  for (const [slug, fields] of jobs) {
    it(`${slug}: opened with its password, what it makes is not encrypted`, async () => {
      for (const [path, password] of [
        [LOCKED.path, LOCKED.password],
        [OPEN.path, undefined],
      ] as const) {
        const extra: Record<string, string> = password ? { password } : {};
        const out = made(
          await convert(slug, [pdf("secret.pdf", await corpusFile(path))], { ...fields, ...extra }),
        ).bytes;
        await expectValidPdf(out);
        await expectNotEncrypted(out);
        expect(await pageCount(out)).toBeGreaterThan(0);
      }
    });
  }

  it("merge-pdf: the second file opened with its password (by position), the result not encrypted", async () => {
    const plain = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    for (const [path, password] of [
      [LOCKED.path, LOCKED.password],
      [OPEN.path, undefined],
    ] as const) {
      const fields: Record<string, string> = password ? { passwords: JSON.stringify({ "1": password }) } : {};
      const out = made(
        await convert("merge-pdf", [pdf("plain.pdf", plain), pdf("secret.pdf", await corpusFile(path))], fields),
      ).bytes;
      await expectValidPdf(out);
      await expectNotEncrypted(out);
      expect(await pageCount(out)).toBeGreaterThan(0);
    }
  });
});

/** qpdf's own words: "File is not encrypted". */
async function expectNotEncrypted(bytes: Uint8Array) {
  const r = await oracle("qpdf", ["--show-encryption", "{in}"], bytes);
  expect(r.stdout + r.stderr).toContain("File is not encrypted");
}

function isStructure(obj: unknown): boolean {
  const dict = (obj as { stream?: { dict?: Record<string, unknown> } }).stream?.dict;
  return dict?.["/Type"] === "/XRef" || dict?.["/Type"] === "/ObjStm";
}
