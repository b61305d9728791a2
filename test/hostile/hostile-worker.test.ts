import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_CASES } from "../fixtures/hostile/index.ts";
import { HostileRunner } from "../support/hostile-runner.ts";
import { type LocalWorker, startLocalWorker } from "../support/local-worker.ts";

// Issue #31: the inputs an outside review saw crash workerd or hold an isolate for seconds to
// minutes, sent to the real Worker (workerd under wrangler). Each must be answered with its
// right status within the goal, no answer may be a 5xx, and a `GET /healthz` asked over and
// over meanwhile must always answer within a second: a case that blocks the isolate fails here
// even when its own answer is quick. `npm run bench -- hostile` times every case of the table.

const KEY = "hostile-test-key";
const CRITICAL = HOSTILE_CASES.filter((c) => c.critical);

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

describe("the Worker under the inputs that crashed or hung it", () => {
  it("has at least 60 cases in the table, and the crash and hang cases among them", () => {
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(60);
    expect(CRITICAL.length).toBeGreaterThanOrEqual(15);
  });

  it.each(CRITICAL.map((c) => [c.name, c] as const))(
    "%s: the right answer, quickly, and /healthz answers within 1 s meanwhile",
    async (_name, hostile) => {
      const result = await runner.run(hostile);
      expect(result.problems).toEqual([]);
      expect(result.probeMs).toBeLessThan(1_000);
      expect(result.ms).toBeLessThan(5_000);
    },
  );
});
