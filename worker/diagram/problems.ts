/**
 * The API problems a diagram object raises (version mismatch, turn in progress, missing
 * version or publication, failed operations, refused model), gathered in one module.
 */
import { ModelChoiceError } from "../agent/model-choice-error.ts";
import { DrawioError } from "../drawio/index.ts";
import { ApiError, apiErrorOfDrawio, type ProblemInit } from "../http/api-error.ts";
import { isProblem, type PreparedDiagram } from "./documents.ts";
import type { DiagramRow } from "./store.ts";

// The problems a diagram object answers with, in one place.

/** The prepared diagram, or the problem that stopped it, thrown. */
export function orFail(prepared: PreparedDiagram | ProblemInit): PreparedDiagram {
  if (isProblem(prepared))
    throw new ApiError(prepared.status, prepared.code, prepared.detail, prepared.extra);
  return prepared;
}

export function checkVersion(row: DiagramRow, ifMatch: number): void {
  if (ifMatch !== row.head) {
    throw new ApiError(
      412,
      "version_mismatch",
      `you edited version ${ifMatch}, but the diagram is at version ${row.head}; reload it and apply your change again`,
      { head_version: row.head },
    );
  }
}

/** The diagram moved on while a write that could not hold it (a re-layout) was working. */
export function concurrentChange(headVersion: number): never {
  throw new ApiError(409, "concurrent_change", "the diagram changed while it was laid out; retry", {
    head_version: headVersion,
  });
}

/** The running turn's refusal of a second turn or a manual write. */
export function turnInProgress(): never {
  throw new ApiError(
    409,
    "turn_in_progress",
    "the agent is working on this diagram; retry when its turn ends (or cancel it)",
    {},
    { "retry-after": "2" },
  );
}

export function versionNotFound(n: number): never {
  throw new ApiError(404, "version_not_found", `there is no version ${n}`);
}

/** The API form of a failed batch of operations; other errors pass through unchanged. */
export function operationProblem(error: unknown): unknown {
  if (error instanceof DrawioError && error.operation) {
    const { index, op, target } = error.operation;
    const operation = { index, op, code: error.code, ...(target ? { target } : {}) };
    // Work too costly to do is not a failed edit: it has its own code, so that a client can
    // tell "ask for less" from "fix the operation".
    const code =
      error.code === "xpath_too_expensive" ||
      error.code === "replace_text_too_expensive" ||
      error.code === "extend_too_expensive"
        ? error.code
        : "operation_failed";
    return new ApiError(422, code, `${error.message}. Nothing was changed.`, { operation });
  }
  if (error instanceof DrawioError) return apiErrorOfDrawio(error);
  return error;
}

/**
 * The API form of a refused model (503 `model_not_configured` or `model_settings_invalid`, 422
 * `model_not_allowed` or `model_lacks_vision`, with the agent's message and members, e.g. the
 * `setting` to fix); other errors pass through.
 *
 * @example
 * try { chooseModel(c.env, body.model); } catch (error) { throw modelProblem(error); }
 */
export function modelProblem(error: unknown): unknown {
  if (!(error instanceof ModelChoiceError)) return error;
  return new ApiError(error.status, error.code, error.message, { ...error.extra });
}

/** A publication that does not exist, or was revoked (the same answer, on purpose). */
export function publicationNotFound(): never {
  throw new ApiError(
    404,
    "publication_not_found",
    "there is no such publication, or it was revoked",
  );
}
