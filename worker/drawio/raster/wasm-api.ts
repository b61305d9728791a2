/**
 * The WebAssembly JS API, as much of it as the rasteriser uses, typed here: Node 22 and workerd
 * both have it, but TypeScript declares it only in its DOM and worker libraries, which a program
 * compiling the library for Node (the SDK's examples, a script) does not load.
 */

/** A compiled WASM module, handed through untouched. */
export type WasmModule = object;

/** resvg's WASM as a caller hands it over: a compiled module (workerd) or its bytes (Node). */
export type WasmSource = WasmModule | ArrayBuffer | ArrayBufferView;

/** A WASM instance's memory. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

/** A WASM instance: what it exports. */
export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}

/** The parts of the global `WebAssembly` object the rasteriser reads or wraps. */
export interface WasmApi {
  instantiate: (...args: never[]) => Promise<unknown>;
  Instance: abstract new (...args: never[]) => WasmInstance;
  Memory: abstract new (...args: never[]) => WasmMemory;
}

/**
 * The global `WebAssembly` object.
 *
 * @example
 * wasmApi().instantiate; // the function resvg's loader calls
 */
export function wasmApi(): WasmApi {
  return (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
}
