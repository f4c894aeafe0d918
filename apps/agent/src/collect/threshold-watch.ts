import type { AgentSample } from "@upwatch/api";
import type { AgentConfig } from "../config/agent-config.ts";
import type { Log } from "../log.ts";

interface Reading {
  key: string;
  what: string;
  percent: number;
  threshold: number;
}

function readings(sample: AgentSample, config: AgentConfig): Reading[] {
  const memory = sample.memory;
  const list: Reading[] = [
    { key: "cpu", what: "CPU", percent: sample.cpu_percent, threshold: config.cpu_threshold },
  ];
  if (memory.total_bytes > 0) {
    list.push({
      key: "memory",
      what: "Memory",
      percent: (memory.used_bytes / memory.total_bytes) * 100,
      threshold: config.memory_threshold,
    });
  }
  for (const disk of sample.disks) {
    list.push({
      key: `disk:${disk.mount}`,
      what: `Disk ${disk.mount}`,
      percent: disk.total_bytes > 0 ? (disk.used_bytes / disk.total_bytes) * 100 : 0,
      threshold: config.disk_threshold,
    });
  }
  return list;
}

/** Logs a warning when a metric goes over its agent.yaml threshold, once per crossing. */
export function createThresholdWatch(config: AgentConfig, log: Log) {
  const over = new Set<string>();
  return (sample: AgentSample): void => {
    for (const reading of readings(sample, config)) {
      const percent = Math.round(reading.percent);
      if (reading.percent > reading.threshold && !over.has(reading.key)) {
        over.add(reading.key);
        log.warn(
          `${reading.what} use is ${percent}%, over its threshold of ${reading.threshold}%.`,
        );
      } else if (reading.percent <= reading.threshold && over.delete(reading.key)) {
        log.info(
          `${reading.what} use is back to ${percent}%, within its threshold of ${reading.threshold}%.`,
        );
      }
    }
  };
}
