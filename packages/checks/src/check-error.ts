/** A check failure explained in words for the monitor's owner; it makes the check down. */
export class CheckError extends Error {
  override readonly name = "CheckError";
}

/** Turns a socket or system error into a sentence about the target. */
export function describeNetworkError(error: unknown, where: string): string {
  if (error instanceof CheckError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const sentence = code ? NETWORK_ERRORS[code] : undefined;
  if (sentence) return sentence.replace("{where}", where);
  const message = error instanceof Error ? error.message : String(error);
  return `The check failed at ${where}: ${message}.`;
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "The connection to {where} was refused (nothing is listening there).",
  ECONNRESET: "The connection to {where} was reset before an answer arrived.",
  EHOSTUNREACH: "{where} cannot be reached (no route to host).",
  ENETUNREACH: "{where} cannot be reached (network unreachable).",
  EPIPE: "The connection to {where} closed while the request was being sent.",
  ENOTFOUND: "The host name of {where} does not exist (DNS lookup failed).",
  EAI_AGAIN: "The host name of {where} could not be looked up (DNS timed out); try again later.",
  ENODATA: "The host name of {where} has no address records.",
  HPE_INVALID_CONSTANT: "{where} did not answer with valid HTTP.",
  HPE_INVALID_VERSION: "{where} did not answer with valid HTTP.",
  HPE_HEADER_OVERFLOW: "{where} sent response headers that are too large.",
  DEPTH_ZERO_SELF_SIGNED_CERT: "The TLS certificate of {where} is self-signed and not trusted.",
  SELF_SIGNED_CERT_IN_CHAIN: "The TLS certificate of {where} is signed by an untrusted root.",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "The TLS certificate of {where} is not signed by a trusted authority.",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "The TLS certificate of {where} is not signed by a trusted authority.",
  CERT_HAS_EXPIRED: "The TLS certificate of {where} has expired.",
  CERT_NOT_YET_VALID: "The TLS certificate of {where} is not valid yet.",
  ERR_TLS_CERT_ALTNAME_INVALID: "The TLS certificate of {where} does not cover that host name.",
  EPROTO: "The TLS handshake with {where} failed.",
  ERR_SSL_WRONG_VERSION_NUMBER: "{where} did not answer with TLS (is it plain HTTP?).",
};
