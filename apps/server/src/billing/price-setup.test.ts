import { describe, expect, it } from "vitest";
import { keepSettingUpPrices } from "./price-setup.ts";

function waitUntil(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (condition() ? resolve() : setTimeout(look, 5));
    look();
  });
}

describe("setting up the prices sold", () => {
  it("tries again while Stripe refuses, stops once the prices are set up, and reports each failure", async () => {
    let tries = 0;
    const failures: string[] = [];
    const set: number[] = [];
    const task = keepSettingUpPrices({
      setUp: async () => {
        tries += 1;
        if (tries < 3) throw new Error(`Stripe is unreachable (try ${tries})`);
        return 11;
      },
      failed: (error) => failures.push((error as Error).message),
      succeeded: (prices) => set.push(prices),
      everyMs: 10,
    });
    await waitUntil(() => set.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await task.stop();
    expect(failures).toEqual(["Stripe is unreachable (try 1)", "Stripe is unreachable (try 2)"]);
    expect(set).toEqual([11]);
    expect(tries).toBe(3);
  });
});
