import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{apps,packages,content,scripts}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/build/**"],
    globalSetup: ["./apps/server/test/global-setup.ts"],
    testTimeout: 15_000,
    hookTimeout: 30_000,
    // Most files spend their time waiting on a database, a socket or a timer, so one more worker
    // than cores keeps both cores busy (a 2-core machine runs the suite in about half the time).
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
