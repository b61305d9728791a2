/**
 * The README's generated parts, written from the code so they cannot drift from it. Each part sits
 * between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` lines; everything else in the
 * README is prose a person writes. `test/unit/readme.test.ts` fails when a part differs from what
 * this file would write.
 * - `mcp-tools`: the MCP tool listing (which tools `tools/list` shows, how many tokens that costs,
 *   and the table), from the tools themselves;
 * - `batch-queues`: the queues a deployment creates, from `wrangler.toml`;
 * - `sdk-resources`: the SDK's resources and methods, from a client;
 * - `providers`: the model providers, their settings and how each is tested, from the registry.
 * The deployment figures (static files, the Worker's size) are measured by `npm run deploy`, which
 * checks its own part (`deploy-figures`) with {@link deployFiguresPart}.
 *
 *   npm run docs:readme            rewrite the generated parts
 *   npm run docs:readme -- --check  exit 1, naming each part that is out of date
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { experimental_readRawConfig } from "wrangler";
import { Drawforge } from "../../sdk/index.ts";
import { needsInWords, PROVIDERS } from "../agent/providers.ts";
import { MCP_TOOLS, toolListing } from "../routes/mcp/server.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The README this file writes into. */
export const README_PATH = path.join(ROOT, "README.md");

/** Numbers as the README writes them: `2,241`. */
const count = (n: number) => n.toLocaleString("en-US");

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
/** Small counts in words, as prose writes them; larger ones in figures. */
const say = (n: number) => WORDS[n] ?? count(n);

/** Tokens an assistant keeps in its context for a listing (o200k, as `npm run bench -- mcp`). */
function listingTokens(listing: "core" | "all"): number {
  return encode(JSON.stringify({ tools: toolListing(listing) })).length;
}

/** The MCP tools: what `tools/list` shows by default and at `?tools=all`, and a row per tool. */
function mcpToolsPart(): string {
  const core = toolListing("core");
  const all = toolListing("all");
  const diagramCore = core.filter((t) => all.some((a) => a.name === t.name));
  const proxies = core.length - diagramCore.length;
  const intro =
    `The tools (\`tools/list\` shows ${say(core.length)}, ${count(listingTokens("core"))} tokens; ` +
    `\`/mcp?tools=all\` lists all ${say(all.length)} diagram tools, ${count(listingTokens("all"))} ` +
    `tokens, instead of the last ${say(proxies)}):`;
  const row = (name: string, what: string) => `| \`${name}\` | ${what} |`;
  const coreRows = core.map((tool) => row(tool.name, MCP_TOOLS.get(tool.name)?.summary ?? ""));
  const found = all.filter((tool) => !core.some((c) => c.name === tool.name));
  const foundRows = found.map((tool) =>
    row(tool.name, `${MCP_TOOLS.get(tool.name)?.summary ?? ""} (through \`find_tools\`)`),
  );
  return [intro, "", "| tool | what it does |", "|---|---|", ...coreRows, ...foundRows].join("\n");
}

/** The queues of `wrangler.toml` and the commands that create them. */
function batchQueuesPart(): string {
  const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, "wrangler.toml") });
  const queues = rawConfig.queues as
    | {
        producers?: { queue: string }[];
        consumers?: { queue: string; max_retries?: number; dead_letter_queue?: string }[];
      }
    | undefined;
  const consumers = queues?.consumers ?? [];
  const deadLetters = new Set(consumers.flatMap((c) => c.dead_letter_queue ?? []));
  const main = (queues?.producers ?? []).map((p) => p.queue);
  const described = main.map((queue) => {
    const consumer = consumers.find((c) => c.queue === queue);
    const retries = consumer?.max_retries ?? 3;
    const dlq = consumer?.dead_letter_queue;
    const after = dlq
      ? `then its dead-letter queue \`${dlq}\`, whose consumer marks the item failed`
      : "the consumer itself records a message's last failure, so it needs no dead-letter queue";
    return `\`${queue}\` (${count(retries + 1)} attempts; ${after})`;
  });
  const commands = [...main, ...deadLetters].map(
    (queue) => `   npx wrangler queues create ${queue}`,
  );
  return [
    `1. **Queues.** Batches run on ${say(main.length)} queues: ${described.join("; ")}.`,
    "   ```sh",
    ...commands,
    "   ```",
  ].join("\n");
}

/** The methods of an SDK resource (its class's), and the resources under it (its fields). */
function sdkMembers(resource: object): { methods: string[]; children: [string, object][] } {
  const methods = new Set<string>();
  const base = [Object.prototype, Function.prototype];
  for (let proto = Object.getPrototypeOf(resource); proto && !base.includes(proto); ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== "constructor" && typeof Reflect.get(proto, name) === "function") {
        methods.add(name);
      }
    }
    proto = Object.getPrototypeOf(proto);
  }
  // By name: the order of a client's fields depends on how its class was compiled.
  const children = Object.entries(resource)
    .filter(
      (entry): entry is [string, object] =>
        typeof entry[1] === "object" || typeof entry[1] === "function",
    )
    .sort(([a], [b]) => a.localeCompare(b));
  return { methods: [...methods], children };
}

/** The SDK's resources, as a client holds them: each with its methods and the resources below. */
function sdkResourcesPart(): string {
  const df = new Drawforge({ apiKey: "readme", baseUrl: "https://drawforge.example" });
  const code = (names: string[]) => names.map((n) => `\`${n}\``).join(", ");
  const lines: string[] = [];
  const walk = (path: string, resource: object, depth: number) => {
    const { methods, children } = sdkMembers(resource);
    const indent = "  ".repeat(depth);
    if (typeof resource === "function") {
      // A resource that is called, with its variants as functions on it (`generate.stream`).
      const calls = [path, ...children.map(([name]) => `${path}.${name}`)];
      lines.push(`${indent}- ${code(calls.map((c) => `${c}(…)`))}`);
      return;
    }
    lines.push(`${indent}- \`${path}\`: ${code(methods)}`);
    for (const [name, child] of children) walk(`${path}.${name}`, child, depth + 1);
  };
  const { methods, children } = sdkMembers(df);
  lines.push(`- ${code(methods.map((m) => `df.${m}(…)`))}`);
  for (const [name, child] of children) walk(`df.${name}`, child, 0);
  return lines.join("\n");
}

/** The deployment's figures as the README states them, from `npm run deploy`'s measurements. */
export function deployFiguresPart(figures: {
  assetFiles: number;
  assetMiB: number;
  gzipKiB: number;
}): string {
  const gzipMiB = (figures.gzipKiB / 1024).toFixed(1);
  return [
    `   Today's figures (\`npm run deploy -- --dry-run\`): the Worker is about ${gzipMiB} MiB gzip`,
    "   (the PNG rasteriser, its fonts and the layout engine), over the free plan's 3 MiB, so",
    "   deploying needs the Workers paid plan (10 MiB); the static assets are",
    `   ${count(figures.assetFiles)} files, ${figures.assetMiB.toFixed(1)} MiB (without draw.io itself).`,
  ].join("\n");
}

/**
 * What is wrong with the deployment figures a README part states, against measured ones: each
 * figure more than `tolerance` (a share) away from its measure, as a sentence. Small moves (a
 * few KiB of code) are not drift; a figure from another release is.
 */
export function deployFiguresDrift(
  part: string,
  figures: { assetFiles: number; assetMiB: number; gzipKiB: number },
  tolerance = 0.05,
): string[] {
  const stated = {
    gzipMiB: Number(/about ([\d.]+) MiB gzip/.exec(part)?.[1]),
    assetFiles: Number(/([\d,]+) files,/.exec(part)?.[1]?.replaceAll(",", "")),
    assetMiB: Number(/files, ([\d.]+) MiB/.exec(part)?.[1]),
  };
  const measured = {
    gzipMiB: figures.gzipKiB / 1024,
    assetFiles: figures.assetFiles,
    assetMiB: figures.assetMiB,
  };
  return (Object.keys(stated) as (keyof typeof stated)[])
    .filter((key) => !(Math.abs(stated[key] - measured[key]) <= tolerance * measured[key]))
    .map((key) => `${key}: the README says ${stated[key]}, measured ${measured[key].toFixed(1)}`);
}

/**
 * How each provider is proven, by id: the e2e scenarios of `test/agent/providers.test.ts` run
 * against the scripted model server's mode for its wire protocol, through the real AI SDK
 * provider. Providers without an entry share a tested provider's SDK and wire.
 */
const PROVIDER_PROOF: Readonly<Record<string, string>> = {
  openai: "all agent e2e tests (Chat Completions); the e2e scenarios in Responses mode",
  azure: "the e2e scenarios (Responses, Azure's v1 URL)",
  anthropic: "the e2e scenarios (Messages; cache marks, thinking)",
  google: "the e2e scenarios (generateContent)",
  bedrock: "the e2e scenarios (Converse stream, AWS event-stream framing, SigV4)",
  ollama: "the e2e scenarios (Chat Completions through the compatible provider)",
};

/** The providers: name, settings, protocol and proof, one row each. */
function providersPart(): string {
  const rows = PROVIDERS.map((p) => {
    const optional = p.optional?.length
      ? `; optional ${p.optional.map((o) => `\`${o}\``).join(", ")}`
      : "";
    const base = p.defaultBaseUrl
      ? `; \`${p.baseUrl}\` (default \`${p.defaultBaseUrl}\`)`
      : p.baseUrl && !p.needs.flat().includes(p.baseUrl)
        ? `; \`${p.baseUrl}\` for a proxy`
        : "";
    const needs = needsInWords(p).replace(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g, "`$1`");
    const proof =
      PROVIDER_PROOF[p.id] ?? "same SDK and wire as `ollama`; its settings and URL in unit tests";
    return `| \`${p.id}\` | ${p.label} | ${needs}${base}${optional} | ${p.protocol} (\`${p.sdk}\`) | \`${p.example}\` | ${proof} |`;
  });
  return [
    "| provider | for | set | speaks | e.g. | tested by |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The parts this file writes, by name. */
export const README_PARTS: Readonly<Record<string, () => string>> = {
  "mcp-tools": mcpToolsPart,
  "batch-queues": batchQueuesPart,
  "sdk-resources": sdkResourcesPart,
  providers: providersPart,
};

const PART = /(<!-- generated:([a-z-]+) -->\n)([\s\S]*?)(\n *<!-- \/generated:\2 -->)/g;

/** The text of one generated part as it stands in `readme`, or undefined without its markers. */
export function readmePart(readme: string, name: string): string | undefined {
  for (const match of readme.matchAll(PART)) if (match[2] === name) return match[3];
  return undefined;
}

/**
 * `readme` with the named parts rewritten by `parts` (every part this file knows by default).
 * A part the README does not mark is an error: a renamed marker must not silently stop checking.
 */
export function rewriteReadme(
  readme: string,
  parts: Readonly<Record<string, () => string>> = README_PARTS,
): string {
  for (const name of Object.keys(parts)) {
    if (readmePart(readme, name) === undefined) {
      throw new Error(`README.md has no <!-- generated:${name} --> part`);
    }
  }
  return readme.replace(PART, (whole, open: string, name: string, _body, close: string) => {
    const part = parts[name];
    return part ? `${open}${part()}${close}` : whole;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const readme = readFileSync(README_PATH, "utf8");
  const next = rewriteReadme(readme);
  const stale = Object.keys(README_PARTS).filter(
    (name) => readmePart(readme, name) !== readmePart(next, name),
  );
  if (process.argv.includes("--check")) {
    if (stale.length > 0) {
      console.error(`README.md is out of date in: ${stale.join(", ")} (npm run docs:readme)`);
      process.exit(1);
    }
  } else {
    writeFileSync(README_PATH, next);
    console.log(stale.length > 0 ? `rewrote ${stale.join(", ")}` : "README.md is up to date");
  }
}
