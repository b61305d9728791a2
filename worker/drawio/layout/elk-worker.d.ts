/**
 * The types of ELK's engine script (`elkjs/lib/elk-worker.min.js`), which its package leaves
 * untyped: a stand-in for a web worker, whose dispatcher runs a command and answers through
 * `onmessage` before it returns.
 */
declare module "elkjs/lib/elk-worker.min.js" {
  export class Worker {
    dispatcher: { saveDispatch(message: { data: unknown }): void };
    onmessage:
      | ((message: { data: { id: number; data?: unknown; error?: unknown } }) => void)
      | null;
  }
}
