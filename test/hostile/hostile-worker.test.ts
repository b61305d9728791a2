import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_CASES, type HostileCase } from "../fixtures/hostile/index.ts";
import { MERMAID_TYPE_CASES } from "../fixtures/hostile/mermaid-cases.ts";
import { HostileRunner } from "../support/hostile-runner.ts";
import { type LocalWorker, startLocalWorker } from "../support/local-worker.ts";

// Issue #31: the inputs an outside review saw crash workerd, hold an isolate for seconds to
// minutes or make storage anonymously, and those it found slow within the documented limits,
// sent to the real Worker (workerd under wrangler). No answer may be a 5xx or a status the
// case does not expect. While a crash, hang or storage case runs, a `GET /healthz` asked over
// and over must always answer within a second: a case that blocks the isolate fails here even
// when its own answer is quick. The slow cases must answer within twice the goal of 2 s (the
// test shares the machine; `npm run bench -- hostile` holds every case of the table to 2 s).

const KEY = "hostile-test-key";
const of = (...kinds: NonNullable<HostileCase["issue"]>[]) =>
  HOSTILE_CASES.filter((c) => c.issue && kinds.includes(c.issue)).map((c) => [c.name, c] as const);

let worker: LocalWorker;
let runner: HostileRunner;

beforeAll(async () => {
  worker = await startLocalWorker({ API_KEYS: KEY, RATE_LIMIT: "off" });
  runner = new HostileRunner({ origin: worker.url, key: KEY, timeoutMs: 30_000 });
  await runner.warmUp();
});

afterAll(async () => {
  await worker?.dispose();
});

describe("the Worker under the inputs of issue #31", () => {
  it("has at least 60 cases in the table, every finding of the issue among them", () => {
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(60);
    for (const kind of ["crash", "hang", "storage", "slow"] as const) {
      expect(of(kind).length, kind).toBeGreaterThan(0);
    }
  });

  it.each(of("crash", "hang", "storage"))(
    "%s: the right answer, and /healthz answers within 1 s meanwhile",
    async (_name, hostile) => {
      const result = await runner.run(hostile);
      expect(result.problems).toEqual([]);
      expect(result.probeMs).toBeLessThan(1_000);
      expect(result.ms).toBeLessThan(2_000);
    },
  );

  it.each(of("slow"))("%s: the right answer within twice the goal", async (_name, hostile) => {
    const result = await runner.run(hostile);
    expect(result.problems).toEqual([]);
    expect(result.ms).toBeLessThan(4_000);
    expect(result.probeMs).toBeLessThan(4_000);
  });
});

describe("the Worker under each Mermaid type's extremes (issue #34)", () => {
  it.each(MERMAID_TYPE_CASES.map((c) => [c.name, c] as const))(
    "%s: converted or refused, and /healthz answers within 1 s meanwhile",
    async (_name, hostile) => {
      const result = await runner.run(hostile);
      expect(result.problems).toEqual([]);
      expect(result.probeMs).toBeLessThan(1_000);
      expect(result.ms).toBeLessThan(2_000);
    },
  );
});
