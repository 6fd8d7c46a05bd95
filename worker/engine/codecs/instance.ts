/**
 * Codec instances. WebAssembly memory only ever grows, so every job gets fresh instances and
 * drops them when done: a 12-megapixel job must not leave a 100 MB heap behind in the isolate.
 */

type EmscriptenFactory<T> = (overrides: Record<string, unknown>) => Promise<T>;

export interface Instance<T> {
  module: T;
  /** Current size of the instance's linear memory, in bytes. */
  memoryBytes(): number;
}

function findMemory(exports: WebAssembly.Exports): WebAssembly.Memory | undefined {
  return Object.values(exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
}

/** A new Emscripten module instance over an already compiled WebAssembly.Module. */
export async function emscripten<T>(factory: EmscriptenFactory<T>, wasm: WebAssembly.Module): Promise<Instance<T>> {
  let memory: WebAssembly.Memory | undefined;
  const module = await factory({
    noInitialRun: true,
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(wasm, imports);
      memory =
        findMemory(instance.exports) ??
        (Object.values(imports.env ?? {}).find((v) => v instanceof WebAssembly.Memory) as
          | WebAssembly.Memory
          | undefined);
      done(instance);
      return instance.exports;
    },
  });
  return { module, memoryBytes: () => memory?.buffer.byteLength ?? 0 };
}

/** Minimal wasm-bindgen plumbing: a Rust function returning a Vec<u8> through a stack slot. */
export interface BindgenExports {
  memory: WebAssembly.Memory;
  __wbindgen_add_to_stack_pointer(delta: number): number;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
}

export function bindgenInstance<E extends BindgenExports>(wasm: WebAssembly.Module, wbg: Record<string, unknown> = {}) {
  let exports: E | undefined;
  const text = new TextDecoder();
  const imports = {
    wbg: {
      __wbindgen_throw(ptr: number, len: number) {
        throw new Error(text.decode(new Uint8Array(exports!.memory.buffer, ptr, len)));
      },
      ...wbg,
    },
  };
  exports = new WebAssembly.Instance(wasm, imports as WebAssembly.Imports).exports as unknown as E;
  const e = exports;
  return {
    exports: e,
    memoryBytes: () => e.memory.buffer.byteLength,
    /** Copies bytes into the instance; returns (pointer, length). */
    pass(bytes: Uint8Array): [number, number] {
      const ptr = e.__wbindgen_malloc(bytes.length, 1) >>> 0;
      new Uint8Array(e.memory.buffer).set(bytes, ptr);
      return [ptr, bytes.length];
    },
    /** Calls fn(retptr, ...) and copies out the Vec<u8> it returned. */
    returningBytes(fn: (retptr: number) => void): Uint8Array {
      const retptr = e.__wbindgen_add_to_stack_pointer(-16);
      try {
        fn(retptr);
        const words = new Int32Array(e.memory.buffer, retptr, 2);
        const [ptr, len] = [words[0] >>> 0, words[1] >>> 0];
        const out = new Uint8Array(e.memory.buffer, ptr, len).slice();
        e.__wbindgen_free(ptr, len, 1);
        return out;
      } finally {
        e.__wbindgen_add_to_stack_pointer(16);
      }
    },
  };
}
