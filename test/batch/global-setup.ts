import { startLlmServer } from "../worker/llm-server.ts";
import { BATCH_LLM_PORT, startReceiver } from "./receiver.ts";

/** Starts the batch tests' model server (answering by rule) and their webhook receiver. */
export default async function setup(): Promise<() => Promise<void>> {
  const llm = await startLlmServer(BATCH_LLM_PORT);
  await fetch(`http://127.0.0.1:${BATCH_LLM_PORT}/__auto`, {
    method: "POST",
    body: JSON.stringify({ delayMs: 0 }),
  });
  const receiver = await startReceiver();
  const close = (s: { close: (cb: () => void) => void }) =>
    new Promise<void>((resolve) => s.close(() => resolve()));
  return async () => {
    await Promise.all([close(llm), close(receiver)]);
  };
}
