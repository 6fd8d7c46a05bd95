import { describe, expect, it } from "vitest";
import { zipFiles } from "../../../worker/engine/core/zip";
import { buildPdf } from "../convert/build-pdf";
import { expectValidPdf, pdfText, solidPng } from "../convert/support";
import { call, json } from "../helpers";
import { accountState, registerUser } from "../reliability/support";

/**
 * POST /api/results: a file made on the visitor's device, uploaded only because they asked to
 * share it. Stored as any result, owned by its sender, never counted as a conversion.
 */

let ip = 0;
const address = () => `100.64.2.${++ip}`;

function upload(
  bytes: Uint8Array,
  name: string,
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  body.append("file", new File([bytes], name));
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return call("/api/results", { method: "POST", body, headers: { "cf-connecting-ip": address(), ...headers } });
}

interface Answer {
  file: { downloadUrl: string; convertedName: string; size: number; status: string; expiresAt: string };
}

describe("results made on the device", () => {
  it("stores a guest's PDF for this browser, which may then share it; nothing is counted", async () => {
    const pdf = await buildPdf([{ text: "Made on the device" }]);
    const guestIp = "203.0.113.250";
    let cookie = "";
    for (let i = 0; i < 3; i++) {
      // More than a guest's two conversions a day: uploads are not conversions.
      const res = await upload(pdf, "report-rotated.pdf", {
        "cf-connecting-ip": guestIp,
        ...(cookie ? { cookie } : {}),
      });
      expect(res.status).toBe(201);
      cookie ||= /__Host-guest=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
      const { file } = await json<Answer>(res);
      expect(file).toMatchObject({ convertedName: "report-rotated.pdf", size: pdf.length, status: "completed" });
      const got = await call(file.downloadUrl);
      expect(got.status).toBe(200);
      const bytes = new Uint8Array(await got.arrayBuffer());
      await expectValidPdf(bytes);
      expect(await pdfText(bytes)).toContain("Made on the device");
      if (i === 2) {
        const shared = await call("/api/share", {
          method: "POST",
          headers: { "content-type": "application/json", cookie, "cf-connecting-ip": guestIp },
          body: JSON.stringify({ downloadUrl: file.downloadUrl }),
        });
        expect(shared.status).toBe(201);
      }
    }
    expect(cookie).not.toBe("");
    // The guest's two conversions of the day are all still there.
    for (let i = 0; i < 2; i++) {
      const body = new FormData();
      body.append("files", new File([pdf], "report.pdf", { type: "application/pdf" }));
      const res = await call("/api/convert/rotate-pdf", {
        method: "POST",
        body,
        headers: { "cf-connecting-ip": guestIp, cookie },
      });
      expect(res.status).toBe(200);
    }
  });

  it("lists a signed-in person's upload in their history under its tool, without counting it", async () => {
    const account = await registerUser();
    const png = await solidPng(8, 8, [10, 200, 30, 255]);
    const res = await upload(
      png,
      "photo-compressed",
      { authorization: `Bearer ${account.token}` },
      { tool: "compress-image" },
    );
    expect(res.status).toBe(201);
    const { file } = await json<Answer>(res);
    // Named for what its bytes are.
    expect(file.convertedName).toBe("photo-compressed.png");
    expect(await accountState(account.id)).toEqual({ historyRows: 1, used: 0 });
    const history = await json<{ items?: { conversionType: string }[]; history?: { conversionType: string }[] }>(
      await call("/api/history", { headers: { authorization: `Bearer ${account.token}` } }),
    );
    const rows = history.items ?? history.history ?? [];
    expect(rows.map((r) => r.conversionType)).toEqual(["compress-image"]);
  });

  it("takes only the kinds of file our tools make, one at a time, within the size limit", async () => {
    const text = new TextEncoder().encode("just some text, not a PDF");
    const bad = await upload(text, "notes.pdf");
    expect(bad.status).toBe(400);
    expect((await json<{ error: string }>(bad)).error).toMatch(/Only PDFs, JPEG, PNG and WebP images and ZIP files/);
    expect((await upload(new Uint8Array(0), "empty.pdf")).status).toBe(400);
    const body = new FormData();
    body.append("files", new File([await buildPdf([{ text: "x" }])], "x.pdf"));
    const wrongField = await call("/api/results", { method: "POST", body, headers: { "cf-connecting-ip": address() } });
    expect(wrongField.status).toBe(400);
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect((await upload(big, "huge.pdf")).status).toBe(413);
    // An empty ZIP is not something our tools make; one of their PDFs is (services/result-check.ts).
    const empty = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    expect((await upload(empty, "pages")).status).toBe(400);
    const zip = zipFiles([{ name: "page-1.pdf", bytes: await buildPdf([{ text: "one" }]) }]);
    const stored = await upload(zip, "pages");
    expect(stored.status).toBe(201);
    expect((await json<Answer>(stored)).file.convertedName).toBe("pages.zip");
    expect((await call("/api/results")).status).toBe(405);
  });
});
