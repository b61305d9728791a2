// What publications serve, drawn once per diagram version and kept in Workers KV.

import type { ExportFile } from "./views.ts";

/** How long a drawn file is kept: storage stays bounded; a version never changes meanwhile. */
export const PUBLIC_FILE_TTL_SECONDS = 7 * 24 * 60 * 60;
/** KV metadata holds at most 1,024 bytes (as JSON): the unknown shapes' names are cut to fit. */
const UNKNOWN_SHAPES_BYTES = 800;

/** A publication's forms that are files. */
export type PublicFormat = "svg" | "png" | "drawio";

interface FileMetadata {
  type: string;
  text: boolean;
  unknown: string[];
}

/**
 * The files publications serve, one per diagram version, format and deployment, in the
 * `PUBLICATIONS` KV namespace. A version never changes, so an entry never goes stale; keying
 * by the deployment (`CF_VERSION_METADATA`) means a new renderer never serves what an older one
 * drew. Anonymous requests for a published diagram then cost one drawing per version, however
 * many there are. Entries expire after {@link PUBLIC_FILE_TTL_SECONDS}. Only the diagram's
 * object says which version a publication shows: ask it first, then read here.
 *
 * @example
 * const files = new PublicationFiles(env.PUBLICATIONS, env.CF_VERSION_METADATA?.id);
 * const file = (await files.get("d_…", 3, "png")) ?? (await drawAndPut());
 */
export class PublicationFiles {
  readonly #kv: KVNamespace;
  readonly #edition: string;

  constructor(kv: KVNamespace, deployment: string | undefined) {
    this.#kv = kv;
    this.#edition = deployment || "local";
  }

  /** The file drawn earlier for this version and format, if it is still kept. */
  async get(
    diagramId: string,
    version: number,
    format: PublicFormat,
  ): Promise<ExportFile | undefined> {
    const { value, metadata } = await this.#kv.getWithMetadata<FileMetadata>(
      this.#key(diagramId, version, format),
      "arrayBuffer",
    );
    if (value === null || !metadata) return undefined;
    return {
      body: metadata.text ? new TextDecoder().decode(value) : new Uint8Array(value),
      contentType: metadata.type,
      unknownShapes: metadata.unknown,
    };
  }

  /** Keeps a file just drawn; a file KV will not take (too large) is simply not kept. */
  async put(
    diagramId: string,
    version: number,
    format: PublicFormat,
    file: ExportFile,
  ): Promise<void> {
    const metadata: FileMetadata = {
      type: file.contentType,
      text: typeof file.body === "string",
      unknown: fitted(file.unknownShapes ?? []),
    };
    try {
      await this.#kv.put(this.#key(diagramId, version, format), file.body, {
        expirationTtl: PUBLIC_FILE_TTL_SECONDS,
        metadata,
      });
    } catch (error) {
      console.warn("publication files: not kept", diagramId, version, format, error);
    }
  }

  #key(diagramId: string, version: number, format: PublicFormat): string {
    return `file:${this.#edition}:${diagramId}:${version}.${format}`;
  }
}

/** As many names as fit KV's metadata; one is enough for a viewer to fall back to draw.io. */
function fitted(names: readonly string[]): string[] {
  const kept: string[] = [];
  let bytes = 0;
  for (const name of names) {
    bytes += new TextEncoder().encode(JSON.stringify(name)).length + 1;
    if (bytes > UNKNOWN_SHAPES_BYTES) {
      if (kept.length === 0) kept.push(name.slice(0, UNKNOWN_SHAPES_BYTES / 8));
      break;
    }
    kept.push(name);
  }
  return kept;
}
