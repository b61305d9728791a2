/**
 * Builds the widget (`npm run widget:build`) into one minified ES module,
 * `widget/public/widget.js`, which wrangler serves as a static asset at `/widget.js`.
 * Lit, the SDK and valibot are bundled in; draw.io itself is loaded from `drawio-url`.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

type TemplateKind = "css" | "html" | "other";

/**
 * The components' private custom properties (`--_accent`…, see shared/theme.ts), renamed
 * `--_a`, `--_b`… in every css`` template. They are set on `:host` from the public
 * `--drawforge-*` ones and read only by the components' own styles, and the one table applies
 * to every file, so each name maps to the same short name everywhere. Names not listed are
 * left alone.
 */
const PRIVATE_PROPERTIES = [
  "accent",
  "accent-text",
  "bg",
  "surface",
  "border",
  "text",
  "muted",
  "success",
  "warning",
  "danger",
  "radius",
  "focus",
  "font",
];

/** Minifies one static part of a css`` template; `first`/`last`: at the template's ends. */
function tightCss(text: string, first: boolean, last: boolean): string {
  let tight = text
    .replace(/--_([\w-]+)/g, (name, short: string) => {
      const index = PRIVATE_PROPERTIES.indexOf(short);
      return index < 0 ? name : `--_${String.fromCharCode(97 + index)}`;
    })
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{}:;,>])\s*/g, "$1")
    .replace(/;}/g, "}")
    // 0.5 → .5, #ffffff → #fff
    .replace(/(^|[^\w.#-])0\.(\d)/g, "$1.$2")
    .replace(/#([\da-f])\1([\da-f])\2([\da-f])\3\b/gi, "#$1$2$3");
  if (first) tight = tight.trimStart();
  if (last) tight = tight.trimEnd();
  return tight;
}

/**
 * Minifies one static part of an html`` template: indentation, whitespace between tags, and
 * the quotes of static attribute values that need none (`class="shell"` → `class=shell`).
 */
function tightHtml(text: string): string {
  return text
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .replace(/ (\/?>)/g, "$1")
    .replace(/( [\w.:?@-]+)="([\w-]+)"(?=[ >])/g, "$1=$2");
}

/**
 * Reads the template literal whose opening backtick is just before `pos`, minifying its static
 * parts by `kind`, and the templates nested in its `${…}` expressions by theirs.
 * Returns the rewritten template (closing backtick included) and where it ends.
 */
function readTemplate(code: string, pos: number, kind: TemplateKind): [string, number] {
  let out = "";
  let part = "";
  let first = true;
  let i = pos;
  const flush = (last: boolean) => {
    const tight =
      kind === "css" ? tightCss(part, first, last) : kind === "html" ? tightHtml(part) : part;
    first = false;
    return tight;
  };
  while (i < code.length) {
    const c = code[i];
    if (c === "\\") {
      part += code.slice(i, i + 2);
      i += 2;
    } else if (c === "`") {
      return [`${out}${flush(true)}\``, i + 1];
    } else if (c === "$" && code[i + 1] === "{") {
      out += `${flush(false)}\${`;
      part = "";
      const [expression, end] = readExpression(code, i + 2);
      out += expression;
      i = end;
    } else {
      part += c;
      i++;
    }
  }
  throw new Error("unterminated template literal");
}

/**
 * Reads the JavaScript of a `${…}` from `pos` to its closing brace (included), minifying the
 * css`` and html`` templates in it. Strings, comments and nested templates are skipped over;
 * a regular expression literal holding a quote, backtick or brace is not supported.
 */
function readExpression(code: string, pos: number): [string, number] {
  let out = "";
  let depth = 0;
  let i = pos;
  while (i < code.length) {
    const c = code[i] as string;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === "\\" ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && (code[i + 1] === "/" || code[i + 1] === "*")) {
      const close = code[i + 1] === "/" ? "\n" : "*/";
      const j = code.indexOf(close, i + 2);
      const end = j < 0 ? code.length : j + close.length;
      out += code.slice(i, end);
      i = end;
    } else if (c === "`") {
      const tag = /\b(css|html)\s*$/.exec(out)?.[1];
      const [template, end] = readTemplate(code, i + 1, (tag as TemplateKind) ?? "other");
      out += `\`${template}`;
      i = end;
    } else {
      if (c === "{") depth++;
      if (c === "}" && depth-- === 0) return [`${out}}`, i + 1];
      out += c;
      i++;
    }
  }
  throw new Error("unterminated template expression");
}

/**
 * Minifies the CSS in Lit's css`` templates (comments, whitespace, private property names) and
 * the markup of its html`` templates (indentation, attribute quotes), nested ones too, which no
 * minifier touches because to them they are only strings. Only the templates' static parts
 * change, never the code in their `${…}`. (No template of the widget holds preformatted text,
 * so runs of whitespace are one space.)
 */
function minifyTemplates(): Plugin {
  return {
    name: "drawforge:minify-templates",
    transform(code, id) {
      if (!/[\\/]widget[\\/].*\.ts$/.test(id) || !/(css|html)`/.test(code)) return null;
      let out = "";
      let from = 0;
      const start = /\b(css|html)`/g;
      for (let match = start.exec(code); match; match = start.exec(code)) {
        const [template, end] = readTemplate(
          code,
          match.index + match[0].length,
          match[1] as TemplateKind,
        );
        out += `${code.slice(from, match.index + match[0].length)}${template}`;
        from = end;
        start.lastIndex = end;
      }
      return { code: out + code.slice(from), map: null };
    },
  };
}

export default defineConfig({
  plugins: [minifyTemplates()],
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
