import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { regionOutageMail } from "../mail/messages/region-outage.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { RegionGauge } from "../metrics/server-metrics.ts";

/** A runner is live while its last heartbeat is this recent. */
export const LIVE_RUNNER_MS = 20_000;

export interface RegionWatchOptions {
  db: Kysely<Database>;
  now: () => number;
  newId: (prefix: string) => string;
  /** The region checked in-process; it never needs a runner. */
  localRegion: string | null;
  /** Where the operator hears of runner outages (once per outage). */
  operatorEmail?: string | undefined;
  /** A mail was queued: send it now. */
  mailQueued?: (() => void) | undefined;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** The regions that have active monitors: how many, and the shortest interval (ms). */
  activeRegions(): ReadonlyMap<string, ActiveRegion>;
}

export interface ActiveRegion {
  monitors: number;
  shortestMs: number;
}

interface RegionState {
  runners: number;
  lastSeenAt: number | null;
  outage: { id: string; startedAt: number } | undefined;
}

/**
 * Runner health, judged by the leader: how many live runners each region has, and whether a
 * region with monitors has had none for two of its shortest intervals (an outage). Opening an
 * outage is stored, logged and mailed to the operator once; a heartbeat closes it.
 */
export class RegionWatch {
  private readonly regions = new Map<string, RegionState>();
  private since = 0;

  constructor(private readonly options: RegionWatchOptions) {}

  /** Starts watching: outages still open in the database are continued, not opened again. */
  async start(): Promise<void> {
    this.since = this.options.now();
    this.regions.clear();
    const open = await this.options.db
      .selectFrom("region_outages")
      .select(["id", "region", "started_at"])
      .where("ended_at", "is", null)
      .execute();
    for (const row of open) {
      this.state(row.region).outage = { id: row.id, startedAt: Number(row.started_at) };
    }
    await this.check();
  }

  /** Live runners of a region (the local region counts as served). */
  liveRunners(region: string): number {
    if (region === this.options.localRegion) return 1;
    return this.regions.get(region)?.runners ?? 0;
  }

  /** Every region known, for the metrics gauges. */
  gauges(): RegionGauge[] {
    return [...this.regions].map(([region, state]) => ({
      region,
      runners: state.runners,
      outage: state.outage !== undefined,
    }));
  }

  /** Reads the runners' heartbeats and opens or closes outages. */
  async check(): Promise<void> {
    const now = this.options.now();
    const rows = await this.options.db
      .selectFrom("runners")
      .select(["region", "last_seen_at"])
      .where("revoked_at", "is", null)
      .execute();
    for (const state of this.regions.values()) {
      state.runners = 0;
      state.lastSeenAt = null;
    }
    for (const row of rows) {
      const state = this.state(row.region);
      const seen = row.last_seen_at === null ? null : Number(row.last_seen_at);
      if (seen === null) continue;
      if (seen >= now - LIVE_RUNNER_MS) state.runners += 1;
      state.lastSeenAt = Math.max(state.lastSeenAt ?? 0, seen);
    }
    const active = this.options.activeRegions();
    for (const region of active.keys()) this.state(region);
    for (const [region, state] of this.regions) {
      const shortest = active.get(region)?.shortestMs;
      const quietFor = now - Math.max(state.lastSeenAt ?? 0, this.since);
      const down =
        region !== this.options.localRegion &&
        shortest !== undefined &&
        state.runners === 0 &&
        quietFor > 2 * shortest;
      if (down && !state.outage) await this.open(region, state, now, active);
      else if (!down && state.outage) await this.close(region, state, now);
    }
  }

  private async open(
    region: string,
    state: RegionState,
    now: number,
    active: ReadonlyMap<string, ActiveRegion>,
  ): Promise<void> {
    const id = this.options.newId("rgo");
    const email = this.options.operatorEmail;
    const monitors = active.get(region)?.monitors ?? 0;
    await this.options.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("region_outages")
        .values({ id, region, started_at: now, ended_at: null, notified_at: email ? now : null })
        .execute();
      if (email) {
        const mail = regionOutageMail(email, {
          region,
          lastSeenAt: state.lastSeenAt,
          startedAt: now,
          monitors,
        });
        await enqueueMail(trx, this.options, "region-outage", mail, `mail_${id}`);
      }
    });
    state.outage = { id, startedAt: now };
    this.options.log.warn(
      {
        region,
        lastSeenAt: state.lastSeenAt,
        shortestIntervalSeconds: (active.get(region)?.shortestMs ?? 0) / 1000,
        monitors,
      },
      `no runner is checking ${region}: its checks are recorded as missed until a runner is back`,
    );
    if (email) this.options.mailQueued?.();
  }

  private async close(region: string, state: RegionState, now: number): Promise<void> {
    const outage = state.outage!;
    await this.options.db
      .updateTable("region_outages")
      .set({ ended_at: now })
      .where("id", "=", outage.id)
      .execute();
    state.outage = undefined;
    this.options.log.info(
      { region, outageSeconds: Math.round((now - outage.startedAt) / 1000) },
      `a runner is checking ${region} again`,
    );
  }

  private state(region: string): RegionState {
    let state = this.regions.get(region);
    if (!state) {
      state = { runners: 0, lastSeenAt: null, outage: undefined };
      this.regions.set(region, state);
    }
    return state;
  }
}
