import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFString,
} from "@cantoo/pdf-lib";
import { EngineError } from "../../../core/errors";
import { asName, OperationTooLarge, operations } from "../../content/lexer";
import { get, getDict, resolve } from "../../objects";

/**
 * Fonts a reader may draw new text with: a form field's default appearance (/DA) names a font of
 * the form's resources, and a reader redraws the field with it when someone edits the field, or
 * whenever the form asks it to (NeedAppearances). Such a font may have to show any glyph, so it
 * is never subset: a field that is not read-only, or any field when NeedAppearances is set, keeps
 * its DA font whole, as does a free-text annotation's (readers let people edit those too). An
 * XFA form draws with the form's fonts as it likes: all of them stay whole.
 */

const MAX_FIELDS = 100_000;
const MAX_DEPTH = 32;
const READ_ONLY = 1;

/** The font a default appearance string selects ("/Helv 0 Tf 0 g"), by resource name. */
function daFont(da: unknown): string | null {
  if (!(da instanceof PDFString || da instanceof PDFHexString)) return null;
  let name: string | null = null;
  try {
    for (const op of operations(da.asBytes())) if (op.op === "Tf") name = asName(op.args[0]) ?? name;
  } catch (err) {
    if (!(err instanceof EngineError || err instanceof OperationTooLarge)) throw err;
  }
  return name;
}

function fontsNamed(ctx: PDFContext, name: string, ...resources: (PDFDict | undefined)[]): PDFDict[] {
  const out: PDFDict[] = [];
  for (const r of resources) {
    const f = resolve(ctx, getDict(ctx, r, "Font")?.get(PDFName.of(name)));
    if (f instanceof PDFDict) out.push(f);
  }
  return out;
}

export function formFonts(ctx: PDFContext, acroForm: PDFDict | undefined, doc: PDFDocument): PDFDict[] {
  const out: PDFDict[] = [];
  const dr = getDict(ctx, acroForm, "DR");
  if (acroForm && get(ctx, acroForm, "XFA")) {
    for (const [, v] of getDict(ctx, dr, "Font")?.entries() ?? []) {
      const f = resolve(ctx, v);
      if (f instanceof PDFDict) out.push(f);
    }
  }
  const redrawAll = get(ctx, acroForm, "NeedAppearances") === PDFBool.True;
  const formDa = get(ctx, acroForm, "DA");
  const fields = get(ctx, acroForm, "Fields");
  type Node = { dict: PDFDict; flags: number; da: unknown; depth: number };
  const todo: Node[] = [];
  for (const f of fields instanceof PDFArray ? fields.asArray() : []) {
    const d = resolve(ctx, f);
    if (d instanceof PDFDict) todo.push({ dict: d, flags: 0, da: formDa, depth: 0 });
  }
  const seen = new Set<PDFDict>();
  while (todo.length > 0 && seen.size < MAX_FIELDS) {
    const n = todo.pop()!;
    if (seen.has(n.dict)) continue;
    seen.add(n.dict);
    const ff = get(ctx, n.dict, "Ff");
    const flags = ff instanceof PDFNumber ? ff.asNumber() : n.flags;
    const da = get(ctx, n.dict, "DA") ?? n.da;
    if (redrawAll || (flags & READ_ONLY) === 0) {
      const name = daFont(da);
      if (name) out.push(...fontsNamed(ctx, name, dr, getDict(ctx, n.dict, "DR")));
    }
    const kids = get(ctx, n.dict, "Kids");
    if (n.depth >= MAX_DEPTH) continue;
    for (const k of kids instanceof PDFArray ? kids.asArray() : []) {
      const d = resolve(ctx, k);
      if (d instanceof PDFDict) todo.push({ dict: d, flags, da, depth: n.depth + 1 });
    }
  }
  for (const page of doc.getPages()) {
    const annots = get(ctx, page.node, "Annots");
    for (const a of annots instanceof PDFArray ? annots.asArray() : []) {
      const annot = resolve(ctx, a);
      if (!(annot instanceof PDFDict) || get(ctx, annot, "Subtype") !== PDFName.of("FreeText")) continue;
      const name = daFont(get(ctx, annot, "DA"));
      if (name) out.push(...fontsNamed(ctx, name, dr, getDict(ctx, annot, "DR")));
    }
  }
  return out;
}
