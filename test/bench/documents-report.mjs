/**
 * The documents bench as markdown (documents.mjs's result): who is smallest, the table of
 * every document beside ghostscript and qpdf, and where each document's bytes go before and
 * after, with what each gained from and, where ours is not the smallest, where the smaller
 * file has fewer bytes than ours.
 */
import { FONT_KINDS, KINDS } from "./byte-kinds.mjs";

const TOOLS = ["ours", "gs", "qpdf"];
const LABEL = { ours: "ours", gs: "gs /ebook", qpdf: "qpdf" };
const kb = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`);
const k1 = (n) => (n / 1e3).toFixed(1);
const SHORT = {
  "Type 1": "T1",
  CFF: "CFF",
  TrueType: "TT",
  OpenType: "OT",
  "Type 3": "T3",
  "font dicts, CMaps": "dicts",
};

/** The smallest file of a row: a tool's name, or "original" when no tool made it smaller. */
export function smallest(row) {
  let best = "original";
  let size = row.bytes;
  for (const t of TOOLS) if (!row[t]?.error && row[t].size < size) [best, size] = [t, row[t].size];
  // Ours hands the original back when it cannot make it smaller: a tie with the original is ours.
  if (best === "original" && !row.ours?.error && row.ours.size <= row.bytes) return "ours";
  if (best !== "ours" && !row.ours?.error && row.ours.size === size) return "ours";
  return best;
}

function sizeCell(row, t) {
  const r = row[t];
  if (r?.error) return "failed";
  const pct = Math.round((1 - r.size / row.bytes) * 100);
  const cell = `${kb(r.size)} (${pct > 0 ? "−" : pct < 0 ? "+" : "±"}${Math.abs(pct)}%)${r.level ? `, ${r.level}¹` : ""}`;
  return smallest(row) === t ? `**${cell}**` : cell;
}

const quality = (r) =>
  r?.error ? "–" : r.pagesDiffer ? "pages differ" : r.minSsim === 1 && r.identical ? "=" : r.minSsim.toFixed(4);

function verdict(row) {
  const best = smallest(row);
  if (best === "ours") return "ours";
  if (row.ours?.error) return "⚠ ours failed";
  const less = row.ours.size - (best === "original" ? row.bytes : row[best].size);
  const caveat = best !== "original" && row[best].text !== "same" ? ", its text differs" : "";
  return `⚠ ${LABEL[best] ?? best} ${kb(less)} smaller${caveat}`;
}

/** Kinds whose bytes went down from `a` to `b`, largest first: "TrueType −852.1 KB, content −12.0 KB". */
function drops(a, b, sign = "−") {
  return KINDS.map((k) => [k, a[k] - b[k]])
    .filter(([, d]) => d >= 500)
    .sort((x, y) => y[1] - x[1])
    .map(([k, d]) => `${k} ${sign}${kb(d)}`)
    .join(", ");
}

function kindCell(before, after, kinds) {
  const parts = kinds
    .filter((k) => before[k] || after[k])
    .map((k) => `${kinds.length > 1 ? `${SHORT[k]} ` : ""}${k1(before[k])} → ${k1(after[k])}`);
  return parts.length ? parts.join("; ") : "–";
}

export function documentsMarkdown({ rows, engine, dpi }) {
  const won = rows.filter((r) => smallest(r) === "ours");
  const lost = rows.filter((r) => smallest(r) !== "ours" && !r.ours?.error);
  const by = (t) => lost.filter((r) => smallest(r) === t);
  // What the smaller files hold less of than ours, summed over the documents ours loses.
  const gap = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const r of lost) {
    const best = smallest(r);
    const theirs = best === "original" ? r.kinds : r[best].kinds;
    for (const k of KINDS) gap[k] += Math.max(0, r.ours.kinds[k] - theirs[k]);
  }
  const gapLine =
    KINDS.filter((k) => gap[k] >= 500)
      .sort((a, b) => gap[b] - gap[a])
      .map((k) => `${k} ${kb(gap[k])}`)
      .join(", ") || "no kind by 0.5 KB";
  const lines = [
    `Engine at ${engine.commit}${engine.uncommitted ? " (with changes to worker/engine not yet committed)" : ""}; pages drawn by poppler at ${dpi} dpi in grey.`,
    "",
    `Ours is the smallest on ${won.length} of ${rows.length} documents; gs /ebook on ${by("gs").length} (its text differs from the original's on ${by("gs").filter((r) => r.gs.text !== "same").length} of them), qpdf on ${by("qpdf").length}, the original itself on ${by("original").length}${rows.length - won.length - lost.length ? `; ours failed on ${rows.length - won.length - lost.length}` : ""}.`,
    "",
    lost.length
      ? `Where ours is not the smallest, the smaller file holds fewer bytes than ours of: ${gapLine} (summed over those ${lost.length} documents).`
      : "",
    "",
    "| document | producer | pages | original | ours | time | peak | gs /ebook | time | qpdf | time | text same (ours / gs / qpdf) | lowest page SSIM (ours / gs / qpdf) | smallest |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|:-:|---|",
  ];
  const t = (r, tool) => (r[tool]?.error ? "–" : `${r[tool].seconds.toFixed(2)} s`);
  const same = (r) => TOOLS.map((tool) => (r[tool]?.error ? "–" : r[tool].text === "same" ? "y" : "**n**")).join(" / ");
  for (const r of rows) {
    lines.push(
      `| ${r.document} | ${r.producer} | ${r.pages} | ${kb(r.bytes)} | ${sizeCell(r, "ours")} | ${t(r, "ours")} | ${r.ours?.error ? "–" : `${r.ours.peakMB.toFixed(0)} MB`} | ${sizeCell(r, "gs")} | ${t(r, "gs")} | ${sizeCell(r, "qpdf")} | ${t(r, "qpdf")} | ${same(r)} | ${TOOLS.map((tool) => quality(r[tool])).join(" / ")} | ${verdict(r)} |`,
    );
  }
  lines.push(
    ...(rows.some((r) => r.ours?.level)
      ? [
          "",
          `¹ Refused as the site runs it, measured where the answer sends the person: ${rows
            .filter((r) => r.ours?.level)
            .map((r) => `${r.document}, "${r.ours.refused}"`)
            .join("; ")}`,
        ]
      : []),
    "",
    "### Where the bytes go",
    "",
    "Each kind in KB, the original → ours (`byte-kinds.mjs`: qpdf reads each object's bytes in the file; fonts by type: T1 Type 1, CFF, TT TrueType, OT OpenType, T3 Type 3, dicts the font dictionaries, widths and CMaps). *Gained from*: the kinds ours made smaller. *Where the smaller file has less*: when another tool (or the original) is smaller, the kinds it holds fewer bytes of than ours.",
    "",
    "| document | fonts | images | content | forms | structure | metadata | other | gained from | where the smaller file has less |",
    "|---|---|--:|--:|--:|--:|--:|--:|---|---|",
  );
  for (const r of rows) {
    if (r.ours?.error) continue;
    const best = smallest(r);
    const theirs = best === "ours" ? null : best === "original" ? r.kinds : r[best].kinds;
    const cells = ["images", "content", "forms", "structure", "metadata", "other"].map((k) =>
      kindCell(r.kinds, r.ours.kinds, [k]),
    );
    lines.push(
      `| ${r.document} | ${kindCell(r.kinds, r.ours.kinds, FONT_KINDS)} | ${cells.join(" | ")} | ${drops(r.kinds, r.ours.kinds) || "nothing"} | ${theirs ? `${LABEL[best] ?? best}: ${drops(r.ours.kinds, theirs, "") || "no kind by 0.5 KB"}` : ""} |`,
    );
  }
  return lines.filter((l, i, all) => !(l === "" && all[i - 1] === "")).join("\n");
}
