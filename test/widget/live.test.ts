/**
 * The live WebSocket of a diagram against the real Worker: the head first, then one notice per
 * new version (an edit, a restore, the agent), pings answered, and a close when it is deleted.
 */
import { describe, expect, it } from "vitest";
import { backend, FLOW_XML, freshDiagram, script, servers } from "./harness.ts";

/** A socket's messages, as they arrive, and a way to wait for the next one. */
function listen(url: string) {
  const socket = new WebSocket(url);
  const queue: string[] = [];
  const waiting: Array<(text: string) => void> = [];
  socket.addEventListener("message", (event) => {
    const text = String(event.data);
    const next = waiting.shift();
    if (next) next(text);
    else queue.push(text);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve());
    socket.addEventListener("error", () => reject(new Error("the socket did not open")));
  });
  const closed = new Promise<number>((resolve) => {
    socket.addEventListener("close", (event) => resolve(event.code));
  });
  const next = (): Promise<string> => {
    const text = queue.shift();
    if (text !== undefined) return Promise.resolve(text);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no message within 10 s")), 10_000);
      waiting.push((t) => {
        clearTimeout(timer);
        resolve(t);
      });
    });
  };
  return { socket, opened, closed, next, json: async () => JSON.parse(await next()) as unknown };
}

function liveUrl(id: string, token: string): string {
  return `${servers().worker.replace(/^http/, "ws")}/v1/diagrams/${id}/live?token=${token}`;
}

describe("the live socket", () => {
  it("sends the head, then a notice for every new version", async () => {
    const d = await freshDiagram();
    const df = backend();
    const live = listen(liveUrl(d.id, d.view));
    await live.opened;
    expect(await live.json()).toEqual({
      type: "version",
      version: 1,
      author: "api",
      message: "Created",
    });
    await df.diagrams.replace(
      d.id,
      { xml: FLOW_XML.replace("Ship it", "Deliver"), message: "by API" },
      { ifMatch: 1 },
    );
    expect(await live.json()).toEqual({
      type: "version",
      version: 2,
      author: "api",
      message: "by API",
    });
    await df.diagrams.versions.restore(d.id, 1);
    expect(await live.json()).toEqual({
      type: "version",
      version: 3,
      author: "api",
      message: "Restored version 1",
    });
    await script([
      {
        tools: [
          {
            name: "edit_diagram",
            args: { operations: [{ op: "set_label", id: "end", value: "Done" }] },
          },
        ],
      },
      { text: "Renamed it." },
    ]);
    await df.diagrams.messages.create(d.id, { prompt: "Rename the end" });
    expect(await live.json()).toEqual({
      type: "version",
      version: 4,
      author: "agent",
      message: "Renamed it.",
    });
    live.socket.send("ping");
    expect(await live.next()).toBe("pong");
    await df.diagrams.delete(d.id);
    expect(await live.closed).toBe(4404);
  });

  it("does not open for a token of another diagram", async () => {
    const [a, b] = await Promise.all([freshDiagram(), freshDiagram()]);
    const live = listen(liveUrl(a.id, b.view));
    await expect(live.opened).rejects.toThrow(/did not open/);
  });
});
