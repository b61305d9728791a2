/**
 * Builds the widget (`npm run widget:build`) into one minified ES module,
 * `widget/public/widget.js`, which wrangler serves as a static asset at `/widget.js`.
 * Lit, the SDK and zod/mini are bundled in; draw.io itself is loaded from `drawio-url`.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Minifies the CSS in Lit's css`` templates (comments and whitespace) and the indentation of
 * its html`` templates, which no minifier touches because to them they are only strings.
 * (No template of the widget holds preformatted text, so runs of whitespace are one space.)
 */
function minifyCssTemplates(): Plugin {
  return {
    name: "drawforge:minify-css-templates",
    transform(code, id) {
      if (!/[\\/]widget[\\/].*\.ts$/.test(id) || !/(css|html)`/.test(code)) return null;
      const out = code.replace(/css`([^`]*)`/g, (_, body: string) => {
        const tight = body
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/\s+/g, " ")
          .replace(/\s*([{}:;,>])\s*/g, "$1")
          .replace(/;}/g, "}")
          .trim();
        return `css\`${tight}\``;
      });
      const markup = out.replace(/html`([^`]*)`/g, (_, body: string) => {
        const tight = body.replace(/>\s+</g, "><").replace(/\s+/g, " ");
        return `html\`${tight}\``;
      });
      return { code: markup, map: null };
    },
  };
}

export default defineConfig({
  plugins: [minifyCssTemplates()],
  publicDir: false,
  logLevel: "warn",
  // Lit's production build whatever NODE_ENV says: under vitest it is "test", which would
  // otherwise pick Lit's development build (warnings, unmangled names, 4 KB more gzipped).
  resolve: { conditions: ["module", "browser", "production"] },
  build: {
    lib: { entry: here("./index.ts"), formats: ["es"], fileName: () => "widget.js" },
    outDir: process.env.DRAWFORGE_WIDGET_OUT ?? here("./public"),
    // The directory also holds _headers and .assetsignore, which must survive a build.
    emptyOutDir: false,
    target: "es2022",
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    // Library mode keeps whitespace in ES output by default; the widget ships minified.
    // No comments: the bundle is an application file, no other bundler reads its annotations.
    rolldownOptions: { output: { minify: true, comments: false } },
  },
});
