import { describe, expect, it } from "vitest";
import { AppError } from "../../../worker/errors";
import { boundaryOf, readMultipart } from "../../../worker/services/multipart";

const tooLarge = () => new AppError("payload_too_large", "too large");

/** A request whose multipart body the runtime itself wrote, handed over in chunks of `chunk` bytes. */
async function requestOf(form: FormData, chunk = 0): Promise<Request> {
  const written = new Request("http://x/", { method: "POST", body: form });
  if (!chunk) return written;
  const bytes = new Uint8Array(await written.arrayBuffer());
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.slice(i, i + chunk));
      c.close();
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body: stream,
    headers: { "content-type": written.headers.get("content-type") ?? "" },
  });
}

describe("multipart bodies, read once", () => {
  it("reads what the runtime's own FormData wrote: files, names, types, fields", async () => {
    const big = new Uint8Array(300_000).map((_, i) => (i * 31) & 255);
    const form = new FormData();
    form.append("files", new File([big], 'r\u00e9sum\u00e9 "final".pdf', { type: "application/pdf" }));
    form.append("files", new File([new Uint8Array(0)], "empty.png", { type: "image/png" }));
    form.append("password", "line one\r\nline two \u00fc");
    form.append("files", new File([new TextEncoder().encode("\r\n--not-a-boundary\r\n")], "tricky.txt"));
    for (const chunk of [0, 1, 7, 4096]) {
      const body = await readMultipart(await requestOf(form, chunk), 10_000_000, tooLarge);
      expect(body.files.map((f) => [f.field, f.name, f.type, f.bytes.length])).toEqual([
        ["files", 'r\u00e9sum\u00e9 "final".pdf', "application/pdf", 300_000],
        ["files", "empty.png", "image/png", 0],
        ["files", "tricky.txt", expect.any(String), 20],
      ]);
      expect(Buffer.compare(Buffer.from(body.files[0].bytes), Buffer.from(big))).toBe(0);
      expect(new TextDecoder().decode(body.files[2].bytes)).toBe("\r\n--not-a-boundary\r\n");
      expect(body.fields).toEqual([["password", "line one\r\nline two \u00fc"]]);
      // One buffer: every file is a view into it.
      expect(body.files[0].bytes.buffer).toBe(body.files[1].bytes.buffer);
    }
  });

  it("stops reading past the limit, whether or not a length was declared", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(50_000)], "a.pdf"));
    await expect(readMultipart(await requestOf(form), 10_000, tooLarge)).rejects.toThrow("too large");
    await expect(readMultipart(await requestOf(form, 1000), 10_000, tooLarge)).rejects.toThrow("too large");
  });

  it("refuses a body that is not what its type says", async () => {
    const req = (body: string, type = "multipart/form-data; boundary=XyZ") =>
      new Request("http://x/", { method: "POST", body, headers: { "content-type": type } });
    const unreadable = { code: "bad_request", message: "The upload could not be read. Please try again." };
    await expect(readMultipart(req("nothing here"), 1e6, tooLarge)).rejects.toMatchObject(unreadable);
    await expect(
      readMultipart(req('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'), 1e6, tooLarge),
    ).rejects.toMatchObject(unreadable);
    await expect(readMultipart(req("--XyZ--", "multipart/form-data"), 1e6, tooLarge)).rejects.toMatchObject(unreadable);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
  });
});
