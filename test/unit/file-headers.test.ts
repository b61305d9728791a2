/**
 * Every source file says what it is for before anything else, as the house style asks: the
 * Worker (the draw.io library included), the SDK, the widget and the shape libraries' code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const FOLDERS = ["worker/", "sdk/", "widget/", "shape-libraries/"];
const SKIPPED = new Set(["node_modules", "dist", "public"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    SKIPPED.has(entry.name)
      ? []
      : entry.isDirectory()
        ? sources(`${dir}${entry.name}/`)
        : entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")
          ? [`${dir}${entry.name}`]
          : [],
  );
}

/** True when the file's first line that is not blank (after a shebang) opens a comment. */
function opensWithHeader(text: string): boolean {
  return /^(#![^\n]*\n)?\s*(\/\*\*?|\/\/)/.test(text);
}

describe("every source file opens with a header", () => {
  it.each(FOLDERS)("%s", (folder) => {
    const bare = sources(`${REPO}${folder}`)
      .filter((file) => !opensWithHeader(readFileSync(file, "utf8")))
      .map((file) => file.slice(REPO.length));
    expect(bare).toEqual([]);
  });
});
