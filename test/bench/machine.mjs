/** The machine a result was measured on, written beside every result. */
import { cpus, totalmem } from "node:os";

export function machine() {
  const cores = cpus();
  return {
    cpu: cores[0]?.model?.trim() ?? "unknown",
    cores: cores.length,
    memoryGB: Math.round(totalmem() / 1e8) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}
