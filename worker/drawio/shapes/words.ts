/**
 * The words of shape search: names split into words, stems, synonyms, library names a query may
 * use, and edit distance for near misses.
 */

/** Query words that mean the same as words draw.io uses in titles and tags. */
const SYNONYMS: Record<string, string[]> = {
  k8s: ["kubernetes"],
  kube: ["kubernetes"],
  postgres: ["postgresql"],
  pg: ["postgresql"],
  lb: ["load", "balancer"],
  elb: ["elastic", "load", "balancing"],
  alb: ["application", "load", "balancer"],
  db: ["database"],
  fn: ["function"],
  func: ["function"],
  faas: ["function"],
  vm: ["virtual", "machine"],
  pubsub: ["pub", "sub"],
  msg: ["message"],
  mq: ["queue"],
  gw: ["gateway"],
  apigw: ["api", "gateway"],
  auth: ["authentication"],
  person: ["user"],
  people: ["users"],
  human: ["user"],
  pc: ["computer"],
};

/** Kubernetes icons are titled by abbreviation (SVC, ING, PVC…): what each one stands for. */
export const KUBERNETES_ALIASES: Record<string, string> = {
  api: "api server",
  c_c_m: "cloud controller manager",
  c_m: "controller manager",
  c_role: "cluster role",
  cm: "config map configmap",
  crb: "cluster role binding",
  crd: "custom resource definition",
  deploy: "deployment",
  ds: "daemon set daemonset",
  ep: "endpoint endpoints",
  hpa: "horizontal pod autoscaler",
  ing: "ingress",
  k_proxy: "kube proxy",
  netpol: "network policy",
  ns: "namespace",
  psp: "pod security policy",
  pv: "persistent volume",
  pvc: "persistent volume claim",
  rb: "role binding",
  rs: "replica set replicaset",
  sa: "service account",
  sc: "storage class",
  sched: "scheduler",
  sts: "stateful set statefulset",
  svc: "service",
  vol: "volume",
};

/**
 * Query words that name a vendor or notation rather than a shape: they steer the ranking to
 * those libraries (newest first) instead of having to appear in a title.
 */
export const LIBRARY_WORDS: Record<string, string[]> = {
  aws: ["aws4", "aws4b", "aws3", "aws2", "aws3d"],
  amazon: ["aws4", "aws4b", "aws3", "aws2", "aws3d"],
  azure: ["azure2", "azure", "mscae"],
  microsoft: ["azure2", "azure", "mscae", "office"],
  gcp: ["gcp2", "gcp"],
  google: ["gcp2", "gcp"],
  kubernetes: ["kubernetes"],
  k8s: ["kubernetes"],
  cisco: ["cisco19", "cisco", "cisco_safe"],
  bpmn: ["bpmn"],
  uml: ["uml", "uml25"],
  ibm: ["ibm"],
  citrix: ["citrix"],
  android: ["android"],
  ios: ["ios"],
  veeam: ["veeam2", "veeam"],
};

/** Splits text into lower-case words: `"ElasticLoadBalancing_v2"` → `elastic load balancing v2`. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * A crude stem, so that "balancer" and "balancing", "database" and "databases" meet.
 *
 * @example
 * stem("balancing") === stem("balancer"); // true
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ing", "ers", "er", "es", "ed", "s", "e"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4)
      return word.slice(0, -suffix.length);
  }
  return word;
}

/** What a query asks for: the stems to find (synonyms expanded), and libraries it names. */
export interface ParsedQuery {
  stems: string[];
  libraries: string[];
}

/**
 * Splits a query into the stems to find and the libraries it names (`"aws lambda"` → stems
 * `lambda`, libraries aws4…); a query of library names alone searches for those words.
 *
 * @example
 * parseQuery("k8s pod"); // { stems: ["pod"], libraries: ["kubernetes"] }
 */
export function parseQuery(query: string): ParsedQuery {
  const words = wordsOf(query);
  const libraries: string[] = [];
  const rest = words.filter((w) => {
    const named = LIBRARY_WORDS[w];
    if (!named) return true;
    libraries.push(...named);
    return false;
  });
  const stems: string[] = [];
  for (const word of rest.length > 0 ? rest : words) {
    for (const w of SYNONYMS[word] ?? [word]) stems.push(stem(w));
  }
  return { stems: [...new Set(stems)], libraries: rest.length > 0 ? [...new Set(libraries)] : [] };
}

/** Levenshtein distance, giving up (returning `max + 1`) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length] as number;
}
