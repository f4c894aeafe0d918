import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import { addClosingStep } from "../closing-steps.ts";
import type { Leadership } from "../cluster/leadership.ts";
import type { Config } from "../config.ts";
import type { OutboxWorker } from "../mail/outbox-worker.ts";
import { statusSubscriptionRoutes } from "../routes/status-subscriptions.ts";
import type { ServiceContext } from "../services/context.ts";
import { loadServerSecret } from "../services/server-secret.ts";
import { announceMaintenanceBoundaries } from "../services/status-maintenance/announce-maintenance-boundaries.ts";
import { fanOutStatusNotices } from "../services/status-notices/fan-out-status-notices.ts";
import { pruneStatusNotices } from "../services/status-notices/prune-status-notices.ts";
import {
  STATUS_LINK_SECRET_NAME,
  type StatusSubscriberContext,
} from "../services/status-subscribers/subscriber-links.ts";

export interface StatusNoticesOptions {
  config: Config;
  ctx: ServiceContext;
  outbox: OutboxWorker;
  leadership: Leadership;
  /** Whether the fan-out and the maintenance ticker run by themselves; tests drive them by hand. */
  start?: boolean;
}

/** The notice fan-out and maintenance ticker, for tests and the API routes to wake or drive. */
export interface StatusNotices {
  /** Fans out pending notices soon (a change was just stored). */
  wake(): void;
  /** Queues the mails of every pending notice now; answers how many. */
  fanOut(): Promise<number>;
  /** Announces windows that started or ended now (and forgets old notices); answers how many. */
  tick(): Promise<number>;
}

const FAN_OUT_EVERY_MS = 5_000;
const TICK_EVERY_MS = 15_000;

/**
 * The public subscription routes of status pages, and, on the leader alone, the worker that
 * fans notices out to subscribers through the outbox and the ticker that announces maintenance
 * windows as they start and end.
 */
export async function registerStatusNotices(
  app: FastifyInstance,
  options: StatusNoticesOptions,
): Promise<StatusNotices> {
  const { config, ctx, outbox } = options;
  const sctx: StatusSubscriberContext = {
    ...ctx,
    linkSecret: await loadServerSecret(ctx.db, STATUS_LINK_SECRET_NAME),
    // Status pages, and so their subscription links, live under the public address.
    linkBase: config.publicUrl.replace(/\/$/, ""),
  };
  const log = app.log.child({ part: "status-notices" });
  const fanOut = async () => {
    const queued = await fanOutStatusNotices(sctx);
    if (queued > 0) outbox.wake();
    return queued;
  };
  const fanning = new PeriodicTask({
    run: fanOut,
    everyMs: FAN_OUT_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "queueing status page notices failed"),
  });
  const tick = async () => {
    await pruneStatusNotices(ctx);
    const announced = await announceMaintenanceBoundaries(ctx);
    if (announced > 0) fanning.wake();
    return announced;
  };
  const ticker = new PeriodicTask({
    run: tick,
    everyMs: TICK_EVERY_MS,
    runAtStart: true,
    onError: (error) => log.warn({ err: error }, "announcing maintenance windows failed"),
  });
  if (options.start ?? true) {
    options.leadership.run({
      name: "status page notices",
      start: async () => {
        fanning.start();
        ticker.start();
      },
      stop: async () => {
        await ticker.stop();
        await fanning.stop();
      },
    });
  }
  addClosingStep(app, "status page notices", async () => {
    await ticker.stop();
    await fanning.stop();
  });
  await app.register(statusSubscriptionRoutes, { ctx: sctx, mailQueued: () => outbox.wake() });
  const notices: StatusNotices = { wake: () => fanning.wake(), fanOut, tick };
  app.decorate("statusNotices", notices);
  return notices;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Status page notices: present once `registerStatusNotices` ran. */
    statusNotices?: StatusNotices;
  }
}
