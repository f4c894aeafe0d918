import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { NO_TIMINGS, parseHostPort } from "@upwatch/core";
import { CheckError } from "../check-error.ts";
import type { NetworkAccess } from "../network/network-access.ts";
import { type CheckRunner, roundMs } from "../runner.ts";
import { answersInclude, DNS_QUERIES } from "./dns-answers.ts";

const DNS_FAILURES: Record<string, string> = {
  ENODATA: "{name} has no {type} records.",
  ENOTFOUND: "{name} does not exist (NXDOMAIN).",
  ETIMEOUT: "The resolver did not answer the {type} query for {name} in time.",
  ECONNREFUSED: "The resolver refused the connection.",
  ESERVFAIL: "The resolver failed to answer for {name} (SERVFAIL).",
  EREFUSED: "The resolver refused to answer for {name}.",
};

/** `dns`: the name has records of the type, and one of them is the expected value if given. */
export const dnsRunner: CheckRunner<"dns"> = {
  async run(spec, context) {
    const { record_type: type, expected_value: expected } = spec.options;
    const resolver = new Resolver({ timeout: spec.timeoutMs, tries: 1 });
    if (spec.options.resolver)
      resolver.setServers([resolverAddress(spec.options.resolver, context.network)]);
    const onAbort = () => resolver.cancel();
    context.signal.addEventListener("abort", onAbort, { once: true });
    const started = performance.now();
    let answers: string[];
    try {
      answers = await DNS_QUERIES[type](resolver, spec.target);
    } catch (error) {
      if (context.signal.aborted) throw context.signal.reason;
      const code = (error as NodeJS.ErrnoException).code ?? "";
      const sentence =
        DNS_FAILURES[code] ?? `The ${type} lookup for {name} failed (${code || error}).`;
      throw new CheckError(sentence.replace("{name}", spec.target).replace("{type}", type));
    } finally {
      context.signal.removeEventListener("abort", onAbort);
    }
    const elapsed = roundMs(performance.now() - started);
    const error =
      expected && !answersInclude(answers, expected)
        ? `Expected a ${type} record "${expected}" but found ${answers.map((a) => `"${a}"`).join(", ")}.`
        : null;
    return {
      status: error ? "down" : "up",
      responseTimeMs: elapsed,
      timings: { ...NO_TIMINGS, dnsMs: elapsed },
      statusCode: null,
      error,
    };
  },
};

/** The resolver as `ip:port`, after the network guard has accepted its address. */
function resolverAddress(text: string, network: NetworkAccess): string {
  const endpoint = parseHostPort(text, 53);
  if (!endpoint || !isIP(endpoint.host)) {
    throw new CheckError(`The resolver "${text}" must be an IP address, optionally with a port.`);
  }
  const refusal = network.policy.refusal(endpoint.host);
  if (refusal) throw new CheckError(refusal);
  const host = isIP(endpoint.host) === 6 ? `[${endpoint.host}]` : endpoint.host;
  return `${host}:${endpoint.port}`;
}
