import { PeriodicTask } from "../background/periodic-task.ts";

/** A minute: soon enough after Stripe comes back, rare enough to stay out of its rate limits. */
export const PRICE_SETUP_RETRY_MS = 60_000;

export interface PriceSetupOptions {
  /** Finds or creates the prices sold; resolves with how many there are. */
  setUp: () => Promise<number>;
  /** Hears of each failed try, and of success. */
  failed: (error: unknown) => void;
  succeeded: (prices: number) => void;
  everyMs?: number;
}

/**
 * Sets the prices up now and, while Stripe cannot be reached or refuses, again every minute
 * until it works. The server does not wait for it: monitoring must not stop because a payment
 * processor is down during a restart. Stop the returned task when the server closes.
 */
export function keepSettingUpPrices(options: PriceSetupOptions): PeriodicTask {
  let done = false;
  const task = new PeriodicTask({
    everyMs: options.everyMs ?? PRICE_SETUP_RETRY_MS,
    runAtStart: true,
    run: async () => {
      if (done) return;
      const prices = await options.setUp();
      done = true;
      options.succeeded(prices);
      void task.stop();
    },
    onError: options.failed,
  });
  task.start();
  return task;
}
