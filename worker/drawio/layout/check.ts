/**
 * The checks of a graph spec the schema cannot make (unique ids, known references, no group
 * cycles).
 */
import { DrawioError, type SpecProblem } from "../errors.ts";
import type { GraphSpec } from "./spec.ts";

export type { SpecProblem } from "../errors.ts";

/**
 * The error for a refused graph spec: a {@link DrawioError} (`invalid_graph`) whose `problems`
 * list every problem found, not only the first.
 *
 * @example
 * try { await layoutGraph(spec); } catch (e) { if (e instanceof DrawioError) e.problems; }
 */
export function graphSpecError(problems: SpecProblem[]): DrawioError {
  const first = problems[0]?.message ?? "the graph is not valid";
  const left = problems.length - 1;
  const more = left > 0 ? ` (and ${left} more problem${left === 1 ? "" : "s"})` : "";
  return new DrawioError("invalid_graph", `${first}${more}`, { problems });
}

/**
 * Checks what the schema cannot: ids unique over nodes and groups, every reference known, and
 * group nesting free of cycles. Throws an `invalid_graph` {@link DrawioError} listing every problem.
 *
 * @example
 * checkSpec(GraphSpecSchema.parse(input));
 */
export function checkSpec(spec: GraphSpec): void {
  const problems: SpecProblem[] = [];
  const seen = new Map<string, string>();
  const claim = (id: string, path: string) => {
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push({
        code: "duplicate_id",
        path,
        message: `id "${id}" is used twice (${first} and ${path})`,
      });
    } else {
      seen.set(id, path);
    }
  };
  for (const [i, n] of spec.nodes.entries()) claim(n.id, `nodes.${i}.id`);
  for (const [i, g] of spec.groups.entries()) claim(g.id, `groups.${i}.id`);

  const nodes = new Set(spec.nodes.map((n) => n.id));
  const groups = new Map(spec.groups.map((g) => [g.id, g]));
  spec.nodes.forEach((n, i) => {
    if (n.group !== undefined && !groups.has(n.group)) {
      problems.push({
        code: "unknown_group",
        path: `nodes.${i}.group`,
        message: `node "${n.id}" names group "${n.group}", which does not exist`,
      });
    }
  });
  spec.groups.forEach((g, i) => {
    if (g.parent !== undefined && !groups.has(g.parent)) {
      problems.push({
        code: "unknown_group",
        path: `groups.${i}.parent`,
        message: `group "${g.id}" names parent "${g.parent}", which does not exist`,
      });
    }
  });
  spec.edges.forEach((e, i) => {
    for (const end of ["from", "to"] as const) {
      if (!nodes.has(e[end])) {
        const what = groups.has(e[end]) ? "a group; edges join nodes" : "not a node";
        problems.push({
          code: "unknown_node",
          path: `edges.${i}.${end}`,
          message: `edge ${i} ${end} "${e[end]}" is ${what}`,
        });
      }
    }
  });
  spec.groups.forEach((g, i) => {
    const chain = new Set<string>([g.id]);
    let parent = g.parent;
    while (parent !== undefined) {
      if (chain.has(parent)) {
        problems.push({
          code: "group_cycle",
          path: `groups.${i}.parent`,
          message: `groups nest in a cycle: ${[...chain, parent].join(" → ")}`,
        });
        break;
      }
      chain.add(parent);
      parent = groups.get(parent)?.parent;
    }
  });
  if (problems.length > 0) throw graphSpecError(problems);
}
