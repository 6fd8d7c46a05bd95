import { describe, expect, it } from "vitest";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { isAppError } from "../../../worker/errors";
import { convertOk, download, expectValidPdf, form, pageCount, post } from "../convert/support";
import { corpusFile, json, oracle } from "../helpers";
import { encryptedSamples } from "./support";

const samples = await encryptedSamples();
const plainPath = "pdf/valid/pysample__minimal-document.pdf";
/** AES-256 (revision 6), user password user4; RC4-40 with an empty user password. */
const LOCKED = { path: "pdf/encrypted/qpdf__c-r6-in.pdf", password: "user4", pages: 30 };
const OPEN = { path: "pdf/encrypted/qpdf__enc-R2_V1.pdf", pages: 30 };

async function errorOf(step: Promise<unknown>): Promise<unknown> {
  return step.then(
    () => null,
    (e: unknown) => e,
  );
}

/** qpdf's own words: "File is not encrypted". */
async function expectNotEncrypted(bytes: Uint8Array) {
  const r = await oracle("qpdf", ["--show-encryption", "{in}"], bytes);
  expect(r.stdout + r.stderr).toContain("File is not encrypted");
}

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
      expect(isAppError(err) && err.code, s.name).toBe("password_required");
      expect(String((err as Error).message)).toBe(`${s.name} is password-protected. Enter its password to open it.`);
      asked++;
      const wrong = await errorOf(loadPdf(bytes, { name: s.name, password: "not-it" }));
      expect(isAppError(wrong) && wrong.code, s.name).toBe("password_incorrect");
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

  const single = (fields: Record<string, string>) => (enc: Uint8Array) =>
    form([{ name: "secret.pdf", bytes: enc }], fields);
  const requests: [string, (enc: Uint8Array, plain: Uint8Array, password?: string) => FormData][] = [
    ["rotate-pdf", (enc, _p, pw) => single(pw ? { password: pw } : {})(enc)],
    ["compress-pdf", (enc, _p, pw) => single(pw ? { password: pw } : {})(enc)],
    ["watermark-pdf", (enc, _p, pw) => single({ watermarkText: "DRAFT", ...(pw ? { password: pw } : {}) })(enc)],
    ["extract-pages", (enc, _p, pw) => single({ selectedPages: "[1]", ...(pw ? { password: pw } : {}) })(enc)],
    ["remove-pages", (enc, _p, pw) => single({ pages: "[1]", ...(pw ? { password: pw } : {}) })(enc)],
    ["page-numbers", (enc, _p, pw) => single(pw ? { password: pw } : {})(enc)],
    ["nup-pdf", (enc, _p, pw) => single({ perSheet: "2", ...(pw ? { password: pw } : {}) })(enc)],
    ["edit-metadata", (enc, _p, pw) => single({ info: '{"title":"T"}', ...(pw ? { password: pw } : {}) })(enc)],
    [
      "merge-pdf",
      (enc, plain, pw) =>
        form(
          [
            { name: "plain.pdf", bytes: plain },
            { name: "secret.pdf", bytes: enc },
          ],
          // By position: the second file.
          pw ? { passwords: JSON.stringify({ "1": pw }) } : {},
        ),
    ],
  ];

  for (const [slug, body] of requests) {
    const path = `/api/convert/${slug}`;
    it(`${slug}: asks for the password naming the file, opens it with one, and returns it unencrypted`, async () => {
      const plain = await corpusFile(plainPath);
      const locked = await corpusFile(LOCKED.path);
      const res = await post(path, body(locked, plain));
      const answer = await json<{ error: string; code: string }>(res);
      expect(res.status, `${slug} ${JSON.stringify(answer)}`).toBe(422);
      expect(answer).toEqual({
        code: "password_required",
        error: "secret.pdf is password-protected. Enter its password to open it.",
      });

      const wrong = await post(path, body(locked, plain, "wrong"));
      expect(wrong.status).toBe(422);
      expect((await json<{ code: string }>(wrong)).code).toBe("password_incorrect");

      for (const [bytes, password] of [
        [locked, LOCKED.password],
        [await corpusFile(OPEN.path), undefined],
      ] as const) {
        const ok = await convertOk(path, body(bytes, plain, password));
        expect(
          ok.files.every((f) => f.status !== "error"),
          JSON.stringify(ok),
        ).toBe(true);
        const out = await download(ok.files[0]);
        await expectValidPdf(out);
        await expectNotEncrypted(out);
        expect(await pageCount(out)).toBeGreaterThan(0);
      }
    });
  }

  it("analyze-pdf counts an encrypted file's pages with its password", async () => {
    const locked = await corpusFile(LOCKED.path);
    const ask = await post("/api/analyze-pdf", form([{ name: "secret.pdf", bytes: locked }]));
    expect(ask.status).toBe(422);
    expect((await json<{ code: string }>(ask)).code).toBe("password_required");
    const res = await post(
      "/api/analyze-pdf",
      form([{ name: "secret.pdf", bytes: locked }], { password: LOCKED.password }),
    );
    expect(await json(res)).toEqual({ pageCount: LOCKED.pages });
  });

  it("protect still refuses a file that already has a password, even an empty user password", async () => {
    for (const path of [LOCKED.path, OPEN.path]) {
      const res = await post(
        "/api/convert/protect-pdf",
        form([{ name: "secret.pdf", bytes: await corpusFile(path) }], { password: "again" }),
      );
      expect(res.status).toBe(422);
      expect((await json<{ code: string }>(res)).code).toBe("pdf_encrypted");
    }
  });
});
