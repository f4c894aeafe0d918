import { createHash } from "node:crypto";
import type { EngineBroker, RunnerReportMessage, RunnerResultMessage } from "./broker-ports.ts";
import type { ResultRefusal, ResultVerdict } from "./round-tracker.ts";

export interface ReportIntakeOptions {
  broker: Pick<EngineBroker, "reports" | "control" | "runners">;
  /** Hands a result to its round; `accepted` ones are settled later through `settle`. */
  accept(result: RunnerResultMessage, reportId: string): ResultVerdict;
  now: () => number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** Results dropped as repeats of checks already judged. */
  onDuplicates?: (count: number) => void;
  /** Each result refused (repeats included), with the reason. */
  onRefused?: (reason: ResultRefusal) => void;
}

interface Acceptance {
  runnerId: string;
  region: string;
}

/**
 * Reads runner reports: verifies each report's token (acceptances cached until a heartbeat
 * re-verifies them or the runner is revoked), answers and records heartbeats, and hands results
 * to their rounds. A report is acknowledged only once every result of it was stored, judged a
 * duplicate, or refused, so a report in hand when this process stops is read again by the next.
 */
export class ReportIntake {
  private readonly accepted = new Map<string, Acceptance>();
  private readonly outstanding = new Map<string, number>();
  private acks: string[] = [];
  private ackTimer: NodeJS.Timeout | undefined;
  private acking = new Set<Promise<void>>();

  constructor(private readonly options: ReportIntakeOptions) {}

  start(): void {
    this.options.broker.reports.start((batch) => this.handle(batch));
  }

  /** Stops reading and acknowledges what was settled; unsettled reports stay pending. */
  async stop(): Promise<void> {
    await this.flushAcks();
    await this.options.broker.reports.stop();
    this.outstanding.clear();
    this.acks = [];
  }

  /** A runner's token was revoked: its next report is verified again (and refused). */
  revoked(runnerId: string): void {
    for (const [key, acceptance] of this.accepted) {
      if (acceptance.runnerId === runnerId) this.accepted.delete(key);
    }
  }

  /** One accepted result of the report was stored (or dropped with its deleted monitor). */
  settle(reportId: string): void {
    const left = (this.outstanding.get(reportId) ?? 1) - 1;
    if (left > 0) {
      this.outstanding.set(reportId, left);
      return;
    }
    this.outstanding.delete(reportId);
    this.ack(reportId);
  }

  /** Acknowledges what was settled so far. */
  async flushAcks(): Promise<void> {
    this.sendAcks();
    await Promise.all([...this.acking]);
  }

  async handle(batch: { id: string; report: RunnerReportMessage | null }[]): Promise<void> {
    for (const { id, report } of batch) {
      // Delivered again while its results still wait in open rounds: it is in hand already.
      if (this.outstanding.has(id)) continue;
      if (!report) {
        this.options.log.warn({ reportId: id }, "an unreadable runner report was dropped");
        this.ack(id);
        continue;
      }
      const acceptance = await this.verify(report).catch((error: unknown) => {
        // Left unacknowledged: the report is read again when leadership next starts.
        this.options.log.warn(
          { err: error, reportId: id },
          "a runner report could not be verified",
        );
        return null;
      });
      if (acceptance === null) continue;
      if (!acceptance) {
        this.ack(id);
        continue;
      }
      let pending = 0;
      let duplicates = 0;
      for (const result of report.results) {
        const verdict =
          result.region === acceptance.region ? this.options.accept(result, id) : "wrong-region";
        if (verdict === "accepted") {
          pending += 1;
          continue;
        }
        if (verdict === "duplicate") duplicates += 1;
        this.refused(acceptance, result, verdict);
      }
      if (duplicates) this.options.onDuplicates?.(duplicates);
      if (pending === 0) this.ack(id);
      else this.outstanding.set(id, pending);
    }
  }

  private refused(
    acceptance: Acceptance,
    result: RunnerResultMessage,
    reason: ResultRefusal,
  ): void {
    this.options.onRefused?.(reason);
    this.options.log.warn(
      {
        runnerId: acceptance.runnerId,
        region: acceptance.region,
        monitorId: result.monitorId,
        resultRegion: result.region,
        plannedAt: result.plannedAt,
        reason,
      },
      "a runner result was refused",
    );
  }

  private async verify(report: RunnerReportMessage): Promise<Acceptance | undefined> {
    const key = createHash("sha256").update(report.token).digest("hex");
    const cached = this.accepted.get(key);
    if (cached && !report.heartbeat) {
      return cached.runnerId === report.runnerId && cached.region === report.region
        ? cached
        : undefined;
    }
    const { runners, control } = this.options.broker;
    const verdict = await runners.verify(report.token, report.region);
    if (!verdict.ok || verdict.runner.id !== report.runnerId) {
      this.accepted.delete(key);
      const detail = verdict.ok ? "The token belongs to another runner." : verdict.detail;
      this.options.log.warn(
        { runnerId: report.runnerId, region: report.region, detail },
        "a runner report was refused",
      );
      await control.answerRunner({ runnerId: report.runnerId, status: "refused", detail });
      return undefined;
    }
    const acceptance = { runnerId: verdict.runner.id, region: verdict.runner.region };
    this.accepted.set(key, acceptance);
    if (report.heartbeat) {
      await runners.heartbeat(acceptance.runnerId, {
        at: this.options.now(),
        version: report.version,
      });
      if (!cached) {
        this.options.log.info(
          { runnerId: acceptance.runnerId, region: acceptance.region, version: report.version },
          "a runner was accepted",
        );
      }
      await control.answerRunner({
        runnerId: acceptance.runnerId,
        status: "accepted",
        detail: `Accepted for ${acceptance.region}.`,
      });
    }
    return acceptance;
  }

  private ack(id: string): void {
    this.acks.push(id);
    if (this.acks.length >= 500) this.sendAcks();
    else this.ackTimer ??= setTimeout(() => this.sendAcks(), 50);
  }

  private sendAcks(): void {
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    if (this.acks.length === 0) return;
    const ids = this.acks;
    this.acks = [];
    const sending: Promise<void> = this.options.broker.reports
      .ack(ids)
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, reports: ids.length }, "acknowledging reports failed"),
      )
      .finally(() => this.acking.delete(sending));
    this.acking.add(sending);
  }
}
