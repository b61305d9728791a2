/**
 * The tools over the team's house style (`/v1/style`): read it, and replace or forget what it
 * holds. Both are found with `find_tools`: few conversations need them.
 */
import { z } from "zod";
import { HouseThemeSchema } from "../../drawio/index.ts";
import { STYLE_LIMITS, type StyleMemory, StyleRuleTextSchema } from "../../schemas/style.ts";
import { defineTool, type ToolAnswer, ToolInputError } from "./tool.ts";

type Theme = StyleMemory["theme"];

const SOURCES = { conversation: "learned from a conversation", person: "set by a person" };

export const getStyle = defineTool({
  name: "get_style",
  title: "Read the house style",
  description:
    "Read this team's house style: the theme new diagrams get (direction, and draw.io values for every node, per node kind and for edges, learned from styles people changed by hand or pinned by a person) and the rules the agent follows in every turn, each with its source. Call it before changing the style, or to explain why new diagrams look as they do.",
  summary: "the team's house style: the theme new diagrams get and the rules the agent follows",
  core: false,
  input: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, ctx) {
    return styleAnswer(await ctx.api.json<StyleMemory>("GET", "/v1/style"));
  },
});

export const setStyleMemory = defineTool({
  name: "set_style_memory",
  title: "Change the house style",
  description: `Change this team's house style, which every new diagram gets: theme replaces the values pinned by a person (what was learned from hand edits is dropped and learning starts again; {} unpins all), rules replaces every rule (learned ones too; at most ${STYLE_LIMITS.rules}, one short sentence each; [] clears them). clear: true forgets everything instead. Read get_style first and send the whole list you want kept. Answers the house style as it now is.`,
  summary: "replaces the house style's pinned theme or rules, or forgets it all",
  core: false,
  input: z.object({
    theme: HouseThemeSchema.optional().describe(
      'draw.io values: colours "#rrggbb" or "none"; rounded, shadow and curved "0" or "1"; fontSize and strokeWidth as numbers in strings.',
    ),
    rules: z.array(StyleRuleTextSchema).max(STYLE_LIMITS.rules).optional(),
    clear: z.boolean().optional().describe("true: forget the theme and the rules."),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, ctx) {
    const { clear, ...update } = args;
    const editing = update.theme !== undefined || update.rules !== undefined;
    if (clear && editing) throw new ToolInputError("clear: true forgets everything: send it alone");
    if (!clear && !editing) throw new ToolInputError("send theme, rules or both, or clear: true");
    const memory = clear
      ? await ctx.api.json<StyleMemory>("DELETE", "/v1/style")
      : await ctx.api.json<StyleMemory>("PUT", "/v1/style", { body: update });
    return styleAnswer(memory, clear ? "Forgotten." : "Saved.");
  },
});

/**
 * The house style as a model reads it, in a few lines. No output schema: the memory's JSON
 * Schema (two themes) would cost more tokens in every full listing than the lines do here.
 */
function styleAnswer(memory: StyleMemory, lead?: string): ToolAnswer {
  const theme = themeLines(memory.theme);
  const learned = memory.learned_from.diagrams;
  const lines = lead ? [lead] : [];
  if (theme.length === 0 && memory.rules.length === 0) {
    lines.push(
      "The house style is empty: nothing learned or set. New diagrams get the built-in look.",
    );
  } else {
    lines.push(
      `House style (learned from hand edits in ${learned} diagram${learned === 1 ? "" : "s"}; new diagrams get it unless a request says style "none"):`,
    );
    lines.push(theme.length ? "Theme:" : "Theme: none (the built-in look).", ...theme);
    if (Object.keys(memory.pinned).length > 0) {
      lines.push(`Pinned by a person: ${JSON.stringify(memory.pinned)}`);
    }
    lines.push(
      memory.rules.length ? "Rules:" : "Rules: none.",
      ...memory.rules.map((r) => `- ${r.text} (${SOURCES[r.source]})`),
    );
  }
  return { text: lines.join("\n") };
}

/** A theme's values, a line per part: `- decision nodes: fillColor=#fff8e1`. */
function themeLines(theme: Theme): string[] {
  const values = (v: Record<string, string | undefined>) =>
    Object.entries(v)
      .map(([key, value]) => `${key}=${value}`)
      .join(", ");
  const lines: string[] = [];
  if (theme.direction) lines.push(`- direction: ${theme.direction}`);
  const parts: Array<[string, Record<string, string | undefined> | undefined]> = [
    ["every node", theme.node],
    ...Object.entries(theme.kinds ?? {}).map(([kind, v]): [string, typeof v] => [
      `${kind} nodes`,
      v,
    ]),
    ["edges", theme.edge],
  ];
  for (const [what, v] of parts)
    if (v && Object.keys(v).length) lines.push(`- ${what}: ${values(v)}`);
  return lines;
}
