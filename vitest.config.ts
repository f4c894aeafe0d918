import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{apps,packages,content,scripts}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/build/**"],
    globalSetup: ["./apps/server/test/global-setup.ts"],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
