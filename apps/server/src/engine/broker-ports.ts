import type { CheckOutcome, CheckSpec } from "@upwatch/core";

/**
 * What the engine needs of the broker (`@upwatch/broker`) and of the runners' records, so the
 * engine is tested and built without either.
 */

/** A check handed to a region's runners. */
export interface RegionJob {
  monitorId: string;
  region: string;
  plannedAt: number;
  /** A runner must not start the check after this. */
  startBy: number;
  /** Vouches that this server dispatched the check; the result brings it back. */
  jobId: string;
  spec: CheckSpec;
}

/** A runner's result of one job. */
export interface RunnerResultMessage {
  monitorId: string;
  region: string;
  plannedAt: number;
  startedAt: number;
  /** The identity of the job it answers; absent from runners of an earlier version. */
  jobId?: string | undefined;
  outcome: CheckOutcome;
}

/** What a runner sends: results and/or a heartbeat, signed with its token. */
export interface RunnerReportMessage {
  runnerId: string;
  token: string;
  region: string;
  version: string;
  sentAt: number;
  results: RunnerResultMessage[];
  heartbeat: boolean;
  inFlight: number;
  capacity: number;
}

/** Publishes jobs on the regions' streams. */
export interface JobPublisher {
  publish(jobs: readonly RegionJob[]): Promise<void>;
  trim(keepMs: number, now: number): Promise<void>;
}

/** Delivers runner reports; they are acknowledged once handled. */
export interface ReportSource {
  start(
    handle: (batch: { id: string; report: RunnerReportMessage | null }[]) => Promise<void>,
  ): void;
  ack(ids: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

/** The control channels: answers to runners, and revocations announced by the admin command. */
export interface RunnerControl {
  answerRunner(message: {
    runnerId: string;
    status: "accepted" | "refused" | "revoked";
    detail: string;
  }): Promise<void>;
  onServerControl(
    listener: (message: { kind: "runner-revoked"; runnerId: string }) => void,
  ): Promise<void>;
}

/** The runners' records: token checks and heartbeats. */
export interface RunnerRecords {
  verify(
    token: string,
    region: string,
  ): Promise<{ ok: true; runner: { id: string; region: string } } | { ok: false; detail: string }>;
  heartbeat(runnerId: string, seen: { at: number; version: string }): Promise<void>;
}

/** Everything the engine uses to reach runners in other regions. */
export interface EngineBroker {
  jobs: JobPublisher;
  reports: ReportSource;
  control: RunnerControl;
  runners: RunnerRecords;
}
