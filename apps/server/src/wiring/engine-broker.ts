import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { BrokerControl, CheckDispatch, ReportInbox } from "@upwatch/broker";
import type { FastifyBaseLogger } from "fastify";
import type { EngineBroker } from "../engine/broker-ports.ts";
import type { ServiceContext } from "../services/context.ts";
import { recordRunnerHeartbeat } from "../services/runners/record-runner-heartbeat.ts";
import { verifyRunnerToken } from "../services/runners/verify-runner-token.ts";

/** This process's name among the servers reading reports: stable for its life, unique. */
export function serverInstanceId(): string {
  return `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/**
 * The broker parts the engine uses to reach runners of other regions, and a way to close them
 * (once the engine stopped for good).
 */
export function engineBroker(
  ctx: ServiceContext,
  options: { url: string; prefix?: string | undefined; log: FastifyBaseLogger },
): { broker: EngineBroker; close(): Promise<void> } {
  const base = { url: options.url, ...(options.prefix ? { prefix: options.prefix } : {}) };
  const jobs = new CheckDispatch(base);
  const reports = new ReportInbox({
    ...base,
    consumer: serverInstanceId(),
    onError: (error) => options.log.warn({ err: error }, "reading runner reports failed; retrying"),
  });
  const control = new BrokerControl(base);
  return {
    broker: {
      jobs,
      reports,
      control,
      runners: {
        verify: (token, region) => verifyRunnerToken(ctx, token, region),
        heartbeat: (runnerId, seen) => recordRunnerHeartbeat(ctx, runnerId, seen),
      },
    },
    async close() {
      await Promise.all([jobs.close(), control.close()]);
    },
  };
}
