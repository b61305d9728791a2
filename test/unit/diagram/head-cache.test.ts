import { describe, expect, it } from "vitest";
import { HeadCache } from "../../../worker/diagram/head-cache.ts";

const entry = (key: string, size: number) => ({
  key,
  version: 1,
  body: new Uint8Array(size) as Uint8Array<ArrayBuffer>,
});

describe("HeadCache", () => {
  it("evicts the least recently used entries past its byte budget", () => {
    const cache = new HeadCache(1000);
    cache.set("a", entry("a1", 200));
    cache.set("b", entry("b1", 200));
    cache.set("c", entry("c1", 200));
    expect(cache.get("a")?.key).toBe("a1"); // a is now the most recently used
    cache.set("d", entry("d1", 200));
    cache.set("e", entry("e1", 200)); // 1,000 bytes: still fits
    cache.set("f", entry("f1", 200)); // evicts b, the least recently used
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.key).toBe("a1");
    expect(cache.get("f")?.key).toBe("f1");
  });

  it("replaces an entry in place and refuses entries larger than a quarter of the budget", () => {
    const cache = new HeadCache(1000);
    cache.set("a", entry("a1", 200));
    cache.set("a", entry("a2", 200));
    expect(cache.get("a")?.key).toBe("a2");
    cache.set("huge", entry("h", 251));
    expect(cache.get("huge")).toBeUndefined();
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
  });
});
