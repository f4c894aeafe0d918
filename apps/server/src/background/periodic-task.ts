export interface PeriodicTaskOptions {
  /** Runs once per period; never twice at once. */
  run: () => Promise<unknown>;
  everyMs: number;
  /** Hears of a failed run (to log it); the next period tries again. */
  onError: (error: unknown) => void;
  /** Whether the first run starts at once rather than after one period. */
  runAtStart?: boolean;
}

/**
 * Work that repeats while the server runs: one run at a time, the next one a period after the
 * last ended, sooner when woken. A failed run is logged, never thrown. `stop` waits for the run
 * in progress, so nothing runs after the server closed.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.runAtStart) this.wake();
    else this.schedule();
  }

  /** Runs now instead of at the next period; during a run, runs again right after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.options
      .run()
      .then(
        () => undefined,
        (error: unknown) => this.options.onError(error),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          setImmediate(() => this.wake());
        } else {
          this.schedule();
        }
      });
  }

  /** Whether a run is in progress. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Stops the schedule and waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => this.wake(), this.options.everyMs);
    this.timer.unref();
  }
}
