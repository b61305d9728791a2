import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";
import { IdAliases } from "../../../worker/agent/id-aliases.ts";
import { runAgentLoop } from "../../../worker/agent/loop.ts";
import { WorkingCopy } from "../../../worker/agent/working-copy.ts";
import { parseDiagram } from "../../../worker/drawio/model/parse.ts";
import { serializeDiagram } from "../../../worker/drawio/model/serialize.ts";
import { idPrefixOf } from "../../../worker/drawio/views/compact.ts";
import { corpusFiles } from "../../fixtures/corpus.ts";
import { call, say, scriptedModel } from "./scripted-model.ts";

const P = "3nuBFxr9cyL0pnOWT2aG-";

describe("abbreviated ids", () => {
  it("expands ~N only where an id is written", () => {
    const ids = new IdAliases(P);
    expect(ids.id("~17")).toBe(`${P}17`);
    expect(ids.id("plain")).toBe("plain");
    expect(ids.xml('<mxCell id="~9" value="~5 min" parent="~1" source=\'~2\' target="b"/>')).toBe(
      `<mxCell id="${P}9" value="~5 min" parent="${P}1" source='${P}2' target="b"/>`,
    );
    expect(ids.xpath("//mxCell[@id='~3' or @source=\"~4\"]")).toBe(
      `//mxCell[@id='${P}3' or @source="${P}4"]`,
    );
    expect(ids.operation({ op: "set_label", id: "~3", value: "~3" })).toEqual({
      op: "set_label",
      id: `${P}3`,
      value: "~3",
    });
    expect(new IdAliases(undefined).id("~3")).toBe("~3");
  });

  it("lets the model edit a draw.io diagram by the short ids it was shown", async () => {
    const file = corpusFiles().find((f) => {
      const page = parseDiagram(f.xml).pages[0];
      return page !== undefined && idPrefixOf(page) !== undefined;
    });
    if (!file) throw new Error("the corpus has no diagram with generated ids");
    const doc = parseDiagram(file.xml);
    const prefix = idPrefixOf(doc.pages[0] as never) as string;
    const view = new WorkingCopy(doc).view();
    expect(view).toContain(`~N stands for the id "${prefix}N"`);
    const short = /^\s*(~\d+) /m.exec(view.split("\n").slice(3).join("\n"))?.[1] as string;
    expect(short).toBeDefined();
    const result = await runAgentLoop({
      model: scriptedModel([
        [call("edit_diagram", { operations: [{ op: "set_label", id: short, value: "Renamed" }] })],
        say("Renamed it."),
      ]),
      document: doc,
      prompt: "Rename a cell",
      shapes: shapeCatalog(),
    });
    expect(result.status).toBe("changed");
    const xml = serializeDiagram(result.document ?? doc);
    expect(xml).toContain(`id="${prefix}${short.slice(1)}"`);
    expect(xml).toContain('value="Renamed"');
    expect(xml).not.toContain(`id="${short}"`);
  });
});
