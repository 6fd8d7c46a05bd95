import { type PDFContext, PDFDict, PDFName } from "@cantoo/pdf-lib";
import { getDict, resolve } from "../objects";
import { type FontInfo, loadFont } from "./font";
import { boxQuad, IDENTITY, type Matrix, multiply, type Quad } from "./geometry";
import { asName, asNum, asStr, type Op, type Operand } from "./lexer";

/**
 * The text-layout part of a content interpreter: the graphics state stack (CTM and text state
 * parameters), the text and line matrices, and for each string shown, every glyph's box in
 * default user space with its text and advance.
 */

export interface Glyph {
  quad: Quad;
  text: string;
  /** Which operand of the TJ array (0 for Tj, ' and ") and which bytes of that string. */
  part: number;
  from: number;
  to: number;
  /** The TJ number that moves the pen exactly as this glyph does. */
  kern: number;
  /** The font size in user space (its em), for spacing decisions. */
  em: number;
}

interface GState {
  ctm: Matrix;
  tc: number;
  tw: number;
  th: number;
  tl: number;
  ts: number;
  font: FontInfo | null;
  /** The dictionary `font` was read from (what compression's font subsetting counts glyphs against). */
  fontDict: PDFDict | null;
  size: number;
}

/** Fonts read once per document run, by their dictionary. */
export class FontCache {
  private readonly fonts = new Map<PDFDict, FontInfo>();
  constructor(
    private readonly ctx: PDFContext,
    private readonly check?: () => void,
  ) {}

  get(font: PDFDict): FontInfo {
    let f = this.fonts.get(font);
    if (!f) {
      f = loadFont(this.ctx, font, this.check);
      this.fonts.set(font, f);
    }
    return f;
  }
}

const STATE_OPS = new Set(["q", "Q", "cm", "BT", "ET", "Tm", "Td", "TD", "T*", "TL", "Tc", "Tw", "Tz", "Ts", "Tf"]);
export const SHOW_OPS = new Set(["Tj", "TJ", "'", '"']);

export class Machine {
  gs: GState;
  private stack: GState[] = [];
  tm: Matrix = IDENTITY;
  tlm: Matrix = IDENTITY;

  constructor(
    private readonly ctx: PDFContext,
    private readonly fonts: FontCache,
    private readonly resources: PDFDict | undefined,
    ctm: Matrix,
  ) {
    this.gs = { ctm, tc: 0, tw: 0, th: 1, tl: 0, ts: 0, font: null, fontDict: null, size: 0 };
  }

  get ctm(): Matrix {
    return this.gs.ctm;
  }

  /** Applies a state operator; false for any other operator. */
  step(op: Op): boolean {
    if (!STATE_OPS.has(op.op)) return false;
    const a = op.args;
    const n = (i: number) => asNum(a[i]) ?? 0;
    const g = this.gs;
    switch (op.op) {
      case "q":
        // Readers stop pushing somewhere; 4096 levels is far past any real file.
        if (this.stack.length < 4096) this.stack.push({ ...g });
        break;
      case "Q":
        if (this.stack.length) this.gs = this.stack.pop()!;
        break;
      case "cm":
        if (a.length >= 6) g.ctm = multiply(numbers6(a), g.ctm);
        break;
      case "BT":
        this.tm = IDENTITY;
        this.tlm = IDENTITY;
        break;
      case "Tm":
        if (a.length >= 6) this.tm = this.tlm = numbers6(a);
        break;
      case "TD":
        g.tl = -n(1);
        this.moveLine(n(0), n(1));
        break;
      case "Td":
        this.moveLine(n(0), n(1));
        break;
      case "T*":
        this.moveLine(0, -g.tl);
        break;
      case "TL":
        g.tl = n(0);
        break;
      case "Tc":
        g.tc = n(0);
        break;
      case "Tw":
        g.tw = n(0);
        break;
      case "Tz":
        g.th = n(0) / 100;
        break;
      case "Ts":
        g.ts = n(0);
        break;
      case "Tf": {
        g.size = n(1);
        const name = asName(a[0]);
        const fonts = getDict(this.ctx, this.resources, "Font");
        const dict = name && fonts ? resolve(this.ctx, fonts.get(PDFName.of(name))) : undefined;
        g.fontDict = dict instanceof PDFDict ? dict : null;
        g.font = g.fontDict ? this.fonts.get(g.fontDict) : null;
        break;
      }
    }
    return true;
  }

  moveLine(tx: number, ty: number): void {
    this.tlm = multiply([1, 0, 0, 1, tx, ty], this.tlm);
    this.tm = this.tlm;
  }

  /**
   * The glyphs a show operator paints, one at a time in order (a string can hold millions: none
   * is kept here); the text matrix moves past them.
   */
  show(op: Op, visit: (g: Glyph) => void): void {
    const a = op.args;
    const g = this.gs;
    if (op.op === "'" || op.op === '"') {
      if (op.op === '"') {
        g.tw = asNum(a[0]) ?? g.tw;
        g.tc = asNum(a[1]) ?? g.tc;
      }
      this.moveLine(0, -g.tl);
    }
    const parts: Operand[] = op.op === "TJ" ? (Array.isArray(a[0]) ? a[0] : []) : [a[a.length - 1]];
    const font = g.font ?? FALLBACK;
    const fm = font.matrix;
    const em = Math.hypot(g.ctm[2], g.ctm[3]) * Math.hypot(this.tm[2], this.tm[3]) * Math.abs(g.size);
    parts.forEach((part, index) => {
      if (typeof part === "number") {
        const d = (-part / 1000) * g.size;
        this.advance(font.vertical ? 0 : d * g.th, font.vertical ? d : 0);
        return;
      }
      const str = asStr(part);
      if (!str) return;
      let at = 0;
      for (const { code, len } of font.split(str.bytes)) {
        const w = font.width(code, len);
        const spacing = g.tc + (len === 1 && code === 32 ? g.tw : 0);
        // Text space per glyph space unit: the font matrix, then size, scaling and rise.
        const trm = multiply(multiply(fm, [g.size * g.th, 0, 0, g.size, 0, g.ts]), multiply(this.tm, g.ctm));
        let quad: Quad;
        let tx = 0;
        let ty = 0;
        if (font.vertical) {
          const half = w / 2;
          quad = boxQuad(trm, -half, -1 / fm[3], half, 0);
          ty = -g.size + spacing;
        } else {
          quad = boxQuad(trm, 0, font.descent, w, font.ascent);
          tx = (w * fm[0] * g.size + spacing) * g.th;
        }
        const move = font.vertical ? ty : tx / (g.th || 1);
        visit({
          quad,
          text: font.text(code, len),
          part: index,
          from: at,
          to: at + len,
          kern: g.size ? (-move * 1000) / g.size : 0,
          em,
        });
        this.advance(tx, ty);
        at += len;
      }
    });
  }

  private advance(tx: number, ty: number): void {
    if (tx || ty) this.tm = multiply([1, 0, 0, 1, tx, ty], this.tm);
  }
}

/** A font we could not find: one byte a code, half an em wide, so its glyphs still have boxes. */
const FALLBACK: FontInfo = {
  split: (bytes) => Array.from(bytes, (code) => ({ code, len: 1 })),
  width: () => 500,
  text: (code) => (code >= 32 && code < 127 ? String.fromCharCode(code) : ""),
  matrix: [0.001, 0, 0, 0.001, 0, 0],
  ascent: 800,
  descent: -200,
  vertical: false,
};

function numbers6(a: Operand[]): Matrix {
  return a.slice(-6).map((v) => asNum(v) ?? 0) as Matrix;
}
