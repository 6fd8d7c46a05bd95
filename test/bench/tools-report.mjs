/** The tools benchmark as a Markdown table: figures, ratios to the reference, and the targets. */

const mb = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(0)} KB`);
const secs = (s) => (s < 1 ? `${(s * 1000).toFixed(0)} ms` : `${s.toFixed(2)} s`);
const mark = (ok) => (ok === null ? "–" : ok ? "yes" : "**no**");

/** "—" when the job did not run on the device (no Chromium, or it failed: the notes say why). */
function deviceCell(d) {
  if (!d || d.error) return "—";
  return `${secs(d.seconds)} (${secs(d.coldSeconds)})${d.valid ? "" : " (**output failed its check**)"}`;
}

export function toolsMarkdown(summary) {
  const lines = [
    "| job | input | ours (edge engine, in Node): warm (cold) | on the device (Chromium): warm (cold) | reference | time vs ref. (target) | peak memory (x input) | output vs ref. | met: time / size / memory ≤ 2.5x / ≤ 100 MB |",
    "|---|--:|--:|--:|--:|--:|--:|--:|:-:|",
  ];
  for (const s of summary) {
    const ref = s.reference;
    lines.push(
      [
        "",
        `${s.label}${s.valid ? "" : " (**output failed its check**)"}`,
        mb(s.inputBytes),
        `${secs(s.seconds)} (${secs(s.coldSeconds)})`,
        deviceCell(s.device),
        ref ? `${ref.tool} ${secs(ref.seconds)}, ${ref.peakRssMB.toFixed(0)} MB RSS` : "not installed",
        ref ? `${s.timeRatio.toFixed(2)}x (≤ ${s.targets.timeLimit}x)` : "–",
        `${s.peakMB.toFixed(0)} MB (${s.memRatio.toFixed(1)}x)`,
        ref ? `${mb(s.size)} vs ${mb(ref.size)} (${(s.sizeRatio * 100).toFixed(2)}%)` : mb(s.size),
        `${mark(s.targets.time)} / ${mark(s.targets.size)} / ${mark(s.targets.memoryRatio)} / ${mark(s.targets.memoryCap)}`,
        "",
      ]
        .join(" | ")
        .trim(),
    );
  }
  return lines.join("\n");
}
