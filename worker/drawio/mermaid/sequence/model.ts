/**
 * A Mermaid sequence diagram as read: participants in order, participant boxes, and the events
 * (messages, notes, activations, frames) from top to bottom. Placing and drawing come after.
 */
import type { SourceLine } from "../source.ts";

/** How a participant is drawn: Mermaid's participant types. */
export type ParticipantKind =
  | "participant"
  | "actor"
  | "boundary"
  | "control"
  | "entity"
  | "database"
  | "collections"
  | "queue";

export interface Participant {
  /** The name messages use. */
  id: string;
  /** What the header shows (line breaks as `\n`). */
  label: string;
  kind: ParticipantKind;
  /** The box (index into {@link SequenceModel.boxes}) it was declared in. */
  box?: number;
  /** Created by a message (`create participant`): its header appears on that message's row. */
  created?: boolean;
  at: SourceLine;
}

/** A `box Color Title … end` group of participants. */
export interface ParticipantBox {
  title: string;
  fill?: Colour;
  members: number[];
}

/** A colour as draw.io writes it: `#rrggbb` or `none`, with an opacity (0–100) when not opaque. */
export interface Colour {
  color: string;
  opacity?: number;
}

/** An arrowhead as draw.io names it (`endArrow=…`). */
export type Marker = "none" | "block" | "cross" | "open" | "async" | "openAsync";

export interface Arrow {
  dashed: boolean;
  start: Marker;
  end: Marker;
  /** Mermaid's half arrowheads say top or bottom; draw.io's `async` has one side only. */
  half?: boolean;
}

export type FrameKind = "loop" | "alt" | "opt" | "par" | "critical" | "break" | "rect";

/**
 * What happens, top to bottom. A message's `+`/`-` (activating its receiver, deactivating its
 * sender) follows it as an `activate`/`deactivate` event, as the statements would.
 */
export type SequenceEvent =
  | {
      type: "message";
      from: number;
      to: number;
      arrow: Arrow;
      text: string;
      /** `()` beside an end: that end meets the lifeline's centre, not its activation bar. */
      central: { from: boolean; to: boolean };
      /** The autonumber shown before the text. */
      number?: string;
      /** The receiver is created by this message. */
      creates: boolean;
      /** Participants whose lifelines end at this message (`destroy`). */
      destroys: number[];
    }
  | { type: "activate" | "deactivate"; who: number }
  | { type: "note"; side: "left" | "right" | "over"; who: number[]; text: string }
  | { type: "open"; kind: FrameKind; text: string; fill?: Colour }
  | { type: "section"; text: string }
  | { type: "close" };

export interface SequenceModel {
  participants: Participant[];
  boxes: ParticipantBox[];
  events: SequenceEvent[];
  /** `title`, or the front matter's title. */
  title?: string;
  /** What was read but is not drawn, one sentence each. */
  notes: string[];
}
