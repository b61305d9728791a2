/**
 * The git operations a git graph's statements perform, in order: commits on the checked-out
 * branch, new branches, checkouts, merges and cherry-picks, refused as Mermaid refuses them
 * (a branch that does not exist, a branch merged into itself, a name taken twice, …).
 */
import { MAX_MERMAID_NODES, mermaidSyntax, tooManyNodes } from "../source.ts";
import type { Branch, Commit, CommitKind } from "./model.ts";
import type { Located, Statement } from "./statements.ts";

/** The state of the repository while the statements run. */
export class History {
  readonly commits: Commit[] = [];
  readonly branches = new Map<string, Branch>();
  readonly notes: string[] = [];
  /** Each branch's head, by index into `commits` (undefined before its first commit). */
  readonly #heads = new Map<string, number | undefined>();
  /** Commits by id; a reused id points at its last commit, as in Mermaid. */
  readonly #byId = new Map<string, number>();
  #current: string;

  constructor(main: string, mainOrder: number | undefined) {
    this.#current = main;
    this.branches.set(main, {
      name: main,
      index: 0,
      ...(mainOrder === undefined ? {} : { order: mainOrder }),
    });
    this.#heads.set(main, undefined);
  }

  /** Runs one statement. */
  run(s: Statement): void {
    if (s.keyword === "commit") this.#commit(s);
    else if (s.keyword === "branch") this.#branch(s);
    else if (s.keyword === "checkout") this.#checkout(s, s.name as Located);
    else if (s.keyword === "merge") this.#merge(s);
    else if (s.keyword === "cherry-pick") this.#cherryPick(s);
  }

  #commit(s: Statement): void {
    const type = s.options.get("type")?.[0]?.value;
    const kind: CommitKind =
      type === "REVERSE" ? "reverse" : type === "HIGHLIGHT" ? "highlight" : "normal";
    const head = this.#heads.get(this.#current);
    this.#add(s, kind, kind, head === undefined ? [] : [head]);
  }

  #branch(s: Statement): void {
    const name = s.name as Located;
    if (this.branches.has(name.value)) {
      throw mermaidSyntax(
        s.at,
        `there is already a branch "${name.value}": use checkout ${name.value} to go back to it`,
        name.offset,
      );
    }
    const order = s.options.get("order")?.[0]?.value;
    this.branches.set(name.value, {
      name: name.value,
      index: this.branches.size,
      ...(order === undefined ? {} : { order: Number(order) }),
    });
    this.#heads.set(name.value, this.#heads.get(this.#current));
    this.#current = name.value;
  }

  #checkout(s: Statement, name: Located): void {
    if (!this.branches.has(name.value)) {
      throw mermaidSyntax(
        s.at,
        `there is no branch "${name.value}" to check out yet: create it with branch ${name.value}`,
        name.offset,
      );
    }
    this.#current = name.value;
  }

  #merge(s: Statement): void {
    const name = s.name as Located;
    const fail = (message: string, offset = name.offset) => mermaidSyntax(s.at, message, offset);
    if (name.value === this.#current) throw fail(`cannot merge branch "${name.value}" into itself`);
    if (!this.branches.has(name.value)) throw fail(`there is no branch "${name.value}" to merge`);
    const head = this.#heads.get(this.#current);
    const other = this.#heads.get(name.value);
    if (head === undefined)
      throw fail(`the current branch "${this.#current}" has no commits to merge into`);
    if (other === undefined) throw fail(`branch "${name.value}" has no commits to merge`);
    if ((this.commits[head] as Commit).branch === name.value) {
      throw fail(`cannot merge branch "${name.value}" into itself: the current head is its commit`);
    }
    if (head === other)
      throw fail(
        `"${this.#current}" and "${name.value}" have the same head: there is nothing to merge`,
      );
    const id = s.options.get("id")?.[0];
    if (id && this.#byId.has(id.value))
      throw fail(`a commit "${id.value}" already exists: give the merge another id`, id.offset);
    const type = s.options.get("type")?.[0]?.value;
    const symbol =
      type === "REVERSE"
        ? "reverse"
        : type === "HIGHLIGHT"
          ? "highlight"
          : type === "NORMAL"
            ? "normal"
            : "merge";
    this.#add(s, "merge", symbol, [head, other]);
  }

  #cherryPick(s: Statement): void {
    const id = s.options.get("id")?.[0];
    if (!id)
      throw mermaidSyntax(
        s.at,
        'cherry-pick needs the id of the commit it picks: cherry-pick id: "…"',
        "cherry-pick".length,
      );
    const source = this.#byId.get(id.value);
    if (source === undefined)
      throw mermaidSyntax(s.at, `there is no commit "${id.value}" to cherry-pick`, id.offset);
    const picked = this.commits[source] as Commit;
    const parent = s.options.get("parent")?.[0];
    if (parent && !picked.parents.some((p) => (this.commits[p] as Commit).id === parent.value)) {
      throw mermaidSyntax(
        s.at,
        `"${parent.value}" is not a parent of commit "${id.value}"`,
        parent.offset,
      );
    }
    if (picked.kind === "merge" && !parent) {
      throw mermaidSyntax(
        s.at,
        `"${id.value}" is a merge commit: name the parent to pick with parent: "…"`,
        id.offset,
      );
    }
    if (picked.branch === this.#current) {
      throw mermaidSyntax(
        s.at,
        `commit "${id.value}" is already on the current branch "${this.#current}"`,
        id.offset,
      );
    }
    const head = this.#heads.get(this.#current);
    if (head === undefined)
      throw mermaidSyntax(
        s.at,
        `the current branch "${this.#current}" has no commits to cherry-pick onto`,
        id.offset,
      );
    const auto = `cherry-pick:${picked.id}${parent ? `|parent:${parent.value}` : ""}`;
    this.#add(
      s,
      "cherryPick",
      "cherryPick",
      [head, source],
      s.options.has("tag") ? undefined : auto,
    );
  }

  #add(
    s: Statement,
    kind: CommitKind,
    symbol: Commit["symbol"],
    parents: number[],
    autoTag?: string,
  ): void {
    if (this.commits.length >= MAX_MERMAID_NODES) throw tooManyNodes(s.at);
    const seq = this.commits.length;
    const given = kind === "cherryPick" ? undefined : s.options.get("id")?.[0]?.value;
    const declared = (s.options.get("tag") ?? []).map((t) => t.value).filter((t) => t !== "");
    const id =
      given ??
      `${seq}-${stableHash(`${seq}:${this.#current}:${parents.map((p) => (this.commits[p] as Commit).id).join(",")}`)}`;
    if (given !== undefined && this.#byId.has(given)) {
      this.notes.push(
        `line ${s.at.line}: commit id "${given}" is used twice; both commits are drawn, and later references mean the last one, as in Mermaid`,
      );
    }
    const message = s.options.get("msg")?.[0]?.value;
    const commit: Commit = {
      id,
      givenId: given !== undefined,
      seq,
      branch: this.#current,
      kind,
      symbol,
      tags: autoTag === undefined ? declared : [autoTag],
      declaredTags: declared.length,
      parents,
      at: s.at,
      ...(message === undefined ? {} : { message }),
    };
    this.commits.push(commit);
    this.#byId.set(id, seq);
    this.#heads.set(this.#current, seq);
  }
}

/**
 * Seven hex digits that depend only on `text` (FNV-1a): Mermaid makes a commit without an id a
 * random `<seq>-<7 characters>` name; ours is the same shape but the same on every conversion.
 */
export function stableHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0").slice(0, 7);
}
