import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { oracle, pageCount, pdfText } from "../tools/readers";
import { compress } from "./pdf-support";

/**
 * Every object that may go into an object stream goes there: the catalog, the page-tree nodes
 * and the pages too (pdf-lib's writer left them out, written out in full and uncompressed,
 * which was all qpdf's rewrite won over ours on a 352-page book). qpdf says where each object is.
 */
const fixture = async (name: string) =>
  new Uint8Array(await readFile(new URL(`../../fixtures/documents/${name}`, import.meta.url)));

/** Object number -> "compressed" or "uncompressed", as qpdf reads the cross-reference stream. */
async function placement(bytes: Uint8Array): Promise<Map<number, string>> {
  const r = await oracle("qpdf", ["--show-xref", "{in}"], bytes);
  expect(r.code, r.stderr).toBe(0);
  const out = new Map<number, string>();
  for (const m of r.stdout.matchAll(/^(\d+)\/0: (compressed|uncompressed)/gm)) out.set(Number(m[1]), m[2]);
  return out;
}

async function structureObjects(bytes: Uint8Array): Promise<number[]> {
  const r = await oracle("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "{in}"], bytes);
  const json = JSON.parse(r.stdout) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: unknown }>];
  };
  const all = json.qpdf[1];
  const root = /^(\d+) 0 R$/.exec(String(all.trailer.value?.["/Root"]))?.[1];
  const trees = Object.entries(all)
    .filter(([, o]) => o.value?.["/Type"] === "/Pages")
    .map(([id]) => Number(id.split(" ")[0].replace("obj:", "")));
  return [Number(root), ...trees, ...json.pages.map((p) => Number(p.object.split(" ")[0]))];
}

describe("object streams", () => {
  it("holds the catalog, the page tree and every page", { timeout: 60_000 }, async () => {
    const bytes = await fixture("calc-ledger.pdf");
    const { out } = await compress(bytes, {}, "calc-ledger.pdf");
    const where = await placement(out);
    const structure = await structureObjects(out);
    expect(structure.length).toBeGreaterThan(10);
    for (const n of structure) expect(where.get(n), `object ${n}`).toBe("compressed");
    expect(await pdfText(out)).toBe(await pdfText(bytes));
    expect(await pageCount(out)).toBe(10);
    const check = await oracle("qpdf", ["--check", "{in}"], out);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr, check.stdout).toBe("");
  });
});
