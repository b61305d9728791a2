/**
 * `DrawioFrame`: the widget's side of draw.io's embed protocol, with origin-checked messages,
 * `load`, `merge` and `export` round trips, and edit events.
 */
import { answers } from "../shared/blocked-request.ts";
import { WidgetError } from "../shared/errors.ts";
import {
  type DrawioAction,
  type DrawioEvent,
  type DrawioEventName,
  type ExportFormat,
  parseDrawioMessage,
} from "./messages.ts";
import { type Graph, graphIn } from "./reveal.ts";

/** How long a round trip (`load`, `merge`, `export`) may take before it fails. */
const REPLY_TIMEOUT_MS = 60_000;

type EventOf<N extends DrawioEventName> = Extract<DrawioEvent, { event: N }>;

interface Waiter {
  event: DrawioEventName;
  resolve(message: DrawioEvent): void;
  reject(error: Error): void;
}

/**
 * The draw.io editor in an iframe, spoken to with the embed JSON protocol. Messages are
 * accepted only from that iframe's window *and* from the configured draw.io origin, then
 * schema-checked; everything else is dropped and counted in {@link DrawioFrame.ignored}.
 * Actions are posted to that origin only, so a frame that navigated elsewhere hears nothing.
 *
 * draw.io answers in order and without request ids, so each round trip waits for the next
 * reply of its kind. A `merge` also makes draw.io post `autosave` (the merged change is a
 * change) before its `merge` reply; {@link DrawioFrame.merging} tells those apart from edits.
 *
 * @example
 * const frame = new DrawioFrame(iframe, "https://embed.diagrams.net");
 * frame.onEvent = (e) => { if (e.event === "autosave") save(e.xml); };
 * await frame.ready;
 * await frame.load(xml);
 */
export class DrawioFrame {
  /** Called with every event of the protocol that is not a reply someone waits for. */
  onEvent: (event: DrawioEvent) => void = () => {};
  /** Resolves when draw.io has posted `init` (it is ready to `load`). */
  readonly ready: Promise<void>;
  /** Messages dropped: wrong origin or window, not JSON, or not of the protocol. */
  ignored = 0;
  readonly #iframe: HTMLIFrameElement;
  readonly #origin: string;
  readonly #waiters: Waiter[] = [];
  #markReady: () => void = () => {};
  #merges = 0;
  #graph: Graph | undefined;
  readonly #listener = (event: MessageEvent) => this.#receive(event);

  constructor(iframe: HTMLIFrameElement, origin: string) {
    this.#iframe = iframe;
    this.#origin = origin;
    this.ready = new Promise((resolve) => {
      this.#markReady = resolve;
    });
    window.addEventListener("message", this.#listener);
  }

  /**
   * Resolves when draw.io is ready. Fails with `drawio_unreachable` as soon as nothing answers
   * at the frame's URL (a `drawio-url` pointing at nothing), and with `drawio_failed` after
   * `ms` if something answers but never starts draw.io (a wrong page, a blocked frame).
   *
   * @example
   * await frame.whenReady(45_000);
   */
  whenReady(ms: number): Promise<void> {
    const url = this.#iframe.src;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new WidgetError("drawio_failed", `draw.io did not start from ${url}`)),
        ms,
      );
      void this.ready.then(() => {
        clearTimeout(timer);
        resolve();
      });
      void frameUnreachable(url).then((down) => {
        if (!down) return;
        clearTimeout(timer);
        reject(new WidgetError("drawio_unreachable", `draw.io could not be loaded from ${url}`));
      });
    });
  }

  /** True between posting a `merge` and its reply: `autosave`s then come from the merge. */
  get merging(): boolean {
    return this.#merges > 0;
  }

  /**
   * draw.io's graph when draw.io is on this page's origin (see `graphIn`), else undefined.
   * Found once per document the frame shows: draw.io keeps one graph for its page's life.
   */
  get graph(): Graph | undefined {
    if (this.#graph?.container.ownerDocument !== this.#iframe.contentDocument) {
      this.#graph = graphIn(this.#iframe.contentWindow);
    }
    return this.#graph;
  }

  /**
   * Opens `xml` in the editor (replacing what it shows, and its undo history) with autosave on.
   *
   * @example
   * await frame.load(diagram.xml);
   */
  async load(xml: string): Promise<void> {
    // No `title`: the widget's own toolbar shows it, draw.io's menu bar would repeat it.
    await this.#call(
      { action: "load", xml, autosave: 1, noSaveBtn: 1, noExitBtn: 1, saveAndExit: 0 },
      "load",
    );
  }

  /**
   * Merges `xml` into what the editor shows, as draw.io does for collaborators: the view,
   * selection and undo history stay.
   *
   * @example
   * await frame.merge(preview.xml);
   */
  async merge(xml: string): Promise<void> {
    this.#merges++;
    try {
      const reply = await this.#call({ action: "merge", xml }, "merge");
      if (reply.error !== undefined && reply.error !== null) {
        throw new Error(`draw.io could not merge the diagram: ${JSON.stringify(reply.error)}`);
      }
    } finally {
      this.#merges--;
    }
  }

  /**
   * Exports the current page through draw.io's own export: `data` is a data URI (SVG, PNG)
   * and `xml` the whole file as draw.io would save it.
   *
   * @example
   * const { data } = await frame.exportAs("xmlpng");
   */
  async exportAs(format: ExportFormat): Promise<{ data: string; xml: string | undefined }> {
    const reply = await this.#call({ action: "export", format, border: 10 }, "export");
    return { data: reply.data, xml: reply.xml };
  }

  /** Stops listening and fails every pending round trip. */
  dispose(): void {
    window.removeEventListener("message", this.#listener);
    for (const waiter of this.#waiters.splice(0)) {
      waiter.reject(new Error("the editor was closed"));
    }
  }

  /** Posts an action without waiting for a reply. */
  post(action: DrawioAction): void {
    this.#iframe.contentWindow?.postMessage(JSON.stringify(action), this.#origin);
  }

  #call<N extends DrawioEventName>(action: DrawioAction, reply: N): Promise<EventOf<N>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(new Error(`draw.io did not answer '${action.action}' in time`));
      }, REPLY_TIMEOUT_MS);
      const waiter: Waiter = {
        event: reply,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message as EventOf<N>);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.#waiters.push(waiter);
      this.post(action);
    });
  }

  #receive(event: MessageEvent): void {
    // Both checks: the origin alone admits any other frame of draw.io's site, the source
    // alone admits whatever document the iframe was navigated to.
    if (event.origin !== this.#origin || event.source !== this.#iframe.contentWindow) {
      this.ignored++;
      return;
    }
    const message = parseDrawioMessage(event.data);
    if (message === undefined) {
      this.ignored++;
      return;
    }
    if (!("event" in message)) {
      // draw.io refused an action: fail the oldest round trip, which is the one it answers.
      this.#waiters.shift()?.reject(new Error(`draw.io refused the message: ${message.error}`));
      return;
    }
    if (message.event === "init") this.#markReady();
    const index = this.#waiters.findIndex((w) => w.event === message.event);
    if (index >= 0) {
      this.#waiters.splice(index, 1)[0]?.resolve(message);
      return;
    }
    this.onEvent(message);
  }
}

/**
 * Whether nothing answers at `url`. A page whose content security policy forbids requests to
 * draw.io (while framing it) cannot ask: then it is not called unreachable, and the start's
 * timeout decides.
 */
async function frameUnreachable(url: string): Promise<boolean> {
  let forbidden = false;
  const origin = new URL(url).origin;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.blockedURI.startsWith(origin)) forbidden = true;
  };
  document.addEventListener("securitypolicyviolation", onViolation);
  try {
    if (await answers(url)) return false;
    // The violation is reported in a task of its own, after the request has failed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return !forbidden;
  } finally {
    document.removeEventListener("securitypolicyviolation", onViolation);
  }
}
