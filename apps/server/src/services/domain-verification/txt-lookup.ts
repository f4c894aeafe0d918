import { Resolver } from "node:dns/promises";
import type { ServiceContext } from "../context.ts";

/** Answers the TXT records at a name, each record's strings joined; throws DNS errors as Node does. */
export type TxtLookup = (name: string) => Promise<string[]>;

/** What the verbs proving domains need beyond storage: a way to read DNS TXT records. */
export interface DomainProofContext extends ServiceContext {
  lookupTxt: TxtLookup;
}

const LOOKUP_TIMEOUT_MS = 5_000;
const LOOKUP_TRIES = 2;

/**
 * Looks TXT records up through one DNS server (DNS_VERIFICATION_RESOLVER, such as
 * `127.0.0.1:5353`), or through the system's resolvers when none is given.
 */
export function txtLookupThrough(server: string | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: LOOKUP_TRIES });
  if (server) resolver.setServers([server]);
  return async (name) => (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
}
