import { agentSampleSchema } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import type { AgentConfig } from "../config/agent-config.ts";
import { createLog } from "../log.ts";
import { collectCpu } from "./cpu.ts";
import { collectDisks, isRealFilesystem } from "./disks.ts";
import { collectLoad } from "./load.ts";
import { collectMemory } from "./memory.ts";
import { createNetworkCollector } from "./network.ts";
import { collectServices } from "./services.ts";
import { createSampler } from "./take-sample.ts";
import { createThresholdWatch } from "./threshold-watch.ts";

const config: AgentConfig = {
  api_url: "http://127.0.0.1:1",
  api_key: `uwa_${"a".repeat(40)}`,
  timeout: 5,
  monitoring_interval: 60,
  cpu_threshold: 80,
  memory_threshold: 85,
  disk_threshold: 90,
  log_level: "info",
  services: ["node", "no-such-service-here"],
  disks: null,
  custom_metrics: [],
};

describe("collectors on this machine", () => {
  it("read CPU as a percentage and at least one core", async () => {
    await collectCpu();
    const cpu = await collectCpu();
    expect(cpu.cpu_percent).toBeGreaterThanOrEqual(0);
    expect(cpu.cpu_percent).toBeLessThanOrEqual(100);
    expect(cpu.cores).toBeGreaterThanOrEqual(1);
  });

  it("read load averages on Linux and none on Windows", () => {
    const load = collectLoad("linux");
    expect(load?.one).toBeGreaterThanOrEqual(0);
    expect(collectLoad("win32")).toBeNull();
  });

  it("read memory whose used and available parts add up to the total", async () => {
    const memory = await collectMemory();
    expect(memory.total_bytes).toBeGreaterThan(64 * 1024 * 1024);
    expect(memory.used_bytes + memory.available_bytes).toBe(memory.total_bytes);
  });

  it("measure network throughput from the counters' change", async () => {
    const network = createNetworkCollector();
    expect(await network()).toEqual({ rx_bytes_per_second: 0, tx_bytes_per_second: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rate = await network();
    expect(rate.rx_bytes_per_second).toBeGreaterThanOrEqual(0);
    expect(rate.tx_bytes_per_second).toBeGreaterThanOrEqual(0);
  });

  it("report the root filesystem and no memory or kernel filesystems", async () => {
    const disks = await collectDisks(null);
    expect(disks.some((disk) => disk.mount === "/")).toBe(true);
    for (const disk of disks) expect(disk.used_bytes).toBeLessThanOrEqual(disk.total_bytes);
    expect(isRealFilesystem("tmpfs", "/tmp", 100)).toBe(false);
    expect(isRealFilesystem("ext4", "/proc/x", 100)).toBe(false);
    expect(isRealFilesystem("ext4", "/data", 100)).toBe(true);
  });

  it("report only the disks the map enables, with their descriptions", async () => {
    const disks = await collectDisks({
      "/": { enabled: true, description: "System" },
      "/nowhere": { enabled: true, description: "Absent" },
    });
    expect(disks.map((disk) => [disk.mount, disk.description])).toEqual([["/", "System"]]);
    expect(await collectDisks({ "/": { enabled: false, description: "" } })).toEqual([]);
  });

  it("tell a running service from one that is not", async () => {
    const states = await collectServices(["node", "no-such-service-here"], "processes");
    expect(states).toEqual([
      { name: "node", state: "running" },
      { name: "no-such-service-here", state: "stopped" },
    ]);
  });

  it("take a sample the server's contract accepts", async () => {
    const sample = await createSampler(config)();
    expect(agentSampleSchema.safeParse(sample).error).toBeUndefined();
  });

  it("warn once when a threshold is crossed and say when it clears", async () => {
    const lines: string[] = [];
    const log = createLog("info", {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    const watch = createThresholdWatch(config, log);
    const sample = await createSampler({ ...config, services: [] })();
    watch({ ...sample, cpu_percent: 95 });
    watch({ ...sample, cpu_percent: 97 });
    watch({ ...sample, cpu_percent: 10 });
    const cpuLines = lines.filter((line) => line.includes("CPU"));
    expect(cpuLines).toHaveLength(2);
    expect(cpuLines[0]).toContain("WARN  CPU use is 95%, over its threshold of 80%.");
    expect(cpuLines[1]).toContain("CPU use is back to 10%");
  });
});
