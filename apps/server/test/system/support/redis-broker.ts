import { freeLoopbackPort } from "../../ports.ts";
import { type RunningProcess, startProcess } from "./processes.ts";

/** A Redis server of the test's own, started as a separate process, used as the broker. */
export interface RedisBroker {
  port: number;
  process: RunningProcess;
  /** The broker URL for a client reaching it at `address`. */
  url(address: string): string;
  stop(): Promise<void>;
}

/** Starts `redis-server` on a free port, listening on the given addresses, without persistence. */
export async function startRedisBroker(addresses: readonly string[]): Promise<RedisBroker> {
  const port = await freeLoopbackPort();
  const redis = startProcess("the broker (redis-server)", "redis-server", [
    "--port",
    String(port),
    "--bind",
    addresses.join(" "),
    // Reachable only on loopback and the test's private veth links.
    "--protected-mode",
    "no",
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  await redis.waitForLine(/Ready to accept connections/, 15_000);
  return {
    port,
    process: redis,
    url: (address) => `redis://${address}:${port}`,
    stop: async () => {
      await redis.stop("SIGTERM");
    },
  };
}
