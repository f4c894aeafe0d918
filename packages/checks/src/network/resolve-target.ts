import { isIP } from "node:net";
import { CheckError, describeNetworkError } from "../check-error.ts";
import type { NetworkAccess, ResolvedAddress } from "./network-access.ts";

/** The addresses a check may connect to, and how long the DNS lookup took. */
export interface ResolvedTarget {
  addresses: ResolvedAddress[];
  /** Null when the target was an IP address and no lookup happened. */
  dnsMs: number | null;
}

/**
 * Resolves `host` and keeps only the addresses the policy allows. Throws a CheckError when
 * the name does not resolve or every address is refused.
 */
export async function resolveTarget(host: string, network: NetworkAccess): Promise<ResolvedTarget> {
  const literal = isIP(host);
  const started = performance.now();
  let candidates: ResolvedAddress[];
  if (literal) {
    candidates = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      candidates = await network.lookup(host);
    } catch (error) {
      throw new CheckError(describeNetworkError(error, host));
    }
  }
  const dnsMs = literal ? null : performance.now() - started;
  if (candidates.length === 0) throw new CheckError(`${host} has no address records.`);
  const allowed = candidates.filter(({ address }) => network.policy.refusal(address) === null);
  if (allowed.length === 0) {
    const reason = network.policy.refusal(candidates[0]!.address)!;
    throw new CheckError(literal ? reason : `${host} resolves to a refused address. ${reason}`);
  }
  return { addresses: allowed, dnsMs };
}
