import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../schema/locales";
import { englishToolMessages, NAMESPACES } from "../../../web/i18n/catalogs";

/**
 * The catalogs against English, the source of truth: the same keys in every language (none
 * missing, none extra), the same placeholders and markup, every plural category the language's
 * own rules have (Intl.PluralRules), and every message compiling as the build compiles it.
 */
// vitest runs from the repository root (jsdom gives import.meta.url an http: scheme).
const DIR = join(process.cwd(), "web/i18n/locales");
type Catalog = Record<string, string>;

function read(tag: string, ns: string): Catalog | undefined {
  if (tag === "en" && ns === "tools") return englishToolMessages();
  try {
    return JSON.parse(readFileSync(join(DIR, tag, `${ns}.json`), "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

interface Shape {
  vars: Set<string>;
  tags: Set<string>;
  plurals: { name: string; cases: string[] }[];
}

/** What a compiled message needs from its caller and what it offers its plural rules. */
function shape(source: string): Shape {
  const out: Shape = { vars: new Set(), tags: new Set(), plurals: [] };
  // A compiled message is text, or a list whose items are text or [name, type?, format?].
  const text = (t: string) => {
    for (const m of t.matchAll(/<\/?(\d+)\/?>/g)) out.tags.add(m[0]);
  };
  const message = (m: unknown) => {
    if (typeof m === "string") return text(m);
    if (Array.isArray(m)) for (const node of m) typeof node === "string" ? text(node) : placeholder(node);
  };
  const placeholder = (node: unknown) => {
    const [name, type, format] = node as [string, string?, Record<string, unknown>?];
    if (name !== "#") out.vars.add(name);
    if (!format || typeof format !== "object") return;
    if (type === "plural" || type === "selectordinal") {
      out.plurals.push({ name, cases: Object.keys(format).filter((k) => !k.startsWith("offset")) });
    }
    for (const c of Object.values(format)) message(c);
  };
  message(compileMessage(source));
  return out;
}

const english = Object.fromEntries(NAMESPACES.map((ns) => [ns, read("en", ns)])) as Record<string, Catalog>;

describe("the English catalogs", () => {
  it("are exactly the namespaces the code declares", () => {
    const files = readdirSync(join(DIR, "en")).map((f) => f.replace(/\.json$/, ""));
    // tools' English is the catalogue (schema/tools.ts), so it has no file.
    expect([...files, "tools"].sort()).toEqual([...NAMESPACES].sort());
    // A page's namespace is declared before its page is converted; once nothing is left to convert, none is empty.
    const converting = JSON.parse(readFileSync(join(process.cwd(), "test/web/i18n/not-yet-converted.json"), "utf8"))
      .files.length;
    if (!converting) for (const ns of NAMESPACES) expect(Object.keys(english[ns]).length, ns).toBeGreaterThan(0);
  });

  it("compile, and use plural rather than counting in code", () => {
    for (const ns of NAMESPACES)
      for (const message of Object.values(english[ns])) expect(() => shape(message)).not.toThrow();
  });
});

describe.each(LOCALES.filter((l) => l.tag !== "en").map((l) => [l.tag]))("%s", (tag) => {
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];

  it("has no namespace English does not have", () => {
    const files = readdirSync(join(DIR, tag)).map((f) => f.replace(/\.json$/, ""));
    expect(files.filter((f) => !NAMESPACES.includes(f as never))).toEqual([]);
  });

  it.each(NAMESPACES.map((ns) => [ns]))("%s: every key of English, and no other", (ns) => {
    const catalog = read(tag, ns);
    expect(catalog, `web/i18n/locales/${tag}/${ns}.json is missing`).toBeDefined();
    const keys = Object.keys(catalog ?? {});
    const want = Object.keys(english[ns]);
    expect({ missing: want.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !want.includes(k)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(NAMESPACES.map((ns) => [ns]))(
    "%s: same placeholders and markup, whole plurals, not left in English",
    (ns) => {
      const catalog = read(tag, ns) ?? {};
      for (const [key, message] of Object.entries(catalog)) {
        const where = `${tag}/${ns}.json "${key}"`;
        expect(message.trim(), where).not.toBe("");
        const theirs = shape(message);
        const ours = shape(english[ns][key] ?? "");
        expect([...theirs.vars].sort(), `${where}: placeholders`).toEqual([...ours.vars].sort());
        expect([...theirs.tags].sort(), `${where}: markup`).toEqual([...ours.tags].sort());
        for (const plural of theirs.plurals) {
          const named = plural.cases.filter((c) => !/^=\d+$/.test(c));
          expect(
            named.filter((c) => !categories.includes(c)),
            `${where}: categories ${tag} does not have`,
          ).toEqual([]);
          expect(
            categories.filter((c) => !named.includes(c)),
            `${where}: ${tag}'s plural categories`,
          ).toEqual([]);
        }
      }
    },
  );
});

describe("plural categories", () => {
  it("are the ones the issue names: Arabic six, Russian and Polish four (three for whole numbers), Japanese one", () => {
    const count = (tag: string) => new Intl.PluralRules(tag).resolvedOptions().pluralCategories.length;
    expect([count("ar"), count("ru"), count("pl"), count("ja")]).toEqual([6, 4, 4, 1]);
  });
});
