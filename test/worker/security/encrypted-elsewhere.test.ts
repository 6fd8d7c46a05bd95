import { describe, expect, it } from "vitest";
import { convertOk, downloadPdf, form, post } from "../convert/support";
import { corpusFile, json } from "../helpers";

/**
 * Every tool over HTTP asks for an encrypted file's password naming the file (422), refuses a
 * wrong one, and takes the right one. That what they then make is not encrypted, and that the
 * engine opens every corpus cipher with its user or owner password: test/engine/tools/passwords.test.ts.
 */
const plainPath = "pdf/valid/pysample__minimal-document.pdf";
/** AES-256 (revision 6), user password user4; RC4-40 with an empty user password. */
const LOCKED = { path: "pdf/encrypted/qpdf__c-r6-in.pdf", password: "user4", pages: 30 };
const OPEN = { path: "pdf/encrypted/qpdf__enc-R2_V1.pdf", pages: 30 };

describe("an encrypted PDF given to any other tool", () => {
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
    it(`${slug}: asks for the password naming the file, refuses a wrong one, and opens it with the right one`, async () => {
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
        await downloadPdf(ok.files[0]);
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
