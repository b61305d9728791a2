/**
 * The agent layer's one error: a model that cannot be used for a request. Its `code` is a code
 * of the one problem registry (`schemas/problem-codes.ts`), with that code's status; whoever
 * calls the agent turns it into the API's problem (`diagram/problems.ts`, `modelProblem`).
 */
import { PROBLEM_CODES, type ProblemCode } from "../schemas/problem-codes.ts";

/**
 * Why a model was refused: its provider not configured or a setting malformed (503), not
 * allowed here, or blind to images (422).
 */
export type ModelChoiceCode = Extract<
  ProblemCode,
  "model_not_configured" | "model_settings_invalid" | "model_not_allowed" | "model_lacks_vision"
>;

/**
 * A model that cannot serve a request, with the registry's status for its code and what the
 * caller may try instead (`allowed` models, the refused `model`).
 *
 * @example
 * throw new ModelChoiceError("model_lacks_vision", `model "${name}" does not accept images`, { model: name });
 */
export class ModelChoiceError extends Error {
  override readonly name = "ModelChoiceError";
  readonly code: ModelChoiceCode;
  readonly status: (typeof PROBLEM_CODES)[ModelChoiceCode]["status"];
  /** Members the problem adds (`allowed`, `model`, `setting`). */
  readonly extra: Readonly<Record<string, string | readonly string[]>>;

  constructor(
    code: ModelChoiceCode,
    detail: string,
    extra: Readonly<Record<string, string | readonly string[]>> = {},
  ) {
    super(detail);
    this.code = code;
    this.status = PROBLEM_CODES[code].status;
    this.extra = extra;
  }
}
