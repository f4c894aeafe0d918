import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/prerender-paths.ts";

export default {
  appDirectory: "app",
  ssr: false,
  prerender: prerenderPaths,
} satisfies Config;
