/** `npm start`'s port (#36): `--port` wins, then `PORT`, then 8787; a bad `PORT` is refused. */
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, portArgs } from "../../worker/scripts/dev-port.ts";

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
});
