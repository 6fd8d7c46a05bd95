import type { Operand } from "./lexer";

/** Operands written back as PDF syntax, all in ASCII (names and strings escaped). */

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return "0";
  if (Number.isInteger(n)) return String(n);
  const s = n.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" ? "0" : s;
}

const REGULAR = /^[!-~]$/;
const NAME_SPECIAL = new Set("()<>[]{}/%#");

function writeName(name: string): string {
  let out = "/";
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    out +=
      REGULAR.test(ch) && !NAME_SPECIAL.has(ch) ? ch : `#${(code & 255).toString(16).padStart(2, "0").toUpperCase()}`;
  }
  return out;
}

export function hexString(bytes: Uint8Array): string {
  let out = "<";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return `${out}>`;
}

export function writeOperand(o: Operand): string {
  if (o === null) return "null";
  if (typeof o === "number") return formatNumber(o);
  if (typeof o === "boolean") return o ? "true" : "false";
  if (Array.isArray(o)) return `[${o.map(writeOperand).join(" ")}]`;
  if (o.kind === "name") return writeName(o.name);
  if (o.kind === "str") return hexString(o.bytes);
  let out = "<<";
  for (const [k, v] of o.map) out += `${writeName(k)} ${writeOperand(v)} `;
  return `${out}>>`;
}

export function writeOp(op: string, args: Operand[]): string {
  return args.length ? `${args.map(writeOperand).join(" ")} ${op}\n` : `${op}\n`;
}

/** Bytes laid end to end as they come: copied slices of the original and new ASCII text. */
export class ByteSink {
  private parts: Uint8Array[] = [];
  private size = 0;
  private static readonly encoder = new TextEncoder();

  bytes(b: Uint8Array): void {
    this.parts.push(b);
    this.size += b.length;
  }

  text(s: string): void {
    this.bytes(ByteSink.encoder.encode(s));
  }

  /** A place whose text may still be replaced (a marked-content start whose ActualText must go). */
  mark(): number {
    this.parts.push(new Uint8Array(0));
    return this.parts.length - 1;
  }

  replace(at: number, s: string): void {
    const b = ByteSink.encoder.encode(s);
    this.size += b.length - this.parts[at].length;
    this.parts[at] = b;
  }

  get length(): number {
    return this.size;
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
