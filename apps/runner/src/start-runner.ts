import { BrokerControl, type CheckJob, JobConsumer } from "@upwatch/broker";
import {
  closeScriptSandbox,
  createNetworkAccess,
  type NetworkAccess,
  runCheck,
} from "@upwatch/checks";
import type { Logger } from "pino";
import type { RunnerConfig } from "./runner-config.ts";
import { RUNNER_VERSION } from "./version.ts";

/** Exit code of a runner the servers refused or whose token was revoked. */
export const REFUSED_EXIT_CODE = 2;

/** Checks in flight get this long to finish when the runner is asked to stop. */
const STOP_GRACE_MS = 5000;
const WAITING_LOG_MS = 10_000;

export interface RunnerOptions {
  logger: Logger;
  /** The broker's key prefix (default "upwatch:"); tests use their own. */
  prefix?: string;
  /** The network guard; the configuration's unless given. */
  network?: NetworkAccess;
  /** How often a heartbeat is sent (default 5 s). */
  heartbeatIntervalMs?: number;
}

/** A started runner: `done` resolves with the exit code once it has stopped. */
export interface RunningRunner {
  done: Promise<number>;
  /** Stops taking jobs, lets running checks finish (5 s at most), sends their results. */
  stop(): Promise<number>;
}

/**
 * Sends the first heartbeat and starts taking its region's jobs once a server accepted it;
 * stops with exit code 2 when a server refuses it or its token is revoked.
 */
export function startRunner(config: RunnerConfig, options: RunnerOptions): RunningRunner {
  const { logger } = options;
  const broker = {
    url: config.brokerUrl,
    prefix: options.prefix,
    connectionName: `upwatch-runner:${config.runnerId}`,
  };
  const network =
    options.network ?? createNetworkAccess({ allowPrivateTargets: config.allowPrivateTargets });
  const control = new BrokerControl(broker);
  const consumer = new JobConsumer({
    ...broker,
    runnerId: config.runnerId,
    token: config.token,
    region: config.region,
    version: RUNNER_VERSION,
    capacity: config.concurrency,
    heartbeatIntervalMs: options.heartbeatIntervalMs,
    run: (job: CheckJob, signal: AbortSignal) => runCheck(job.spec, { network, signal }),
    onSkipped: (job, id) =>
      logger.warn(
        { job: id, monitor: job?.monitorId },
        job
          ? "skipped a check that could no longer start in time"
          : "skipped a job that is not a check this runner can read",
      ),
    onError: (error) => logger.error({ err: error }, "the broker did not answer; retrying"),
  });

  let accepted = false;
  let finished = false;
  let waitingTimer: NodeJS.Timeout | undefined;
  let settle: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    settle = resolve;
  });

  async function finish(code: number, graceMs: number): Promise<number> {
    if (finished) return done;
    finished = true;
    clearInterval(waitingTimer);
    if (graceMs > 0) await consumer.stop(graceMs);
    else consumer.abandon();
    await control.close();
    await closeScriptSandbox();
    settle(code);
    return code;
  }

  control
    .onRunnerControl((message) => {
      if (message.runnerId !== config.runnerId || finished) return;
      if (message.status === "accepted") {
        if (accepted) return;
        accepted = true;
        clearInterval(waitingTimer);
        logger.info("a server accepted this runner; taking checks");
        consumer.startConsuming();
        return;
      }
      logger.error({ status: message.status }, message.detail);
      void finish(REFUSED_EXIT_CODE, 0);
    })
    .then(() => {
      if (finished) return;
      logger.info(
        { concurrency: config.concurrency, version: RUNNER_VERSION },
        "runner started; announcing itself to the servers",
      );
      waitingTimer = setInterval(() => {
        if (!accepted) logger.info("waiting for a server to accept this runner");
      }, WAITING_LOG_MS);
      return consumer.startHeartbeats();
    })
    .catch((error) => logger.error({ err: error }, "the broker did not answer; retrying"));

  return {
    done,
    stop: () => {
      if (!finished) logger.info("stopping: finishing the checks in flight");
      return finish(0, STOP_GRACE_MS);
    },
  };
}
