import { currentLoad } from "systeminformation";

/** CPU used since the previous call (the interval), in percent of all cores, and the core count. */
export async function collectCpu(): Promise<{ cpu_percent: number; cores: number }> {
  const load = await currentLoad();
  const percent = Number.isFinite(load.currentLoad) ? load.currentLoad : 0;
  return {
    cpu_percent: Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100,
    cores: Math.max(1, load.cpus.length),
  };
}
