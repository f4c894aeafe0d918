import type { PostgresConnection } from "@upwatch/db";
import type pg from "pg";
import { type ClusterLog, clusterNameOf, openDedicatedConnection } from "./dedicated-connection.ts";

/** Work that runs on one process of the cluster at a time. */
export interface LeaderPart {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs parts only while this process is the leader. */
export interface Leadership {
  /** Starts `part` when leadership is gained (or at once if held), stops it when lost. */
  run(part: LeaderPart): void;
  isLeader(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The one process of an SQLite install: it always leads. */
export function alwaysLeader(): Leadership {
  return new PartsUnderLeadership(() => Promise.resolve(true));
}

/** A process that never leads (it runs no checks): its parts never start. */
export function neverLeader(): Leadership {
  return new PartsUnderLeadership(() => Promise.resolve(false));
}

export interface AdvisoryLockOptions {
  /** The database (and schema) whose processes elect one leader among them. */
  connection: PostgresConnection;
  log: ClusterLog;
  /** How often a follower tries to take the lock and the leader checks it still holds it. */
  retryMs?: number;
}

/** The first half of the lock's key, the same for every install; the second names the schema. */
const LOCK_CLASS = 0x75707763;

/** The advisory lock's two keys for a cluster (see `clusterNameOf`). */
export function leaderLockKey(clusterName: string): [number, number] {
  return [LOCK_CLASS, Number.parseInt(clusterName.slice(0, 8), 16) & 0x7fffffff];
}

/**
 * Leadership through a PostgreSQL advisory lock held by a connection of its own: a follower
 * tries `pg_try_advisory_lock` every `retryMs`; the leader checks its connection as often and
 * steps down at once (stops its parts) when it fails, since the lock went with the session.
 * Stopping releases the lock, so another process takes over at its next try.
 */
export function advisoryLockLeadership(options: AdvisoryLockOptions): Leadership {
  return new AdvisoryLockLeadership(options);
}

/** Parts started and stopped in order as leadership comes and goes; one change at a time. */
class PartsUnderLeadership implements Leadership {
  private readonly parts: LeaderPart[] = [];
  private readonly running = new Set<LeaderPart>();
  private leading = false;
  private changes: Promise<void> = Promise.resolve();

  constructor(
    private readonly decide: () => Promise<boolean>,
    protected readonly log?: ClusterLog,
  ) {}

  run(part: LeaderPart): void {
    this.parts.push(part);
    if (this.leading) void this.serially(() => this.startPart(part));
  }

  isLeader(): boolean {
    return this.leading;
  }

  async start(): Promise<void> {
    if (await this.decide()) await this.serially(() => this.lead());
  }

  async stop(): Promise<void> {
    await this.serially(() => this.follow());
  }

  /** Runs a change after the ones before it; a change never throws. */
  protected serially(change: () => Promise<void>): Promise<void> {
    this.changes = this.changes.then(change, change);
    return this.changes;
  }

  protected async lead(): Promise<void> {
    if (this.leading) return;
    this.leading = true;
    for (const part of this.parts) await this.startPart(part);
  }

  protected async follow(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    for (const part of [...this.parts].reverse()) {
      if (!this.running.delete(part)) continue;
      await part.stop().catch((error: unknown) => {
        this.log?.warn({ err: error, part: part.name }, "stopping a leader's part failed");
      });
    }
  }

  private async startPart(part: LeaderPart): Promise<void> {
    if (!this.leading || this.running.has(part)) return;
    this.running.add(part);
    await part.start().catch((error: unknown) => {
      this.log?.warn({ err: error, part: part.name }, "starting a leader's part failed");
    });
  }
}

class AdvisoryLockLeadership extends PartsUnderLeadership {
  private client: pg.Client | undefined;
  private lockKey: [number, number] | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  /** After losing the lock this process sits out a try, so a healthy one takes over first. */
  private sitOut = false;
  private readonly retryMs: number;

  constructor(private readonly options: AdvisoryLockOptions) {
    super(() => Promise.resolve(false), options.log);
    this.retryMs = options.retryMs ?? 2_000;
  }

  override async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.serially(() => this.tick());
    this.schedule();
  }

  override async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.serially(async () => {
      await this.follow();
      await this.disconnect();
    });
  }

  private schedule(): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      void this.serially(() => this.tick()).finally(() => this.schedule());
    }, this.retryMs);
  }

  private async tick(): Promise<void> {
    if (!this.started) return;
    if (this.isLeader()) {
      await this.checkLock();
      return;
    }
    if (this.sitOut) {
      this.sitOut = false;
      return;
    }
    await this.tryLock();
  }

  private async tryLock(): Promise<void> {
    try {
      const client = await this.connection();
      const [classId, objectId] = this.lockKey!;
      const { rows } = await client.query<{ held: boolean }>(
        "select pg_try_advisory_lock($1::int4, $2::int4) as held",
        [classId, objectId],
      );
      if (!rows[0]?.held) return;
      this.options.log.info({}, "this process is now the leader: it plans checks and alerts");
      await this.lead();
    } catch (error) {
      this.options.log.warn({ err: error }, "trying to become the leader failed");
      await this.disconnect();
    }
  }

  private async checkLock(): Promise<void> {
    try {
      // An answer that takes a whole period counts as none: the session may be gone.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the database did not answer")), this.retryMs);
      });
      await Promise.race([this.client!.query("select 1"), late]).finally(() => clearTimeout(timer));
    } catch (error) {
      await this.stepDown(error);
    }
  }

  private async stepDown(reason: unknown): Promise<void> {
    if (!this.isLeader()) return;
    this.options.log.warn(
      { err: reason },
      "the leader lost its database connection, and with it the lock; it stops leading",
    );
    this.sitOut = true;
    await this.follow();
    await this.disconnect();
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = await openDedicatedConnection(this.options.connection, "upwatch leadership");
    this.client = client;
    client.on("end", () => {
      if (this.client !== client) return;
      this.client = undefined;
      void this.serially(() => this.stepDown(new Error("the connection ended")));
    });
    this.lockKey = leaderLockKey(await clusterNameOf(client));
    return client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    // Ending the session releases the lock it held.
    await client?.end().catch(() => {});
  }
}
