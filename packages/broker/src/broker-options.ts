import { Redis } from "ioredis";

/** Where the broker is and the prefix of its keys. */
export interface BrokerOptions {
  /** A redis:// or rediss:// URL. */
  url: string;
  /** The start of every key and channel; default "upwatch:". */
  prefix?: string;
  /** The client name Redis shows in CLIENT LIST. */
  connectionName?: string;
}

export const DEFAULT_PREFIX = "upwatch:";

/** The consumer group of every checks stream: the runners of its region. */
export const RUNNERS_GROUP = "runners";
/** The consumer group of the reports stream: the servers (only the leader reads). */
export const SERVERS_GROUP = "servers";

/** The names of the broker's keys and channels under a prefix. */
export function brokerKeys(prefix: string = DEFAULT_PREFIX) {
  return {
    checks: (region: string) => `${prefix}checks:${region}`,
    reports: `${prefix}reports`,
    runnerControl: `${prefix}runner-control`,
    serverControl: `${prefix}server-control`,
  };
}

/**
 * A connection that keeps reconnecting while Redis is away; commands wait for it rather than
 * failing at once, so a short outage only delays work.
 */
export function connectBroker(options: BrokerOptions, role: string): Redis {
  const redis = new Redis(options.url, {
    connectionName: options.connectionName ? `${options.connectionName}:${role}` : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Connection errors are retried by the client; each caller reports failed commands itself.
  redis.on("error", () => {});
  return redis;
}

/** Calls `report` once when a connection is lost (not again until it is back). */
export function reportLostConnection(redis: Redis, report: (error: unknown) => void): void {
  let lost = false;
  redis.on("error", (error) => {
    if (lost) return;
    lost = true;
    report(error);
  });
  redis.on("ready", () => {
    lost = false;
  });
}

/** Creates a stream's consumer group (and the stream) unless it exists. */
export async function ensureGroup(redis: Redis, stream: string, group: string): Promise<void> {
  try {
    await redis.xgroup("CREATE", stream, group, "0", "MKSTREAM");
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith("BUSYGROUP"))) throw error;
  }
}

/** Closes a connection, politely when it can. */
export async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === "end") return;
  try {
    await Promise.race([redis.quit(), new Promise((done) => setTimeout(done, 1000))]);
  } catch {
    // Already closing or never connected.
  }
  redis.disconnect();
}

/** Stream entries as ioredis returns them: [id, [field, value, ...]] (fields null when deleted). */
export type StreamEntry = [id: string, fields: string[] | null];

/** The value of `field` in a stream entry, or null. */
export function fieldOf(fields: string[] | null, field: string): string | null {
  if (!fields) return null;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === field) return fields[i + 1] ?? null;
  }
  return null;
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal?.aborted) return done();
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", finish);
      done();
    }
    signal?.addEventListener("abort", finish, { once: true });
  });
}
