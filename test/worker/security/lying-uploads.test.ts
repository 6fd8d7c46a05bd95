import { describe, expect, it } from "vitest";
import { type ConvertBody, convertOk, download, form, freshIp, post } from "../convert/support";
import { call, corpusFile, json } from "../helpers";

/**
 * Uploads that lie: a name, a type or a size that is not what the bytes are. The file's own
 * bytes decide what it is; what goes back is always our own type, as an attachment.
 */
const PDF = "pdf/valid/pysample__minimal-document.pdf";
const JPEG = "img/jpeg/sharp__concert.jpg";
const PNG = "img/png/pdflib__basn2c08.png";

const text = (s: string) => new TextEncoder().encode(s);

async function refused(path: string, body: FormData, code = "invalid_file") {
  const res = await post(path, body);
  const parsed = await json<{ error: string; code: string }>(res);
  expect(res.status, JSON.stringify(parsed)).toBe(400);
  expect(parsed.code).toBe(code);
  return parsed.error;
}

describe("lying names and types", () => {
  it("refuses content that is not what its extension says", async () => {
    const cases: [string, string, Uint8Array, string][] = [
      [
        "/api/convert/rotate-pdf",
        "report.pdf",
        text("MZ\x90\x00 this is a Windows program"),
        "report.pdf is not a valid PDF file.",
      ],
      [
        "/api/convert/rotate-pdf",
        "page.pdf",
        text("<html><script>alert(1)</script></html>"),
        "page.pdf is not a valid PDF file.",
      ],
      ["/api/convert/jpg-to-pdf", "photo.jpg", await corpusFile(PDF), "photo.jpg is not a valid JPEG image."],
      [
        "/api/convert/jpg-to-pdf",
        "icon.png",
        text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        "icon.png is not a valid PNG image.",
      ],
      [
        "/api/convert/compress-image",
        "a.webp",
        text("RIFF\x00\x00\x00\x00WAVEfmt "),
        "a.webp is not a valid WebP image.",
      ],
    ];
    for (const [path, name, bytes, message] of cases) {
      expect(await refused(path, form([{ name, bytes, type: "application/pdf" }]))).toBe(message);
    }
  });

  it("ignores the declared content type: the bytes and the extension decide", async () => {
    const pdf = await corpusFile(PDF);
    // A real PDF declared as an image is still a PDF; an image declared as a PDF is still refused.
    await convertOk("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf, type: "image/png" }]));
    await refused(
      "/api/convert/rotate-pdf",
      form([{ name: "b.pdf", bytes: await corpusFile(JPEG), type: "application/pdf" }]),
    );
  });

  it("refuses an extension the tool does not take, even with valid content", async () => {
    const error = await refused(
      "/api/convert/rotate-pdf",
      form([{ name: "report.pdf.exe", bytes: await corpusFile(PDF) }]),
      "unsupported_file_type",
    );
    expect(error).toBe("File type .exe is not supported. Accepted types: .pdf");
  });

  it("takes a file without an extension by its declared type, and still checks its content", async () => {
    const pdf = await corpusFile(PDF);
    const body = await convertOk(
      "/api/convert/protect-pdf",
      form([{ name: "scan", bytes: pdf }], { password: "secret" }),
    );
    expect(body.file?.convertedName).toBe("scan-protected.pdf");
    const analyzed = await post("/api/analyze-pdf", form([{ name: "scan", bytes: pdf }]));
    expect(analyzed.status).toBe(200);
    // Declared as a PDF but not one: refused like a lying .pdf.
    expect(await refused("/api/convert/rotate-pdf", form([{ name: "scan", bytes: text("hello") }]))).toBe(
      "scan.pdf is not a valid PDF file.",
    );
    // No extension and a type the tool does not take.
    const other = await refused(
      "/api/convert/rotate-pdf",
      form([{ name: "scan", bytes: pdf, type: "text/plain" }]),
      "unsupported_file_type",
    );
    expect(other).toBe("File type (none) is not supported. Accepted types: .pdf");
  });

  it("reads the multipart media type whatever its case", async () => {
    const request = new Request("http://x", {
      method: "POST",
      body: form([{ name: "a.pdf", bytes: await corpusFile(PDF) }]),
    });
    const type = request.headers.get("content-type")!.replace("multipart/form-data", "Multipart/Form-Data");
    const res = await call("/api/convert/rotate-pdf", {
      method: "POST",
      body: await request.arrayBuffer(),
      headers: { "content-type": type, "cf-connecting-ip": freshIp() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("takes an image named as the other image kind, since the tool reads both", async () => {
    const body = await convertOk(
      "/api/convert/jpg-to-pdf",
      form([{ name: "really-a-png.jpg", bytes: await corpusFile(PNG) }]),
    );
    expect(body.file?.convertedName).toBe("really-a-png.pdf");
  });

  it("never lets a file name reach a path or break a header", async () => {
    const pdf = await corpusFile(PDF);
    const names = ["../../etc/passwd.pdf", "a%0D%0ASet-Cookie: x=1.pdf", 'q"; filename="evil.html.pdf', "<b>x</b>.pdf"];
    for (const name of names) {
      const res = await post("/api/convert/rotate-pdf", form([{ name, bytes: pdf }]));
      const body = await json<ConvertBody>(res);
      expect(res.status, `${JSON.stringify(name)}: ${JSON.stringify(body)}`).toBe(200);
      const converted = String(body.file?.convertedName);
      expect(converted, name).not.toMatch(/[/\\\r\n]/);
      expect(converted.endsWith(".pdf"), name).toBe(true);
      const dl = await call(String(body.file?.downloadUrl));
      expect(dl.headers.get("set-cookie"), name).toBeNull();
      expect(dl.headers.get("content-type"), name).toBe("application/pdf");
      // Exactly the two filename parameters, whatever the name held.
      expect(dl.headers.get("content-disposition"), name).toMatch(
        /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s";]+$/,
      );
      expect(await download(body.file)).toBeInstanceOf(Uint8Array);
    }
    // A raw line break inside the part's own header breaks the part: refused, never half-read.
    const broken = await post("/api/convert/rotate-pdf", form([{ name: "a\r\nSet-Cookie: x=1.pdf", bytes: pdf }]));
    expect(broken.status).toBe(400);
    expect(broken.headers.get("set-cookie")).toBeNull();
  });
});

describe("oversized uploads", () => {
  it("a declared size over the limit is refused before any of the body is read", async () => {
    let pulled = 0;
    const res = await call("/api/convert/merge-pdf", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(51 * 1024 * 1024) },
      body: new ReadableStream({
        pull(ctl) {
          pulled++;
          ctl.enqueue(new Uint8Array(64 * 1024));
        },
      }),
      // @ts-expect-error workerd needs duplex for a streamed body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toBe("This upload is too large. One request can carry at most 50MB in total.");
    expect(pulled * 64 * 1024).toBeLessThan(1024 * 1024);
  });

  it("a body with no declared size is cut off at the limit, not read to its end", async () => {
    let sent = 0;
    const MB = 1024 * 1024;
    const res = await call("/api/convert/merge-pdf", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: new ReadableStream({
        pull(ctl) {
          // 200 MB on offer; the worker must stop asking soon after 50.
          if (sent >= 200) return ctl.close();
          sent++;
          ctl.enqueue(new Uint8Array(MB));
        },
      }),
      // @ts-expect-error workerd needs duplex for a streamed body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(55);
  });

  it("one file over 25 MB is refused by name, within a request under the total", async () => {
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(text("%PDF-1.7\n"));
    const res = await post("/api/convert/rotate-pdf", form([{ name: "huge.pdf", bytes: big }]));
    expect(res.status).toBe(413);
    expect((await json(res)).error).toBe("File size exceeds 25MB limit");
  });
});
