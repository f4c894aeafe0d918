import { type AlertChannel, isRecoveryEvent, type NotificationEvent } from "@upwatch/core";
import type { NotificationTable } from "@upwatch/db";
import type { NotificationMessage } from "../alerting/index.ts";
import { LeaseQueue } from "../background/lease-queue.ts";
import { PeriodicTask } from "../background/periodic-task.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { OutgoingMail } from "../mail/outgoing-mail.ts";
import type { NotificationMetrics } from "../metrics/server-metrics.ts";
import type { DeliveryAttempt } from "../records/delivery-attempt.ts";
import { openChannel } from "../services/channels/channel-record.ts";
import type { ServiceContext } from "../services/context.ts";
import { type DeliveryAttempts, logDeliveryAttempt } from "./delivery-log.ts";
import {
  type Delivery,
  DeliveryError,
  type DeliveryReceipt,
  type NotificationProvider,
  type ProviderDeps,
} from "./provider.ts";
import type { ProviderClients } from "./provider-clients.ts";
import { NOTIFICATION_PROVIDERS } from "./providers/index.ts";

/** The provider's call for the notification's event. */
export function sendThrough<Client>(
  provider: NotificationProvider<Client>,
  delivery: Delivery,
  deps: ProviderDeps<Client>,
): Promise<DeliveryReceipt> {
  if (delivery.event === "alert.acknowledged") {
    if (!provider.sendAcknowledgement) {
      throw new DeliveryError("This channel's type does not take acknowledgements.");
    }
    return provider.sendAcknowledgement(delivery, deps);
  }
  return isRecoveryEvent(delivery.event)
    ? provider.sendRecovery(delivery, deps)
    : provider.sendAlert(delivery, deps);
}

interface WorkerLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface NotificationWorkerOptions {
  ctx: ServiceContext;
  deps: { network: ProviderDeps["network"]; clients: ProviderClients; timeoutMs?: number };
  attempts: DeliveryAttempts;
  log: WorkerLog;
  /** A notification was handed to the mail outbox: send it. */
  mailQueued: () => void;
  /** Deliveries in flight at once; a slow receiver holds one slot, not the queue. */
  maxInFlight?: number;
  pollMs?: number;
  /** How long a claim lasts; a crashed sender's notifications are sent by another after it. */
  claimMs?: number;
  metrics?: NotificationMetrics | undefined;
}

type Claimed = NotificationTable & {
  channel_name: string;
  channel_config: string;
  channel_secret: string | null;
  channel_confirmed_at: number | null;
};

/** Logged instead of sending to an address that has not agreed to receive alerts. */
export const UNCONFIRMED_CHANNEL_ERROR =
  "Not sent: this address has not yet confirmed that it wants these alerts.";

/**
 * Sends queued notifications: claims them in batches (the lease queue the mail outbox uses too), delivers each once through its channel's provider, and logs the attempt with
 * the notification's outcome in one transaction. A failed or timed-out attempt is not retried.
 * E-mail is handed to the mail outbox, which retries, and logs its own attempts.
 */
export class NotificationWorker {
  private readonly active = new Set<Promise<void>>();
  private claiming: Promise<number> | undefined;
  private closed = false;
  private readonly maxInFlight: number;
  private readonly queue: LeaseQueue<"notifications">;
  private readonly poll: PeriodicTask;

  constructor(private readonly options: NotificationWorkerOptions) {
    this.maxInFlight = options.maxInFlight ?? 256;
    this.queue = new LeaseQueue({
      db: options.ctx.db,
      table: "notifications",
      now: options.ctx.now,
      leaseMs: options.claimMs ?? 60_000,
      retriesAt: false,
    });
    this.poll = new PeriodicTask({
      run: () => this.fill(),
      everyMs: options.pollMs ?? 5000,
      onError: (error) => options.log.error({ err: error }, "notifications: claiming failed"),
      runAtStart: true,
    });
  }

  start(): void {
    this.poll.start();
  }

  /** Stops claiming and waits for the deliveries in flight (at most one time limit). */
  async stop(): Promise<void> {
    this.closed = true;
    await this.poll.stop();
    await this.claiming;
    await Promise.allSettled([...this.active]);
  }

  /** Looks for queued notifications now instead of at the next poll. */
  wake(): void {
    if (!this.closed) this.poll.wake();
  }

  /** Sends everything queued now and waits until it is done (tests, shutdown). */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.fill();
      // Deliveries can all end while `fill` still looks for more; racing an empty set would wait
      // forever, so then it looks again, and stops once a look finds nothing.
      if (this.active.size > 0) await Promise.race([...this.active]);
      else if (claimed === 0) return;
    }
  }

  get inFlight(): number {
    return this.active.size;
  }

  /** Claims as many notifications as there are free slots and starts delivering them. */
  private async fill(): Promise<number> {
    while (this.claiming) await this.claiming;
    this.claiming = (async () => {
      let total = 0;
      while (!this.closed && this.active.size < this.maxInFlight) {
        const rows = await this.claim(this.maxInFlight - this.active.size);
        for (const row of rows) {
          const delivery: Promise<void> = this.deliver(row)
            .catch((error: unknown) =>
              this.options.log.error(
                { err: error, notification: row.id },
                "notifications: recording failed",
              ),
            )
            .finally(() => {
              this.active.delete(delivery);
              // Claiming is a write of its own: refilling half the slots at a time keeps a
              // backlog moving in batches instead of one claim per finished delivery.
              if (this.active.size <= this.maxInFlight / 2) this.wake();
            });
          this.active.add(delivery);
        }
        total += rows.length;
        if (rows.length === 0) break;
      }
      return total;
    })().finally(() => {
      this.claiming = undefined;
    });
    return this.claiming;
  }

  private async claim(limit: number): Promise<Claimed[]> {
    const token = await this.queue.claim(limit);
    return this.options.ctx.db
      .selectFrom("notifications")
      .innerJoin("channels", "channels.id", "notifications.channel_id")
      .selectAll("notifications")
      .select([
        "channels.name as channel_name",
        "channels.config as channel_config",
        "channels.secret as channel_secret",
        "channels.confirmed_at as channel_confirmed_at",
      ])
      .where("notifications.claim_token", "=", token)
      .execute();
  }

  private async deliver(row: Claimed): Promise<void> {
    if (row.channel_confirmed_at === null) return this.refuseUnconfirmed(row);
    const event = row.event as NotificationEvent;
    const opened = openChannel(
      { id: row.channel_id, config: row.channel_config, secret: row.channel_secret },
      this.options.ctx.secrets,
    );
    const delivery: Delivery = {
      id: row.id,
      event,
      alertId: row.alert_id,
      message: JSON.parse(row.message) as NotificationMessage,
      channel: {
        id: row.channel_id,
        name: row.channel_name,
        config: JSON.parse(opened.config) as Record<string, string>,
        secret: opened.secret,
      },
    };
    const type = row.channel_type as AlertChannel;
    const provider = NOTIFICATION_PROVIDERS[type];
    const deps: ProviderDeps = {
      network: this.options.deps.network,
      client: this.options.deps.clients[type],
      now: this.options.ctx.now,
      timeoutMs: this.options.deps.timeoutMs ?? 10_000,
    };
    const started = performance.now();
    let receipt: DeliveryReceipt | undefined;
    let failure: DeliveryError | undefined;
    try {
      receipt = await sendThrough(provider, delivery, deps);
    } catch (error) {
      failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError(error instanceof Error ? error.message : String(error));
    }
    if (receipt?.kind === "mail") return this.handToMail(row, receipt.mail);
    const attempt: DeliveryAttempt = {
      notificationId: row.id,
      status: failure ? (failure.timedOut ? "timeout" : "failed") : "delivered",
      latencyMs: Math.round(performance.now() - started),
      error: failure?.message ?? null,
      attemptedAt: this.options.ctx.now(),
    };
    const cost = receipt?.kind === "delivered" ? receipt.costCents : undefined;
    await this.record(row, attempt, cost);
    this.options.metrics?.notificationSent(row.channel_type, attempt.status);
    if (failure) {
      this.options.log.warn(
        {
          notification: row.id,
          channel: row.channel_id,
          event,
          status: attempt.status,
          reason: failure.message,
        },
        "notifications: delivery failed",
      );
    }
  }

  private async record(row: Claimed, attempt: DeliveryAttempt, costCents: number | undefined) {
    const { ctx } = this.options;
    const {
      channel_name: _n,
      channel_config: _c,
      channel_secret: _s,
      channel_confirmed_at: _a,
      ...notification
    } = row;
    await ctx.transact(async (trx) => {
      await this.queue.complete(
        [row.id],
        attempt.status === "delivered" ? "delivered" : "failed",
        { attempts: row.attempts + 1, finished_at: attempt.attemptedAt },
        trx,
      );
      await logDeliveryAttempt(trx, ctx.newId("dlv"), notification, attempt);
      if (costCents !== undefined && attempt.status === "delivered") {
        await trx
          .insertInto("usage_charges")
          .values({
            id: ctx.newId("chg"),
            account_id: row.account_id,
            item: row.channel_type,
            quantity: 1,
            amount_cents: costCents,
            reference: row.id,
            recorded_at: attempt.attemptedAt,
          })
          .execute();
      }
    });
    this.options.attempts.logged(attempt);
  }

  private async refuseUnconfirmed(row: Claimed) {
    const attempt: DeliveryAttempt = {
      notificationId: row.id,
      status: "failed",
      latencyMs: 0,
      error: UNCONFIRMED_CHANNEL_ERROR,
      attemptedAt: this.options.ctx.now(),
    };
    await this.record(row, attempt, undefined);
  }

  private async handToMail(row: Claimed, mail: OutgoingMail) {
    const { ctx } = this.options;
    await ctx.transact(async (trx) => {
      await enqueueMail(trx, ctx, "alert-notification", mail, row.id);
      await this.queue.complete([row.id], "mailed", {}, trx);
    });
    this.options.mailQueued();
  }
}
