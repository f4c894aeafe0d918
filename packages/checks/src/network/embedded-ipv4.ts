/** The IPv6 forms that carry an IPv4 address inside them. */
export type EmbeddingForm =
  | "ipv4-mapped"
  | "ipv4-translated"
  | "ipv4-compatible"
  | "nat64"
  | "local-nat64"
  | "6to4";

/** An IPv4 address found inside an IPv6 address, and whether the form reaches it publicly. */
export interface EmbeddedIpv4 {
  ipv4: string;
  form: EmbeddingForm;
  /**
   * True when a public IPv4 inside this form is reached over the internet (mapped addresses
   * and the well-known NAT64 prefix); false for deprecated or local-only forms.
   */
  routable: boolean;
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`, local-use
 * `64:ff9b:1::/48`) or 6to4 (`2002:aabb:ccdd::/48`) address, if there is one.
 */
export function embeddedIpv4(address: string): EmbeddedIpv4 | undefined {
  const g = expandIpv6(address);
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const tail = { ipv4: ipv4Of(g[6]!, g[7]!) };
  if (zero(0, 5) && g[5] === 0xffff) return { ...tail, form: "ipv4-mapped", routable: true };
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) {
    return { ...tail, form: "ipv4-translated", routable: false };
  }
  // :: and ::1 are the IPv6 unspecified and loopback addresses, not IPv4-compatible ones.
  if (zero(0, 6) && !(g[6] === 0 && g[7]! <= 1)) {
    return { ...tail, form: "ipv4-compatible", routable: false };
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) {
    return { ...tail, form: "nat64", routable: true };
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1 && zero(3, 6)) {
    return { ...tail, form: "local-nat64", routable: false };
  }
  if (g[0] === 0x2002) return { ipv4: ipv4Of(g[1]!, g[2]!), form: "6to4", routable: false };
  return undefined;
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined && missing !== 0) return undefined;
  const all = [...headGroups, ...new Array(Math.max(0, missing)).fill("0"), ...tailGroups];
  return all.length === 8 ? all.map((group) => Number.parseInt(group, 16)) : undefined;
}
