/**
 * Where a PDF's bytes go, read by qpdf (not by the engine that wrote them): each object's bytes
 * in the file, by what the object is. An object outside object streams counts from its
 * "N 0 obj" to its "endobj"; an object stream's bytes are shared among the objects packed in it
 * by their uncompressed length; what no object holds (header, xref tables, trailers, earlier
 * revisions an incremental update left behind) is structure.
 *
 * Kinds: font programs by type (Type 1, CFF, TrueType, OpenType, Type 3 glyph procedures), font
 * dictionaries with widths and CMaps, images (masks too), page content streams, form XObjects
 * (annotation appearances and tiling patterns too), structure (page tree, annotations, outlines,
 * form fields, xref), metadata (XMP, the information dictionary, PieceInfo and what only it
 * refers to), and other (ICC profiles, thumbnails, attachments, shadings, functions, JavaScript,
 * XFA, a LibreOffice hybrid PDF's own document under the trailer's /AdditionalStreams).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

export const KINDS = [
  "Type 1",
  "CFF",
  "TrueType",
  "OpenType",
  "Type 3",
  "font dicts, CMaps",
  "images",
  "content",
  "forms",
  "structure",
  "metadata",
  "other",
];
export const FONT_KINDS = KINDS.slice(0, 6);

function qpdf(args) {
  const r = spawnSync("qpdf", args, { maxBuffer: 1 << 30, encoding: "latin1" });
  // 3: done with warnings (a damaged file qpdf repaired as it read it).
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf ${args.join(" ")}: ${r.stderr.split("\n")[0]}`);
  return r.stdout;
}

const REF = /^(\d+) (\d+) R$/;
const FONT_FILES = { "/FontFile": "Type 1", "/FontFile2": "TrueType" };
const FONT_DICT_KEYS = new Set([
  "/Widths",
  "/W",
  "/W2",
  "/DescendantFonts",
  "/FontDescriptor",
  "/ToUnicode",
  "/Encoding",
  "/CIDSet",
  "/CIDToGIDMap",
  "/CharProcs",
]);
const OTHER_KEYS = new Set([
  "/Thumb",
  "/JS",
  "/JavaScript",
  "/XFA",
  "/EF",
  "/F",
  "/UF",
  "/Shading",
  "/Function",
  "/Functions",
  "/OutputIntents",
  "/DestOutputProfile",
]);

/** Every reference in a value, with the dictionary key it sits under (arrays keep their parent's key). */
function refsOf(value, key, out) {
  if (typeof value === "string") {
    if (REF.test(value)) out.push({ target: value.replace(/ R$/, ""), key });
  } else if (Array.isArray(value)) {
    // [/ICCBased N 0 R], [/Indexed base hival N 0 R]: the profile or palette by its place.
    const tag = value[0] === "/ICCBased" ? "/ICCBased" : key;
    for (const v of value) refsOf(v, tag, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) refsOf(v, key === "/CharProcs" ? "/CharProcs" : k, out);
  }
  return out;
}

function kindOf(obj, keys, infoId, id) {
  const s = obj.stream?.dict;
  const d = s ?? (obj.value && typeof obj.value === "object" && !Array.isArray(obj.value) ? obj.value : {});
  const type = d["/Type"];
  const sub = d["/Subtype"];
  const by = (k) => keys.has(k);
  if (id === infoId || by("/PieceInfo") || type === "/Metadata" || by("/Metadata")) return "metadata";
  if (s) {
    if (type === "/ObjStm") return "objstm";
    if (type === "/XRef") return "structure";
    if (sub === "/Image" || by("/SMask") || by("/Mask")) return "images";
    if (by("/FontFile3")) return sub === "/OpenType" ? "OpenType" : "CFF";
    for (const [k, kind] of Object.entries(FONT_FILES)) if (by(k)) return kind;
    if (by("/CharProcs")) return "Type 3";
    if (sub === "/Form" || d["/PatternType"] === 1 || by("/AP") || by("/N") || by("/D") || by("/R")) return "forms";
    if (by("/Contents")) return "content";
    if (type === "/CMap" || [...FONT_DICT_KEYS].some(by)) return "font dicts, CMaps";
    if (type === "/XObject") return "forms";
    return "other";
  }
  if (type === "/Font" || type === "/FontDescriptor" || [...FONT_DICT_KEYS].some(by)) return "font dicts, CMaps";
  if ([...OTHER_KEYS].some(by) || type === "/EmbeddedFile" || type === "/Filespec") return "other";
  return "structure";
}

/** Bytes of `file` by kind ({ total, kinds: { images: n, ... } }), as qpdf reads it. */
export function byteKinds(file, password) {
  const pw = password ? [`--password=${password}`] : [];
  const bytes = readFileSync(file);
  const json = JSON.parse(qpdf([...pw, "--json=2", "--json-key=qpdf", "--json-stream-data=none", file]));
  const objects = json.qpdf[1];
  const byId = new Map();
  for (const [k, v] of Object.entries(objects)) if (k.startsWith("obj:")) byId.set(k.slice(4, -2), v);
  const keysOf = new Map();
  const fromOf = new Map();
  const trailer = objects.trailer?.value ?? {};
  for (const [from, obj] of [...byId, ["trailer", { value: trailer }]]) {
    for (const { target, key } of refsOf(obj.stream?.dict ?? obj.value, null, [])) {
      if (!keysOf.has(target)) keysOf.set(target, new Set());
      keysOf.get(target).add(key);
      if (!fromOf.has(target)) fromOf.set(target, new Set());
      fromOf.get(target).add(from);
    }
  }
  const infoId = typeof trailer["/Info"] === "string" ? trailer["/Info"].replace(/ R$/, "") : null;
  const kind = new Map([...byId].map(([id, obj]) => [id, kindOf(obj, keysOf.get(id) ?? new Set(), infoId, id)]));
  // What only metadata refers to is metadata too: an application's private data under PieceInfo.
  for (let changed = true, rounds = 0; changed && rounds < 8; rounds++) {
    changed = false;
    for (const [id, k] of kind) {
      const from = [...(fromOf.get(id) ?? [])];
      if (k === "metadata" || k === "objstm" || !from.length) continue;
      if (from.every((f) => kind.get(f) === "metadata")) {
        kind.set(id, "metadata");
        changed = true;
      }
    }
  }

  // Where each object is: at an offset, or packed in an object stream.
  const at = [];
  const packed = new Map();
  for (const line of qpdf([...pw, "--show-xref", file]).split("\n")) {
    const m = /^(\d+)\/(\d+): (?:uncompressed; offset = (\d+)|compressed; stream = (\d+))/.exec(line);
    if (!m) continue;
    const id = `${m[1]} ${m[2]}`;
    if (m[3] !== undefined) at.push({ id, offset: Number(m[3]) });
    else packed.set(id, `${m[4]} 0`);
  }
  at.sort((a, b) => a.offset - b.offset);
  const span = new Map();
  const latin = bytes.toString("latin1");
  at.forEach(({ id, offset }, i) => {
    const next = i + 1 < at.length ? at[i + 1].offset : bytes.length;
    const obj = byId.get(id);
    let from = offset;
    const len = obj?.stream?.dict?.["/Length"];
    const length =
      typeof len === "number" ? len : typeof len === "string" ? byId.get(len.replace(/ R$/, ""))?.value : 0;
    if (obj?.stream && typeof length === "number") {
      const s = latin.indexOf("stream", offset);
      if (s >= 0 && s < next) from = s + 6 + Math.max(0, length - 16);
    }
    const end = latin.indexOf("endobj", from);
    span.set(id, Math.max(0, (end >= 0 && end < next ? end + 6 : next) - offset));
  });
  const kinds = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const add = (k, n) => {
    kinds[k === "objstm" ? "structure" : k] += n;
  };
  let held = 0;
  for (const [id, n] of span) {
    held += n;
    if (kind.get(id) !== "objstm") add(kind.get(id) ?? "structure", n);
  }
  // An object stream's bytes, shared by its members' uncompressed lengths.
  const members = new Map();
  for (const [id, stream] of packed) {
    if (!members.has(stream)) members.set(stream, []);
    members.get(stream).push(id);
  }
  for (const [stream, ids] of members) {
    const total = span.get(stream) ?? 0;
    const weights = ids.map((id) => JSON.stringify(byId.get(id)?.value ?? "").length + 12);
    const sum = weights.reduce((a, b) => a + b, 0);
    for (const [i, id] of ids.entries()) add(kind.get(id) ?? "structure", (total * weights[i]) / sum);
  }
  for (const [id, k] of kind) if (k === "objstm" && !members.has(id)) add("structure", span.get(id) ?? 0);
  kinds.structure += bytes.length - held;
  for (const k of KINDS) kinds[k] = Math.round(kinds[k]);
  return { total: bytes.length, kinds };
}
