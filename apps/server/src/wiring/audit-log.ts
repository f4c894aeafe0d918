import type { FastifyInstance } from "fastify";
import { PeriodicTask } from "../background/periodic-task.ts";
import type { Leadership } from "../cluster/leadership.ts";
import { pruneAuditEvents } from "../services/audit/prune-audit-events.ts";
import type { ServiceContext } from "../services/context.ts";

const PRUNE_EVERY_MS = 3_600_000;

/**
 * On the leader alone, forgets every hour the audit events older than the account's plan keeps
 * history; otherwise the log is never changed.
 */
export function registerAuditLogPruning(
  app: FastifyInstance,
  options: { ctx: ServiceContext; leadership: Leadership; start: boolean },
): void {
  const { ctx } = options;
  const log = app.log.child({ part: "audit-log" });
  const pruning = new PeriodicTask({
    run: async () => {
      await pruneAuditEvents(ctx.db, ctx.now());
    },
    everyMs: PRUNE_EVERY_MS,
    onError: (error) => log.warn({ err: error }, "pruning the audit log failed"),
  });
  if (!options.start) return;
  options.leadership.run({
    name: "audit log pruning",
    start: async () => pruning.start(),
    stop: () => pruning.stop(),
  });
}
