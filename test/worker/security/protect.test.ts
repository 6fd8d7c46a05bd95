import { describe, expect, it } from "vitest";
import { convertFails, convertOk, download, form, pdfText } from "../convert/support";
import { corpusFile, oracle } from "../helpers";
import { encryptionOf } from "./support";

const URL = "/api/convert/protect-pdf";
const SOURCE = "pdf/valid/pysample__pdflatex-4-pages.pdf";

async function protect(path: string, fields: Record<string, string>, name = "report.pdf") {
  const body = await convertOk(URL, form([{ name, bytes: await corpusFile(path) }], fields));
  expect(body.file?.convertedName).toBe(name.replace(/\.pdf$/, "-protected.pdf"));
  return download(body.file);
}

async function qpdfCheck(bytes: Uint8Array, password?: string) {
  const args = password === undefined ? ["--check", "{in}"] : ["--check", `--password=${password}`, "{in}"];
  return oracle("qpdf", args, bytes);
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
      const body = await convertOk(
        "/api/convert/unlock-pdf",
        form([{ name: "report-protected.pdf", bytes }], { password: "round-trip" }),
      );
      expect(body.files[0].status, path).toBe("unlocked");
      const unlocked = await download(body.files[0]);
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
    const body = await convertOk(
      "/api/convert/unlock-pdf",
      form([{ name: "a.pdf", bytes: mapped }], { password: "S\u00aaSL\u00adprep" }),
    );
    expect(body.files[0].status).toBe("unlocked");
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
});

describe("protect: bad requests", () => {
  it("requires a password, with the spec's message", async () => {
    const bytes = await corpusFile(SOURCE);
    for (const fields of [{}, { password: "" }] as Record<string, string>[]) {
      const err = await convertFails(URL, form([{ name: "a.pdf", bytes }], fields), 400);
      expect(err.error).toBe("Please enter a password to protect your PDF");
    }
  });

  it("accepts a short password: six characters is only the page's hint", async () => {
    const bytes = await protect(SOURCE, { password: "abc" });
    expect(await encryptionOf(bytes, "abc")).toContain("Supplied password is user password");
  });

  it("refuses passwords SASLprep forbids, and permission values that are not true or false", async () => {
    const bytes = await corpusFile(SOURCE);
    const ctl = await convertFails(URL, form([{ name: "a.pdf", bytes }], { password: "bell\u0007" }), 400);
    expect(ctl.error).toContain("cannot be used in a password");
    const perm = await convertFails(
      URL,
      form([{ name: "a.pdf", bytes }], { password: "x", allowPrinting: "maybe" }),
      400,
    );
    expect(perm.error).toBe("allowPrinting must be true or false.");
  });

  it("refuses an already encrypted PDF with a clear 4xx instead of encrypting twice", async () => {
    for (const path of ["pdf/encrypted/qpdf__c-r6-in.pdf", "pdf/encrypted/qpdf__enc-R2_V1.pdf"]) {
      const bytes = await corpusFile(path);
      const err = await convertFails(URL, form([{ name: "secret.pdf", bytes }], { password: "again" }), 422);
      expect(err).toMatchObject({
        code: "pdf_encrypted",
        error: "secret.pdf already has a password. Unlock it first with the Unlock PDF tool, then protect it again.",
      });
    }
  });

  it("accepts only PDFs under the size limit (spec section 5, checked by the pipeline)", async () => {
    const png = await corpusFile("img/png/pdflib__basn2c08.png");
    const err = await convertFails(
      URL,
      form([{ name: "a.png", bytes: png, type: "image/png" }], { password: "x" }),
      400,
    );
    expect(err.error).toBe("File type .png is not supported. Accepted types: .pdf");
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    const tooBig = await convertFails(URL, form([{ name: "big.pdf", bytes: big }], { password: "x" }), 413);
    expect(tooBig.error).toBe("File size exceeds 25MB limit");
  });
});
