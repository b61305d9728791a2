/**
 * `df.style` against the real Worker: the house style read, set and cleared with an API key, read
 * with an edit token, refused to other tokens. Its own tenant: a tenant's style reaches all its
 * turns, and other files run turns at the same time.
 */
import { describe, expect, it } from "vitest";
import { PermissionDeniedError, UnprocessableEntityError } from "../../sdk/index.ts";
import { client, SMALL_XML } from "./helpers.ts";

const df = client({ apiKey: "sdk-key-style" });
const EMPTY = { theme: {}, pinned: {}, rules: [], learned_from: { diagrams: 0 } };

describe("style", () => {
  it("sets, reads and clears the house style with an API key", async () => {
    expect(await df.style.get()).toMatchObject({ ...EMPTY, updated_at: null });

    const set = await df.style.set({
      theme: {
        direction: "right",
        node: { fillColor: "#E0F2F1", strokeColor: "#00796b", rounded: "1" },
        kinds: { decision: { fillColor: "#fff8e1" } },
        edge: { edgeStyle: "orthogonalEdgeStyle" },
      },
      rules: ["Label databases with their engine (Postgres)."],
    });
    const theme = {
      direction: "right",
      node: { fillColor: "#e0f2f1", strokeColor: "#00796b", rounded: "1" },
      kinds: { decision: { fillColor: "#fff8e1" } },
      edge: { edgeStyle: "orthogonalEdgeStyle" },
    };
    expect(set).toMatchObject({ theme, pinned: theme, learned_from: { diagrams: 0 } });
    expect(set.rules).toEqual([
      {
        text: "Label databases with their engine (Postgres).",
        source: "person",
        updated_at: expect.any(String),
      },
    ]);
    expect(set.updated_at).not.toBeNull();
    expect(await df.style.get()).toEqual(set);

    // Rules alone leave the pinned theme as it was.
    const rulesOnly = await df.style.set({ rules: ["Group services by team."] });
    expect(rulesOnly.theme).toEqual(theme);
    expect(rulesOnly.rules.map((r) => r.text)).toEqual(["Group services by team."]);

    const cleared = await df.style.clear();
    expect(cleared).toMatchObject(EMPTY);
    expect(await df.style.get()).toMatchObject(EMPTY);
  });

  it("refuses an empty or malformed edit with the fields named", async () => {
    const empty = await df.style.set({}).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(UnprocessableEntityError);
    const colour = await df.style
      .set({ theme: { node: { fillColor: "teal" } } })
      .catch((e: unknown) => e);
    expect(colour).toBeInstanceOf(UnprocessableEntityError);
    expect((colour as UnprocessableEntityError).problem?.errors).toEqual([
      expect.objectContaining({ path: "theme.node.fillColor" }),
    ]);
  });

  it("lets an edit token read the style but not change it; a view token not even read", async () => {
    const { id } = await df.diagrams.create({ title: "Style reader", xml: SMALL_XML });
    const edit = client({ apiKey: (await df.diagrams.tokens.create(id, { scope: "edit" })).token });
    expect(await edit.style.get()).toEqual(await df.style.get());
    await expect(edit.style.set({ rules: ["Mine now."] })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(edit.style.clear()).rejects.toBeInstanceOf(PermissionDeniedError);
    const view = client({ apiKey: (await df.diagrams.tokens.create(id, { scope: "view" })).token });
    await expect(view.style.get()).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});
