import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** What the monitoring engine tells: each finished check, and what it has in hand at a scrape. */
export interface CheckMetrics {
  checkFinished(check: { type: string; region: string; status: string; lagMs: number }): void;
  watchScheduler(read: () => { running: number; waiting: number; scheduled: number }): void;
}

/** What the result writer tells: each batch it committed. */
export interface ResultWriteMetrics {
  batchWritten(size: number, seconds: number): void;
  /** Results dropped because their check was stored before (redelivered or repeated). */
  duplicatesDropped(count: number): void;
}

/** What the runners' report intake tells: each result it refused, and why. */
export interface RunnerResultMetrics {
  runnerResultRefused(reason: string): void;
}

/** One region as the runner health watch sees it. */
export interface RegionGauge {
  region: string;
  runners: number;
  outage: boolean;
}

/** What the regions' watch tells: runners and outages at a scrape, and each missed check. */
export interface RegionMetrics {
  watchRegions(read: () => readonly RegionGauge[]): void;
  checksMissed(region: string, count: number): void;
}

/** What the notification delivery tells: each notification's last word. */
export interface NotificationMetrics {
  notificationSent(channelType: string, outcome: string): void;
}

/** What the HTTP layer tells: each answered request, by route pattern. */
export interface HttpMetrics {
  requestAnswered(request: {
    method: string;
    route: string;
    status: number;
    seconds: number;
  }): void;
}

/** What the mail outbox offers: how much mail waits, read when scraped. */
export interface OutboxMetrics {
  watchOutboxDepth(read: () => Promise<number>): void;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics in a registry of its own (several apps in one process do not
 * collide), with the few recording verbs the instrumented parts call.
 */
export class ServerMetrics
  implements
    CheckMetrics,
    ResultWriteMetrics,
    RegionMetrics,
    RunnerResultMetrics,
    NotificationMetrics,
    HttpMetrics,
    OutboxMetrics
{
  readonly registry = new Registry();
  private regions: (() => readonly RegionGauge[]) | undefined;
  private scheduler: (() => { running: number; waiting: number; scheduled: number }) | undefined;
  private outboxDepth: (() => Promise<number>) | undefined;

  private readonly checkRuns = new Counter({
    name: "upwatch_check_runs_total",
    help: "Checks run, by check type, region and outcome (up or down).",
    labelNames: ["type", "region", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly scheduleLag = new Histogram({
    name: "upwatch_check_schedule_lag_seconds",
    help: "How late each check started after its planned time.",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly batchSize = new Histogram({
    name: "upwatch_result_batch_size",
    help: "Check results written per transaction.",
    buckets: [1, 5, 10, 25, 50, 100, 250, 500],
    registers: [this.registry],
  });
  private readonly batchDuration = new Histogram({
    name: "upwatch_result_batch_duration_seconds",
    help: "How long writing one batch of check results (with its alerting) took.",
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly missedChecks = new Counter({
    name: "upwatch_missed_checks_total",
    help: "Planned checks no runner of their region answered, by region.",
    labelNames: ["region"] as const,
    registers: [this.registry],
  });
  private readonly duplicateResults = new Counter({
    name: "upwatch_duplicate_results_total",
    help: "Check results dropped because the same check was stored before.",
    registers: [this.registry],
  });
  private readonly refusedRunnerResults = new Counter({
    name: "upwatch_runner_results_refused_total",
    help: "Runner results refused, by reason (unknown-monitor, wrong-region, not-dispatched, duplicate, too-late, future).",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  private readonly notifications = new Counter({
    name: "upwatch_notifications_total",
    help: "Notifications finished, by channel type and outcome (delivered, failed, timeout).",
    labelNames: ["channel_type", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly httpRequests = new Counter({
    name: "upwatch_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: "upwatch_http_request_duration_seconds",
    help: "How long answering an HTTP request took, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  constructor() {
    const metrics = this;
    const schedulerGauge = (name: string, help: string, key: "running" | "waiting" | "scheduled") =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          if (metrics.scheduler) this.set(metrics.scheduler()[key]);
        },
      });
    schedulerGauge("upwatch_checks_in_flight", "Checks running right now.", "running");
    schedulerGauge(
      "upwatch_checks_waiting",
      "Checks due but waiting for a free slot (CHECK_CONCURRENCY).",
      "waiting",
    );
    schedulerGauge("upwatch_monitors_scheduled", "Monitors this server checks.", "scheduled");
    const regionGauge = (name: string, help: string, value: (gauge: RegionGauge) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["region"] as const,
        registers: [this.registry],
        collect() {
          if (!metrics.regions) return;
          for (const gauge of metrics.regions()) this.set({ region: gauge.region }, value(gauge));
        },
      });
    regionGauge(
      "upwatch_region_runners",
      "Live runners of each region (a heartbeat in the last 20 seconds).",
      (gauge) => gauge.runners,
    );
    regionGauge(
      "upwatch_region_outage",
      "1 while a region with monitors has had no live runner for two of its shortest intervals.",
      (gauge) => (gauge.outage ? 1 : 0),
    );
    new Gauge({
      name: "upwatch_mail_outbox_depth",
      help: "Mails waiting in the outbox to be sent (NaN when the database cannot be read).",
      registers: [this.registry],
      async collect() {
        if (!metrics.outboxDepth) return;
        this.set(await metrics.outboxDepth().catch(() => Number.NaN));
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  checkFinished(check: { type: string; region: string; status: string; lagMs: number }): void {
    this.checkRuns.inc({ type: check.type, region: check.region, outcome: check.status });
    this.scheduleLag.observe(Math.max(0, check.lagMs) / 1000);
  }

  watchScheduler(read: () => { running: number; waiting: number; scheduled: number }): void {
    this.scheduler = read;
  }

  batchWritten(size: number, seconds: number): void {
    this.batchSize.observe(size);
    this.batchDuration.observe(seconds);
  }

  duplicatesDropped(count: number): void {
    this.duplicateResults.inc(count);
  }

  runnerResultRefused(reason: string): void {
    this.refusedRunnerResults.inc({ reason });
  }

  watchRegions(read: () => readonly RegionGauge[]): void {
    this.regions = read;
  }

  checksMissed(region: string, count: number): void {
    this.missedChecks.inc({ region }, count);
  }

  notificationSent(channelType: string, outcome: string): void {
    this.notifications.inc({ channel_type: channelType, outcome });
  }

  requestAnswered(request: { method: string; route: string; status: number; seconds: number }) {
    const { method, route } = request;
    this.httpRequests.inc({ method, route, status: String(request.status) });
    this.httpDuration.observe({ method, route }, request.seconds);
  }

  watchOutboxDepth(read: () => Promise<number>): void {
    this.outboxDepth = read;
  }

  /** The whole registry in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
