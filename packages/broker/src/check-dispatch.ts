import { REGIONS } from "@upwatch/core";
import type { Redis } from "ioredis";
import {
  type BrokerOptions,
  brokerKeys,
  closeConnection,
  connectBroker,
  DEFAULT_PREFIX,
  ensureGroup,
  RUNNERS_GROUP,
} from "./broker-options.ts";
import type { CheckJob } from "./messages.ts";

/** Server side: publishes check jobs of remote regions. */
export class CheckDispatch {
  private readonly redis: Redis;
  private readonly keys: ReturnType<typeof brokerKeys>;
  private readonly streams = new Set<string>(REGIONS);
  private readonly grouped = new Set<string>();

  constructor(options: BrokerOptions) {
    this.redis = connectBroker(options, "dispatch");
    this.keys = brokerKeys(options.prefix ?? DEFAULT_PREFIX);
  }

  /** Adds each job to its region's stream, in one pipeline. */
  async publish(jobs: readonly CheckJob[]): Promise<void> {
    if (jobs.length === 0) return;
    for (const job of jobs) {
      if (this.grouped.has(job.region)) continue;
      // The group exists before the first job, so runners that start later still see it.
      await ensureGroup(this.redis, this.keys.checks(job.region), RUNNERS_GROUP);
      this.grouped.add(job.region);
      this.streams.add(job.region);
    }
    const pipeline = this.redis.pipeline();
    for (const job of jobs)
      pipeline.xadd(this.keys.checks(job.region), "*", "job", JSON.stringify(job));
    const replies = (await pipeline.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  /** Removes jobs added more than `keepMs` before `now` from every checks stream. */
  async trim(keepMs: number, now: number): Promise<void> {
    const minId = `${Math.max(0, Math.floor(now - keepMs))}-0`;
    const pipeline = this.redis.pipeline();
    for (const region of this.streams) pipeline.xtrim(this.keys.checks(region), "MINID", minId);
    const replies = (await pipeline.exec()) ?? [];
    const failed = replies.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    await closeConnection(this.redis);
  }
}
