/** The load run as Markdown, for the README. */

const ms = (v) => (v === null ? "–" : `${Math.round(v)} ms`);

export function loadMarkdown(d) {
  const m = d.machine;
  const lines = [
    `${d.date.slice(0, 10)}, ${m.cores} cores (${m.cpu}), ${m.memoryGB} GB, Node ${m.node}; ${d.clients} clients for ${d.seconds.toFixed(0)} s against wrangler dev on 127.0.0.1.`,
    "",
    `| requests | completed | throughput | p50 | p90 | p99 | max | 5xx | network errors | lost | mixed up | checked |`,
    "|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    `| ${d.requests} | ${d.completed} | ${d.throughput.toFixed(1)}/s | ${ms(d.latency.p50)} | ${ms(d.latency.p90)} | ${ms(d.latency.p99)} | ${ms(d.latency.max)} | ${d.serverErrors} | ${d.networkErrors} | ${d.lost.length} | ${d.mixedUp.length} | ${d.verified} |`,
    "",
    "| tool | requests | 200 | p50 | p90 | p99 |",
    "|---|--:|--:|--:|--:|--:|",
  ];
  for (const [kind, k] of Object.entries(d.perKind)) {
    lines.push(`| ${kind} | ${k.requests} | ${k.ok} | ${ms(k.p50)} | ${ms(k.p90)} | ${ms(k.p99)} |`);
  }
  lines.push(
    "",
    `Answers by status: ${Object.entries(d.byStatus)
      .map(([s, n]) => `${s}: ${n}`)
      .join(", ")}.`,
    "",
  );
  if (d.hostile) {
    lines.push(
      `Hostile inputs sent between them by one more client: ${d.hostile.requests}, answered ${Object.entries(
        d.hostile.byStatus,
      )
        .map(([s, n]) => `${s}: ${n}`)
        .join(
          ", ",
        )}; slowest ${ms(d.hostile.slowestMs)}; ${d.hostile.problems.length === 0 ? "none answered wrongly" : `**${d.hostile.problems.length} answered wrongly**: ${d.hostile.problems.slice(0, 5).join("; ")}`}.`,
      "",
    );
  }
  for (const f of d.faults) lines.push(`- ${f.ok ? "ok" : "**FAILED**"}: ${f.fault}`);
  return lines.join("\n");
}
