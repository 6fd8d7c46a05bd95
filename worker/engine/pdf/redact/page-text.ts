import type { Budget } from "../../core/budget";
import { EngineError } from "../../core/errors";
import type { Glyph } from "../content/machine";

/**
 * A page's text in reading order as its glyphs were painted: a space where the gap to the
 * previous glyph passes a quarter em, a line break where the baseline moves. Each character
 * remembers its glyph, so a match maps back to the boxes it covers.
 *
 * Kept in blocks of typed arrays (24 bytes a glyph and 6 a character, charged to the job's budget
 * block by block, never copied to grow): a page of a million glyphs costs about 30 MB here, where
 * an object per glyph cost hundreds.
 *
 * Marked content with an /ActualText reads as that text, as readers copy it (a hyphenated word
 * tagged with its whole spelling, a ligature, a symbol); the glyphs it replaces are read too, after
 * the page's text, so words drawn differently from their ActualText are found as well.
 */

export interface PageText {
  text: string;
  /**
   * The owner of the UTF-16 unit at `i` of `text`: its glyph; -1 for an inserted space or line
   * break; -2 - s for a character of the s-th ActualText span (all of that span's glyphs).
   */
  owner(i: number): number;
  /** Glyph `g`'s bounding box in default user space, its line, and its font size. */
  box(g: number): { x0: number; y0: number; x1: number; y1: number };
  line(g: number): number;
  em(g: number): number;
  /** The first glyph of ActualText span `s` and the glyph after its last. */
  span(s: number): [number, number];
  glyphCount: number;
}

/** A page past this many glyphs (forms drawn over and over) is refused before it is searched. */
export const MAX_PAGE_GLYPHS = 500_000;
const BLOCK = 1 << 16;
const GLYPH_BYTES = 4 * 4 + 4 + 4;
const CHAR_BYTES = 2 + 4;

/** Characters and who owns each, in blocks. */
class CharBuffer {
  private chars: Uint16Array[] = [];
  private owners: Int32Array[] = [];
  length = 0;
  constructor(private readonly charge: (bytes: number) => void) {}

  push(s: string, owner: number): void {
    for (let i = 0; i < s.length; i++) this.pushCode(s.charCodeAt(i), owner);
  }

  pushCode(code: number, owner: number): void {
    const at = this.length & (BLOCK - 1);
    if (at === 0) {
      this.charge(BLOCK * CHAR_BYTES);
      this.chars.push(new Uint16Array(BLOCK));
      this.owners.push(new Int32Array(BLOCK));
    }
    const b = this.length >>> 16;
    this.chars[b][at] = code;
    this.owners[b][at] = owner;
    this.length++;
  }

  append(other: CharBuffer): void {
    for (let i = 0; i < other.length; i++) this.pushCode(other.code(i), other.owner(i));
  }

  code(i: number): number {
    return this.chars[i >>> 16][i & (BLOCK - 1)];
  }

  owner(i: number): number {
    return this.owners[i >>> 16][i & (BLOCK - 1)];
  }

  get last(): number {
    return this.length ? this.code(this.length - 1) : -1;
  }

  text(): string {
    const decoder = new TextDecoder("utf-16le");
    let out = "";
    this.chars.forEach((block, b) => {
      out += decoder.decode(block.subarray(0, Math.min(BLOCK, this.length - b * BLOCK)));
    });
    return out;
  }
}

const NL = 10;
const isSpace = (c: number) => c === 32 || c === 9 || c === NL || c === 13 || c === 12 || c === 0xa0;

export class PageTextBuilder {
  private boxes: Float32Array[] = [];
  private ems: Float32Array[] = [];
  private lines: Int32Array[] = [];
  private count = 0;
  private main: CharBuffer;
  /** The glyphs' own text inside ActualText spans, read after the page's text. */
  private hidden: CharBuffer;
  private spans: number[] = [];
  /** Nesting of marked content inside the open ActualText span (the outermost one is read). */
  private spanDepth = 0;
  private spanText = "";
  private spanStart = 0;
  private lineNo = 0;
  private prevEnd: [number, number] | null = null;
  private dir: [number, number] = [1, 0];
  private held = 0;

  constructor(
    private readonly budget: Budget | undefined,
    private readonly what: string,
  ) {
    const charge = (bytes: number) => this.charge(bytes);
    this.main = new CharBuffer(charge);
    this.hidden = new CharBuffer(charge);
  }

  private charge(bytes: number): void {
    this.budget?.take(bytes, this.what);
    this.held += bytes;
  }

  /** Gives back what the page's text held. */
  release(): void {
    this.budget?.give(this.held);
    this.held = 0;
  }

  /** Opens marked content; `actualText` when it carries one. */
  begin(actualText: string | null): void {
    if (this.spanDepth > 0) this.spanDepth++;
    else if (actualText !== null) {
      this.spanDepth = 1;
      this.spanText = actualText;
      this.spanStart = this.count;
    }
  }

  end(): void {
    if (this.spanDepth === 0) return;
    if (--this.spanDepth > 0) return;
    const index = this.spans.length / 2;
    this.spans.push(this.spanStart, this.count);
    // A span that drew nothing has no place on the page to redact: its text is not listed.
    if (this.count > this.spanStart) this.main.push(this.spanText.normalize("NFKC"), -2 - index);
    if (this.hidden.length > 0 && this.hidden.last !== NL) this.hidden.push("\n", -1);
  }

  add(g: Glyph): void {
    if (this.count >= MAX_PAGE_GLYPHS) {
      throw new EngineError(
        "job_too_large",
        `${this.what} draws more than ${MAX_PAGE_GLYPHS.toLocaleString("en")} characters, too many to search.`,
      );
    }
    const i = this.count++;
    const at = i & (BLOCK - 1);
    if (at === 0) {
      this.charge(BLOCK * GLYPH_BYTES);
      this.boxes.push(new Float32Array(BLOCK * 4));
      this.ems.push(new Float32Array(BLOCK));
      this.lines.push(new Int32Array(BLOCK));
      this.budget?.check();
    }
    const b = i >>> 16;
    const q = g.quad;
    const box = this.boxes[b];
    box[at * 4] = Math.min(q[0], q[2], q[4], q[6]);
    box[at * 4 + 1] = Math.min(q[1], q[3], q[5], q[7]);
    box[at * 4 + 2] = Math.max(q[0], q[2], q[4], q[6]);
    box[at * 4 + 3] = Math.max(q[1], q[3], q[5], q[7]);
    this.ems[b][at] = g.em;
    const start: [number, number] = [(q[0] + q[6]) / 2, (q[1] + q[7]) / 2];
    const end: [number, number] = [(q[2] + q[4]) / 2, (q[3] + q[5]) / 2];
    const len = Math.hypot(end[0] - start[0], end[1] - start[1]);
    const t = g.text.normalize("NFKC");
    const inSpan = this.spanDepth > 0;
    if (this.prevEnd) {
      const dx = start[0] - this.prevEnd[0];
      const dy = start[1] - this.prevEnd[1];
      const along = dx * this.dir[0] + dy * this.dir[1];
      const across = this.dir[0] * dy - this.dir[1] * dx;
      const em = g.em || 1;
      const newLine = Math.abs(across) > 0.5 * em || along < -em;
      if (newLine) this.lineNo++;
      // Inside a span only its first glyph decides the gap before it; the span's text follows.
      if (!inSpan || i === this.spanStart) {
        const last = this.main.last;
        if (newLine) {
          if (last !== NL) this.main.push("\n", -1);
        } else if (along > 0.25 * em && !isSpace(last) && !(t && isSpace(t.charCodeAt(0)))) this.main.push(" ", -1);
      }
    }
    if (len > 1e-6) this.dir = [(end[0] - start[0]) / len, (end[1] - start[1]) / len];
    this.lines[b][at] = this.lineNo;
    if (t) (inSpan ? this.hidden : this.main).push(t, i);
    this.prevEnd = end;
  }

  finish(): PageText {
    while (this.spanDepth > 0) this.end();
    if (this.hidden.length > 0) {
      this.main.push("\n\n", -1);
      this.main.append(this.hidden);
    }
    const { main, boxes, ems, lines, spans } = this;
    return {
      text: main.text(),
      owner: (i) => main.owner(i),
      box: (g) => {
        const a = boxes[g >>> 16];
        const k = (g & (BLOCK - 1)) * 4;
        return { x0: a[k], y0: a[k + 1], x1: a[k + 2], y1: a[k + 3] };
      },
      line: (g) => lines[g >>> 16][g & (BLOCK - 1)],
      em: (g) => ems[g >>> 16][g & (BLOCK - 1)],
      span: (s) => [spans[s * 2], spans[s * 2 + 1]],
      glyphCount: this.count,
    };
  }
}

/** The glyphs a character of the text stands for (none for an inserted space). */
export function glyphsOf(page: PageText, at: number): [number, number] {
  const o = page.owner(at);
  if (o >= 0) return [o, o + 1];
  if (o === -1) return [0, 0];
  return page.span(-2 - o);
}
