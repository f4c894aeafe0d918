import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { standaloneScript } from "./vite-plugins/standalone-script.ts";

export default defineConfig({
  plugins: [reactRouter(), standaloneScript()],
  // The footer's copyright year in prerendered HTML; the browser swaps in its own year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: { port: 5173 },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads anyway travels in two files instead of twenty small ones:
          // React, React DOM and React Router, and the site's frame (header, footer, theme,
          // analytics, run-time config). Fewer requests matter on a slow phone connection.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: "site",
              test: /apps[\\/]web[\\/]app[\\/]((lib|analytics|theme)[\\/]|components[\\/](icons|logo|site-header|site-footer|promo-banner|theme-toggle|tracked-link|use-menu|menu-dismissal)\.)|packages[\\/]core[\\/]src[\\/](product|site-config)\./,
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
