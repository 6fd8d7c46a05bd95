/**
 * PDF's PostScript calculator functions (type 4): the program parsed once into nested blocks,
 * then run on a stack with bounded depth and a bounded number of steps per evaluation.
 */

const MAX_DEPTH = 16;
const MAX_STACK = 100;
/** Operations one evaluation may run (a real tint transform runs tens). */
const MAX_STEPS = 20_000;

export type PsCode = (number | boolean | string | PsBlock)[];
interface PsBlock {
  block: PsCode;
}

/** The program's text, parsed into nested blocks. */
export function parsePostScript(text: string): PsCode | null {
  const tokens: string[] = text.match(/[{}]|[^\s{}]+/g) ?? [];
  let at = 0;
  const block = (depth: number): PsCode | null => {
    if (depth > MAX_DEPTH) return null;
    const code: PsCode = [];
    while (at < tokens.length) {
      const t = tokens[at++];
      if (t === "{") {
        const inner = block(depth + 1);
        if (!inner) return null;
        code.push({ block: inner });
      } else if (t === "}") return code;
      else if (t === "true" || t === "false") code.push(t === "true");
      else if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) code.push(Number(t));
      else if (OPS.has(t)) code.push(t);
      else return null;
    }
    return depth === 0 ? code : null;
  };
  const start = tokens.indexOf("{");
  if (start < 0) return null;
  at = start + 1;
  const code = block(1);
  return code;
}

const OPS = new Set(
  (
    "abs add atan ceiling cos cvi cvr div exp floor idiv ln log mod mul neg round sin sqrt sub truncate " +
    "and bitshift eq false ge gt le lt ne not or true xor if ifelse copy dup exch index pop roll"
  ).split(" "),
);

class PsError extends Error {}

/** Runs the program on the stack; false when it fails (bad operands, too many steps). */
export function runPostScript(code: PsCode, stack: (number | boolean)[]): boolean {
  try {
    run(code, stack, { left: MAX_STEPS });
    return true;
  } catch (err) {
    if (err instanceof PsError) return false;
    throw err;
  }
}

function run(code: PsCode, st: (number | boolean)[], steps: { left: number }): void {
  const num = () => {
    const v = st.pop();
    if (typeof v !== "number") throw new PsError();
    return v;
  };
  const any = () => {
    if (st.length === 0) throw new PsError();
    return st.pop()!;
  };
  for (let i = 0; i < code.length; i++) {
    if (--steps.left < 0 || st.length > MAX_STACK) throw new PsError();
    const t = code[i];
    if (typeof t === "number" || typeof t === "boolean") {
      st.push(t);
      continue;
    }
    if (typeof t === "object") {
      // A block is only an operand of the if / ifelse that follows it.
      const next = code[i + 1];
      const after = code[i + 2];
      if (next === "if") {
        const cond = any();
        if (cond === true) run(t.block, st, steps);
        i += 1;
      } else if (typeof next === "object" && after === "ifelse") {
        const cond = any();
        run(cond === true ? t.block : next.block, st, steps);
        i += 2;
      } else throw new PsError();
      continue;
    }
    switch (t) {
      case "abs":
        st.push(Math.abs(num()));
        break;
      case "add": {
        const b = num();
        st.push(num() + b);
        break;
      }
      case "atan": {
        const b = num();
        const a = num();
        let r = (Math.atan2(a, b) * 180) / Math.PI;
        if (r < 0) r += 360;
        st.push(r);
        break;
      }
      case "ceiling":
        st.push(Math.ceil(num()));
        break;
      case "cos":
        st.push(Math.cos((num() * Math.PI) / 180));
        break;
      case "cvi":
        st.push(Math.trunc(num()));
        break;
      case "cvr":
        st.push(num());
        break;
      case "div": {
        const b = num();
        const a = num();
        st.push(b === 0 ? 0 : a / b);
        break;
      }
      case "exp": {
        const b = num();
        const a = num();
        const r = a ** b;
        st.push(Number.isFinite(r) ? r : 0);
        break;
      }
      case "floor":
        st.push(Math.floor(num()));
        break;
      case "idiv": {
        const b = Math.trunc(num());
        const a = Math.trunc(num());
        st.push(b === 0 ? 0 : Math.trunc(a / b));
        break;
      }
      case "ln": {
        const a = num();
        st.push(a > 0 ? Math.log(a) : 0);
        break;
      }
      case "log": {
        const a = num();
        st.push(a > 0 ? Math.log10(a) : 0);
        break;
      }
      case "mod": {
        const b = Math.trunc(num());
        const a = Math.trunc(num());
        st.push(b === 0 ? 0 : a % b);
        break;
      }
      case "mul": {
        const b = num();
        st.push(num() * b);
        break;
      }
      case "neg":
        st.push(-num());
        break;
      case "round":
        st.push(Math.floor(num() + 0.5));
        break;
      case "sin":
        st.push(Math.sin((num() * Math.PI) / 180));
        break;
      case "sqrt": {
        const a = num();
        st.push(a >= 0 ? Math.sqrt(a) : 0);
        break;
      }
      case "sub": {
        const b = num();
        st.push(num() - b);
        break;
      }
      case "truncate":
        st.push(Math.trunc(num()));
        break;
      case "and":
      case "or":
      case "xor": {
        const b = any();
        const a = any();
        if (typeof a === "boolean" && typeof b === "boolean")
          st.push(t === "and" ? a && b : t === "or" ? a || b : a !== b);
        else if (typeof a === "number" && typeof b === "number")
          st.push(t === "and" ? a & b : t === "or" ? a | b : a ^ b);
        else throw new PsError();
        break;
      }
      case "bitshift": {
        const s = Math.trunc(num());
        const a = Math.trunc(num());
        st.push(s >= 0 ? a << s : a >> -s);
        break;
      }
      case "eq": {
        const b = any();
        st.push(any() === b);
        break;
      }
      case "ne": {
        const b = any();
        st.push(any() !== b);
        break;
      }
      case "ge": {
        const b = num();
        st.push(num() >= b);
        break;
      }
      case "gt": {
        const b = num();
        st.push(num() > b);
        break;
      }
      case "le": {
        const b = num();
        st.push(num() <= b);
        break;
      }
      case "lt": {
        const b = num();
        st.push(num() < b);
        break;
      }
      case "not": {
        const a = any();
        st.push(typeof a === "boolean" ? !a : ~Math.trunc(a));
        break;
      }
      case "copy": {
        const k = Math.trunc(num());
        if (k < 0 || k > st.length) throw new PsError();
        st.push(...st.slice(st.length - k));
        break;
      }
      case "dup": {
        const a = any();
        st.push(a, a);
        break;
      }
      case "exch": {
        const b = any();
        const a = any();
        st.push(b, a);
        break;
      }
      case "index": {
        const k = Math.trunc(num());
        if (k < 0 || k >= st.length) throw new PsError();
        st.push(st[st.length - 1 - k]);
        break;
      }
      case "pop":
        any();
        break;
      case "roll": {
        const j = Math.trunc(num());
        const k = Math.trunc(num());
        if (k < 0 || k > st.length) throw new PsError();
        if (k === 0) break;
        const part = st.splice(st.length - k, k);
        const shift = ((j % k) + k) % k;
        st.push(...part.slice(k - shift), ...part.slice(0, k - shift));
        break;
      }
      default:
        throw new PsError();
    }
  }
}
