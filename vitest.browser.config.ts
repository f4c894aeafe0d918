import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/web/e2e/**/*.e2e.ts"],
    globalSetup: ["./apps/server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
