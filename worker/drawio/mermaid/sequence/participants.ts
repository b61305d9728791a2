/**
 * The participants of a sequence diagram as statements name them: declared or first used, in
 * that order; in boxes; created by a message or destroyed by one. Names used where Mermaid does
 * not allow them (before their creating message, after their destroying one) are refused.
 */

import { MAX_MERMAID_NODES, mermaidSyntax, type SourceLine, tooManyNodes } from "../source.ts";
import { boxColourAndTitle } from "./colours.ts";
import type { Participant, ParticipantBox } from "./model.ts";
import type { Declaration } from "./statements.ts";
import { readLabel } from "./text.ts";

interface Pending {
  index: number;
  at: SourceLine;
}

/**
 * The participant list being read.
 *
 * @example
 * const people = new Participants();
 * people.use({ line: 2, column: 1, text: "A->>B: hi" }, "A", 0); // 0
 */
export class Participants {
  readonly list: Participant[] = [];
  readonly boxes: ParticipantBox[] = [];
  readonly #byId = new Map<string, number>();
  #box: number | undefined;
  #creating: Pending | undefined;
  #destroying: Pending[] = [];
  readonly #destroyedOn = new Map<number, number>();

  /** Whether a `box` is open (only declarations may follow until its `end`). */
  get inBox(): boolean {
    return this.#box !== undefined;
  }

  openBox(text: string): void {
    const { fill, title } = boxColourAndTitle(readLabel(text).text);
    this.boxes.push(fill ? { title, fill, members: [] } : { title, members: [] });
    this.#box = this.boxes.length - 1;
  }

  closeBox(): void {
    this.#box = undefined;
  }

  /** `participant …` or `actor …`: adds the participant, or updates its label and kind. */
  declare(at: SourceLine, declaration: Declaration, offset: number, created = false): number {
    const existing = this.#byId.get(declaration.id);
    if (created && existing !== undefined) {
      throw mermaidSyntax(
        at,
        `"${declaration.id}" already appears above; a created participant must be new (use \`as\` to show the same label)`,
        offset,
      );
    }
    const index = existing ?? this.#add(at, declaration.id);
    this.#check(at, index, offset);
    const participant = this.list[index] as Participant;
    participant.kind = declaration.kind;
    if (declaration.label !== undefined) participant.label = declaration.label;
    if (this.#box !== undefined) {
      if (participant.box !== undefined && participant.box !== this.#box) {
        throw mermaidSyntax(at, `"${participant.id}" is already in another box`, offset);
      }
      if (participant.box === undefined) {
        participant.box = this.#box;
        this.boxes[this.#box]?.members.push(index);
      }
    }
    if (created) {
      participant.created = true;
      this.#creating = { index, at };
    }
    return index;
  }

  /**
   * A participant a message, note or activation names: added on first use. Only the receiver of
   * a message may name a participant whose `create` waits for that message.
   */
  use(at: SourceLine, name: string, offset: number, receiver = false): number {
    const index = this.#byId.get(name) ?? this.#add(at, name);
    this.#check(at, index, offset, receiver);
    return index;
  }

  /** `destroy X`: the next message must be sent by or to X, and ends its lifeline. */
  destroy(at: SourceLine, name: string, offset: number): void {
    const index = this.use(at, name, offset);
    this.#destroying.push({ index, at });
  }

  /**
   * A message between two participants: whether it creates its receiver, and whose lifelines it
   * ends. Refuses a message that is not the one a `create` or `destroy` above asked for.
   */
  message(at: SourceLine, from: number, to: number): { creates: boolean; destroys: number[] } {
    const creating = this.#creating;
    if (creating && creating.index !== to) {
      throw mermaidSyntax(
        at,
        `the participant created on line ${creating.at.line} must receive the next message`,
      );
    }
    this.#creating = undefined;
    const destroys: number[] = [];
    for (const d of this.#destroying) {
      if (d.index !== from && d.index !== to) {
        throw mermaidSyntax(
          at,
          `the participant destroyed on line ${d.at.line} must send or receive the next message`,
        );
      }
      destroys.push(d.index);
      this.#destroyedOn.set(d.index, at.line);
    }
    this.#destroying = [];
    return { creates: creating !== undefined, destroys };
  }

  /** Refuses a text that ends with a `create` or `destroy` still waiting for its message. */
  finish(): void {
    const waiting = this.#creating ?? this.#destroying[0];
    if (waiting) {
      throw mermaidSyntax(waiting.at, "no message follows to create or destroy this participant");
    }
  }

  #add(at: SourceLine, id: string): number {
    if (this.list.length >= MAX_MERMAID_NODES) throw tooManyNodes(at);
    this.list.push({ id, label: readLabel(id).text, kind: "participant", at });
    this.#byId.set(id, this.list.length - 1);
    return this.list.length - 1;
  }

  #check(at: SourceLine, index: number, offset: number, receiver = false): void {
    const creating = this.#creating;
    const name = this.list[index]?.id;
    if (creating?.index === index && creating.at !== at && !receiver) {
      throw mermaidSyntax(
        at,
        `"${name}" is created on line ${creating.at.line} by the next message; it cannot appear before it`,
        offset,
      );
    }
    const destroyed = this.#destroyedOn.get(index);
    if (destroyed !== undefined) {
      throw mermaidSyntax(at, `"${name}" was destroyed on line ${destroyed}`, offset);
    }
  }
}
