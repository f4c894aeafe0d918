import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** CPU time (ms) and memory of a process as Linux reports it; undefined once it is gone. */
function readProcess(pid: number): { cpuMs: number; rssMb: number } | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after its ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return { cpuMs: (ticks * 1000) / TICKS_PER_SECOND, rssMb: rssKb / 1024 };
  } catch {
    return undefined;
  }
}

/** Per-process CPU and memory over a measured window, sampled once a second. */
export class ProcessUsage {
  private readonly watched = new Map<
    string,
    {
      pid: number;
      cpuBefore: number;
      cpuMs: number;
      peakRssMb: number;
      rssSum: number;
      samples: number;
    }
  >();
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private stoppedAt = 0;

  /** Follows `pid` under `name`; a restarted process keeps its name and adds up its CPU. */
  watch(name: string, pid: number): void {
    const before = this.watched.get(name);
    const now = readProcess(pid);
    if (before) {
      this.sample();
      before.pid = pid;
      before.cpuBefore = (now?.cpuMs ?? 0) - before.cpuMs;
      return;
    }
    this.watched.set(name, {
      pid,
      cpuBefore: now?.cpuMs ?? 0,
      cpuMs: 0,
      peakRssMb: 0,
      rssSum: 0,
      samples: 0,
    });
  }

  /** Starts measuring: CPU counts from now on. */
  start(): void {
    this.startedAt = Date.now();
    for (const entry of this.watched.values()) entry.cpuBefore = readProcess(entry.pid)?.cpuMs ?? 0;
    this.timer = setInterval(() => this.sample(), 1000);
  }

  stop(): void {
    this.sample();
    this.stoppedAt = Date.now();
    clearInterval(this.timer);
  }

  private sample(): void {
    for (const entry of this.watched.values()) {
      const now = readProcess(entry.pid);
      if (!now) continue;
      entry.cpuMs = now.cpuMs - entry.cpuBefore;
      entry.peakRssMb = Math.max(entry.peakRssMb, now.rssMb);
      entry.rssSum += now.rssMb;
      entry.samples += 1;
    }
  }

  /** One line per process: CPU as a share of one core, mean and peak resident memory. */
  lines(): string[] {
    const seconds = (this.stoppedAt - this.startedAt) / 1000;
    return [...this.watched].map(([name, entry]) => {
      const cpu = ((entry.cpuMs / 1000 / seconds) * 100).toFixed(0);
      const mean = entry.samples ? entry.rssSum / entry.samples : 0;
      return `  ${name.padEnd(28)} CPU ${cpu.padStart(4)}% of a core   memory mean ${mean.toFixed(0)} MB, peak ${entry.peakRssMb.toFixed(0)} MB`;
    });
  }
}
