import { networkInterfaces, networkStats } from "systeminformation";

interface Counters {
  at: number;
  rx: number;
  tx: number;
}

async function readCounters(now: () => number): Promise<Counters> {
  const [interfaces, stats] = await Promise.all([networkInterfaces(), networkStats("*")]);
  const loopback = new Set(
    (Array.isArray(interfaces) ? interfaces : [interfaces])
      .filter((each) => each.internal)
      .map((each) => each.iface),
  );
  let rx = 0;
  let tx = 0;
  for (const each of stats) {
    if (loopback.has(each.iface) || each.iface === "lo") continue;
    rx += Math.max(0, each.rx_bytes || 0);
    tx += Math.max(0, each.tx_bytes || 0);
  }
  return { at: now(), rx, tx };
}

/** Throughput over every interface but loopback, from the counters' change since the last call. */
export function createNetworkCollector(now: () => number = Date.now) {
  let previous: Counters | null = null;
  return async (): Promise<{ rx_bytes_per_second: number; tx_bytes_per_second: number }> => {
    const current = await readCounters(now);
    const last = previous;
    previous = current;
    const seconds = last ? (current.at - last.at) / 1000 : 0;
    // Counters restart when an interface goes away or wraps; that interval reads as zero.
    if (!last || seconds <= 0 || current.rx < last.rx || current.tx < last.tx) {
      return { rx_bytes_per_second: 0, tx_bytes_per_second: 0 };
    }
    return {
      rx_bytes_per_second: Math.round((current.rx - last.rx) / seconds),
      tx_bytes_per_second: Math.round((current.tx - last.tx) / seconds),
    };
  };
}
