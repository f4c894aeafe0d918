import { BlockList, isIP } from "node:net";

/** Why an address is not a public unicast address. */
export type AddressCategory =
  | "loopback"
  | "private"
  | "link-local"
  | "metadata"
  | "reserved"
  | "unspecified"
  | "multicast"
  | "broadcast";

/** Decides whether a check may connect to an address. */
export interface AddressPolicy {
  /** A sentence explaining why `address` is refused, or null when it may be used. */
  refusal(address: string): string | null;
}

const RANGES: ReadonlyArray<[AddressCategory, string, number, "ipv4" | "ipv6"]> = [
  ["metadata", "169.254.169.254", 32, "ipv4"],
  ["metadata", "100.100.100.200", 32, "ipv4"],
  ["metadata", "fd00:ec2::254", 128, "ipv6"],
  ["unspecified", "0.0.0.0", 8, "ipv4"],
  ["private", "10.0.0.0", 8, "ipv4"],
  ["private", "100.64.0.0", 10, "ipv4"],
  ["loopback", "127.0.0.0", 8, "ipv4"],
  ["link-local", "169.254.0.0", 16, "ipv4"],
  ["private", "172.16.0.0", 12, "ipv4"],
  ["reserved", "192.0.0.0", 24, "ipv4"],
  ["reserved", "192.0.2.0", 24, "ipv4"],
  ["reserved", "192.88.99.0", 24, "ipv4"],
  ["private", "192.168.0.0", 16, "ipv4"],
  ["reserved", "198.18.0.0", 15, "ipv4"],
  ["reserved", "198.51.100.0", 24, "ipv4"],
  ["reserved", "203.0.113.0", 24, "ipv4"],
  ["multicast", "224.0.0.0", 4, "ipv4"],
  ["broadcast", "255.255.255.255", 32, "ipv4"],
  ["reserved", "240.0.0.0", 4, "ipv4"],
  ["unspecified", "::", 128, "ipv6"],
  ["loopback", "::1", 128, "ipv6"],
  ["reserved", "100::", 64, "ipv6"],
  ["reserved", "2001::", 23, "ipv6"],
  ["reserved", "2001:db8::", 32, "ipv6"],
  ["reserved", "2002::", 16, "ipv6"],
  ["private", "fc00::", 7, "ipv6"],
  ["link-local", "fe80::", 10, "ipv6"],
  ["private", "fec0::", 10, "ipv6"],
  ["multicast", "ff00::", 8, "ipv6"],
];

/** Most specific first: the metadata address is also link-local, broadcast also reserved. */
const PRECEDENCE: readonly AddressCategory[] = [
  "metadata",
  "unspecified",
  "multicast",
  "broadcast",
  "loopback",
  "link-local",
  "private",
  "reserved",
];

const LISTS = new Map<AddressCategory, BlockList>(
  PRECEDENCE.map((category) => [category, new BlockList()]),
);
for (const [category, network, prefix, family] of RANGES) {
  LISTS.get(category)!.addSubnet(network, prefix, family);
}

/** Categories no check may ever connect to, whatever the operator allows. */
const NEVER: ReadonlySet<AddressCategory> = new Set(["unspecified", "multicast", "broadcast"]);

const DESCRIPTIONS: Record<AddressCategory, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  metadata: "a cloud metadata address",
  reserved: "a reserved address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
};

/** The category of a non-public address, or null for a public unicast address. */
export function classifyAddress(address: string): AddressCategory | null {
  const family = isIP(address);
  if (family === 0) return "reserved";
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  if (embedded) return classifyAddress(embedded);
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [category, list] of LISTS) {
    if (list.check(address, type)) return category;
  }
  return null;
}

/**
 * The policy checks run under: public unicast addresses only, unless `allowPrivateTargets`
 * also admits loopback, private, link-local, metadata and reserved ranges.
 */
export function createAddressPolicy(options: { allowPrivateTargets: boolean }): AddressPolicy {
  return {
    refusal(address) {
      const category = classifyAddress(address);
      if (category === null) return null;
      if (options.allowPrivateTargets && !NEVER.has(category)) return null;
      const hint = NEVER.has(category)
        ? ""
        : " This server only checks public addresses (its operator can allow private ones with ALLOW_PRIVATE_TARGETS=true).";
      return `Refused to connect to ${address}: it is ${DESCRIPTIONS[category]}.${hint}`;
    },
  };
}

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, if there is one. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!mapped && !nat64) return undefined;
  const high = groups[6]!;
  const low = groups[7]!;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

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
