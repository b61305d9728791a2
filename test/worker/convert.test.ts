/**
 * Mermaid through the API: `POST /v1/convert` (stateless; API keys), the same under a diagram
 * for its edit token, and `POST /v1/diagrams { mermaid }`; bad text gets a 422 naming the line,
 * and nothing is stored.
 */
import { describe, expect, it } from "vitest";
import { api, createDiagram, expectProblem } from "./api.ts";

const FLOW = `---
title: Checkout
---
flowchart LR
  cart[Cart] --> pay{Paid?}
  pay -->|yes| ship([Ship it])
  pay -->|no| cart
  click ship "https://example.com" %% ignored, with a note
`;

describe("POST /v1/convert", () => {
  it("turns a flowchart into editable cells, with findings, lint and notes", async () => {
    const res = await api("/v1/convert", { method: "POST", body: { mermaid: FLOW } });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.type).toBe("flowchart");
    expect(res.json.title).toBe("Checkout");
    expect(res.json.counts).toEqual({ nodes: 3, edges: 3 });
    for (const label of ["Cart", "Paid?", "Ship it", "yes", "no"]) {
      expect(res.json.xml).toContain(label);
    }
    expect(res.json.findings.filter((f: { severity: string }) => f.severity === "error")).toEqual(
      [],
    );
    expect(res.json.notes.join(" ")).toMatch(/click/);
  });

  it("converts each supported type", async () => {
    const sources = {
      state: "stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy : start\n  Busy --> [*]",
      class: "classDiagram\n  Animal <|-- Dog\n  class Dog {\n    +bark() void\n  }",
      sequence: "sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi",
      er: "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER {\n    int id PK\n  }",
      gantt:
        "gantt\n  dateFormat YYYY-MM-DD\n  section Build\n    API :a1, 2026-07-01, 5d\n    UI :after a1, 3d",
      gitGraph: "gitGraph\n  commit\n  branch dev\n  commit\n  checkout main\n  merge dev",
      pie: 'pie title Pets\n  "Dogs" : 3\n  "Cats" : 2',
    };
    for (const [type, mermaid] of Object.entries(sources)) {
      const res = await api("/v1/convert", { method: "POST", body: { mermaid } });
      expect(res.status, `${type}: ${res.text.slice(0, 300)}`).toBe(200);
      expect(res.json.type).toBe(type);
    }
  });

  it("counts what each type declares, beside nodes and edges", async () => {
    const res = await api("/v1/convert", {
      method: "POST",
      body: {
        mermaid:
          "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  CUSTOMER {\n    string id PK\n    string email\n  }",
      },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.counts).toEqual({
      nodes: 2,
      edges: 1,
      entities: 2,
      attributes: 2,
      relationships: 1,
    });
    expect(res.json.xml).toContain("ERzeroToMany");
  });

  it("draws architecture icons from the shape catalogue", async () => {
    const res = await api("/v1/convert", {
      method: "POST",
      body: {
        mermaid:
          "architecture-beta\n  service fn(logos:aws-lambda)[Function]\n  service bucket(logos:aws-s3)[Bucket]\n  fn:R --> L:bucket",
      },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.json.xml).toContain("mxgraph.aws4.");
  });

  it("answers a syntax error with 422 mermaid_syntax naming the line, column and text", async () => {
    const res = await api("/v1/convert", {
      method: "POST",
      body: { mermaid: "flowchart TD\n  A --> B\n  B -->|oops C\n" },
    });
    const problem = expectProblem(res, 422, "mermaid_syntax");
    expect(problem.line).toBe(3);
    expect(problem.column).toBeGreaterThanOrEqual(1);
    expect(problem.text).toContain("oops");
  });

  it("refuses other diagram types, naming the type", async () => {
    const res = await api("/v1/convert", {
      method: "POST",
      body: { mermaid: "zenuml\n  title A plan\n  Alice.pay()" },
    });
    const problem = expectProblem(res, 422, "mermaid_unsupported");
    expect(problem.detail).toContain("zenuml");
    expect(problem.detail).toContain("erDiagram");
  });

  it("answers oversized input within limits: 413 for the text, 413 for 10,000 nodes", async () => {
    const big = await api("/v1/convert", {
      method: "POST",
      body: { mermaid: `flowchart TD\n${"  A --> B\n".repeat(120_000)}` },
    });
    expect([413, 422]).toContain(big.status);
    const lines = Array.from({ length: 10_000 }, (_, i) => `  n${i} --> n${i + 1}`).join("\n");
    const started = Date.now();
    const many = await api("/v1/convert", {
      method: "POST",
      body: { mermaid: `flowchart TD\n${lines}` },
    });
    expect([413, 422]).toContain(many.status);
    expect(many.json.code).toMatch(/^mermaid_too_large$|^invalid_request$/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("POST /v1/diagrams { mermaid }", () => {
  it("stores the converted diagram as version 1, titled from the front matter", async () => {
    const res = await api("/v1/diagrams", { method: "POST", body: { mermaid: FLOW } });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expect(res.json.title).toBe("Checkout");
    const head = await api(`/v1/diagrams/${res.json.id}`);
    expect(head.json.xml).toContain("Ship it");
  });

  it("refuses bad Mermaid before anything is stored", async () => {
    const res = await api("/v1/diagrams", {
      method: "POST",
      body: { mermaid: "flowchart TD\n  A -->" },
    });
    expectProblem(res, 422, "mermaid_syntax");
  });

  it("takes one source only", async () => {
    const res = await api("/v1/diagrams", {
      method: "POST",
      body: { mermaid: FLOW, xml: "<mxGraphModel/>" },
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain("send one of xml, graph and mermaid");
  });

  it("converts for a widget token only under its diagram, and only with the edit scope", async () => {
    const id = await createDiagram();
    const mint = async (scope: "view" | "edit") =>
      (await api(`/v1/diagrams/${id}/tokens`, { method: "POST", body: { scope } })).json
        .token as string;
    const body = { mermaid: "flowchart LR\n  A --> B" };
    for (const scope of ["view", "edit"] as const) {
      const res = await api("/v1/convert", { method: "POST", auth: await mint(scope), body });
      expectProblem(res, 403, "forbidden");
    }
    const under = `/v1/diagrams/${id}/convert`;
    expectProblem(
      await api(under, { method: "POST", auth: await mint("view"), body }),
      403,
      "forbidden",
    );
    const res = await api(under, { method: "POST", auth: await mint("edit"), body });
    expect(res.status, res.text).toBe(200);
    expect(res.json.xml).toContain('value="A"');
  });
});

/** A sequence diagram of `depth` loops nested in each other. */
function nestedLoops(depth: number): string {
  const lines = ["sequenceDiagram", "participant A", "participant B", "A->>B: start"];
  for (let i = 0; i < depth; i++) lines.push(`loop l${i}`);
  lines.push("A->>B: inside");
  for (let i = 0; i < depth; i++) lines.push("end");
  return lines.join("\n");
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe("POST /v1/convert within its bounds (issue #31)", () => {
  it("answers 5,000 nested loops (55 KB) with 413 at once, and the Worker keeps answering", async () => {
    // This text crashed workerd after 34–78 s: the lint kept every overlap of every pair of frames.
    const attack = timed(
      api("/v1/convert", { method: "POST", body: { mermaid: nestedLoops(5_000) } }),
    );
    const probe = await timed(api("/healthz", { auth: null }));
    const { value: res, ms } = await attack;
    const problem = expectProblem(res, 413, "mermaid_too_large");
    expect(problem.detail).toMatch(/frames nested over 50 deep/);
    expect(problem.line).toBe(55);
    expect(ms).toBeLessThan(1_000);
    expect(probe.value.status).toBe(200);
    expect(probe.ms).toBeLessThan(1_000);
  });

  it("converts 50 nested loops, its lint capped at 200 findings and a too_many_findings", async () => {
    const { value: res, ms } = await timed(
      api("/v1/convert", { method: "POST", body: { mermaid: nestedLoops(50) } }),
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const lint = res.json.lint as { code: string; severity: string }[];
    expect(lint).toHaveLength(201);
    expect(lint.at(-1)).toMatchObject({ code: "too_many_findings", severity: "warning" });
    expect(ms).toBeLessThan(2_000);
  });
});
