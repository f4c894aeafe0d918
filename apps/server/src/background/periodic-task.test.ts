import { describe, expect, it } from "vitest";
import { PeriodicTask } from "./periodic-task.ts";

const HOUR = 3_600_000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("a periodic task", () => {
  it("runs at once when woken, and once more after the run in progress when woken during it", async () => {
    const gates = [deferred(), deferred()];
    let runs = 0;
    const task = new PeriodicTask({
      everyMs: HOUR,
      onError: () => {},
      run: () => gates[runs++]!.promise,
    });
    task.start();
    task.wake();
    task.wake();
    task.wake();
    expect(runs).toBe(1);
    gates[0]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    gates[1]!.resolve();
    await task.stop();
    expect(runs).toBe(2);
  });

  it("waits for the run in progress when stopped, and never runs after", async () => {
    const gate = deferred();
    let finished = false;
    let runs = 0;
    const task = new PeriodicTask({
      everyMs: HOUR,
      runAtStart: true,
      onError: () => {},
      run: async () => {
        runs += 1;
        await gate.promise;
        finished = true;
      },
    });
    task.start();
    const stopped = task.stop();
    task.wake();
    gate.resolve();
    await stopped;
    expect(finished).toBe(true);
    task.wake();
    expect(runs).toBe(1);
  });

  it("hands a failed run to onError instead of throwing, and keeps running", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const task = new PeriodicTask({
      everyMs: HOUR,
      onError: (error) => errors.push(error),
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error("The database is gone.");
      },
    });
    task.start();
    task.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
    task.wake();
    await task.stop();
    expect(errors.map((error) => (error as Error).message)).toEqual(["The database is gone."]);
    expect(runs).toBe(2);
  });

  it("does nothing when woken before it is started", async () => {
    let runs = 0;
    const task = new PeriodicTask({
      everyMs: HOUR,
      onError: () => {},
      run: async () => void runs++,
    });
    task.wake();
    await task.stop();
    expect(runs).toBe(0);
  });
});
