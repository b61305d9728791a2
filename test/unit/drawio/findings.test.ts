import { describe, expect, it } from "vitest";
import {
  capFindings,
  FINDING_LIMITS,
  type Finding,
  FindingList,
  hasErrors,
} from "../../../worker/drawio/check/findings.ts";

const warning = (n: number, message = `warning ${n}`): Finding => ({
  code: "overlap",
  severity: "warning",
  message,
  cellId: `c${n}`,
});
const error = (n: number): Finding => ({
  code: "unknown_parent",
  severity: "error",
  message: `error ${n}`,
  cellId: `e${n}`,
});

describe("FindingList", () => {
  it("keeps at most FINDING_LIMITS.count findings and counts the rest in one last finding", () => {
    const list = new FindingList();
    for (let n = 0; n < 1_000; n++) list.add(warning(n));
    const out = list.toArray();
    expect(out).toHaveLength(FINDING_LIMITS.count + 1);
    expect(out.at(-1)).toMatchObject({ code: "too_many_findings", severity: "warning" });
    expect(out.at(-1)?.message).toMatch(/^800 more findings left out/);
  });

  it("caps the bytes of messages too, counting UTF-8 bytes", () => {
    const list = new FindingList();
    // 3 bytes a character: 10 findings of 10,000 characters fill 100,000 bytes after three.
    for (let n = 0; n < 10; n++) list.add(warning(n, "漢".repeat(10_000)));
    const out = list.toArray();
    expect(out).toHaveLength(4);
    expect(out.at(-1)?.message).toMatch(/^7 more findings left out/);
  });

  it("makes the last finding an error when an error was left out, so a cut list stays invalid", () => {
    const list = new FindingList({ count: 2, messageBytes: 1_000 });
    list.add(warning(1));
    list.add(warning(2));
    list.add(error(3));
    expect(list.toArray().at(-1)).toMatchObject({ code: "too_many_findings", severity: "error" });
    expect(hasErrors(list.toArray())).toBe(true);
  });

  it("says there may be more when the producer stopped once it was full", () => {
    const list = new FindingList({ count: 2, messageBytes: 1_000 });
    list.add(warning(1));
    list.add(warning(2));
    expect(list.full).toBe(true);
    list.stop();
    expect(list.toArray().at(-1)?.message).toMatch(
      /stopped once the list was full, so there may be more/,
    );
  });

  it("counts findings left out without their message (leaveOut)", () => {
    const list = new FindingList({ count: 1, messageBytes: 1_000 });
    list.add(warning(1));
    list.leaveOut("warning");
    list.leaveOut("warning");
    expect(list.toArray().at(-1)?.message).toMatch(/^2 more findings left out/);
  });

  it("gives findings the page it is on, and reorders the last ones kept", () => {
    const list = new FindingList();
    list.add(warning(1));
    list.page = 3;
    list.add(warning(3));
    list.add(warning(2));
    list.sortSince(1, (p, q) => q - p);
    expect(list.toArray().map((f) => [f.cellId, f.page])).toEqual([
      ["c1", undefined],
      ["c2", 3],
      ["c3", 3],
    ]);
  });

  it("keeps the closing findings of lists it joins, whatever its limits", () => {
    const first = new FindingList({ count: 1, messageBytes: 1_000 });
    first.add(warning(1));
    first.add(warning(2));
    const joined = capFindings([
      ...first.toArray(),
      ...Array.from({ length: 300 }, (_, n) => warning(n)),
    ]);
    expect(joined).toHaveLength(FINDING_LIMITS.count + 2);
    expect(joined.filter((f) => f.code === "too_many_findings")).toHaveLength(2);
  });
});
