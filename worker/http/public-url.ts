// The one check of a URL someone else gave this Worker to call: a batch's webhook, an OAuth
// client's metadata document.

/** Host names that lead to cloud metadata services or the machine itself. */
const BLOCKED_HOSTS = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"];

/**
 * Why a URL from outside may not be called (a webhook, a Client ID Metadata Document), or
 * `undefined` when it may. Refused: anything but https
 * (http too when `allowPrivate`), credentials in the URL, non-standard ports, and hosts that are
 * loopback, private, link-local, shared, multicast or reserved addresses, or metadata and local
 * names. With `allowPrivate` (local development and tests) only the scheme is checked. Workers
 * cannot resolve names themselves, so a public name pointing inward is stopped by the platform,
 * which does not let Workers reach private networks.
 *
 * @example
 * publicUrlProblem("https://169.254.169.254/latest"); // "points at a link-local address"
 */
export function publicUrlProblem(raw: string, allowPrivate = false): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not a URL";
  }
  const schemes = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol))
    return `must use ${allowPrivate ? "http or https" : "https"}`;
  if (allowPrivate) return undefined;
  if (url.username || url.password) return "must not carry credentials";
  if (url.port !== "") return "must use the standard port";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (BLOCKED_HOSTS.has(host) || BLOCKED_SUFFIXES.some((s) => host.endsWith(s))) {
    return "points at a local or metadata host";
  }
  if (host.startsWith("[")) {
    const why = ipv6Problem(host.slice(1, -1));
    return why ? `points at ${why}` : undefined;
  }
  const v4 = ipv4(host);
  if (v4) {
    const why = ipv4Problem(v4);
    return why ? `points at ${why}` : undefined;
  }
  if (!host.includes(".")) return "needs a fully qualified host name";
  return undefined;
}

function ipv4(host: string): number[] | undefined {
  // The URL parser has already turned 0x7f.1, 2130706433 and friends into dotted decimal.
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

function ipv4Problem([a = 0, b = 0]: number[]): string | undefined {
  if (a === 127) return "a loopback address";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
    return "a private address";
  }
  if (a === 169 && b === 254) return "a link-local address";
  if (a === 100 && b >= 64 && b <= 127) return "a shared (carrier-grade NAT) address";
  if (a === 0 || a >= 224 || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19))) {
    return "a reserved address";
  }
  return undefined;
}

function ipv6Problem(host: string): string | undefined {
  const h = host.toLowerCase();
  if (h === "::1" || h === "::") return "a loopback address";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)?.[1];
  if (mapped) return ipv4Problem(ipv4(mapped) ?? [0]);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (hex) {
    const high = Number.parseInt(hex[1] as string, 16);
    return ipv4Problem([high >> 8, high & 255]);
  }
  if (/^f[cd]/.test(h)) return "a private address";
  if (/^fe[89ab]/.test(h)) return "a link-local address";
  if (/^ff/.test(h)) return "a multicast address";
  if (/^(64:ff9b|2001:db8|100::)/.test(h)) return "a reserved address";
  return undefined;
}
