import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, type LocaleTag } from "../../../schema/locales";
import { tools } from "../../../schema/tools";
import { englishToolMessages, type ToolKey } from "../../../web/i18n/catalogs";
import { createIndex, normalize, search } from "../../../web/search/rank";
import { type ToolHit, toolIndex } from "../../../web/search/tool-index";

/** The search over the real catalogue in one language, as the site builds it. */
function searcher(tag: LocaleTag) {
  const catalog: Record<string, string> =
    tag === "en"
      ? englishToolMessages()
      : JSON.parse(readFileSync(join(process.cwd(), `web/i18n/locales/${tag}/tools.json`), "utf8"));
  const index = toolIndex(tag, (key: ToolKey) => catalog[key] ?? key);
  return (query: string, limit?: number) => search(index, query, limit).map((h: ToolHit) => h.tool.id);
}

describe("normalize", () => {
  it("ignores case and accents, and letters typed without their key", () => {
    expect(normalize("Schwärzen")).toBe("schwarzen");
    expect(normalize("SIKIŞTIR")).toBe(normalize("sıkıştır"));
    expect(normalize("sıkıştır")).toBe("sikistir");
    expect(normalize("Łącz")).toBe("lacz");
    expect(normalize("Straße")).toBe("strasse");
    expect(normalize("Éditer  les   PDF!")).toBe("editer les pdf");
    expect(normalize("ＰＤＦ")).toBe("pdf");
    // Arabic's vowel marks go; Devanagari's vowel signs and Japanese voicing marks stay (they change the word).
    expect(normalize("وقّع")).toBe("وقع");
    expect(normalize("साइन")).toBe("साइन");
    expect(normalize("ジ")).not.toBe(normalize("シ"));
    expect(normalize("フラット")).toBe(normalize("ふらっと"));
  });
});

describe("ranking", () => {
  const items = ["PDF to JPG", "JPG to PDF", "Compress PDF", "Compress Images"].map((title) => ({
    item: title,
    title,
    fields: [{ text: title, weight: 1, inside: true }],
  }));
  const index = createIndex(items);

  it("puts the title the query starts first, then whole words before word starts before insides", () => {
    expect(search(index, "pdf to")).toEqual(["PDF to JPG", "JPG to PDF"]);
    expect(search(index, "jpg to pdf")).toEqual(["JPG to PDF", "PDF to JPG"]);
    expect(search(index, "comp")).toEqual(["Compress PDF", "Compress Images"]);
    expect(search(index, "images")[0]).toBe("Compress Images");
    expect(search(index, "press")).toEqual(["Compress PDF", "Compress Images"]);
  });

  it("needs every word to match, and finds nothing for nonsense or an empty query", () => {
    expect(search(index, "compress jpg")).toEqual([]);
    expect(search(index, "xyzzy")).toEqual([]);
    expect(search(index, "   ")).toEqual([]);
    // Two letters are not enough to match inside a word.
    expect(search(index, "re")).toEqual([]);
  });

  it("keeps the index's order for ties, and the limit", () => {
    expect(search(index, "pdf", 2)).toEqual(["PDF to JPG", "JPG to PDF"]);
  });
});

describe("the tool search, in English", () => {
  const find = searcher("en");

  it("finds tools by name, prefix, keyword and group", () => {
    expect(find("jpg").slice(0, 2).sort()).toEqual(["jpg-to-pdf", "pdf-to-image"]);
    expect(find("pdf to jpg")[0]).toBe("pdf-to-image");
    expect(find("jpg to pdf")[0]).toBe("jpg-to-pdf");
    expect(find("sign")[0]).toBe("sign-pdf");
    expect(find("signature")[0]).toBe("sign-pdf");
    expect(find("merg")[0]).toBe("merge-pdf");
    expect(find("combine")[0]).toBe("merge-pdf");
    expect(find("password").slice(0, 2).sort()).toEqual(["protect-pdf", "unlock-pdf"]);
    expect(find("remove password")[0]).toBe("unlock-pdf");
    expect(find("black out")[0]).toBe("redact-pdf");
    expect(find("delete pages")[0]).toBe("remove-pages");
    expect(find("form")).toEqual(expect.arrayContaining(["fill-form", "flatten-pdf"]));
    expect(find("form")[0]).toBe("fill-form");
    expect(find("COMPRESS").slice(0, 2).sort()).toEqual(["compress-image", "compress-pdf"]);
    expect(find("shrink")).toEqual(expect.arrayContaining(["compress-pdf", "compress-image"]));
    expect(find("convert")).toEqual(expect.arrayContaining(["jpg-to-pdf", "pdf-to-image", "extract-images"]));
  });

  it("finds nothing for words no tool has, nor inside other words", () => {
    expect(find("xyzzy")).toEqual([]);
    // Not "password" nor "keywords": no tool makes Word files (yet).
    expect(find("word")).toEqual([]);
    expect(find("n-up")).toEqual(["nup-pdf"]);
    expect(find("merge xyzzy")).toEqual([]);
  });
});

describe("the tool search, in other languages", () => {
  it("German: words, prefixes, accents left out, and English terms", () => {
    const find = searcher("de");
    expect(find("unterschreiben")[0]).toBe("sign-pdf");
    expect(find("unterschr")[0]).toBe("sign-pdf");
    expect(find("schwarzen")[0]).toBe("redact-pdf");
    expect(find("zusammenfügen")[0]).toBe("merge-pdf");
    expect(find("ZUSAMMEN")[0]).toBe("merge-pdf");
    expect(find("formular")[0]).toBe("fill-form");
    expect(find("jpg").slice(0, 2).sort()).toEqual(["jpg-to-pdf", "pdf-to-image"]);
    expect(find("pdf in jpg")[0]).toBe("pdf-to-image");
    expect(find("merge")[0]).toBe("merge-pdf");
    expect(find("sign")[0]).toBe("sign-pdf");
  });

  it("French, Spanish, Polish and Turkish without their accents", () => {
    expect(searcher("fr")("deverrouiller")[0]).toBe("unlock-pdf");
    expect(searcher("fr")("caviard")[0]).toBe("redact-pdf");
    expect(searcher("es")("firmar")[0]).toBe("sign-pdf");
    expect(searcher("es")("imagenes")).toContain("compress-image");
    expect(searcher("pl")("polacz")[0]).toBe("merge-pdf");
    expect(searcher("tr")("sikistir").slice(0, 2).sort()).toEqual(["compress-image", "compress-pdf"]);
  });

  it("scripts without spaces, Cyrillic, Devanagari and Arabic", () => {
    expect(searcher("ja")("署名")[0]).toBe("sign-pdf");
    expect(searcher("ja")("結合")[0]).toBe("merge-pdf");
    expect(searcher("zh-CN")("签名")[0]).toBe("sign-pdf");
    expect(searcher("zh-CN")("合并")[0]).toBe("merge-pdf");
    expect(searcher("ru")("подписать")[0]).toBe("sign-pdf");
    expect(searcher("ru")("сжать").slice(0, 2).sort()).toEqual(["compress-image", "compress-pdf"]);
    expect(searcher("hi")("हस्ताक्षर")[0]).toBe("sign-pdf");
    expect(searcher("ar")("توقيع")[0]).toBe("sign-pdf");
    expect(searcher("ar")("دمج")[0]).toBe("merge-pdf");
  });

  it("every language finds every tool by its own title, first or tied with another title it starts", () => {
    for (const { tag } of LOCALES) {
      const find = searcher(tag);
      const catalog: Record<string, string> =
        tag === "en"
          ? englishToolMessages()
          : JSON.parse(readFileSync(join(process.cwd(), `web/i18n/locales/${tag}/tools.json`), "utf8"));
      for (const t of tools) expect(find(catalog[`${t.id}.title`], 1), `${tag}: ${t.id}`).toEqual([t.id]);
    }
  });
});
