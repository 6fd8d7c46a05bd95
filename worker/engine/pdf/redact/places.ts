import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import type { Budget } from "../../core/budget";
import type { Rect } from "../content/geometry";
import { contentLimit } from "../content/streams";
import { readStream } from "../filters";
import { get, getName, numbers, resolve } from "../objects";
import { contentText, formText, type WalkContext } from "./extract";
import { contextOf, type Search, searchText } from "./search";

/**
 * Where else a document keeps text besides what its pages draw: annotations (their contents,
 * authors and rich text, and the text their appearances draw), form fields (values, defaults,
 * choices, tooltips, and what their widgets show), bookmarks, document and page JavaScript, the
 * document information and XMP metadata, accessibility text of the structure tree, attachments
 * (names, descriptions, and the text of the attached file), link addresses, layer names, page
 * labels. A search finds its words in each; redacting removes or rewrites each place.
 */

export type PlaceKind =
  | "text"
  | "field"
  | "annotation"
  | "link"
  | "bookmark"
  | "javascript"
  | "metadata"
  | "attachment"
  | "structure"
  | "other";

/** A text value inside the document's objects: an entry of a dictionary or an element of an array. */
export interface StringAt {
  holder: PDFDict | PDFArray;
  key: PDFName | number;
}

/** What redacting a place does besides covering its rectangles. */
export type PlaceFix =
  /** Rewrite what the search finds inside these strings. */
  | { kind: "strings"; at: StringAt[] }
  /** Remove an entry (an XMP stream, an appearance). */
  | { kind: "remove-key"; holder: PDFDict; key: PDFName }
  /** Remove elements of an array (an attachment's name and file specification). */
  | { kind: "remove-items"; array: PDFArray; index: number; count: number }
  /** Rewrite a stream holding text (a script). */
  | { kind: "stream"; stream: PDFRawStream }
  /** Empty an attached file's specification: its file gone, its name and description rewritten. */
  | { kind: "filespec"; spec: PDFDict }
  /** Take an annotation off its page (one with no place on it to cover). */
  | { kind: "annotation"; page: PDFPage; annotation: PDFObject };

export interface PlaceMatch {
  id: string;
  /** 1-based; 0 for a place that is on no page. */
  page: number;
  text: string;
  context: string;
  kind: PlaceKind;
  label?: string;
  /** In the page's default user space: the annotation's rectangle. */
  rects: Rect[];
  fixes: PlaceFix[];
}

/** Keys never followed or read: structure, binary data, names rather than words, and content read elsewhere. */
const SKIP = new Set([
  "Parent",
  "Popup",
  "IRT",
  "Resources",
  "Thumb",
  "Font",
  "DR",
  "DA",
  "DS",
  "ID",
  "NM",
  "D",
  "Dests",
  "Limits",
  "Encrypt",
  "Lang",
  "ByteRange",
  "Cert",
  "Perms",
  "XObject",
  "ColorSpace",
  "OutputIntents",
  "Function",
  "Functions",
  "Shading",
  "Pattern",
  "ExtGState",
  "StructParent",
  "StructParents",
  "ParentTree",
  "IDTree",
  "RoleMap",
  "ClassMap",
  "B",
  "Threads",
]);

/** Most objects one document walk visits. */
const MAX_VISITS = 2_000_000;

export const REDACTED_MARK = "█████";

const isText = (o: PDFObject | undefined): o is PDFString | PDFHexString =>
  o instanceof PDFString || o instanceof PDFHexString;

function textOf(o: PDFString | PDFHexString): string {
  try {
    return o.decodeText();
  } catch {
    return "";
  }
}

/** The first match of any of the searches in a text. */
function firstMatch(text: string, searches: readonly Search[]): { text: string; context: string } | null {
  if (!text) return null;
  for (const s of searches) {
    const [f] = searchText(text, s);
    if (f) return { text: text.slice(f.start, f.end), context: contextOf(text, f.start, f.end) };
  }
  return null;
}

/** A text with every match of the searches replaced by the mark. */
export function rewriteText(text: string, searches: readonly Search[]): string {
  let out = text;
  for (const s of searches) {
    const found = searchText(out, s);
    for (let i = found.length - 1; i >= 0; i--) {
      out = out.slice(0, found[i].start) + REDACTED_MARK + out.slice(found[i].end);
    }
  }
  return out;
}

export interface PlaceSearch {
  walk: WalkContext;
  searches: readonly Search[];
  budget?: Budget;
}

interface Hit {
  text: string;
  context: string;
  at: StringAt[];
}

/** Strings of an object and what it holds (not what SKIP names), each with where it is. */
function collectStrings(
  ctx: PDFContext,
  root: PDFObject | undefined,
  seen: Set<PDFObject>,
  onString: (s: PDFString | PDFHexString, at: StringAt) => void,
  onStream?: (key: string, s: PDFRawStream, holder: PDFDict) => void,
  extraSkip?: ReadonlySet<string>,
): void {
  const stack: PDFObject[] = [];
  const push = (o: PDFObject | undefined) => {
    const r = resolve(ctx, o);
    if (!r || seen.has(r)) return;
    if (r instanceof PDFDict || r instanceof PDFArray) {
      seen.add(r);
      stack.push(r);
    }
  };
  push(root);
  let visits = 0;
  while (stack.length && ++visits < MAX_VISITS) {
    const o = stack.pop()!;
    if (o instanceof PDFDict) {
      const signature = o.has(PDFName.of("ByteRange"));
      for (const [k, raw] of o.entries()) {
        const key = k.decodeText();
        if (SKIP.has(key) || extraSkip?.has(key) || (signature && key === "Contents")) continue;
        const v = resolve(ctx, raw);
        // /P is a page (an annotation's, a structure element's), or a page label's prefix.
        if (key === "P" && !isText(v)) continue;
        if (isText(v)) onString(v, { holder: o, key: k });
        else if (v instanceof PDFRawStream) {
          if (key !== "Contents" && !seen.has(v)) {
            seen.add(v);
            onStream?.(key, v, o);
          }
        } else push(raw);
      }
    } else if (o instanceof PDFArray) {
      const items = o.asArray();
      for (let i = 0; i < items.length; i++) {
        const v = resolve(ctx, items[i]);
        if (isText(v)) onString(v, { holder: o, key: i });
        else if (!(v instanceof PDFRawStream)) push(items[i]);
      }
    }
  }
}

/** What an annotation's appearances draw, as text. */
function appearanceText(w: WalkContext, annotation: PDFDict): string {
  const ap = get(w.ctx, annotation, "AP");
  if (!(ap instanceof PDFDict)) return "";
  const out: string[] = [];
  for (const key of ["N", "D", "R"]) {
    const v = get(w.ctx, ap, key);
    const streams: PDFRawStream[] = [];
    if (v instanceof PDFRawStream) streams.push(v);
    else if (v instanceof PDFDict) {
      for (const [, s] of v.entries()) {
        const r = resolve(w.ctx, s);
        if (r instanceof PDFRawStream) streams.push(r);
      }
    }
    for (const s of streams) {
      const t = formText(w, s);
      if (t) out.push(t);
    }
  }
  return out.join("\n");
}

function rectOf(ctx: PDFContext, a: PDFDict): Rect | null {
  const r = numbers(ctx, a.get(PDFName.of("Rect")));
  if (r?.length !== 4 || !r.every(Number.isFinite)) return null;
  const x = Math.min(r[0], r[2]);
  const y = Math.min(r[1], r[3]);
  const width = Math.abs(r[2] - r[0]);
  const height = Math.abs(r[3] - r[1]);
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

function fieldName(ctx: PDFContext, widget: PDFDict): string | undefined {
  const parts: string[] = [];
  let node: PDFDict | undefined = widget;
  for (let depth = 0; node && depth < 32; depth++) {
    const t = get(ctx, node, "T");
    if (isText(t)) parts.unshift(textOf(t));
    const parent = get(ctx, node, "Parent");
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return parts.length ? parts.join(".") : undefined;
}

const ANNOTATION_SKIP = new Set(["AP", "Parent", "Kids"]);

/**
 * Annotations and form fields on the pages: each one whose words (or what its appearance draws)
 * hold a match is one place, covered by its rectangle (it leaves the page when redacted) and its
 * strings rewritten.
 */
export function findInAnnotations(
  doc: PDFDocument,
  s: PlaceSearch,
  claimed: Set<PDFObject>,
  pages: readonly PDFPage[],
  indices: readonly number[],
): PlaceMatch[] {
  const ctx = doc.context;
  const out: PlaceMatch[] = [];
  pages.forEach((page, n) => {
    const index = indices[n];
    const annots = get(ctx, page.node, "Annots");
    if (!(annots instanceof PDFArray)) return;
    annots.asArray().forEach((item, k) => {
      s.budget?.check();
      const a = resolve(ctx, item);
      if (!(a instanceof PDFDict) || claimed.has(a)) return;
      const subtype = getName(ctx, a, "Subtype");
      // A pop-up shows its parent's words; the parent is the place.
      if (subtype === "Popup") return;
      claimed.add(a);
      const hits: Hit = { text: "", context: "", at: [] };
      const note = (str: PDFString | PDFHexString, at: StringAt) => {
        const m = firstMatch(textOf(str), s.searches);
        if (!m) return;
        if (!hits.text) Object.assign(hits, { text: m.text, context: m.context });
        hits.at.push(at);
      };
      const seen = new Set<PDFObject>();
      collectStrings(ctx, a, seen, note, undefined, ANNOTATION_SKIP);
      // A widget's value and the rest of its field live up the field tree.
      let parent = get(ctx, a, "Parent");
      for (let depth = 0; parent instanceof PDFDict && depth < 32; depth++) {
        claimed.add(parent);
        collectStrings(ctx, parent, seen, note, undefined, ANNOTATION_SKIP);
        parent = get(ctx, parent, "Parent");
      }
      if (!hits.text) {
        const m = firstMatch(appearanceText(s.walk, a), s.searches);
        if (m) Object.assign(hits, m);
      }
      if (!hits.text) return;
      const widget = subtype === "Widget";
      const rect = rectOf(ctx, a);
      const fixes: PlaceFix[] = [];
      if (hits.at.length) fixes.push({ kind: "strings", at: hits.at });
      // One with no place on the page to cover is taken off it all the same.
      if (!rect) fixes.push({ kind: "annotation", page, annotation: item });
      out.push({
        id: `a${index + 1}:${k}`,
        page: index + 1,
        text: hits.text,
        context: hits.context,
        kind: widget ? "field" : subtype === "Link" ? "link" : "annotation",
        // A field is named; an annotation's own type ("FreeText", "Text") means nothing to a person.
        label: widget ? fieldName(ctx, a) : undefined,
        rects: rect ? [rect] : [],
        fixes,
      });
    });
  });
  return out;
}

interface Frame {
  obj: PDFObject;
  path: string;
  kind: PlaceKind;
  label?: string;
}

function kindBelow(ctx: PDFContext, frame: Frame, key: string, value: PDFObject | undefined): Frame["kind"] {
  if (key === "Info") return "metadata";
  if (key === "Outlines") return "bookmark";
  if (key === "StructTreeRoot") return "structure";
  if (key === "AcroForm") return "field";
  if (key === "JavaScript" || key === "JS" || key === "OpenAction" || key === "AA") return "javascript";
  if (key === "EmbeddedFiles" || key === "EF" || key === "AF") return "attachment";
  if (key === "URI") return "link";
  if (value instanceof PDFDict) {
    if (getName(ctx, value, "S") === "JavaScript") return "javascript";
    if (getName(ctx, value, "Type") === "Filespec" || value.has(PDFName.of("EF"))) return "attachment";
  }
  return frame.kind;
}

function labelBelow(ctx: PDFContext, frame: Frame, key: string, value: PDFObject | undefined): string | undefined {
  if (frame.kind === "metadata" && frame.path === "Info") return key;
  if (value instanceof PDFDict) {
    const title = get(ctx, value, "Title");
    if (frame.kind === "bookmark" && isText(title)) return textOf(title).slice(0, 80);
    for (const k of ["UF", "F"]) {
      const name = get(ctx, value, k);
      if (isText(name) && (getName(ctx, value, "Type") === "Filespec" || value.has(PDFName.of("EF")))) {
        return textOf(name).slice(0, 80);
      }
    }
    const t = get(ctx, value, "T");
    if (frame.kind === "field" && isText(t)) return textOf(t).slice(0, 80);
  }
  return frame.label;
}

const isFilespec = (ctx: PDFContext, o: PDFObject | undefined): o is PDFDict =>
  o instanceof PDFDict && (getName(ctx, o, "Type") === "Filespec" || o.has(PDFName.of("EF")));

function filespecName(ctx: PDFContext, spec: PDFDict): string | undefined {
  for (const k of ["UF", "F"]) {
    const name = get(ctx, spec, k);
    if (isText(name)) return textOf(name).slice(0, 80);
  }
  return undefined;
}

/** A match in an attachment's name (`key`, its name in the list), description or text. */
function filespecMatch(ctx: PDFContext, spec: PDFDict, key: PDFObject | undefined, s: PlaceSearch) {
  for (const o of [key, get(ctx, spec, "UF"), get(ctx, spec, "F"), get(ctx, spec, "Desc")]) {
    const v = resolve(ctx, o);
    const m = isText(v) ? firstMatch(textOf(v), s.searches) : null;
    if (m) return m;
  }
  const files = get(ctx, spec, "EF");
  if (!(files instanceof PDFDict)) return null;
  for (const k of ["UF", "F"]) {
    const file = get(ctx, files, k);
    if (!(file instanceof PDFRawStream)) continue;
    const m = firstMatch(streamText(ctx, file, "EF", s.budget), s.searches);
    if (m) return m;
  }
  return null;
}

/** Where an attachment sits, to remove it: its pair in a name tree, its entry in an /AF list, or its key. */
function attachmentEntry(ctx: PDFContext, chain: readonly Frame[]): PlaceFix | null {
  for (let i = chain.length - 1; i > 0; i--) {
    const holder = resolve(ctx, chain[i - 1].obj);
    const step = chain[i].path.slice(chain[i - 1].path.length + 1);
    const index = Number(step);
    if (holder instanceof PDFArray && Number.isInteger(index)) {
      const inNames = chain[i - 1].path.endsWith("/Names") && chain[i - 1].path.includes("EmbeddedFiles");
      return inNames
        ? { kind: "remove-items", array: holder, index: index - (index % 2), count: 2 }
        : { kind: "remove-items", array: holder, index, count: 1 };
    }
    if (holder instanceof PDFDict && (step === "FS" || step === "AF" || step === "EF")) {
      return { kind: "remove-key", holder, key: PDFName.of(step) };
    }
  }
  return null;
}

const decoder = new TextDecoder("utf-8");

function streamText(ctx: PDFContext, stream: PDFRawStream, key: string, budget: Budget | undefined): string {
  const data = readStream(ctx, stream, contentLimit(budget));
  if (!data) return "";
  budget?.take(data.length, "The document's attached text");
  try {
    if (key === "JS") return contentText(data);
    // An attached file's words: as UTF-8 text (binary files read as noise, which finds nothing).
    return decoder.decode(data.subarray(0, 4 << 20));
  } finally {
    budget?.give(data.length);
  }
}

/**
 * Everything else the document holds, walked from its trailer (pages' content, fonts, images and
 * the annotations already searched are not walked again). Each string holding a match is a place;
 * so is an XMP packet, a script or an attached file whose text holds one.
 */
export function findInDocument(doc: PDFDocument, s: PlaceSearch, claimed: Set<PDFObject>): PlaceMatch[] {
  const ctx = doc.context;
  const out: PlaceMatch[] = [];
  const seen = new Set<PDFObject>(claimed);
  const roots: Frame[] = [];
  const trailer = ctx.trailerInfo as { Root?: PDFObject; Info?: PDFObject };
  if (trailer.Root) roots.push({ obj: trailer.Root, path: "Root", kind: "other" });
  if (trailer.Info) roots.push({ obj: trailer.Info, path: "Info", kind: "metadata", label: undefined });
  // Depth first, in document order, with the chain of frames that led to each object.
  const stack: Frame[][] = roots.reverse().map((r) => [r]);
  let visits = 0;
  const push = (chain: Frame[], key: string, raw: PDFObject) => {
    const value = resolve(ctx, raw);
    if (!value || seen.has(value)) return;
    const top = chain[chain.length - 1];
    const frame: Frame = {
      obj: raw,
      path: `${top.path}/${key}`,
      kind: kindBelow(ctx, top, key, value),
      label: labelBelow(ctx, top, key, value),
    };
    if (isFilespec(ctx, value)) {
      // An attachment is one place: its name, description and text; it goes whole.
      seen.add(value);
      const m = filespecMatch(ctx, value, undefined, s);
      if (!m) return;
      const container = attachmentEntry(ctx, [...chain, frame]);
      out.push({
        id: `d:${frame.path}`,
        page: 0,
        ...m,
        kind: "attachment",
        label: filespecName(ctx, value),
        rects: [],
        fixes: [...(container ? [container] : []), { kind: "filespec", spec: value }],
      });
    } else if (value instanceof PDFDict || value instanceof PDFArray || value instanceof PDFRawStream) {
      seen.add(value);
      stack.push([...chain, frame]);
    } else if (isText(value)) {
      const m = firstMatch(textOf(value), s.searches);
      const holder = resolve(ctx, top.obj);
      if (!m || !(holder instanceof PDFDict || holder instanceof PDFArray)) return;
      const fix: PlaceFix =
        frame.kind === "attachment"
          ? (attachmentEntry(ctx, [...chain, frame]) ?? stringFix(holder, key))
          : stringFix(holder, key);
      out.push({ id: `d:${frame.path}`, page: 0, ...m, kind: frame.kind, label: frame.label, rects: [], fixes: [fix] });
    }
  };
  while (stack.length && ++visits < MAX_VISITS) {
    if (visits % 4096 === 0) s.budget?.check();
    const chain = stack.pop()!;
    const frame = chain[chain.length - 1];
    const o = resolve(ctx, frame.obj);
    if (o instanceof PDFRawStream) {
      const key = frame.path.slice(frame.path.lastIndexOf("/") + 1);
      const holder = resolve(ctx, chain[chain.length - 2]?.obj);
      const type = getName(ctx, o.dict, "Type");
      const xmp = type === "Metadata" || getName(ctx, o.dict, "Subtype") === "XML";
      const attached = type === "EmbeddedFile" || frame.kind === "attachment";
      if (!(holder instanceof PDFDict || holder instanceof PDFArray) || !(xmp || attached || key === "JS")) continue;
      const m = firstMatch(streamText(ctx, o, key, s.budget), s.searches);
      if (!m) continue;
      const kind: PlaceKind = xmp ? "metadata" : key === "JS" ? "javascript" : "attachment";
      let fix: PlaceFix | null = null;
      if (kind === "javascript") fix = { kind: "stream", stream: o };
      else if (kind === "attachment") fix = attachmentEntry(ctx, chain);
      else if (holder instanceof PDFDict) fix = { kind: "remove-key", holder, key: PDFName.of(key) };
      if (!fix) continue;
      out.push({
        id: `d:${frame.path}`,
        page: 0,
        ...m,
        kind,
        label: xmp ? "XMP" : frame.label,
        rects: [],
        fixes: [fix],
      });
      continue;
    }
    if (o instanceof PDFDict) {
      const signature = o.has(PDFName.of("ByteRange"));
      // Reversed onto the stack, so they are taken in the dictionary's own order.
      const entries = [...o.entries()].reverse();
      for (const [k, raw] of entries) {
        const key = k.decodeText();
        if (SKIP.has(key) || (signature && key === "Contents")) continue;
        if (key === "P" && !isText(resolve(ctx, raw))) continue;
        // A page's or form's content is searched as the page draws it; an annotation's words as a string.
        if (key === "Contents" && !isText(resolve(ctx, raw))) continue;
        if (key === "AP") {
          apPlace(s, o, frame, out);
          continue;
        }
        push(chain, key, raw);
      }
    } else if (o instanceof PDFArray) {
      const items = o.asArray();
      if (frame.kind === "attachment" && frame.path.endsWith("/Names")) {
        attachmentPairs(ctx, o, frame, s, seen, out);
        continue;
      }
      for (let i = items.length - 1; i >= 0; i--) push(chain, String(i), items[i]);
    }
  }
  return out;
}

/** The pairs of an attachments name tree's leaf: a name, and the file specification it names. */
function attachmentPairs(
  ctx: PDFContext,
  names: PDFArray,
  frame: Frame,
  s: PlaceSearch,
  seen: Set<PDFObject>,
  out: PlaceMatch[],
): void {
  const items = names.asArray();
  for (let i = 0; i + 1 < items.length; i += 2) {
    const spec = resolve(ctx, items[i + 1]);
    if (!isFilespec(ctx, spec) || seen.has(spec)) continue;
    seen.add(spec);
    const m = filespecMatch(ctx, spec, items[i], s);
    if (!m) continue;
    out.push({
      id: `d:${frame.path}/${i}`,
      page: 0,
      ...m,
      kind: "attachment",
      label: filespecName(ctx, spec),
      rects: [],
      fixes: [
        { kind: "remove-items", array: names, index: i, count: 2 },
        { kind: "filespec", spec },
      ],
    });
  }
}

function stringFix(holder: PDFDict | PDFArray, key: string): PlaceFix {
  return { kind: "strings", at: [{ holder, key: holder instanceof PDFArray ? Number(key) : PDFName.of(key) }] };
}

/** An appearance of something not on a page (a field's widget no page shows) that draws a match. */
function apPlace(s: PlaceSearch, holder: PDFDict, frame: Frame, out: PlaceMatch[]): void {
  const m = firstMatch(appearanceText(s.walk, holder), s.searches);
  if (!m) return;
  out.push({
    id: `d:${frame.path}/AP`,
    page: 0,
    ...m,
    kind: frame.kind,
    label: frame.label,
    rects: [],
    fixes: [{ kind: "remove-key", holder, key: PDFName.of("AP") }],
  });
}

/** Rewrites and removals of the places kept; how many places were changed. */
export function fixPlaces(doc: PDFDocument, places: readonly PlaceMatch[], searches: readonly Search[]): number {
  const ctx = doc.context;
  const removals: Extract<PlaceFix, { kind: "remove-items" }>[] = [];
  const annotations: Extract<PlaceFix, { kind: "annotation" }>[] = [];
  let changed = 0;
  for (const p of places) {
    for (const fix of p.fixes) {
      switch (fix.kind) {
        case "strings":
          for (const at of fix.at) rewriteStringAt(ctx, at, searches);
          break;
        case "remove-key":
          fix.holder.delete(fix.key);
          break;
        case "remove-items":
          removals.push(fix);
          break;
        case "stream":
          replaceStream(ctx, fix.stream, rewriteText(streamText(ctx, fix.stream, "JS", undefined), searches));
          break;
        case "annotation":
          annotations.push(fix);
          break;
        case "filespec":
          for (const k of ["EF", "RF", "CI", "Thumb"]) fix.spec.delete(PDFName.of(k));
          for (const k of ["UF", "F", "Desc", "DOS", "Mac", "Unix"]) {
            if (fix.spec.has(PDFName.of(k))) rewriteStringAt(ctx, { holder: fix.spec, key: PDFName.of(k) }, searches);
          }
          break;
      }
    }
    changed++;
  }
  // Later elements first, so the earlier indices still hold.
  const unique = new Map<string, Extract<PlaceFix, { kind: "remove-items" }>>();
  for (const r of removals) unique.set(`${ctx.getObjectRef(r.array)?.toString() ?? ""}|${r.index}|${r.count}`, r);
  const byArray = new Map<PDFArray, { index: number; count: number }[]>();
  for (const r of unique.values()) byArray.set(r.array, [...(byArray.get(r.array) ?? []), r]);
  for (const [array, items] of byArray) {
    const drop = new Set<number>();
    for (const r of items) for (let i = 0; i < r.count; i++) drop.add(r.index + i);
    const kept = array.asArray().filter((_, i) => !drop.has(i));
    while (array.size() > 0) array.remove(0);
    for (const k of kept) array.push(k);
  }
  for (const a of annotations) {
    const annots = get(ctx, a.page.node, "Annots");
    if (annots instanceof PDFArray) {
      a.page.node.set(PDFName.of("Annots"), ctx.obj(annots.asArray().filter((x) => x !== a.annotation)));
    }
  }
  return changed;
}

function rewriteStringAt(ctx: PDFContext, at: StringAt, searches: readonly Search[]): void {
  const raw = at.holder instanceof PDFDict ? at.holder.get(at.key as PDFName) : at.holder.get(at.key as number);
  const value = resolve(ctx, raw);
  if (!isText(value)) return;
  const next = PDFHexString.fromText(rewriteText(textOf(value), searches));
  // An indirect string is rewritten where it is, so every holder sees the new words.
  if (raw instanceof PDFRef) ctx.assign(raw, next);
  else if (at.holder instanceof PDFDict) at.holder.set(at.key as PDFName, next);
  else at.holder.set(at.key as number, next);
}

/** A script's stream with new text (UTF-16, as a text string is written), in place of the old one. */
function replaceStream(ctx: PDFContext, stream: PDFRawStream, text: string): void {
  const ref = ctx.getObjectRef(stream);
  if (!ref) return;
  const dict = stream.dict.clone(ctx);
  for (const k of ["Filter", "DecodeParms", "DP", "Length", "DL"]) dict.delete(PDFName.of(k));
  ctx.assign(ref, PDFRawStream.of(dict, PDFHexString.fromText(text).asBytes()));
}
