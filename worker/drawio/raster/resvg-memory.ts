/**
 * Starting resvg's WASM and reading a rendered image's pixels straight from its memory, without
 * the copy resvg's own API makes.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { type WasmInstance, type WasmMemory, type WasmSource, wasmApi } from "./wasm-api.ts";

/** What `Resvg.render()` returns (resvg does not export the type). */
type RenderedImage = ReturnType<InstanceType<typeof Resvg>["render"]>;

/** How the pixels of resvg's images are read. */
export interface PixelReader {
  /**
   * A rendered image's pixels: a view into resvg's WASM memory when it can be found, else the
   * copy resvg's `pixels` getter makes (premultiplied RGBA either way).
   */
  read(image: RenderedImage): Uint8Array;
  /** Whether they are read in place (false: each read copies the whole picture). */
  inPlace: boolean;
}

/** A 3 × 2 picture of six different colours: its pixels cannot be mistaken for other memory. */
const PROBE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2" shape-rendering="crispEdges">' +
  ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4"]
    .map(
      (fill, i) =>
        `<rect x="${i % 3}" y="${Math.floor(i / 3)}" width="1" height="1" fill="${fill}"/>`,
    )
    .join("") +
  "</svg>";
/** Words of resvg's image object searched for the pixel buffer's address and length. */
const HEADER_WORDS = 8;

/**
 * Starts resvg's WASM (once per isolate) and learns where it keeps an image's pixels.
 *
 * resvg's `pixels` getter and its PNG writer each copy the whole pixel buffer (80 MB for a
 * 20-megapixel diagram), which costs more than drawing it and can push an isolate past its
 * memory. The buffer itself sits in the module's memory, addressed from the image object, so the
 * module's memory is kept when it is instantiated, and a probe picture tells which word of the
 * image object holds the address and which the length. Each later read checks the length and
 * bounds again and falls back to the getter's copy when they do not fit: a different resvg build
 * costs speed, never wrong pixels.
 *
 * @example
 * const reader = await startResvg(wasm);
 * const pixels = reader.read(new Resvg(svg).render());
 */
export async function startResvg(wasm: WasmSource): Promise<PixelReader> {
  const api = wasmApi();
  let memory: WasmMemory | undefined;
  const instantiate = api.instantiate;
  const keepMemory = (result: unknown): void => {
    const instance = result instanceof api.Instance ? result : instanceIn(result, api.Instance);
    const exported = instance?.exports.memory;
    if (exported instanceof api.Memory && instance?.exports.renderedimage_pixels) memory = exported;
  };
  api.instantiate = function instantiateKeepingMemory(this: unknown, ...args: never[]) {
    const started = Reflect.apply(instantiate, api, args) as Promise<unknown>;
    return started.then((result) => {
      keepMemory(result);
      return result;
    });
  };
  try {
    // resvg's loader takes a compiled module or its bytes, as `WasmSource` says.
    await initWasm(wasm as Parameters<typeof initWasm>[0]);
  } finally {
    api.instantiate = instantiate;
  }
  const copy = (image: RenderedImage): Uint8Array => image.pixels;
  const layout = memory && probeLayout(memory);
  if (!memory || !layout) return { read: copy, inPlace: false };
  const found = memory;
  return {
    read(image) {
      const length = image.width * image.height * 4;
      const words = new Uint32Array(found.buffer, objectAddress(image), HEADER_WORDS);
      const address = words[layout.address] ?? 0;
      if (words[layout.length] !== length || address + length > found.buffer.byteLength)
        return copy(image);
      return new Uint8Array(found.buffer, address, length);
    },
    inPlace: true,
  };
}

/** The instance of `instantiate`'s `{ module, instance }` answer, if that is what it is. */
function instanceIn(
  result: unknown,
  Instance: abstract new (...args: never[]) => WasmInstance,
): WasmInstance | undefined {
  if (typeof result !== "object" || result === null || !("instance" in result)) return undefined;
  return result.instance instanceof Instance ? result.instance : undefined;
}

/** wasm-bindgen keeps each Rust object's address in `__wbg_ptr`. */
function objectAddress(image: RenderedImage): number {
  const address: unknown = Reflect.get(image, "__wbg_ptr");
  return typeof address === "number" && address % 4 === 0 ? address : 0;
}

/** Which words of the image object hold the pixel buffer's address and its length. */
function probeLayout(memory: WasmMemory): { address: number; length: number } | undefined {
  const resvg = new Resvg(PROBE);
  const image = resvg.render();
  try {
    const expected = image.pixels;
    const at = objectAddress(image);
    if (at === 0) return undefined;
    const words = new Uint32Array(memory.buffer, at, HEADER_WORDS);
    const length = words.indexOf(expected.length);
    if (length < 0) return undefined;
    for (let i = 0; i < HEADER_WORDS; i++) {
      const address = words[i] ?? 0;
      if (
        address === 0 ||
        address % 4 !== 0 ||
        address + expected.length > memory.buffer.byteLength
      )
        continue;
      const candidate = new Uint8Array(memory.buffer, address, expected.length);
      if (candidate.every((byte, j) => byte === expected[j])) return { address: i, length };
    }
    return undefined;
  } finally {
    image.free();
    resvg.free();
  }
}
