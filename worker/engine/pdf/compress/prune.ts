import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef } from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import { asDict, asName, type Op } from "../content/lexer";
import { programPieces, unreadableContent } from "../content/pieces";
import { ContentReader } from "../content/reader";
import { resolve } from "../objects";
import { ContentWalk } from "./content-walk";

/**
 * Resources a page lists but never uses: fonts, images and forms, graphics states, colour
 * spaces, patterns, shadings and property lists no content reading that resource dictionary
 * names. Tools that copy pages often carry a whole document's fonts on every page. An entry is
 * removed only when it is proven unused: every content program read with that dictionary was
 * read in full (pages, forms, patterns, glyphs, appearances), and nothing else holds the
 * dictionary (a form's default resources, an object this walk does not read). The objects
 * themselves go when nothing else refers to them.
 */

const CATEGORIES = ["Font", "XObject", "ExtGState", "ColorSpace", "Pattern", "Shading", "Properties"] as const;
type Category = (typeof CATEGORIES)[number];
/** Colour spaces used without being named: a page's default spaces. */
const IMPLICIT = new Set(["DefaultGray", "DefaultRGB", "DefaultCMYK"]);
const INLINE_SPACES = new Set(["G", "RGB", "CMYK", "I", "DeviceGray", "DeviceRGB", "DeviceCMYK", "Indexed"]);

interface Usage {
  names: Record<Category, Set<string>>;
  /** Some content read with this dictionary could not be read: nothing in it is provably unused. */
  unknown: boolean;
}

function usage(): Usage {
  return { names: Object.fromEntries(CATEGORIES.map((c) => [c, new Set<string>()])) as Usage["names"], unknown: false };
}

function record(u: Usage, op: Op): void {
  const first = asName(op.args[0]);
  const last = asName(op.args[op.args.length - 1]);
  switch (op.op) {
    case "Tf":
      if (first) u.names.Font.add(first);
      break;
    case "Do":
      if (last) u.names.XObject.add(last);
      break;
    case "gs":
      if (last) u.names.ExtGState.add(last);
      break;
    case "sh":
      if (last) u.names.Shading.add(last);
      break;
    case "cs":
    case "CS":
      if (last) u.names.ColorSpace.add(last);
      break;
    case "scn":
    case "SCN":
      if (last) u.names.Pattern.add(last);
      break;
    case "BDC":
    case "DP": {
      const p = asName(op.args[1]);
      if (p) u.names.Properties.add(p);
      break;
    }
    case "BI": {
      const d = asDict(op.args[0]);
      const cs = asName(d?.map.get("CS") ?? d?.map.get("ColorSpace"));
      if (cs && !INLINE_SPACES.has(cs)) u.names.ColorSpace.add(cs);
      break;
    }
  }
}

/** Removes unused resource entries; returns how many. */
export async function pruneResources(doc: PDFDocument, budget?: Budget): Promise<number> {
  const ctx = doc.context;
  const uses = new Map<PDFDict, Usage>();
  const owners = new Set<PDFObject>();
  const what = "A page's content";
  const walk = await ContentWalk.run(doc, {
    unit: (unit) => {
      if (!unit.resources) return;
      const u = uses.get(unit.resources) ?? usage();
      uses.set(unit.resources, u);
      if (unit.owner) owners.add(unit.owner instanceof PDFRawStream ? unit.owner.dict : unit.owner);
      if (unit.unreadable) u.unknown = true;
      if (u.unknown) return;
      // Read as it is decoded, a window at a time: never the whole content at once.
      const reader = new ContentReader(programPieces(ctx, unit.streams, { budget, what }), { budget, what });
      let count = 0;
      try {
        for (const op of reader.ops()) {
          record(u, op);
          if ((++count & 0xffff) === 0) budget?.check();
        }
      } catch (err) {
        if (!unreadableContent(err)) throw err;
        u.unknown = true;
      }
    },
    tick: () => budget?.check(),
  });
  if (!walk.complete) return 0;
  for (const o of walk.pageOwners) owners.add(o);
  // Who holds each resource dictionary, and each of its category dictionaries: only /Resources of
  // an object whose content was read, and the category's key of such a dictionary.
  const safe = new Set([...uses].filter(([, u]) => !u.unknown).map(([d]) => d));
  const categories = new Map<PDFDict, { category: Category; holders: Set<PDFDict>; shared: boolean }>();
  for (const res of uses.keys()) {
    for (const category of CATEGORIES) {
      const dict = resolve(ctx, res.get(PDFName.of(category)));
      if (!(dict instanceof PDFDict)) continue;
      const entry = categories.get(dict) ?? { category, holders: new Set(), shared: false };
      if (entry.category !== category) entry.shared = true;
      categories.set(dict, entry);
    }
  }
  const held = (holder: PDFDict, key: PDFName | null, target: PDFDict) => {
    if (uses.has(target) && (key !== PDFName.of("Resources") || !owners.has(holder))) safe.delete(target);
    const c = categories.get(target);
    if (!c) return;
    if (key === PDFName.of(c.category) && uses.has(holder)) c.holders.add(holder);
    else c.shared = true;
  };
  for (const [, top] of ctx.enumerateIndirectObjects()) {
    const stack: PDFObject[] = [top];
    const seen = new Set<PDFObject>();
    while (stack.length) {
      const o = stack.pop()!;
      if (seen.has(o)) continue;
      seen.add(o);
      const d = o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : null;
      const items: [PDFName | null, PDFObject][] = d
        ? d.entries()
        : o instanceof PDFArray
          ? o.asArray().map((v) => [null, v])
          : [];
      for (const [k, v] of items) {
        const target = resolve(ctx, v);
        if (target instanceof PDFDict) held(d ?? (o as never), d ? k : null, target);
        if (!(v instanceof PDFRef)) stack.push(v);
      }
    }
  }
  let removed = 0;
  for (const [dict, c] of categories) {
    if (c.shared || c.holders.size === 0 || [...c.holders].some((h) => !safe.has(h))) continue;
    const used = new Set<string>();
    for (const h of c.holders) for (const n of uses.get(h)!.names[c.category]) used.add(n);
    for (const key of dict.keys()) {
      const name = key.decodeText();
      if (used.has(name) || (c.category === "ColorSpace" && IMPLICIT.has(name))) continue;
      dict.delete(key);
      removed++;
    }
  }
  return removed;
}
