import { parseHostPort } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import { openConnection } from "../network/open-connection.ts";
import { type CheckRunner, roundMs } from "../runner.ts";

/** `tcp`: a connection to host:port is accepted. */
export const tcpRunner: CheckRunner<"tcp"> = {
  async run(spec, context) {
    const endpoint = parseHostPort(spec.target);
    if (!endpoint) throw new CheckError(`"${spec.target}" is not host:port.`);
    const started = performance.now();
    const connection = await openConnection(endpoint, context.network, context.signal);
    const responseTimeMs = roundMs(performance.now() - started);
    connection.socket.destroy();
    return {
      status: "up",
      responseTimeMs,
      timings: {
        dnsMs: connection.dnsMs,
        connectMs: connection.connectMs,
        tlsMs: null,
        firstByteMs: null,
      },
      statusCode: null,
      error: null,
    };
  },
};
