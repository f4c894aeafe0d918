import { ApiClient } from "../client/api-client.ts";
import { NetworkProblem } from "../client/network-problem.ts";
import { agentUserAgent } from "../client/user-agent.ts";
import { AgentConfigError } from "../config/agent-config.ts";
import { loadAgentConfig } from "../config/load-agent-config.ts";
import { describeCustomMetrics } from "../custom-metrics/describe-custom-metrics.ts";

/** Whether the agent can run as configured, and one sentence per problem (or one saying it can). */
export interface CheckResult {
  ok: boolean;
  /** True when agent.yaml itself is wrong, before any call to the server. */
  badConfig: boolean;
  lines: string[];
}

function nameOf(body: unknown): string {
  const name = (body as { agent?: { name?: unknown } } | null)?.agent?.name;
  return typeof name === "string" ? name : "an agent";
}

/**
 * Validates agent.yaml, collects the custom metrics once (each series it would report, or each
 * problem) and makes one call to `GET /agent/v1/identity` with its key.
 */
export async function checkAgent(
  path: string,
  extra: { ca?: string | Buffer } = {},
): Promise<CheckResult> {
  let config: Awaited<ReturnType<typeof loadAgentConfig>>;
  try {
    config = await loadAgentConfig(path);
  } catch (error) {
    if (error instanceof AgentConfigError)
      return { ok: false, badConfig: true, lines: error.problems };
    throw error;
  }
  const custom = await describeCustomMetrics(config.custom_metrics);
  const server = await callServer(config, extra);
  return {
    ok: server.ok && custom.problems.length === 0,
    badConfig: false,
    lines: [...server.lines, ...custom.lines, ...custom.problems],
  };
}

async function callServer(
  config: Awaited<ReturnType<typeof loadAgentConfig>>,
  extra: { ca?: string | Buffer },
): Promise<CheckResult> {
  const client = new ApiClient({
    apiUrl: config.api_url,
    apiKey: config.api_key,
    timeoutSeconds: config.timeout,
    userAgent: agentUserAgent(),
    ca: extra.ca,
  });
  const server = new URL(config.api_url).host;
  try {
    const answer = await client.identity();
    if (answer.status === 200) {
      return {
        ok: true,
        badConfig: false,
        lines: [`Configuration is valid; this agent is ${nameOf(answer.body)} on ${server}.`],
      };
    }
    const said = answer.detail ? ` It said: ${answer.detail}` : "";
    if (answer.status === 401 || answer.status === 403) {
      return {
        ok: false,
        badConfig: false,
        lines: [`The server at ${server} rejected the agent's key (HTTP ${answer.status}).${said}`],
      };
    }
    return {
      ok: false,
      badConfig: false,
      lines: [
        answer.status === 404
          ? `The server at ${server} has no agent API at ${config.api_url}/agent/v1; check that api_url is your Upwatch address.`
          : `The server at ${server} answered the test call with HTTP ${answer.status}.${said}`,
      ],
    };
  } catch (error) {
    if (error instanceof NetworkProblem)
      return { ok: false, badConfig: false, lines: [error.message] };
    throw error;
  } finally {
    client.close();
  }
}
