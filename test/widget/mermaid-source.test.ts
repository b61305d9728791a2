/** Which chat messages the editor converts as Mermaid, and which it leaves to the agent. */
import { describe, expect, it } from "vitest";
import { mermaidSource } from "../../widget/editor/mermaid.ts";

describe("mermaidSource", () => {
  it.each([
    "graph TD\nA-->B",
    "flowchart LR\n  cart[Cart] --> pay{Paid?}",
    "graph\nA-->B",
    "graph TD; A-->B",
    "%% the checkout\n\n%%{init: {'theme': 'dark'}}%%\nflowchart TB\n  A --> B",
    "---\ntitle: Checkout\n---\nflowchart LR\n  A --> B",
    "sequenceDiagram\n  Alice->>Bob: Hi",
    "classDiagram\n  Animal <|-- Duck",
    "stateDiagram-v2\n  [*] --> Still",
    "stateDiagram\n  [*] --> Still",
    "gantt\n  title A plan",
    'pie title Pets\n  "Dogs" : 386',
    'pie\n  "Cats" : 85',
    "mindmap\n  root((ideas))",
    "erDiagram\n  CUSTOMER ||--o{ ORDER : places",
    "gitGraph\n  commit",
    "xychart-beta\n  x-axis [a, b]",
    "xychart horizontal\n  bar [1, 2]",
    "block\n  columns 3\n  a b c",
    'packet\n  0-15: "Port"',
    "architecture-beta\n  service db(database)[DB]",
    "sankey-beta\n  A,B,10",
    'treemap\n  "Root"\n    "Leaf": 1',
    "radar-beta\n  axis a, b, c",
    'C4Context\n  Person(a, "A")',
    "requirementDiagram\n  element e {\n  }",
    "quadrantChart\n  title Reach",
    "kanban\n  Todo\n    a[Write]",
    // Not converted, but Mermaid: the Worker's 422 names the type.
    "zenuml\n  A.hello()",
  ])("takes %j as Mermaid, whole", (text) => {
    expect(mermaidSource(text)).toBe(text);
  });

  it("takes the inside of a message that is one ```mermaid block, whatever it holds", () => {
    expect(mermaidSource("```mermaid\ngraph TD\n  A-->B\n```")).toBe("graph TD\n  A-->B");
    expect(mermaidSource("  ```Mermaid\nflowchart LR\nA-->B\n```\n")).toBe("flowchart LR\nA-->B");
    // Not Mermaid inside, still sent to be converted: the person said it is, the Worker says where not.
    expect(mermaidSource("```mermaid\ngrph TD\nA-->B\n```")).toBe("grph TD\nA-->B");
  });

  it.each([
    "make a graph of the services",
    "graph the services by team\nand colour them",
    "Graph TD\nA-->B",
    "flowchart of the checkout, please",
    "pie chart of the budget\nsplit by team",
    "timeline of the project\nwith milestones",
    "block the release\nuntil the tests pass",
    "a sequence diagram of the login",
    "sequenceDiagram",
    "graph TD",
    "Add this:\n```mermaid\ngraph TD\nA-->B\n```",
    "```\ngraph TD\nA-->B\n```",
    "```mermaid\n\n```",
    "",
  ])("leaves %j to the agent", (text) => {
    expect(mermaidSource(text)).toBeUndefined();
  });
});
