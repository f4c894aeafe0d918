import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/test/system/**/*.system.ts"],
    globalSetup: ["./apps/server/test/system/global-setup.ts"],
    // The suites mostly wait for planned checks; each has its own processes, ports,
    // namespaces, broker and database, so they run side by side.
    fileParallelism: true,
    // Waiting is most of their time, so every file runs at once rather than one per core.
    maxWorkers: 8,
    testTimeout: 150_000,
    hookTimeout: 120_000,
  },
});
