/**
 * Small nudges between libraries that draw the same things: the current icon sets before the
 * ones draw.io keeps for old diagrams. Search ranking adds them to scores; the style lookup
 * uses them to choose which library's entry a shared name stands for.
 */

const LIBRARY_WEIGHT: Readonly<Record<string, number>> = {
  aws4: 4,
  azure2: 4,
  gcp2: 4,
  cisco19: 4,
  kubernetes: 4,
  bpmn: 2,
  flowchart: 2,
  basic: 2,
  network: 2,
  aws4b: -1,
  aws3: -2,
  aws2: -3,
  aws3d: -3,
  azure: -2,
  mscae: -2,
  gcp: -2,
  cisco: -1,
  clipart: -3,
  active_directory: -2,
  allied_telesis: -2,
};

/**
 * How much a library is preferred (0 for libraries without a nudge).
 *
 * @example
 * libraryWeight("aws4"); // 4
 * libraryWeight("aws3"); // -2
 */
export function libraryWeight(library: string): number {
  return LIBRARY_WEIGHT[library] ?? 0;
}
