import type {
  AgentLatestReport,
  AgentReportedConfig,
  AgentSample,
  AgentServiceState,
} from "@upwatch/api";
import type { AgentServiceTable, AgentTable } from "@upwatch/db";
import { readStoredJson } from "../../records/stored-json.ts";
import { isoTime } from "../../time.ts";

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** The newest sample as stored; its services may carry since when they hold their state. */
type StoredSample = Omit<AgentSample, "services"> & {
  services: { name: string; state: AgentServiceState; since?: number }[];
};

/**
 * The agent's newest report as its page shows it, with the services that report listed; a
 * figure is high when it passes the threshold of the agent's own agent.yaml (load: above the
 * number of cores).
 */
export function latestAgentReport(
  row: Pick<AgentTable, "latest_report" | "reported_config">,
  services: readonly AgentServiceTable[],
): AgentLatestReport | null {
  const sample = readStoredJson<StoredSample>(row.latest_report);
  if (!sample) return null;
  const config = readStoredJson<AgentReportedConfig>(row.reported_config);
  const over = (value: number, threshold: number | undefined) =>
    threshold !== undefined && value > threshold;
  const { memory } = sample;
  const memoryUsed = percentOf(memory.used_bytes, memory.total_bytes);
  return {
    sampled_at: isoTime(sample.sampled_at),
    cpu_percent: sample.cpu_percent,
    cpu_high: over(sample.cpu_percent, config?.cpu_threshold),
    cores: sample.cores,
    load: sample.load,
    load_high: sample.load !== null && sample.load.one > sample.cores,
    memory: {
      total_bytes: memory.total_bytes,
      used_bytes: memory.used_bytes,
      available_bytes: memory.available_bytes,
      used_percent: memoryUsed,
      available_percent: percentOf(memory.available_bytes, memory.total_bytes),
      high: over(memoryUsed, config?.memory_threshold),
    },
    network: sample.network,
    disks: sample.disks.map((disk) => {
      const used = percentOf(disk.used_bytes, disk.total_bytes);
      return { ...disk, used_percent: used, high: over(used, config?.disk_threshold) };
    }),
    services: sample.services.map((service) => {
      const since =
        service.since ??
        services.find((stored) => stored.name === service.name)?.since ??
        sample.sampled_at;
      return { name: service.name, state: service.state, since: isoTime(since) };
    }),
  };
}
