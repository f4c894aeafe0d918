import { defineConfig } from "vitest/config";

// The benchmarks' own tests: each benchmark once at its smallest size, and their child processes.
// They mostly wait for servers and timers, so the runs go side by side, a few at a time.
export default defineConfig({
  test: {
    include: ["bench/**/*.test.ts"],
    fileParallelism: true,
    maxConcurrency: 5,
    testTimeout: 120_000,
  },
});
