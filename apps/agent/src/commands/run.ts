import { readAgentIdentity } from "../agent-identity.ts";
import { ApiClient } from "../client/api-client.ts";
import { agentUserAgent } from "../client/user-agent.ts";
import { createSampler } from "../collect/take-sample.ts";
import { createThresholdWatch } from "../collect/threshold-watch.ts";
import type { AgentConfig } from "../config/agent-config.ts";
import { createCustomMetricNotices } from "../custom-metrics/custom-metric-notices.ts";
import { stopMetricCommands } from "../custom-metrics/run-metric-command.ts";
import type { Log } from "../log.ts";
import { createProxyChecks, type ProxyChecksOptions } from "../proxy/proxy-checks.ts";
import { ReportBuffer } from "../report-buffer.ts";
import { type PollScheduler, startTaskPoll } from "../task-poll.ts";
import { AGENT_VERSION } from "../version.ts";

/** How long a stopping agent tries to deliver what it holds. */
const SHUTDOWN_FLUSH_MS = 5_000;

export interface RunningAgent {
  /**
   * Stops sampling and taking tasks, tries for a few seconds to deliver what is buffered and to
   * let running checks report, then resolves.
   */
  stop(): Promise<void>;
}

/**
 * Samples the machine every monitoring_interval (the first at once) and delivers the reports,
 * and runs the check tasks its polls collect.
 */
export async function runAgent(
  config: AgentConfig,
  log: Log,
  extra: {
    ca?: string | Buffer;
    schedulePoll?: PollScheduler;
    /** Overrides for how check tasks run, for tests: their network and retry waits. */
    proxy?: Pick<ProxyChecksOptions, "network" | "retryDelayMs">;
  } = {},
): Promise<RunningAgent> {
  const client = new ApiClient({
    apiUrl: config.api_url,
    apiKey: config.api_key,
    timeoutSeconds: config.timeout,
    userAgent: agentUserAgent(),
    ca: extra.ca,
  });
  const identity = await readAgentIdentity();
  const { monitoring_interval, cpu_threshold, memory_threshold, disk_threshold, log_level } =
    config;
  const reported = {
    monitoring_interval,
    cpu_threshold,
    memory_threshold,
    disk_threshold,
    log_level,
  };
  const notices = createCustomMetricNotices(log);
  const buffer = new ReportBuffer({
    send: (batch) => client.sendReports(batch),
    envelope: () => ({ agent: identity, config: reported }),
    log,
    onStored: notices.stored,
  });
  const sample = createSampler(config, Date.now, notices.problems);
  const watch = createThresholdWatch(config, log);
  let flushing: Promise<unknown> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | undefined;
  let sampleTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  const flush = () => {
    flushing = flushing.then(async () => {
      if (stopping) return;
      const outcome = await buffer.flush();
      if (outcome === "backing-off") return;
      clearTimeout(retryTimer);
      if (outcome === "retry-later" && !stopping) retryTimer = setTimeout(flush, buffer.retryInMs);
    });
  };
  const tick = async () => {
    try {
      const report = await sample();
      watch(report);
      buffer.add(report);
      log.debug(
        `Sampled the machine; ${buffer.size} report${buffer.size === 1 ? "" : "s"} to send.`,
      );
    } catch (error) {
      log.error(
        `Sampling the machine failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    flush();
  };

  log.info(
    `Upwatch agent ${AGENT_VERSION} started on ${identity.hostname}: reporting to ${config.api_url} every ${monitoring_interval} s.`,
  );
  void tick();
  sampleTimer = setInterval(() => void tick(), monitoring_interval * 1000);
  const proxy = createProxyChecks({ client, log, ...extra.proxy });
  const poll = startTaskPoll(
    client,
    log,
    { check: (task) => proxy.take(task) },
    extra.schedulePoll,
  );

  return {
    async stop() {
      clearInterval(sampleTimer);
      clearTimeout(retryTimer);
      stopMetricCommands();
      poll.stop();
      stopping = true;
      const checksEnded = proxy.stop();
      await flushing;
      if (buffer.size > 0) {
        log.info(
          `Stopping: sending the ${buffer.size} buffered report${buffer.size === 1 ? "" : "s"}.`,
        );
        const deadline = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref());
        await Promise.race([buffer.flush(true), deadline]);
      }
      await checksEnded;
      client.close();
      const left = buffer.size;
      log.info(
        left === 0
          ? "Stopped; every report was delivered."
          : `Stopped; ${left} report${left === 1 ? " was" : "s were"} not delivered.`,
      );
    },
  };
}
