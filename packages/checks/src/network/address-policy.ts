import { BlockList, isIP } from "node:net";
import { embeddedIpv4 } from "./embedded-ipv4.ts";

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
  ["private", "64:ff9b:1::", 48, "ipv6"],
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

/** Why an address is refused: its category, and the IPv4 address inside it if that decided. */
export interface AddressVerdict {
  category: AddressCategory;
  embedded?: string;
}

/** The category of a non-public address, or null for a public unicast address. */
export function classifyAddress(address: string): AddressCategory | null {
  return judgeAddress(address)?.category ?? null;
}

/**
 * Judges an address; an IPv6 form carrying an IPv4 address is judged by the IPv4 inside, and a
 * public IPv4 inside a form that is not routed publicly stays refused with the form's category.
 */
export function judgeAddress(address: string): AddressVerdict | null {
  const family = isIP(address);
  if (family === 0) return { category: "reserved" };
  if (family === 4) return listed(address, "ipv4");
  const inner = embeddedIpv4(address);
  if (!inner) return listed(address, "ipv6");
  const verdict = listed(inner.ipv4, "ipv4");
  if (verdict) return { category: verdict.category, embedded: inner.ipv4 };
  if (inner.routable) return null;
  return listed(address, "ipv6") ?? { category: "reserved" };
}

function listed(address: string, type: "ipv4" | "ipv6"): AddressVerdict | null {
  for (const [category, list] of LISTS) {
    if (list.check(address, type)) return { category };
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
      const verdict = judgeAddress(address);
      if (verdict === null) return null;
      const { category, embedded } = verdict;
      if (options.allowPrivateTargets && !NEVER.has(category)) return null;
      const hint = NEVER.has(category)
        ? ""
        : " This server only checks public addresses (its operator can allow private ones with ALLOW_PRIVATE_TARGETS=true).";
      const what = embedded
        ? `it embeds ${embedded}, ${DESCRIPTIONS[category]}`
        : `it is ${DESCRIPTIONS[category]}`;
      return `Refused to connect to ${address}: ${what}.${hint}`;
    },
  };
}
