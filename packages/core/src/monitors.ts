import {
  DEFAULT_FAILURE_THRESHOLD,
  DEFAULT_RECOVERY_CONFIRMATIONS,
} from "./alerting/escalation-policy.ts";
import type { StepResult } from "./multi-step/step-result.ts";

/** Every check type a monitor can have; each has one runner in `@upwatch/checks`. */
export const CHECK_TYPES = [
  "http",
  "keyword",
  "ping",
  "tcp",
  "dns",
  "ssl",
  "multi_step",
  "heartbeat",
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/** The types the scheduler runs; a heartbeat monitor is checked by being pinged instead. */
export type ScheduledCheckType = Exclude<CheckType, "heartbeat">;

/** Whether monitors of the type are run by the scheduler (every type but heartbeat). */
export function isScheduledCheckType(type: CheckType): type is ScheduledCheckType {
  return type !== "heartbeat";
}

/**
 * The "basic" types the Free plan offers; every other type needs a plan with all types.
 * Heartbeats cost the service nothing to run, so every plan has them.
 */
export const BASIC_CHECK_TYPES: readonly CheckType[] = ["http", "keyword", "ping", "heartbeat"];

/** Human names of the check types, for sentences. */
export const CHECK_TYPE_NAMES: Record<CheckType, string> = {
  http: "HTTP/HTTPS",
  keyword: "Keyword",
  ping: "Ping",
  tcp: "TCP",
  dns: "DNS",
  ssl: "SSL certificate",
  multi_step: "Multi-step API",
  heartbeat: "Heartbeat",
};

/** The regions a monitor can run from; a monitor runs from one to all of them. */
export const REGIONS = ["us-west-1", "us-west-2", "eu-west-1", "ap-southeast-2"] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = "us-west-1";

/** Where each region's checks run from, as shown to people. */
export const REGION_LOCATIONS: Record<Region, string> = {
  "us-west-1": "Northern California, United States",
  "us-west-2": "Oregon, United States",
  "eu-west-1": "Ireland, Europe",
  "ap-southeast-2": "Sydney, Australia",
};

/** Whether a value names a region of the catalogue. */
export function isRegion(value: unknown): value is Region {
  return typeof value === "string" && (REGIONS as readonly string[]).includes(value);
}

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Monitor field limits shared by validation, the plan rules and the documentation. */
export const MONITOR_LIMITS = {
  minIntervalSeconds: 30,
  maxIntervalSeconds: 3600,
  defaultIntervalSeconds: 300,
  minTimeoutSeconds: 1,
  maxTimeoutSeconds: 60,
  defaultTimeoutSeconds: 30,
  defaultFailureThreshold: DEFAULT_FAILURE_THRESHOLD,
  maxFailureThreshold: 20,
  defaultRecoveryConfirmations: DEFAULT_RECOVERY_CONFIRMATIONS,
  maxRecoveryConfirmations: 10,
} as const;

/** Milliseconds spent in each phase of one check; null when the phase did not happen. */
export interface CheckTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
}

export type CheckStatus = "up" | "down";

/** What one run of a check found. */
export interface CheckOutcome {
  status: CheckStatus;
  /** Whole check duration in milliseconds; null when nothing could be measured. */
  responseTimeMs: number | null;
  timings: CheckTimings;
  statusCode: number | null;
  /** Why the check is down, as a sentence; null when it is up. */
  error: string | null;
  /** SSL checks: the certificate the server presented, for expiry alerts. */
  certificate?: CertificateFacts | undefined;
  /** Multi-step checks: what each step did, secure values masked. */
  steps?: StepResult[] | undefined;
}

/** What alerting needs of a certificate: which one it is and when it expires. */
export interface CertificateFacts {
  /** SHA-256 fingerprint, so each certificate raises each expiry alert once. */
  fingerprint: string;
  /** Epoch milliseconds. */
  validTo: number;
}

/** The id a check is known by: its start time and region, unique within its monitor. */
export function checkId(checkedAt: number, region: string): string {
  return `chk_${checkedAt.toString(36)}_${region}`;
}

export const NO_TIMINGS: CheckTimings = {
  dnsMs: null,
  connectMs: null,
  tlsMs: null,
  firstByteMs: null,
};
