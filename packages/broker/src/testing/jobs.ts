import { type CheckOutcome, httpOptionsSchema } from "@upwatch/core";
import { Redis } from "ioredis";
import type { CheckJob } from "../messages.ts";
import { type InboxEntry, ReportInbox } from "../report-inbox.ts";

/** An HTTP check job for `monitorId`, due now, to be started within 10 s. */
export function jobFor(monitorId: string, region = "eu-west-1", now = Date.now()): CheckJob {
  return {
    monitorId,
    region,
    plannedAt: now,
    startBy: now + 10_000,
    spec: {
      type: "http",
      target: "http://127.0.0.1:9/health",
      timeoutMs: 5000,
      options: httpOptionsSchema.parse({}),
    },
  };
}

export const UP: CheckOutcome = {
  status: "up",
  responseTimeMs: 12.5,
  timings: { dnsMs: 0.1, connectMs: 1, tlsMs: null, firstByteMs: 10 },
  statusCode: 200,
  error: null,
};

/** A leader's inbox that records every report it is given and acks it. */
export function recordingInbox(url: string, prefix: string, consumer = "server-1") {
  const inbox = new ReportInbox({ url, prefix, consumer });
  const entries: InboxEntry[] = [];
  inbox.start(async (batch) => {
    entries.push(...batch);
    await inbox.ack(batch.map((entry) => entry.id));
  });
  return {
    inbox,
    entries,
    results: () => entries.flatMap((entry) => entry.report?.results ?? []),
  };
}

/** The number of jobs of a region that were delivered and not yet acked. */
export async function pendingJobs(url: string, prefix: string, region = "eu-west-1") {
  const redis = new Redis(url);
  try {
    const summary = (await redis.xpending(`${prefix}checks:${region}`, "runners")) as [number];
    return summary[0];
  } finally {
    redis.disconnect();
  }
}
