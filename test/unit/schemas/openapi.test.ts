import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app.ts";
import {
  isProblemCode,
  PROBLEM_CODE_NAMES,
  PROBLEM_CODES,
} from "../../../worker/schemas/problem-codes.ts";

interface Operation {
  operationId?: string;
  summary?: string;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}

async function openApiDocument(): Promise<{
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}> {
  const res = await app.request("https://drawforge.test/openapi.json");
  expect(res.status).toBe(200);
  return res.json();
}

describe("the OpenAPI document", () => {
  it("passes `redocly lint` with zero errors and zero warnings", async () => {
    const dir = mkdtempSync(join(tmpdir(), "drawforge-openapi-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
    const run = spawnSync("npx", ["redocly", "lint", file, "--format=summary"], {
      encoding: "utf8",
      cwd: process.cwd(),
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output, output).toContain("Your API description is valid");
    expect(output, output).not.toMatch(/\berror\b/i);
    expect(output, output).not.toMatch(/You have \d+ warning/);
    expect(run.status, output).toBe(0);
  }, 60_000);

  it("names every schema and describes every error as a problem", async () => {
    const doc = await openApiDocument();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ where: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(14);
    for (const { where, op } of operations) {
      expect(op.operationId, where).toBeTruthy();
      expect(op.summary, where).toBeTruthy();
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        expect(media.schema.$ref, `${where} request`).toMatch(/^#\/components\/schemas\//);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.["application/json"];
        if (json)
          expect(json.schema.$ref, `${where} ${status}`).toMatch(/^#\/components\/schemas\//);
        if (Number(status) >= 400) {
          const problem = response.content?.["application/problem+json"]?.schema.$ref;
          expect(problem, `${where} ${status}`).toBe("#/components/schemas/Problem");
        }
      }
    }
    for (const name of [
      "Diagram",
      "Problem",
      "Operation",
      "VersionList",
      "VersionDiff",
      "WidgetToken",
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
  });
});

describe("problem codes", () => {
  it("are published as the enum of Problem.code, exactly the registry", async () => {
    const doc = await openApiDocument();
    const problem = doc.components.schemas.Problem as {
      properties: { code: { enum?: string[] } };
    };
    expect(problem.properties.code.enum).toEqual(PROBLEM_CODE_NAMES);
  });

  it("each have a status that is an HTTP error and a summary", () => {
    for (const [code, entry] of Object.entries(PROBLEM_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.summary.length, code).toBeGreaterThan(5);
    }
  });

  it("are what every problem the app renders carries (an unknown route, a bad body)", async () => {
    for (const [path, init] of [
      ["/v1/nowhere", {}],
      [
        "/v1/validate",
        { method: "POST", body: "{", headers: { "content-type": "application/json" } },
      ],
    ] as const) {
      const env = { API_KEYS: "k", RATE_LIMIT: "off" };
      const res = await app.request(`https://drawforge.test${path}`, init, env);
      const body = (await res.json()) as { code: string };
      expect(body.code).not.toBe("internal_error");
      expect(isProblemCode(body.code), body.code).toBe(true);
    }
  });
});
