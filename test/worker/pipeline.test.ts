import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { resultKey } from "../../worker/services/storage";
import { pageRotations } from "./convert/support";
import { call, corpusFile, json, oracle } from "./helpers";

function form(files: { name: string; bytes: Uint8Array; type?: string }[], fields: Record<string, string> = {}) {
  const f = new FormData();
  for (const file of files)
    f.append("files", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const post = (path: string, body: FormData, headers: Record<string, string> = {}) =>
  call(path, { method: "POST", body, headers: { "cf-connecting-ip": "198.51.100.7", ...headers } });

describe("the conversion pipeline (through rotate)", () => {
  it("converts, stores the result in R2 and serves it as an attachment", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__pdflatex-4-pages.pdf");
    const res = await post("/api/convert/rotate-pdf", form([{ name: "paper.pdf", bytes: pdf }]), {
      "cf-connecting-ip": "203.0.113.1",
    });
    expect(res.status).toBe(200);
    const body = await json<{ file: Record<string, unknown>; files: unknown[]; message: string }>(res);
    expect(body.files).toHaveLength(1);
    expect(body.file).toMatchObject({
      originalName: "paper.pdf",
      convertedName: "paper-rotated.pdf",
      status: "completed",
    });
    const url = String(body.file.downloadUrl);
    expect(url).toMatch(/^\/api\/download\/[A-Za-z0-9_-]{43}$/);

    const dl = await call(url);
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toContain('filename="paper-rotated.pdf"');
    const bytes = new Uint8Array(await dl.arrayBuffer());
    expect(bytes.byteLength).toBe(body.file.size);
    const check = await oracle("qpdf", ["--check", "{in}"], bytes);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(await pageRotations(bytes)).toEqual([90, 90, 90, 90]);
  });

  it("answers unknown and expired downloads with JSON, never a file", async () => {
    const missing = await call("/api/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ error: "File not found or has been removed", code: "not_found" });
    expect((await call("/api/download/..%2F..%2Fetc")).status).toBe(404);

    const id = "expiredexpiredexpiredexpiredexpiredexpired0";
    await env.FILES.put(resultKey(id), "secret");
    await env.DB.prepare(
      "INSERT INTO results (id, tool, fileName, originalName, contentType, size, createdAt, expiresAt) VALUES (?1, 'rotate-pdf', 'x.pdf', 'x.pdf', 'application/pdf', 6, ?2, ?3)",
    )
      .bind(id, Date.now() - 3600_000, Date.now() - 1000)
      .run();
    const gone = await call(`/api/download/${id}`);
    expect(gone.status).toBe(410);
    expect((await json(gone)).code).toBe("gone");
  });

  it("refuses bad uploads with the spec's messages", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const png = await corpusFile("img/png/pdflib__basn2c08.png");
    const cases: [FormData, number, string][] = [
      [new FormData(), 400, "No files selected"],
      [form([{ name: "notes.txt", bytes: pdf }]), 400, "File type .txt is not supported. Accepted types: .pdf"],
      [form([{ name: "fake.pdf", bytes: png }]), 400, "fake.pdf is not a valid PDF file."],
      [form([{ name: "empty.pdf", bytes: new Uint8Array() }]), 400, "empty.pdf is empty."],
      [form([{ name: "big.pdf", bytes: new Uint8Array(25 * 1024 * 1024 + 1) }]), 413, "File size exceeds 25MB limit"],
    ];
    for (const [body, status, error] of cases) {
      const res = await post("/api/convert/rotate-pdf", body, { "cf-connecting-ip": "203.0.113.2" });
      expect(res.status, error).toBe(status);
      expect((await json(res)).error).toBe(error);
    }
  });

  it("asks for an encrypted PDF's password", async () => {
    const enc = await corpusFile("pdf/encrypted/qpdf__c-r4.pdf");
    const res = await post("/api/convert/rotate-pdf", form([{ name: "secret.pdf", bytes: enc }]), {
      "cf-connecting-ip": "203.0.113.3",
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body).toEqual({
      code: "password_required",
      error: "secret.pdf is password-protected. Enter its password to open it.",
    });
  });

  it("counts a guest's successful conversions only, and refuses the third with a 429", async () => {
    const pdf = await corpusFile("pdf/valid/pysample__minimal-document.pdf");
    const ip = { "cf-connecting-ip": "203.0.113.50" };
    const bad = await post("/api/convert/rotate-pdf", form([{ name: "x.txt", bytes: pdf }]), ip);
    expect(bad.status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const ok = await post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]), ip);
      expect(ok.status).toBe(200);
    }
    const over = await post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]), ip);
    expect(over.status).toBe(429);
    expect(await json(over)).toMatchObject({ error: "Daily conversion limit reached", code: "quota_exceeded" });
    expect(
      String(
        (await json(await post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]), ip))).upgradeMessage,
      ),
    ).not.toBe("");
    // Another address has its own allowance.
    expect(
      (
        await post("/api/convert/rotate-pdf", form([{ name: "a.pdf", bytes: pdf }]), {
          "cf-connecting-ip": "203.0.113.51",
        })
      ).status,
    ).toBe(200);
  });
});
