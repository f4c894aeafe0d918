import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // The footer's copyright year in prerendered HTML; the browser swaps in its own year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: { port: 5173 },
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          // React, React DOM and React Router load on every page: as one file they cost one
          // request instead of three and compress a little better together.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
      // The shared form schemas are imported lazily by the home page's newsletter form, which
      // keeps the validation library out of its first load; the bundler's warning that other
      // pages import them eagerly is expected.
      onLog(level, log, handler) {
        if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT") return;
        handler(level, log);
      },
    },
  },
});
