import { PDFName, type PDFRawStream, type PDFRef, PDFRawStream as RawStream } from "@cantoo/pdf-lib";
import { zlibSync } from "fflate";
import { boxQuad, type Matrix, meetsAny, multiply, type Quad } from "../content/geometry";
import { asDict, asName, type Op, operations } from "../content/lexer";
import { Machine, SHOW_OPS } from "../content/machine";
import { ByteSink, writeOp, writeOperand } from "../content/writer";
import { getDict, getName, numbers } from "../objects";
import { formContent, formMatrix, MAX_FORM_DEPTH, tick, type WalkContext, xobjectNamed } from "./extract";
import { type ImageJob, redactImage } from "./images";
import { Scope } from "./scope";
import { ShowWriter } from "./show";

/**
 * Content rewritten without what lies under the redaction areas: glyphs that meet an area are
 * cut out of their strings (a kerning number keeps the rest in place), inline images that
 * meet one are dropped, image XObjects are painted over (or dropped), and forms are rewritten
 * into new objects. Every operation we keep unchanged is copied as its original bytes.
 */

export interface RedactJob extends WalkContext, ImageJob {
  glyphsRemoved: number;
  imagesPainted: number;
  /** Redacted copies of forms and images on the current page, by original object and placement. */
  made: Map<string, PDFRef | null | "keep">;
}

/** Operators after which the pen starts again from the line: a displacement still owed no longer matters. */
const MOVES_TO_LINE = new Set(["Td", "TD", "Tm", "T*", "BT", "ET", "'", '"']);
/** Operators that change what a TJ displacement means (size, scaling) or may (a graphics state, a restore). */
const CHANGES_UNITS = new Set(["Tf", "Tz", "gs", "q", "Q"]);

interface Marked {
  at: number;
  op: Op;
  hit: boolean;
}

export function rewriteContent(
  job: RedactJob,
  content: Uint8Array,
  scope: Scope,
  ctm: Matrix,
  areas: readonly Quad[],
  depth: number,
  open: Set<PDFRawStream>,
): { bytes: Uint8Array; changed: boolean } {
  const out = new ByteSink();
  const m = new Machine(job.ctx, job.fonts, scope.dict, ctm);
  const marked: Marked[] = [];
  let changed = false;
  let saves = 0;
  let inText = false;
  // The advance of removed glyphs not yet written (TJ units at the current size and scaling).
  let pending = 0;
  const copy = (op: Op) => {
    out.bytes(content.subarray(op.start, op.end));
    out.text("\n");
  };
  for (const op of operations(content)) {
    tick(job);
    if (pending) {
      if (MOVES_TO_LINE.has(op.op)) pending = 0;
      else if (CHANGES_UNITS.has(op.op)) {
        out.text(`${writeOperand([pending])} TJ\n`);
        pending = 0;
      }
    }
    if (m.step(op)) {
      if (op.op === "q") saves++;
      else if (op.op === "Q") saves = Math.max(0, saves - 1);
      else if (op.op === "BT") inText = true;
      else if (op.op === "ET") inText = false;
      copy(op);
      continue;
    }
    if (SHOW_OPS.has(op.op)) {
      const writer = new ShowWriter(op, pending);
      m.show(op, (g) => writer.glyph(g, meetsAny(g.quad, areas)));
      if (!writer.removed && !pending) {
        copy(op);
        continue;
      }
      const { text, trailing } = writer.finish();
      out.text(text);
      pending = trailing;
      if (writer.removed) {
        job.glyphsRemoved += writer.removed;
        changed = true;
        for (const mk of marked) mk.hit = true;
      }
      continue;
    }
    switch (op.op) {
      case "BI":
        if (meetsAny(boxQuad(m.ctm, 0, 0, 1, 1), areas)) {
          job.imagesPainted++;
          changed = true;
        } else copy(op);
        break;
      case "Do": {
        const name = asName(op.args[0]);
        const drawn = name ? draw(job, scope, name, m.ctm, areas, depth, open) : undefined;
        if (drawn === undefined) {
          if (name) scope.used.add(name);
          copy(op);
        } else {
          changed = true;
          if (name) scope.replaced.add(name);
          if (drawn) out.text(`${writeOperand({ kind: "name", name: drawn })} Do\n`);
        }
        break;
      }
      case "BDC":
      case "BMC": {
        // ActualText would still give away the words of glyphs removed inside it.
        const hasText = asDict(op.args[1])?.map.has("ActualText") ?? false;
        const at = hasText ? out.mark() : -1;
        if (!hasText) copy(op);
        marked.push({ at, op, hit: false });
        break;
      }
      case "EMC": {
        const mk = marked.pop();
        if (mk && mk.at >= 0) out.replace(mk.at, mk.hit ? withoutActualText(mk.op) : rawOp(content, mk.op));
        copy(op);
        break;
      }
      default:
        copy(op);
    }
  }
  for (const mk of marked)
    if (mk.at >= 0) out.replace(mk.at, mk.hit ? withoutActualText(mk.op) : rawOp(content, mk.op));
  // Content that leaves text or saved states open would pull what is drawn after it into them.
  if (inText) out.text("ET\n");
  out.text("Q\n".repeat(saves));
  return { bytes: out.finish(), changed };
}

function rawOp(content: Uint8Array, op: Op): string {
  let s = "";
  for (let i = op.start; i < op.end; i++) s += String.fromCharCode(content[i]);
  return `${s}\n`;
}

function withoutActualText(op: Op): string {
  const dict = asDict(op.args[1]);
  if (!dict) return writeOp(op.op, op.args);
  const map = new Map(dict.map);
  map.delete("ActualText");
  return writeOp(op.op, [op.args[0], { kind: "dict", map }]);
}

function deflate(data: Uint8Array): Uint8Array {
  return zlibSync(data, { level: 6 });
}

/**
 * A Do under the areas: the name to draw instead (a redacted copy), null to draw nothing, or
 * undefined to keep the Do as it is.
 */
function draw(
  job: RedactJob,
  scope: Scope,
  name: string,
  ctm: Matrix,
  areas: readonly Quad[],
  depth: number,
  open: Set<PDFRawStream>,
): string | null | undefined {
  const { ctx } = job;
  const { raw, stream } = xobjectNamed(ctx, scope.dict, name);
  if (!stream) return undefined;
  const subtype = getName(ctx, stream.dict, "Subtype");
  const key = `${raw?.toString() ?? name}|${ctm.map((v) => v.toFixed(4)).join(",")}`;
  if (subtype === "Image") {
    if (!meetsAny(boxQuad(ctm, 0, 0, 1, 1), areas)) return undefined;
    let made = job.made.get(key);
    if (made === undefined) {
      const outcome = redactImage(job, stream, ctm, areas);
      made = outcome.kind === "untouched" ? "keep" : outcome.kind === "painted" ? ctx.register(outcome.stream) : null;
      job.made.set(key, made);
    }
    if (made === "keep") return undefined;
    job.imagesPainted++;
    return made ? scope.add("RdIm", made) : null;
  }
  if (subtype !== "Form") return undefined;
  const inner = multiply(formMatrix(ctx, stream), ctm);
  const bbox = numbers(ctx, stream.dict.get(PDFName.of("BBox")));
  // What lies outside the form's box is clipped away: a form whose box misses every area is kept.
  if (bbox?.length === 4 && bbox.every(Number.isFinite)) {
    if (!meetsAny(boxQuad(inner, bbox[0], bbox[1], bbox[2], bbox[3]), areas)) return undefined;
  }
  // Too deep to follow, or drawing itself: what it shows under the box cannot be cut out of it.
  if (depth >= MAX_FORM_DEPTH || open.has(stream)) return null;
  const ownRes = getDict(ctx, stream.dict, "Resources");
  // A form that takes its resources from where it is drawn is redacted anew in each place.
  const cached = ownRes ? job.made.get(key) : undefined;
  if (cached === "keep") return undefined;
  if (cached !== undefined) return cached ? scope.add("RdFm", cached) : null;
  const data = formContent(job, stream);
  // A form under a box whose content cannot be read is not drawn: we cannot tell what it shows.
  if (!data) {
    job.made.set(key, null);
    return null;
  }
  const inside = ownRes ? new Scope(ctx, ownRes) : scope;
  open.add(stream);
  const result = rewriteContent(job, data, inside, inner, areas, depth + 1, open);
  open.delete(stream);
  if (inside !== scope) inside.prune();
  if (!result.changed && !(inside !== scope && inside.changed)) {
    if (ownRes) job.made.set(key, "keep");
    return undefined;
  }
  const dict = stream.dict.clone(ctx);
  for (const k of ["Filter", "DecodeParms", "DP", "Length"]) dict.delete(PDFName.of(k));
  dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
  if (inside !== scope && inside.dict) dict.set(PDFName.of("Resources"), inside.dict);
  const ref = ctx.register(RawStream.of(dict, deflate(result.bytes)));
  if (ownRes) job.made.set(key, ref);
  return scope.add("RdFm", ref);
}
