import { lookup } from "node:dns/promises";
import { type AddressPolicy, createAddressPolicy } from "./address-policy.ts";

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Everything a runner may use to reach the network; tests replace any part of it. */
export interface NetworkAccess {
  policy: AddressPolicy;
  /** Resolves a host name to its addresses (the system resolver by default). */
  lookup(host: string): Promise<ResolvedAddress[]>;
  /** Certificate authorities to trust instead of the system's; undefined trusts the system's. */
  trustedCertificates?: readonly string[] | undefined;
  /** The ping program; `ping` from the PATH by default. */
  pingCommand?: string | undefined;
}

/** Resolves with the operating system's resolver (`/etc/hosts`, then DNS). */
export async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  const addresses = await lookup(host, { all: true, verbatim: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The network as the server uses it: the system resolver and the operator's address policy. */
export function createNetworkAccess(options: { allowPrivateTargets: boolean }): NetworkAccess {
  return { policy: createAddressPolicy(options), lookup: systemLookup };
}
