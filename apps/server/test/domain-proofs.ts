import { type DnsZone, startDnsServer } from "@upwatch/checks/testing";
import type { FastifyInstance } from "fastify";

/** A real DNS server on loopback where tests publish and withdraw domains' TXT records. */
export interface TestDns {
  /** `127.0.0.1:<port>`, the value of DNS_VERIFICATION_RESOLVER. */
  resolver: string;
  publish(record: { name: string; value: string }): void;
  withdraw(name: string): void;
  close(): Promise<void>;
}

/** Starts a DNS server on loopback answering only what tests publish (anything else: NXDOMAIN). */
export async function startTestDns(): Promise<TestDns> {
  const zone: DnsZone = {};
  const server = await startDnsServer(zone);
  return {
    resolver: `${server.host}:${server.port}`,
    publish: ({ name, value }) => {
      const key = name.toLowerCase();
      zone[key] = { TXT: [...(zone[key]?.TXT ?? []), value] };
    },
    withdraw: (name) => {
      delete zone[name.toLowerCase()];
    },
    close: () => server.close(),
  };
}

type ProofRecord = { name: string; value: string };
type Verification = { domain: string; state: string; record: ProofRecord };

/**
 * Publishes the TXT record the account's single sign-on shows for the domain, then presses
 * Verify; answers the Verify call.
 */
export async function proveSsoDomain(
  app: FastifyInstance,
  dns: TestDns,
  headers: { [name: string]: string },
  domain: string,
) {
  const read = await app.inject({ method: "GET", url: "/api/v1/account/sso", headers });
  const verifications: Verification[] = read.json().domain_verifications ?? [];
  const claim = verifications.find((candidate) => candidate.domain === domain);
  if (!claim) throw new Error(`${domain} is not listed: ${read.body}`);
  dns.publish(claim.record);
  return app.inject({
    method: "POST",
    url: `/api/v1/account/sso/domains/${domain}/verify`,
    headers,
  });
}

/** Publishes the TXT record of a status page's custom domain, then presses Verify. */
export async function proveStatusPageDomain(
  app: FastifyInstance,
  dns: TestDns,
  headers: { [name: string]: string },
  pageId: string,
) {
  const read = await app.inject({ method: "GET", url: `/api/v1/status-pages/${pageId}`, headers });
  const claim: Verification | null = read.json().custom_domain_verification;
  if (!claim) throw new Error(`The page has no custom domain: ${read.body}`);
  dns.publish(claim.record);
  return app.inject({
    method: "POST",
    url: `/api/v1/status-pages/${pageId}/custom-domain/verify`,
    headers,
  });
}
