import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // The footer's copyright year in prerendered HTML; the browser swaps in its own year.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: { port: 5173 },
});
