/**
 * A property of the renderer: whatever a page holds, its SVG is well-formed XML that runs
 * nothing and names nothing outside itself. Random hostile pages (labels, styles, attribute
 * values, backgrounds, image URIs, numbers, control characters, line breaks) from a seeded
 * generator, each SVG parsed by a real XML parser and walked.
 */
import { DOMParser, type Element as XmlDomElement } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { rng } from "../../../fixtures/synthetic.ts";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const b64 = (text: string) => Buffer.from(text).toString("base64");
const EVIL_SVG = `<svg ${SVG_NS} onload="alert(1)"><script>alert(2)</script><foreignObject><p>x</p></foreignObject><image xlink:href="https://x.test/a.png"/><rect fill="url(https://x.test/#p)" onclick="x()"/></svg>`;
const EVIL_SVG_SOFT = `<svg ${SVG_NS} onload="alert(1)"><script>alert(2)</script><rect width="3" height="3" fill="url(https://x.test/#p)" style="filter:url(#b);fill:url(javascript:x)" onclick="x()"/><filter id="b"><feGaussianBlur stdDeviation="9"/></filter><use xlink:href="https://x.test/s.svg#i"/><a xlink:href="javascript:alert(3)"><circle r="2"/></a></svg>`;

/** Values no style key should be able to turn into markup, script or a reference outward. */
const HOSTILE_VALUES = [
  '#fff" onload="alert(1)',
  "red;background:url(https://x.test/a.png)",
  "url(https://x.test/#a)",
  "url(#mx-gradient-x)",
  "expression(alert(1))",
  "javascript:alert(1)",
  "</text><script>alert(1)</script>",
  "rgb(1,2,3)",
  "#DAE8FC",
  "none",
  "inherit",
  "swimlane",
  "strokeColor",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e39",
  "-1e39",
  "0x10",
  "12px",
  "-0",
  "",
  "1&#xa;2",
  "a&#xd;&#xa;b",
  "\u202e\u200b\ufeff",
  "😀",
];

const KEYS = [
  "fillColor",
  "strokeColor",
  "fontColor",
  "gradientColor",
  "gradientDirection",
  "labelBackgroundColor",
  "labelBorderColor",
  "fontFamily",
  "fontSize",
  "fontStyle",
  "strokeWidth",
  "rotation",
  "opacity",
  "spacing",
  "arcSize",
  "dashPattern",
  "dashed",
  "shadow",
  "sketch",
  "startArrow",
  "endArrow",
  "startSize",
  "align",
  "verticalAlign",
  "labelPosition",
  "direction",
  "shape",
  "resIcon",
  "prIcon",
  "partColors",
  "parts",
  "image",
  "html",
  "whiteSpace",
  "overflow",
  "horizontal",
  "exitX",
  "entryY",
];

const SHAPES = [
  "rect",
  "ellipse",
  "image",
  "swimlane",
  "table",
  "mxgraph.aws4.resourceIcon",
  "mxgraph.kubernetes.icon",
  "mxgraph.mockup.graphics.pieChart",
  "mxgraph.flowchart.document",
  'evil"shape',
  "nowhere&#xa;thing",
];

const IMAGES = [
  `data:image/svg+xml,${b64(EVIL_SVG)}`,
  `data:image/svg+xml,${b64(EVIL_SVG_SOFT)}`,
  `data:image/svg+xml,${encodeURIComponent(EVIL_SVG_SOFT)}`,
  "https://x.test/a.png",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "img/lib/../../secret.svg",
  "data:image/png,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
];

const LABELS = [
  "<script>alert(1)</script>",
  '<img src="x" onerror="alert(1)">',
  '<a href="javascript:alert(1)">link</a>',
  '<div style="background:url(https://x.test/a.png);color:url(x)">styled</div>',
  '<font color="red&quot; onload=&quot;x" size="99">font</font>',
  "a &amp;#1; b &amp;#xD800; c &amp;#xFFFF; d",
  "line&#xa;break&#xd;return",
  "]]><![CDATA[",
  '<svg onload="alert(1)"><foreignObject></foreignObject></svg>',
  "%label% %tooltip%",
  "😀 emoji \u0085 next line",
  "plain",
];

/** An XML attribute value holding `text` (already holding its own entities where meant). */
const attr = (text: string) => text.replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function hostilePage(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const cells: string[] = [];
  const count = 1 + Math.floor(random() * 6);
  for (let i = 0; i < count; i++) {
    const parts: string[] = [pick(SHAPES) === "rect" ? "" : `shape=${pick(SHAPES)}`];
    for (let k = 0; k < 6; k++) {
      const key = pick(KEYS);
      const value = key === "image" ? pick(IMAGES) : pick(HOSTILE_VALUES);
      parts.push(`${key}=${value}`);
    }
    if (random() < 0.5) parts.push("html=1");
    const style = attr(parts.join(";"));
    const label = attr(pick(LABELS)).replaceAll("&amp;#", "&amp;#");
    const n = () => pick(["0", "10", "120", "-40", "0x10", "12px", "1e3", "", "7.5"]);
    const geometry = `<mxGeometry x="${n()}" y="${n()}" width="${n()}" height="${n()}" as="geometry"/>`;
    if (random() < 0.3 && i > 0) {
      const points = `<Array as="points"><mxPoint x="${n()}" y="${n()}"/></Array>`;
      cells.push(
        `<mxCell id="c${i}" value="${label}" style="${style}" edge="1" parent="1" source="c0" target="c${i - 1}"><mxGeometry relative="1" as="geometry">${points}</mxGeometry></mxCell>`,
      );
    } else if (random() < 0.2) {
      cells.push(
        `<object id="c${i}" label="${label}" placeholders="1" tooltip="${attr(pick(LABELS))}"><mxCell style="${style}" vertex="1" parent="1">${geometry}</mxCell></object>`,
      );
    } else {
      cells.push(
        `<mxCell id="c${i}" value="${label}" style="${style}" vertex="1" parent="1">${geometry}</mxCell>`,
      );
    }
  }
  const background = attr(pick([...HOSTILE_VALUES, "#ffffff"]));
  return `<mxGraphModel background="${background}"><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join("")}</root></mxGraphModel>`;
}

/** Everything the SVG (and each SVG image inside it) must never hold; the problems found. */
function problems(svg: string, depth = 0): string[] {
  const found: string[] = [];
  let doc: ReturnType<DOMParser["parseFromString"]>;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") found.push(`not well-formed: ${message}`);
      },
    }).parseFromString(svg, "image/svg+xml");
  } catch (error) {
    return [`not well-formed: ${String(error).slice(0, 200)}`];
  }
  const walk = (el: XmlDomElement) => {
    const name = el.localName ?? el.nodeName;
    if (/^(script|foreignObject|iframe|object|embed|set|animate)$/i.test(name))
      found.push(`<${name}>`);
    for (const a of Array.from(el.attributes)) {
      const an = a.localName ?? a.name;
      const value = a.value;
      if (/^on/i.test(an)) found.push(`attribute ${a.name}`);
      if (/javascript:|vbscript:|expression\(/i.test(value)) found.push(`${a.name}="${value}"`);
      if (an === "href") {
        if (value.startsWith("data:image/svg+xml;base64,")) {
          if (depth > 2) found.push("SVG images nested too deep");
          else
            found.push(...problems(Buffer.from(value.slice(26), "base64").toString(), depth + 1));
        } else if (!/^(#|data:image\/(png|jpeg|gif|webp);base64,)/.test(value)) {
          found.push(`${a.name}="${value.slice(0, 60)}"`);
        }
      }
      for (const [, target] of value.matchAll(/url\(\s*['"]?([^)'"]*)/gi))
        if (!target?.startsWith("#")) found.push(`url(${target}) in ${a.name}`);
      if (/Infinity|NaN/.test(value) && an !== "font-family") found.push(`${a.name}="${value}"`);
    }
    if (name === "style" && /url\(\s*['"]?[^#'"\s]|@import/i.test(el.textContent ?? ""))
      found.push("<style> reaching outside");
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === 1) walk(child as XmlDomElement);
    }
  };
  if (doc.documentElement) walk(doc.documentElement as unknown as XmlDomElement);
  return found;
}

describe("hostile pages, rendered", () => {
  it("always give well-formed SVG with no script, event attribute or reference outward (400 seeded pages)", () => {
    const random = rng(0x31_2025);
    const failures: string[] = [];
    for (let i = 0; i < 400; i++) {
      const xml = hostilePage(random);
      const options = {
        scale: [1, 2, 0.5][i % 3] ?? 1,
        theme: i % 4 === 0 ? ("dark" as const) : ("light" as const),
      };
      let svg: string;
      try {
        svg = renderSvg(parseDiagram(xml), options).svg;
      } catch (error) {
        failures.push(`page ${i} threw ${String(error)}\n${xml}`);
        continue;
      }
      const found = problems(svg);
      if (found.length > 0) failures.push(`page ${i}: ${found.join("; ")}\n${xml}`);
    }
    expect(failures.slice(0, 3)).toEqual([]);
  });

  it("would notice each kind of problem it looks for", () => {
    expect(problems('<svg onload="x"/>')).toEqual(["attribute onload"]);
    expect(problems("<svg><script/></svg>")).toEqual(["<script>"]);
    expect(problems('<svg><image href="https://x"/></svg>')).toHaveLength(1);
    expect(problems('<svg><rect fill="url(https://x)"/></svg>')).toHaveLength(1);
    expect(problems("<svg><rect>")).not.toEqual([]);
    expect(
      problems(`<svg><image href="data:image/svg+xml;base64,${b64("<svg onload='x'/>")}"/></svg>`),
    ).toEqual(["attribute onload"]);
  });
});
