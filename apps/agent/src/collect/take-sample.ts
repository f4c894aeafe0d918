import type { AgentSample } from "@upwatch/api";
import type { AgentConfig } from "../config/agent-config.ts";
import { createCustomMetricsCollector } from "../custom-metrics/collect-custom-metrics.ts";
import { collectCpu } from "./cpu.ts";
import { collectDisks } from "./disks.ts";
import { collectLoad } from "./load.ts";
import { collectMemory } from "./memory.ts";
import { createNetworkCollector } from "./network.ts";
import { collectServices } from "./services.ts";

const FIRST_INTERVAL_MS = 1_000;

/**
 * A sampler of the whole machine; each call is one report of the contract. Custom metrics are
 * collected alongside; their problems go to `onCustomProblems`.
 */
export function createSampler(
  config: AgentConfig,
  now: () => number = Date.now,
  onCustomProblems: (problems: string[]) => void = () => {},
) {
  const network = createNetworkCollector(now);
  const custom =
    config.custom_metrics.length > 0
      ? createCustomMetricsCollector(config.custom_metrics, now)
      : null;
  // Primes the counters CPU and network are measured against, so the first report measures a
  // second of activity rather than a few milliseconds.
  const primed = Promise.all([collectCpu(), network()])
    .catch(() => undefined)
    .then(() => new Promise((resolve) => setTimeout(resolve, FIRST_INTERVAL_MS)));
  return async (): Promise<AgentSample> => {
    await primed;
    const sampled_at = now();
    const [cpu, memory, net, disks, services, customMetrics] = await Promise.all([
      collectCpu(),
      collectMemory(),
      network(),
      collectDisks(config.disks),
      collectServices(config.services),
      custom?.(),
    ]);
    if (customMetrics) onCustomProblems(customMetrics.problems);
    return {
      sampled_at,
      cpu_percent: cpu.cpu_percent,
      cores: cpu.cores,
      load: collectLoad(),
      memory,
      network: net,
      disks,
      services,
      // Left out without sources, so a server from before custom metrics takes the report.
      ...(customMetrics ? { custom_metrics: customMetrics.series } : {}),
    };
  };
}
