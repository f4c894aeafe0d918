import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/web/e2e/**/*.e2e.ts"],
    globalSetup: ["./apps/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file starts its own product (free port, own data folder) and its own Chromium, and
    // spends most of its time waiting on them, so two files run side by side, also on two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
