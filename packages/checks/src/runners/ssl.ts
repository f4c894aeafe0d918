import { checkServerIdentity, type PeerCertificate, type TLSSocket } from "node:tls";
import { parseHostPort } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { openConnection } from "../network/open-connection.ts";
import { type CheckRunner, roundMs } from "../runner.ts";

const DAY_MS = 86_400_000;

const UNTRUSTED_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "it is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its chain ends in an untrusted self-signed root",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "it is not signed by a trusted authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "it is not signed by a trusted authority",
  CERT_REVOKED: "it has been revoked",
};

/**
 * `ssl`: the certificate is trusted, covers the host name, is within its validity dates and has
 * at least `min_days_remaining` days left.
 */
export const sslRunner: CheckRunner<"ssl"> = {
  async run(spec, context) {
    const endpoint = parseHostPort(spec.target, 443);
    if (!endpoint)
      throw new CheckError(`"${spec.target}" is not a host name with an optional port.`);
    const started = performance.now();
    const connection = await openConnection(
      { ...endpoint, tls: { verify: false } },
      context.network,
      context.signal,
    );
    const socket = connection.socket as TLSSocket;
    const certificate = socket.getPeerCertificate();
    const authorizationError = socket.authorizationError;
    socket.destroy();
    if (!certificate?.valid_to) {
      throw new CheckError(`${endpoint.host} did not present a certificate.`);
    }
    const error = certificateProblem(
      endpoint.host,
      certificate,
      authorizationError,
      context.now(),
      spec.options.min_days_remaining,
    );
    return {
      status: error ? "down" : "up",
      responseTimeMs: roundMs(performance.now() - started),
      timings: {
        dnsMs: connection.dnsMs,
        connectMs: connection.connectMs,
        tlsMs: connection.tlsMs,
        firstByteMs: null,
      },
      statusCode: null,
      error,
    };
  },
};

/** Days from `now` until the certificate expires (negative once expired). */
export function daysRemaining(certificate: PeerCertificate, now: number): number {
  return Math.floor((Date.parse(certificate.valid_to) - now) / DAY_MS);
}

function certificateProblem(
  host: string,
  certificate: PeerCertificate,
  authorizationError: Error | null | undefined,
  now: number,
  minDaysRemaining: number,
): string | null {
  const validTo = Date.parse(certificate.valid_to);
  const validFrom = Date.parse(certificate.valid_from);
  const expiry = new Date(validTo).toISOString().slice(0, 10);
  if (validTo <= now) {
    const ago = Math.max(1, Math.floor((now - validTo) / DAY_MS));
    return `The certificate expired on ${expiry} (${ago} day${ago === 1 ? "" : "s"} ago).`;
  }
  if (validFrom > now) {
    return `The certificate is not valid until ${new Date(validFrom).toISOString().slice(0, 10)}.`;
  }
  const mismatch = checkServerIdentity(host, certificate);
  if (mismatch) return `The certificate does not cover ${host}: ${mismatch.message}`;
  if (authorizationError) {
    const code = String(authorizationError);
    return `The certificate is not trusted: ${UNTRUSTED_REASONS[code] ?? code}.`;
  }
  const left = daysRemaining(certificate, now);
  if (left < minDaysRemaining) {
    return `The certificate expires in ${left} day${left === 1 ? "" : "s"} (on ${expiry}), under the ${minDaysRemaining}-day minimum.`;
  }
  return null;
}
