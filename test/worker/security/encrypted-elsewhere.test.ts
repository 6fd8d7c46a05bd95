import { describe, expect, it } from "vitest";
import { loadPdf } from "../../../worker/engine/pdf/document";
import { isAppError } from "../../../worker/errors";
import { form, post } from "../convert/support";
import { corpusFile, json } from "../helpers";
import { encryptedSamples } from "./support";

const samples = await encryptedSamples();
const plainPath = "pdf/valid/pysample__minimal-document.pdf";

describe("an encrypted PDF given to any other tool", () => {
  it("is refused by loadPdf with a pointer to Unlock, for every encrypted file in the corpus", async () => {
    for (const s of samples) {
      const err = await loadPdf(await corpusFile(s.path), { name: s.name }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isAppError(err) && err.code, s.name).toBe("pdf_encrypted");
      expect(String((err as Error).message)).toContain("Unlock PDF");
    }
  });

  const requests: [string, (enc: Uint8Array, plain: Uint8Array) => FormData][] = [
    ["/api/convert/rotate-pdf", (enc) => form([{ name: "secret.pdf", bytes: enc }])],
    ["/api/convert/compress-pdf", (enc) => form([{ name: "secret.pdf", bytes: enc }])],
    ["/api/convert/watermark-pdf", (enc) => form([{ name: "secret.pdf", bytes: enc }], { watermarkText: "DRAFT" })],
    ["/api/convert/extract-pages", (enc) => form([{ name: "secret.pdf", bytes: enc }], { selectedPages: "[1]" })],
    ["/api/convert/split-pages", (enc) => form([{ name: "secret.pdf", bytes: enc }], { selectedPages: "[1]" })],
    ["/api/analyze-pdf", (enc) => form([{ name: "secret.pdf", bytes: enc }])],
    [
      "/api/convert/merge-pdf",
      (enc, plain) =>
        form([
          { name: "plain.pdf", bytes: plain },
          { name: "secret.pdf", bytes: enc },
        ]),
    ],
  ];

  for (const [path, body] of requests) {
    it(`${path} answers a 422 that names the file and points to Unlock PDF`, async () => {
      const plain = await corpusFile(plainPath);
      for (const file of ["pdf/encrypted/qpdf__c-r6-in.pdf", "pdf/encrypted/qpdf__enc-R2_V1.pdf"]) {
        const res = await post(path, body(await corpusFile(file), plain));
        const answer = await json<{ error: string; code: string }>(res);
        expect(res.status, `${path} ${file} ${JSON.stringify(answer)}`).toBe(422);
        expect(answer.code).toBe("pdf_encrypted");
        expect(answer.error).toContain("secret.pdf");
        expect(answer.error).toContain("Unlock PDF");
      }
    });
  }
});
