import { z } from "zod";

/** Heartbeat limits shared by validation, the ping endpoint and the help centre. */
export const HEARTBEAT_LIMITS = {
  minPeriodSeconds: 60,
  maxPeriodSeconds: 2_592_000,
  defaultPeriodSeconds: 86_400,
  minGraceSeconds: 0,
  maxGraceSeconds: 86_400,
  defaultGraceSeconds: 300,
  /** How much of a ping's body is kept, in bytes. */
  bodyExcerptBytes: 1024,
  /** Pings one URL may receive per minute; more are answered 429. */
  pingsPerMinute: 60,
  /** Unknown ping URLs one client address may try per minute; more are answered 429. */
  unknownPingsPerMinute: 60,
} as const;

const H = HEARTBEAT_LIMITS;

const PERIOD_MESSAGE = `options.period_seconds must be a whole number of seconds from ${H.minPeriodSeconds} (1 minute) to ${H.maxPeriodSeconds.toLocaleString("en-US")} (30 days).`;
const GRACE_MESSAGE = `options.grace_seconds must be a whole number of seconds from 0 to ${H.maxGraceSeconds.toLocaleString("en-US")} (1 day).`;

/** Options of a `heartbeat` monitor: how often the job pings, and how late it may be. */
export const heartbeatOptionsSchema = z.strictObject({
  period_seconds: z
    .number({ message: PERIOD_MESSAGE })
    .int({ message: PERIOD_MESSAGE })
    .min(H.minPeriodSeconds, { message: PERIOD_MESSAGE })
    .max(H.maxPeriodSeconds, { message: PERIOD_MESSAGE })
    .default(H.defaultPeriodSeconds)
    .describe("How often the job pings, in seconds (60 to 2,592,000)."),
  grace_seconds: z
    .number({ message: GRACE_MESSAGE })
    .int({ message: GRACE_MESSAGE })
    .min(H.minGraceSeconds, { message: GRACE_MESSAGE })
    .max(H.maxGraceSeconds, { message: GRACE_MESSAGE })
    .default(H.defaultGraceSeconds)
    .describe("How long after the period a ping may still arrive, in seconds (0 to 86,400)."),
});
export type HeartbeatOptions = z.output<typeof heartbeatOptionsSchema>;

/** The three things a ping URL can say: the job finished, started, or failed. */
export const HEARTBEAT_SIGNALS = ["success", "start", "fail"] as const;
export type HeartbeatSignal = (typeof HEARTBEAT_SIGNALS)[number];

/** The region a heartbeat's checks are stored under: the job itself reports, from wherever it runs. */
export const HEARTBEAT_CHECK_REGION = "heartbeat";
