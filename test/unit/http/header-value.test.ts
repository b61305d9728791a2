/** Text from a diagram in an HTTP header: always a valid header value. */
import { describe, expect, it } from "vitest";
import { headerList, headerText } from "../../../worker/http/header-value.ts";

describe("header values", () => {
  it("keeps draw.io's shape names as written and encodes anything else", () => {
    expect(headerList(["mxgraph.aws4.lambda", "image"])).toBe("mxgraph.aws4.lambda,image");
    const list = headerList(["a\r\nSet-Cookie: x=y", "b,c", "\u0000", "\ud800", "é"]);
    expect(list).toBe("a%0D%0ASet-Cookie%3A%20x%3Dy,b%2Cc,%00,%EF%BF%BD,%C3%A9");
    // What the Response constructor accepts: the whole point.
    expect(() => new Headers({ "x-test": list })).not.toThrow();
    expect(headerText("Checkout flow")).toBe("Checkout%20flow");
  });

  it("bounds the list by count and length: a prefix of whole names", () => {
    const names = Array.from({ length: 100 }, (_, i) => `shape${i}`);
    expect(headerList(names).split(",")).toHaveLength(40);
    const long = headerList(["x".repeat(1_500), "y".repeat(600), "z"]);
    expect(long).toBe("x".repeat(1_500));
  });
});
