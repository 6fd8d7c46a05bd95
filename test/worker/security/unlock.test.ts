import { describe, expect, it } from "vitest";
import {
  base64Bytes,
  convertFails,
  convertOk,
  download,
  downloadPdf,
  form,
  freeAccount,
  freshIp,
} from "../convert/support";
import { call, corpusFile, json, oracle } from "../helpers";
import { encryptedSamples } from "./support";

/**
 * Unlock PDF's HTTP contract: each file's own outcome in the answer (wrong, missing and per-file
 * passwords, damaged and certificate-secured files), what is stored, what is counted. What the
 * unlocked files hold (every corpus cipher, object by object against qpdf's decryption, non-ASCII
 * passwords in every revision) is judged in test/engine/tools/passwords.test.ts.
 */

const samples = await encryptedSamples();
const withUserPassword = samples.filter((s) => s.user);
const openWithoutPassword = samples.filter((s) => s.user === "");
const plainPath = "pdf/valid/pysample__pdflatex-4-pages.pdf";
const URL = "/api/convert/unlock-pdf";

describe("unlock: wrong and missing passwords", () => {
  for (const s of withUserPassword) {
    it(`${s.name}: a wrong password is a per-file error that says what to do`, async () => {
      const body = await convertOk(
        URL,
        form([{ name: s.name, bytes: await corpusFile(s.path) }], { password: "wrong-1" }),
      );
      expect(body.files[0]).toMatchObject({
        originalName: s.name,
        status: "error",
        error: `Incorrect password for ${s.name}`,
        code: "password_incorrect",
        message: `Incorrect password for ${s.name}. Check the password and try again.`,
      });
      expect(body.files[0].downloadUrl).toBeUndefined();
    });
  }

  it("a file that needs a password and gets none says so", async () => {
    for (const path of ["pdf/encrypted/qpdf__c-r4.pdf", "pdf/encrypted/pdflib__encrypted_new.pdf"]) {
      const body = await convertOk(URL, form([{ name: "report.pdf", bytes: await corpusFile(path) }]));
      expect(body.files[0]).toMatchObject({
        status: "error",
        error: "Password required for report.pdf",
        code: "password_required",
      });
      expect(body.message).toBe("Password required for report.pdf");
    }
  });

  it("files with only an owner password open without one, whatever password is typed", async () => {
    for (const s of openWithoutPassword.slice(0, 4)) {
      const body = await convertOk(
        URL,
        form([{ name: s.name, bytes: await corpusFile(s.path) }], { password: "anything" }),
      );
      expect(body.files[0].status, s.name).toBe("unlocked");
      expect(body.files[0].message).toContain("opened without a password");
      await downloadPdf(body.files[0]);
    }
  });

  it("failures do not count against the daily allowance", async () => {
    const ip = freshIp();
    const bytes = await corpusFile("pdf/encrypted/qpdf__c-r6-in.pdf");
    for (let i = 0; i < 3; i++) {
      const res = await call(URL, {
        method: "POST",
        body: form([{ name: "a.pdf", bytes }], { password: "nope" }),
        headers: { "cf-connecting-ip": ip },
      });
      expect(res.status).toBe(200);
      expect((await json<{ files: { status: string }[] }>(res)).files[0].status).toBe("error");
    }
  });
});

describe("unlock: several files at once", () => {
  it("one bad file does not sink the others; an unencrypted file comes back unchanged", async () => {
    const plain = await corpusFile(plainPath);
    const body = await convertOk(
      URL,
      form(
        [
          { name: "good.pdf", bytes: await corpusFile("pdf/encrypted/qpdf__c-r4.pdf") },
          { name: "bad.pdf", bytes: await corpusFile("pdf/encrypted/qpdf__c-r6-in.pdf") },
          { name: "plain.pdf", bytes: plain },
        ],
        { password: "user2" },
      ),
      await freeAccount(),
    );
    expect(body.files.map((f) => f.status)).toEqual(["unlocked", "error", "unlocked"]);
    expect(body.message).toBe("2 of 3 files unlocked");
    expect(body.files[1].error).toBe("Incorrect password for bad.pdf");
    await downloadPdf(body.files[0]);
    expect(body.files[2].message).toBe("plain.pdf had no password, so it is returned unchanged.");
    expect(body.files[2].convertedName).toBe("plain.pdf");
    expect(await download(body.files[2])).toEqual(plain);
  });

  it("`passwords` gives one file its own password, by name or by position", async () => {
    const r4 = await corpusFile("pdf/encrypted/qpdf__c-r4.pdf");
    const r6 = await corpusFile("pdf/encrypted/qpdf__c-r6-in.pdf");
    const body = await convertOk(
      URL,
      form(
        [
          { name: "a.pdf", bytes: r4 },
          { name: "b.pdf", bytes: r6 },
          { name: "c.pdf", bytes: r6 },
        ],
        { password: "user2", passwords: JSON.stringify({ "b.pdf": "user4", "2": "owner4" }) },
      ),
      await freeAccount(),
    );
    expect(body.files.map((f) => f.status)).toEqual(["unlocked", "unlocked", "unlocked"]);
    expect(body.message).toBe("PDF files unlocked successfully");
  });

  it("refuses a `passwords` field that is not a JSON object of strings", async () => {
    const bytes = await corpusFile(plainPath);
    for (const passwords of ["{not json", "[1,2]", '{"a.pdf": 5}']) {
      const err = await convertFails(URL, form([{ name: "a.pdf", bytes }], { passwords }), 400);
      expect(err.code).toBe("validation_failed");
    }
  });
});

describe("unlock: non-ASCII passwords", () => {
  it("prepares AES-256 passwords with SASLprep and older ones with PDFDocEncoding", async () => {
    const cases: [string, string][] = [
      ["pdf/encrypted/pdfjs__issue6010_2.pdf", "æøå"],
      ["pdf/encrypted/pdfjs__saslprep-r6.pdf", "S\u00aaSL\u00adprep"],
      ["pdf/encrypted/pdfjs__saslprep-r6.pdf", "SaSLprep"],
    ];
    for (const [path, password] of cases) {
      const body = await convertOk(URL, form([{ name: "x.pdf", bytes: await corpusFile(path) }], { password }));
      expect(body.files[0].status, `${path} ${password}`).toBe("unlocked");
    }
  });

  it("a damaged file whose /Encrypt is not a dictionary fails on its own, and the others still unlock", async () => {
    const body = await convertOk(
      URL,
      form([
        { name: "broken.pdf", bytes: await corpusFile("pdf/malformed/pdfjs__PDFBOX-4352-0.pdf") },
        { name: "plain.pdf", bytes: await corpusFile(plainPath) },
      ]),
    );
    expect(body.files.map((f) => f.status)).toEqual(["error", "unlocked"]);
    expect(body.files[0]).toMatchObject({
      code: "pdf_damaged",
      error: "broken.pdf is damaged: it is marked as encrypted, but the part that says how cannot be read.",
    });
  });

  it("says plainly when a file uses certificate security it cannot open", async () => {
    const made = await oracle(
      "qpdf",
      ["--encrypt", "u", "o", "256", "--", "{in}", "{out}"],
      await corpusFile(plainPath),
    );
    const bytes = base64Bytes(made.out ?? "");
    // Byte for byte (no text decoding, which would remap 0x80-0x9F): only the handler's name changes.
    const ascii = (t: string) => Array.from(t, (c) => c.charCodeAt(0));
    const from = ascii("/Filter /Standard");
    const at = bytes.findIndex((_, i) => from.every((b, j) => bytes[i + j] === b));
    expect(at).toBeGreaterThan(0);
    const pubsec = Uint8Array.from([
      ...bytes.subarray(0, at),
      ...ascii("/Filter /Adobe.PubSec"),
      ...bytes.subarray(at + from.length),
    ]);
    const body = await convertOk(URL, form([{ name: "cert.pdf", bytes: pubsec }], { password: "u" }));
    expect(body.files[0]).toMatchObject({
      status: "error",
      error:
        "cert.pdf is protected with certificate or other non-password security (/Adobe.PubSec), which this tool cannot open.",
    });
  });
});
