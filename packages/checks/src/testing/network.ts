import { type AddressPolicy, createAddressPolicy } from "../network/address-policy.ts";
import type { NetworkAccess, ResolvedAddress } from "../network/network-access.ts";

/**
 * A network for tests: names resolve from `hosts` only (anything else does not exist), and by
 * default every loopback and private address is allowed.
 */
export function testNetwork(
  options: {
    hosts?: Record<string, string[]>;
    policy?: AddressPolicy;
    trustedCertificates?: string[];
    pingCommand?: string;
  } = {},
): NetworkAccess {
  const hosts = options.hosts ?? {};
  return {
    policy: options.policy ?? createAddressPolicy({ allowPrivateTargets: true }),
    trustedCertificates: options.trustedCertificates,
    pingCommand: options.pingCommand,
    lookup: async (host): Promise<ResolvedAddress[]> => {
      const found = hosts[host.toLowerCase()];
      if (!found)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    },
  };
}

/**
 * A policy that treats the listed addresses as public and judges every other address as
 * production does, so tests on loopback can see what a refused target looks like.
 */
export function policyTreatingAsPublic(addresses: readonly string[]): AddressPolicy {
  const production = createAddressPolicy({ allowPrivateTargets: false });
  return {
    refusal: (address) => (addresses.includes(address) ? null : production.refusal(address)),
  };
}
