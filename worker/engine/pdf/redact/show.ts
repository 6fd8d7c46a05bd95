import { asStr, type Op, type Operand } from "../content/lexer";
import type { Glyph } from "../content/machine";
import { formatNumber, writeOperand } from "../content/writer";

/**
 * A show operator written again as a TJ without the glyphs under the areas, fed one glyph at a
 * time (a string can hold millions). A run of removed glyphs becomes one displacement, the run's
 * whole advance, so the widths of the hidden letters cannot be read back one by one; a run at
 * the operator's end is handed back (`trailing`) to join the next operator's.
 */
export class ShowWriter {
  private readonly parts: Operand[];
  private readonly items: Operand[] = [];
  /** The part the next glyph or number comes from. */
  private part = 0;
  private kept: [number, number][] = [];
  glyphs = 0;
  removed = 0;

  constructor(
    private readonly op: Op,
    /** A displacement carried over from removed glyphs before this operator. */
    lead = 0,
  ) {
    this.parts = op.op === "TJ" ? (Array.isArray(op.args[0]) ? op.args[0] : []) : [op.args[op.args.length - 1]];
    if (lead) this.items.push(lead);
  }

  private pushKern(k: number): void {
    const last = this.items.length - 1;
    if (typeof this.items[last] === "number") this.items[last] = (this.items[last] as number) + k;
    else this.items.push(k);
  }

  private flush(): void {
    if (!this.kept.length) return;
    const str = asStr(this.parts[this.part]);
    if (str) {
      const n = this.kept.reduce((sum, [a, b]) => sum + b - a, 0);
      const bytes = new Uint8Array(n);
      let at = 0;
      for (const [a, b] of this.kept) {
        bytes.set(str.bytes.subarray(a, b), at);
        at += b - a;
      }
      this.items.push({ kind: "str", bytes, hex: true });
    }
    this.kept = [];
  }

  /** Moves on to part `to`, writing the numbers in between. */
  private reach(to: number): void {
    while (this.part < to) {
      this.flush();
      const p = this.parts[this.part];
      if (typeof p === "number") this.pushKern(p);
      this.part++;
    }
  }

  glyph(g: Glyph, hit: boolean): void {
    this.glyphs++;
    this.reach(g.part);
    if (hit) {
      this.removed++;
      this.flush();
      this.pushKern(g.kern);
      return;
    }
    const last = this.kept[this.kept.length - 1];
    if (last && last[1] === g.from) last[1] = g.to;
    else this.kept.push([g.from, g.to]);
  }

  /**
   * The operator as written again, and the displacement after its last kept glyph when that ends
   * in removed glyphs (left for the next operator; the caller writes it if nothing takes it).
   */
  finish(): { text: string; trailing: number } {
    this.reach(this.parts.length);
    this.flush();
    let trailing = 0;
    const last = this.items.length - 1;
    if (this.removed > 0 && typeof this.items[last] === "number") trailing = this.items.pop() as number;
    let prefix = "";
    if (this.op.op === "'") prefix = "T*\n";
    else if (this.op.op === '"') {
      prefix = `${formatNumber(asNum(this.op.args[0]))} Tw ${formatNumber(asNum(this.op.args[1]))} Tc T*\n`;
    }
    const text =
      this.items.length || prefix ? `${prefix}${this.items.length ? `${writeOperand(this.items)} TJ\n` : ""}` : "";
    return { text, trailing };
  }
}

function asNum(o: Operand | undefined): number {
  return typeof o === "number" ? o : 0;
}
