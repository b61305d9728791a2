/**
 * What a turn says when the model changed nothing through its tools: it refused, it gave an
 * empty answer, or it wrote a diagram in its text (drawn here, or not, and why).
 */
import type { LibraryShapes, ShapeNames } from "../drawio/index.ts";
import type { AnswerOutcome } from "../schemas/agent.ts";
import { drawTextDiagram, findTextDiagram } from "./text-diagram.ts";
import type { WorkingCopy } from "./working-copy.ts";

/** How the model's last answer ended, as the loop saw it. */
export interface QuietAnswerInput {
  /** All the model's words of the turn. */
  text: string;
  /** The last step's finish reason (`content-filter` for a refusal, whatever the provider). */
  finish: string | undefined;
  /** The provider's own finish reason (`refusal`, `content_filter`, `SAFETY`…). */
  rawFinish: string | undefined;
  /** How many tool calls the model made in the turn. */
  toolCalls: number;
}

/** The turn's words, and what happened when it was not an ordinary answer. */
export interface QuietAnswer {
  /** The reply: the model's words, or a sentence saying what happened. */
  text: string;
  outcome?: AnswerOutcome;
}

/**
 * Tells a turn in which nothing changed apart: a refusal (the provider's finish reason says
 * so: OpenAI's `refusal`, Anthropic's `stop_reason: "refusal"`, a content filter), a diagram in
 * the text (drawn on the copy, which then has changed, or refused with the reason), an empty
 * answer (no words, no tool calls), or an ordinary answer (no outcome). A pasted diagram is
 * never part of the reply: it is the diagram, or it was wrong.
 *
 * @example
 * const quiet = await quietAnswer(copy, { text: "", finish: "stop", rawFinish: "stop", toolCalls: 0 });
 * // { text: "The model gave an empty answer; nothing changed.", outcome: "empty_answer" }
 */
export async function quietAnswer(
  copy: WorkingCopy,
  input: QuietAnswerInput,
  options: { shapes?: ShapeNames & LibraryShapes } = {},
): Promise<QuietAnswer> {
  const words = input.text.trim();
  if (input.finish === "content-filter") {
    const why = input.rawFinish ? ` (${input.rawFinish})` : "";
    return {
      outcome: "refused",
      text: words
        ? `The model declined: ${words}`
        : `The model declined to answer${why}; nothing changed.`,
    };
  }
  const found = findTextDiagram(input.text);
  if (found) {
    const what = found.kind === "mermaid" ? "the Mermaid" : "the draw.io XML";
    const drawn = await drawTextDiagram(copy, found, options);
    const rest = found.rest;
    if (drawn.ok) {
      return {
        outcome: "drawn_from_text",
        text: [`Drew the diagram from ${what} in the model's answer.`, rest]
          .filter(Boolean)
          .join("\n\n"),
      };
    }
    return {
      outcome: "text_diagram_invalid",
      text: [
        rest,
        `The model wrote ${what} in its answer instead of calling a tool, and it could not be drawn: ${drawn.reason.replace(/\.$/, "")}. Nothing changed.`,
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
  }
  if (!words && input.toolCalls === 0) {
    const cut = input.finish === "length" ? " (it reached its output limit)" : "";
    return {
      outcome: "empty_answer",
      text: `The model gave an empty answer${cut}; nothing changed.`,
    };
  }
  return { text: input.text };
}
