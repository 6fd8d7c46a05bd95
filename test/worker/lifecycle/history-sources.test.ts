import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { HistoryPage } from "../../../schema/api";
import { freshIp } from "../convert/support";
import { call, corpusFile, json } from "../helpers";
import { registerUser } from "../reliability/support";

/** File History names every file a result was made from: several for merge, one for the rest. */
const PDF = "pdf/valid/pysample__minimal-document.pdf";
const PNG = "img/png/pdflib__basn2c08.png";

async function convert(token: string, slug: string, files: { name: string; bytes: Uint8Array; type: string }[]) {
  const body = new FormData();
  for (const f of files) body.append("files", new File([f.bytes], f.name, { type: f.type }));
  const res = await call(`/api/convert/${slug}`, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": freshIp() },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const historyOf = async (token: string) =>
  (await json<HistoryPage>(await call("/api/history", { headers: { authorization: `Bearer ${token}` } }))).items;

describe("file history's sources", () => {
  it("a merge lists its inputs in order; JPG to PDF too; a one-file tool its one file", async () => {
    const { token, id } = await registerUser();
    const pdf = await corpusFile(PDF);
    const asPdf = (name: string) => ({ name, bytes: pdf, type: "application/pdf" });
    await convert(token, "merge-pdf", [asPdf("cover.pdf"), asPdf("body.pdf"), asPdf("appendix.pdf")]);
    await convert(token, "rotate-pdf", [asPdf("memo.pdf")]);
    const png = await corpusFile(PNG);
    await convert(token, "jpg-to-pdf", [
      { name: "one.png", bytes: png, type: "image/png" },
      { name: "two.png", bytes: png, type: "image/png" },
    ]);
    const items = await historyOf(token);
    const by = (type: string) => items.find((i) => i.conversionType === type);
    expect(by("merge-pdf")?.sourceFilenames).toEqual(["cover.pdf", "body.pdf", "appendix.pdf"]);
    expect(by("merge-pdf")?.originalFilename).toBe("cover.pdf");
    expect(by("rotate-pdf")?.sourceFilenames).toEqual(["memo.pdf"]);
    expect(by("jpg-to-pdf")?.sourceFilenames).toEqual(["one.png", "two.png"]);
    // Only a combined result stores the list; a one-file result keeps its one name where it was.
    const rows = await env.DB.prepare("SELECT conversionType, sourceFilenames FROM file_history WHERE userId = ?")
      .bind(id)
      .all<{ conversionType: string; sourceFilenames: string | null }>();
    const stored = Object.fromEntries(rows.results.map((r) => [r.conversionType, r.sourceFilenames]));
    expect(stored["rotate-pdf"]).toBeNull();
    expect(JSON.parse(stored["merge-pdf"] ?? "[]")).toEqual(["cover.pdf", "body.pdf", "appendix.pdf"]);
  });

  it("a row whose list cannot be read still shows its original name", async () => {
    const { token, id } = await registerUser();
    for (const [name, bad] of [
      ["a.pdf", "not json"],
      ["b.pdf", "[]"],
      ["c.pdf", '{"x":1}'],
      ["d.pdf", "[1,2]"],
    ]) {
      await env.DB.prepare(
        "INSERT INTO file_history (userId, originalFilename, sourceFilenames, conversionType, status, createdAt) VALUES (?1, ?2, ?3, 'merge-pdf', 'completed', ?4)",
      )
        .bind(id, name, bad, Date.now())
        .run();
    }
    const items = await historyOf(token);
    expect(items.map((i) => i.sourceFilenames).sort()).toEqual([["a.pdf"], ["b.pdf"], ["c.pdf"], ["d.pdf"]]);
  });
});
