import { describe, expect, it } from "vitest";
import {
  APIError,
  AuthenticationError,
  DrawforgeError,
  isProblemCode,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PROBLEM_CODES,
  PreconditionFailedError,
  type ProblemCode,
  UnprocessableEntityError,
} from "../../sdk/index.ts";
import { client, SMALL_XML } from "./helpers.ts";

const df = client();

/** The error a call rejects with (fails the test if it resolves). */
async function failure(call: Promise<unknown>): Promise<APIError> {
  const error = await call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe("problem+json from the real Worker becomes typed errors", () => {
  it("401: an unknown key", async () => {
    const error = await failure(client({ apiKey: "wrong" }).diagrams.retrieve("d_0000000000"));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(DrawforgeError);
    expect(error).toMatchObject({
      status: 401,
      code: "invalid_credentials",
      name: "AuthenticationError",
    });
    expect(error.requestId).toMatch(/^req_/);
    expect(error.headers.get("x-request-id")).toBe(error.requestId);
    expect(error.message).toContain("401 invalid_credentials");
  });

  it("404: another tenant's diagram, with code, detail and request id", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    const error = await failure(client({ apiKey: "sdk-key-b" }).diagrams.retrieve(id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe("not_found");
    expect(error.detail.length).toBeGreaterThan(0);
    expect(error.problem).toMatchObject({ status: 404, type: "urn:drawforge:problem:not_found" });
  });

  it("412: a stale ifMatch, with the head version in the problem", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    await df.diagrams.operations.apply(id, [{ op: "set_label", id: "a", value: "v2" }]);
    const error = await failure(df.diagrams.replace(id, { xml: SMALL_XML }, { ifMatch: 1 }));
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect(error.code).toBe("version_mismatch");
    expect(error.problem?.head_version).toBe(2);
  });

  it("422: invalid fields, invalid XML and a failing operation", async () => {
    const invalid = await failure(
      // @ts-expect-error the scope is checked by the type as well as by the API
      df.diagrams.tokens.create("d_0000000000", { scope: "admin" }),
    );
    expect(invalid).toBeInstanceOf(UnprocessableEntityError);
    expect(invalid.code).toBe("invalid_request");
    expect(invalid.problem?.errors?.[0]?.path).toContain("scope");

    const xml = await failure(df.diagrams.create({ xml: "<mxGraphModel><root><mxCell" }));
    expect(xml.code).toBe("invalid_xml");
    expect(Array.isArray(xml.problem?.findings)).toBe(true);

    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    const op = await failure(
      df.diagrams.operations.apply(id, [
        { op: "set_label", id: "a", value: "ok" },
        { op: "delete", id: "nope" },
      ]),
    );
    expect(op).toBeInstanceOf(UnprocessableEntityError);
    expect(op.code).toBe("operation_failed");
    expect(op.problem?.operation).toMatchObject({ index: 1 });
  });

  it("403: a view token used to write", async () => {
    const { id } = await df.diagrams.create({ xml: SMALL_XML });
    const { token } = await df.diagrams.tokens.create(id, { scope: "view" });
    const error = await failure(client({ apiKey: token }).diagrams.delete(id));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.code).toBe("forbidden");
  });

  it("413: XML over the size limit", async () => {
    const huge = `<mxGraphModel><root>${"<!-- padding -->".repeat(700_000)}</root></mxGraphModel>`;
    const error = await failure(df.validate({ xml: huge }));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error.code).toBe("diagram_too_large");
  });

  it("422: a batch without items, or with a malformed id; 404: an unknown batch", async () => {
    // None of these reaches the model: nothing is queued.
    const empty = await failure(df.batches.create({ items: [] }));
    expect(empty).toBeInstanceOf(UnprocessableEntityError);
    expect(empty).toMatchObject({ status: 422, code: "invalid_request" });
    expect(empty.problem?.errors?.[0]?.path).toContain("items");

    const extra = await failure(
      // @ts-expect-error items take no `colour`, and the API refuses unknown fields too
      df.batches.create({ items: [{ prompt: "Login flow", colour: "red" }] }),
    );
    expect(extra.code).toBe("invalid_request");

    const malformed = await failure(df.batches.retrieve("not-a-batch"));
    expect(malformed).toBeInstanceOf(UnprocessableEntityError);

    const unknown = "b_0000000000000000000000";
    // One at a time: started together, a later rejection would go unhandled while the
    // first is awaited.
    for (const call of [
      () => df.batches.retrieve(unknown),
      () => df.batches.cancel(unknown),
      () => df.batches.deliveries.list(unknown),
    ]) {
      const error = await failure(Promise.resolve(call()));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.code).toBe("not_found");
    }
  });

  it("404: an unknown shape library", async () => {
    const error = await failure(df.shapeLibraries.retrieve("nope"));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe("library_not_found");
  });
});

describe("problem codes in the SDK", () => {
  it("exports the registry, and a real problem's code is in it", async () => {
    expect(PROBLEM_CODES.version_mismatch).toMatchObject({ status: 412, retryable: false });
    expect(PROBLEM_CODES.turn_in_progress.retryable).toBe(true);
    const error = await df.diagrams.retrieve("d_0000000000000000000000").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(isProblemCode((error as APIError).code)).toBe(true);
    expect(PROBLEM_CODES[(error as APIError).code as ProblemCode].status).toBe(404);
  });
});
