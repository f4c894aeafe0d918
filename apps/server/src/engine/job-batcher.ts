import type { JobPublisher, RegionJob } from "./broker-ports.ts";

/**
 * Gathers the jobs planned in the same moment and publishes them together (one pipeline), at
 * the latest `delayMs` after the first, or at once when `batchSize` are waiting. A failed publish
 * is reported and its jobs dropped: their rounds record those regions as missed.
 */
export class JobBatcher {
  private jobs: RegionJob[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending = new Set<Promise<void>>();

  constructor(
    private readonly publisher: JobPublisher,
    private readonly onError: (error: unknown, dropped: number) => void,
    private readonly delayMs = 20,
    private readonly batchSize = 1000,
  ) {}

  add(job: RegionJob): void {
    this.jobs.push(job);
    if (this.jobs.length >= this.batchSize) this.send();
    else this.timer ??= setTimeout(() => this.send(), this.delayMs);
  }

  /** Publishes what waits and waits for every publish in progress. */
  async flush(): Promise<void> {
    this.send();
    await Promise.all([...this.sending]);
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.jobs.length === 0) return;
    const jobs = this.jobs;
    this.jobs = [];
    const sending: Promise<void> = this.publisher
      .publish(jobs)
      .catch((error: unknown) => this.onError(error, jobs.length))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }
}
