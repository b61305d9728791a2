/** `npm start`'s port (#36): `--port` wins, then `PORT`, then 8787; a bad `PORT` is refused. */
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, portArgs, servedPort } from "../../worker/scripts/dev-port.ts";

describe("npm start's port", () => {
  it("honours PORT", () => {
    expect(portArgs([], { PORT: "8791" })).toEqual(["--port", "8791"]);
  });

  it("keeps 8787 without PORT, and lets --port win over it", () => {
    expect(portArgs([], {})).toEqual(["--port", String(DEFAULT_PORT)]);
    expect(portArgs(["--port", "9000"], { PORT: "8791" })).toEqual([]);
    expect(portArgs(["--port=9000"], {})).toEqual([]);
  });

  it("refuses a PORT that is not a port, saying what to set", () => {
    for (const bad of ["abc", "0", "70000", "80.5"])
      expect(() => portArgs([], { PORT: bad })).toThrow(`PORT=${bad} is not a port number`);
  });

  it("knows which port wrangler serves on, to say when it first answers", () => {
    expect(servedPort([], portArgs([], { PORT: "8791" }))).toBe(8791);
    expect(servedPort(["--port=9000"], portArgs(["--port=9000"], {}))).toBe(9000);
    expect(servedPort(["--port", "9001"], [])).toBe(9001);
    expect(servedPort([], portArgs([], {}))).toBe(DEFAULT_PORT);
  });
});
