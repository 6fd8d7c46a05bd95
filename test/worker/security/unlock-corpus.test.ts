import { describe, expect, it } from "vitest";
import { convertOk, download, form, pdfText } from "../convert/support";
import { corpusFile, oracle } from "../helpers";
import { comparable, encryptedSamples, encryptionOf, qpdfDecrypt, qpdfObjects } from "./support";

const samples = await encryptedSamples();
const documented = samples.filter((s) => s.user !== null || s.owner !== null);

async function unlock(name: string, bytes: Uint8Array, password?: string) {
  const body = await convertOk(
    "/api/convert/unlock-pdf",
    form([{ name, bytes }], password === undefined ? {} : { password }),
  );
  expect(body.files).toHaveLength(1);
  return body.files[0];
}

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
      expect(file.status, file.error).toBe("unlocked");
      expect(file.convertedName).toBe(s.name.replace(/\.pdf$/, "-unlocked.pdf"));
      const bytes = await download(file);

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
      expect(file.status, file.error).toBe("unlocked");
      expect(await encryptionOf(await download(file))).toContain("File is not encrypted");
    });
  }
});

function isStructure(obj: unknown): boolean {
  const dict = (obj as { stream?: { dict?: Record<string, unknown> } }).stream?.dict;
  return dict?.["/Type"] === "/XRef" || dict?.["/Type"] === "/ObjStm";
}
