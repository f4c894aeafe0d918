/** Runs jobs at most `limit` at a time, the rest in the order they came. */
export class CheckQueue {
  private readonly waiting: Array<() => Promise<void>> = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly limit: number) {}

  /** How many jobs run now. */
  get active(): number {
    return this.running.size;
  }

  /** How many jobs wait for a free place. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Adds a job; it starts once fewer than `limit` run. Ignored once closed. */
  push(job: () => Promise<void>): void {
    if (this.closed) return;
    this.waiting.push(job);
    this.startWaiting();
  }

  /** Takes no more jobs and drops those that have not started; returns how many it dropped. */
  close(): number {
    this.closed = true;
    return this.waiting.splice(0).length;
  }

  /** Resolves once the jobs running now have ended. */
  async idle(): Promise<void> {
    await Promise.all(this.running);
  }

  private startWaiting(): void {
    while (this.running.size < this.limit && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      const run: Promise<void> = job()
        .catch(() => {})
        .finally(() => {
          this.running.delete(run);
          this.startWaiting();
        });
      this.running.add(run);
    }
  }
}
