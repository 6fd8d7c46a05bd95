import { PDFArray, type PDFContext, PDFDict, PDFName } from "@cantoo/pdf-lib";
import type { Budget } from "../../../core/budget";
import { asName, asNum, type Op, type Operand } from "../../content/lexer";
import { ContentReader } from "../../content/reader";
import { writeOperand } from "../../content/writer";
import { resolve } from "../../objects";
import { DEVICE_GRAY, type GraySpace, grayText, type SpaceReader } from "./colour";
import { Sink } from "./sink";

/**
 * Content streams in grey: every colour operator becomes a grey one (rg, k, sc, scn with a
 * colour space set by cs become g; the stroking ones G) and inline images are converted; every
 * other operation, text above all, is copied byte for byte, so what a text extractor reads is
 * exactly what it read before.
 */

/** Where a stream's colour spaces come from. An unknown space (null) is read by its operand count. */
interface Side {
  space: GraySpace | null;
  /** A pattern space whose uncoloured patterns' colours are written in grey (its cs was replaced). */
  grayPattern?: boolean;
}

export interface ColourState {
  fill: Side;
  stroke: Side;
  stack: { fill: Side; stroke: Side }[];
}

export function startState(): ColourState {
  return { fill: { space: null }, stroke: { space: null }, stack: [] };
}

export interface GrayContentJob {
  ctx: PDFContext;
  spaces: SpaceReader;
  budget?: Budget;
  /** An inline image's operation in grey (BI ... EI), or null to keep it as it is. */
  inlineImage(op: Op, content: Uint8Array, resources: PDFDict | undefined): Uint8Array | null;
  /** Called every few thousand operations: the job's time budget. */
  tick(): void;
}

/** The name under which [/Pattern /DeviceGray] is added to a resource dictionary. */
const GRAY_PATTERN = "PDFToolsGrayPattern";

function colourSpaceNamed(job: GrayContentJob, resources: PDFDict | undefined, name: string): GraySpace | null {
  const direct = job.spaces.read(PDFName.of(name));
  if (direct && ["DeviceGray", "DeviceRGB", "DeviceCMYK", "Pattern"].includes(name)) return direct;
  const dict = resources ? resolve(job.ctx, resources.get(PDFName.of("ColorSpace"))) : undefined;
  if (!(dict instanceof PDFDict)) return null;
  return job.spaces.read(dict.get(PDFName.of(name)));
}

/** Adds [/Pattern /DeviceGray] to the resources (additive: other users of them are unaffected). */
function grayPatternSpace(job: GrayContentJob, resources: PDFDict | undefined): string | null {
  if (!resources) return null;
  let dict = resolve(job.ctx, resources.get(PDFName.of("ColorSpace")));
  if (dict === undefined) {
    dict = job.ctx.obj({});
    resources.set(PDFName.of("ColorSpace"), dict);
  }
  if (!(dict instanceof PDFDict)) return null;
  const existing = resolve(job.ctx, dict.get(PDFName.of(GRAY_PATTERN)));
  if (existing === undefined)
    dict.set(PDFName.of(GRAY_PATTERN), job.ctx.obj([PDFName.of("Pattern"), PDFName.of("DeviceGray")]));
  else if (!(existing instanceof PDFArray)) return null;
  return GRAY_PATTERN;
}

const numbersOf = (args: Operand[]) => args.map(asNum);

/** The grey of a colour given as operands in a space read by count (1 grey, 3 RGB, 4 CMYK). */
function byCount(nums: number[], spaces: SpaceReader): number | null {
  if (nums.length === 3) return spaces.read(PDFName.of("DeviceRGB"))!.toGray(nums);
  if (nums.length === 4) return spaces.read(PDFName.of("DeviceCMYK"))!.toGray(nums);
  return null;
}

/** Content whole (a string), or its pieces as they are decoded, as often as they are asked for. */
export type ContentSource = Uint8Array | (() => Iterable<Uint8Array>);

export interface GrayResult {
  /** The content in grey, or null when nothing needed changing. */
  bytes: Uint8Array | null;
  /** The colour state it ends in (for the next piece of a page's content). */
  state: ColourState;
  /** Operands follow the last operation: an operator in the next stream takes them. */
  trailing: boolean;
  /** Inline images converted. */
  images: number;
}

/**
 * The content in grey. It is read as it is decoded (never held whole), twice when something
 * changes: first up to the first change only (a page with no colour operator is never copied),
 * then written out.
 */
export function grayContent(
  job: GrayContentJob,
  source: ContentSource,
  resources: PDFDict | undefined,
  state: ColourState = startState(),
): GrayResult {
  const pieces = source instanceof Uint8Array ? () => [source] : source;
  const start = { ...state, stack: [...state.stack] };
  const probe = convert(job, pieces(), resources, state, null);
  if (!probe.changed) return { bytes: null, state, trailing: probe.trailing, images: 0 };
  const out = new Sink(job.budget);
  try {
    const r = convert(job, pieces(), resources, start, out);
    return { bytes: out.finish(), state: start, trailing: r.trailing, images: r.images };
  } finally {
    out.release();
  }
}

/** Converts the content, writing it to `out`; without `out`, stops at the first change. */
function convert(
  job: GrayContentJob,
  pieces: Iterable<Uint8Array>,
  resources: PDFDict | undefined,
  state: ColourState,
  out: Sink | null,
): { changed: boolean; trailing: boolean; images: number } {
  let copied = 0;
  let changed = false;
  let count = 0;
  let images = 0;
  const reader = new ContentReader(pieces, {
    budget: job.budget,
    what: "A page's content",
    done: (bytes) => {
      out?.write(bytes.subarray(copied));
      copied = 0;
    },
  });
  const replace = (op: Op, text: string | Uint8Array) => {
    changed = true;
    if (!out) return;
    out.write(reader.window.subarray(copied, op.start));
    out.write(typeof text === "string" ? ENCODER.encode(text) : text);
    copied = op.end;
  };
  for (const op of reader.ops()) {
    if (++count % 4096 === 0) job.tick();
    const stroke = op.op === op.op.toUpperCase() && op.op !== "BI";
    const side = stroke ? "stroke" : "fill";
    switch (op.op) {
      case "q":
        state.stack.push({ fill: state.fill, stroke: state.stroke });
        break;
      case "Q": {
        const top = state.stack.pop();
        if (top) {
          state.fill = top.fill;
          state.stroke = top.stroke;
        }
        break;
      }
      case "g":
      case "G":
        state[side] = { space: DEVICE_GRAY };
        break;
      case "rg":
      case "RG":
      case "k":
      case "K": {
        const nums = numbersOf(op.args);
        const want = op.op.toLowerCase() === "rg" ? 3 : 4;
        if (nums.length === want && nums.every((n) => n !== null)) {
          const g = byCount(nums as number[], job.spaces)!;
          replace(op, `${grayText(g)} ${stroke ? "G" : "g"}`);
        }
        state[side] = { space: DEVICE_GRAY };
        break;
      }
      case "cs":
      case "CS": {
        const name = asName(op.args[op.args.length - 1]);
        const space = name === null ? null : colourSpaceNamed(job, resources, name);
        if (!space) {
          state[side] = { space: null };
          break;
        }
        if (space.pattern) {
          const under = space.pattern.under;
          if (under && !under.gray) {
            const gray = grayPatternSpace(job, resources);
            if (gray) {
              replace(op, `${writeOperand({ kind: "name", name: gray })} ${op.op}`);
              state[side] = { space, grayPattern: true };
              break;
            }
          }
          state[side] = { space };
          break;
        }
        // Its initial colour now; later sc/scn operands are still read in the original space.
        if (!space.gray) replace(op, `${grayText(space.toGray(space.initial))} ${stroke ? "G" : "g"}`);
        state[side] = { space };
        break;
      }
      case "sc":
      case "scn":
      case "SC":
      case "SCN":
        colour(job, op, state[side], stroke, replace);
        break;
      case "BI": {
        const bytes = job.inlineImage(op, reader.window, resources);
        if (bytes) {
          replace(op, bytes);
          images++;
        }
        break;
      }
    }
    if (changed && !out) return { changed, trailing: false, images };
  }
  out?.write(reader.window.subarray(copied));
  return { changed, trailing: hasOperands(reader.window, reader.lastEnd), images };
}

const ENCODER = new TextEncoder();

function colour(
  job: GrayContentJob,
  op: Op,
  side: Side,
  stroke: boolean,
  replace: (op: Op, text: string) => void,
): void {
  const last = op.args[op.args.length - 1];
  const pattern = asName(last);
  const nums = numbersOf(pattern === null ? op.args : op.args.slice(0, -1));
  if (nums.some((n) => n === null)) return;
  const values = nums as number[];
  const space = side.space;
  if (pattern !== null) {
    // A coloured pattern paints its own colours; an uncoloured one takes these, in the under space.
    const under = space?.pattern?.under;
    if (side.grayPattern && under && values.length > 0) {
      const name = writeOperand({ kind: "name", name: pattern });
      replace(op, `${grayText(under.toGray(values))} ${name} ${op.op}`);
    }
    return;
  }
  if (space === null) {
    const g = byCount(values, job.spaces);
    if (g !== null) replace(op, `${grayText(g)} ${stroke ? "G" : "g"}`);
    return;
  }
  if (space.gray || space.pattern) return;
  replace(op, `${grayText(space.toGray(values))} ${stroke ? "G" : "g"}`);
}

/** Whether anything but white space and comments follows the last operation: operands of an operator in the next stream. */
function hasOperands(s: Uint8Array, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === 37) while (i < s.length && s[i] !== 10 && s[i] !== 13) i++;
    else if (c !== 32 && c !== 10 && c !== 13 && c !== 9 && c !== 12 && c !== 0) return true;
  }
  return false;
}
