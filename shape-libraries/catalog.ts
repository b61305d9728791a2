/**
 * `shapeCatalog()`: the one `ShapeCatalog` over the generated shape-library data, built lazily on
 * first use in each isolate.
 */
import { ShapeCatalog } from "../worker/drawio/index.ts";
import { index, libraries } from "./data/libraries.ts";

let catalog: ShapeCatalog | undefined;

/**
 * The catalogue of every generated shape library, built on first use (per isolate).
 *
 * @example
 * shapeCatalog().search("s3 bucket", { limit: 3 });
 */
export function shapeCatalog(): ShapeCatalog {
  catalog ??= new ShapeCatalog(index, libraries);
  return catalog;
}
