import { describe, expect, it } from "vitest";
import { layoutGraph } from "../../../../worker/drawio/layout/index.ts";
import { parseDiagram } from "../../../../worker/drawio/model/parse.ts";
import { renderSvg } from "../../../../worker/drawio/render/index.ts";
import { textWidth } from "../../../../worker/drawio/text/metrics.ts";

/** Lays out one node of `kind` between two services, and reads back its cell and drawn label. */
async function laidOut(kind: "queue" | "database", label: string) {
  const { xml } = await layoutGraph({
    direction: "right",
    nodes: [
      { id: "api", label: "Orders API", kind: "service" },
      { id: "n", label, kind },
      { id: "wh", label: "Warehouse", kind: "service" },
    ],
    edges: [
      { from: "api", to: "n" },
      { from: "n", to: "wh" },
    ],
  });
  const cell = parseDiagram(xml).pages[0]?.cells.find((c) => c.attrs.id === "n");
  const geo = /x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(
    xml.slice(xml.indexOf('id="n"')),
  );
  const [x, y, width, height] = (geo?.slice(1) ?? []).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const { svg } = renderSvg(parseDiagram(xml));
  const text = new RegExp(
    `<text x="([\\d.]+)" y="([\\d.]+)"[^>]*text-anchor="middle">${label}</text>`,
  ).exec(svg);
  expect(text, svg).not.toBeNull();
  const [cx, baseline] = [Number(text?.[1]), Number(text?.[2])];
  return { style: cell?.attrs.style ?? "", x, y, width, height, cx, baseline };
}

describe("cylinders keep their label on the body, off the caps (#36)", () => {
  it("a queue (a horizontal cylinder) draws its label left of its near end cap", async () => {
    for (const label of ["Fulfilment queue", "Q", "Order events to be fulfilled later"]) {
      const q = await laidOut("queue", label);
      expect(q.style).toMatch(/spacingRight=\d+;/);
      // direct_data's near cap: the last 18 of the stencil's 98 units.
      const capLeft = q.x + (q.width * 80) / 98;
      // A label on one line ends before the cap (a wrapped one's lines are narrower than the body).
      const half = Math.min(textWidth(label, 12), 170) / 2;
      expect(q.cx + half).toBeLessThanOrEqual(capLeft - 2);
    }
  });

  it("a database (an upright cylinder) draws its label under the lid and above the bottom rim", async () => {
    const db = await laidOut("database", "Fulfilment queue");
    expect(db.style).toContain("boundedLbl=1");
    const size = Number(/size=(\d+)/.exec(db.style)?.[1]);
    // cylinder3's label margins: the lid's 2 × size at the top, 0.3 × size at the bottom.
    expect(db.baseline - 12).toBeGreaterThanOrEqual(db.y + 2 * size);
    expect(db.baseline + 3).toBeLessThanOrEqual(db.y + db.height - size);
  });
});
