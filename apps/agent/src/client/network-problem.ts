import { connect } from "node:tls";

/** A request that never got an HTTP answer; the message is the sentence to show. */
export class NetworkProblem extends Error {
  constructor(
    message: string,
    readonly kind: "dns" | "refused" | "timeout" | "tls-version" | "certificate" | "other",
  ) {
    super(message);
  }
}

const CERTIFICATE_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "is signed by an authority this machine does not trust",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "is signed by an authority this machine does not trust",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "cannot be traced to an authority this machine trusts",
  CERT_HAS_EXPIRED: "has expired",
  CERT_NOT_YET_VALID: "is not valid yet",
  ERR_TLS_CERT_ALTNAME_INVALID: "is for another name",
};

const TLS_VERSION_CODES = new Set([
  "ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION",
  "ERR_SSL_UNSUPPORTED_PROTOCOL",
  "ERR_SSL_WRONG_VERSION_NUMBER",
  "ERR_SSL_NO_PROTOCOLS_AVAILABLE",
]);

/** Asks the server which TLS version it offers when 1.3 is not among them; no key is sent. */
function offeredTlsVersion(url: URL, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: Number(url.port) || 443,
      servername: url.hostname,
      minVersion: "TLSv1",
      maxVersion: "TLSv1.2",
      rejectUnauthorized: false,
    });
    const finish = (version: string | null) => {
      socket.destroy();
      resolve(version);
    };
    socket.setTimeout(timeoutMs, () => finish(null));
    socket.once("secureConnect", () => finish(socket.getProtocol()));
    socket.once("error", () => finish(null));
  });
}

/** Turns a failed request into a sentence that says what went wrong and what to look at. */
export async function describeNetworkError(
  error: unknown,
  url: URL,
  timeoutMs: number,
): Promise<NetworkProblem> {
  if (error instanceof NetworkProblem) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const server = `the server at ${url.origin}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME") {
    return new NetworkProblem(
      `The agent could not find ${url.hostname}: the name does not resolve (DNS); check api_url and this machine's DNS.`,
      "dns",
    );
  }
  if (code === "ECONNREFUSED") {
    return new NetworkProblem(
      `${capitalise(server)} refused the connection; check that Upwatch is running there and api_url names its port.`,
      "refused",
    );
  }
  if (code in CERTIFICATE_CODES) {
    return new NetworkProblem(
      `The certificate of ${server} ${CERTIFICATE_CODES[code]} (${code}); the agent only talks to a server it can verify.`,
      "certificate",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  if (TLS_VERSION_CODES.has(code) || /alert protocol version|unsupported protocol/i.test(message)) {
    const offered = await offeredTlsVersion(url, timeoutMs);
    const version = offered ? offered.replace("TLSv", "TLS ") : "an older TLS version";
    return new NetworkProblem(
      `${capitalise(server)} offered ${version}; the agent requires TLS 1.3, so enable TLS 1.3 on the server or the proxy in front of it.`,
      "tls-version",
    );
  }
  const reason = message.split("\n")[0]!;
  return new NetworkProblem(
    `The agent could not reach ${server}: ${reason.replace(/\.$/, "")}${code && !reason.includes(code) ? ` (${code})` : ""}.`,
    "other",
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
